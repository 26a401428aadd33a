import { and, asc, count, desc, eq, gte, lte, type SQL, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { branches, products, services, taxes } from '../../db/schema/business';
import { customFields, tags } from '../../db/schema/customers';
import { bankAccounts, bookingStatusLabels, cancellationReasons, expenses, expenseTypes, paymentMethods } from '../../db/schema/settings';
import { tenants } from '../../db/schema/tenants';

/** Settings tables: plain reads and writes, always by tenant. Rules live in the services. */


// ---------------------------------------------------------------- general

export async function findTenant(exec: Executor, tenantId: string) {
  const [row] = await exec.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row ?? null;
}

export async function updateTenant(exec: Executor, tenantId: string, values: Partial<typeof tenants.$inferInsert>) {
  await exec
    .update(tenants)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(tenants.id, tenantId));
}

/** Whether any amount is stored in the business's currency (services, products, expenses). */
export async function hasMoney(exec: Executor, tenantId: string): Promise<boolean> {
  for (const table of [services, products, expenses] as const) {
    const [row] = await exec.select({ one: sql`1` }).from(table).where(eq(table.tenantId, tenantId)).limit(1);
    if (row) return true;
  }
  return false;
}

// ---------------------------------------------------------------- taxes

/** Qualified by hand: drizzle leaves columns of a one-table select unqualified, which a subquery would misread. */
const servicesCount = sql<number>`(select count(*)::int from service_taxes st where st.tenant_id = taxes.tenant_id and st.tax_id = taxes.id)`;

export async function listTaxes(exec: Executor, tenantId: string) {
  return exec
    .select({ id: taxes.id, name: taxes.name, rateBps: taxes.rateBps, servicesCount })
    .from(taxes)
    .where(eq(taxes.tenantId, tenantId))
    .orderBy(asc(taxes.createdAt), asc(taxes.id));
}

export async function findTax(exec: Executor, tenantId: string, id: string) {
  const [row] = await exec
    .select({ id: taxes.id, name: taxes.name, rateBps: taxes.rateBps, servicesCount })
    .from(taxes)
    .where(and(eq(taxes.tenantId, tenantId), eq(taxes.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertTax(exec: Executor, values: typeof taxes.$inferInsert) {
  const [row] = await exec.insert(taxes).values(values).returning({ id: taxes.id });
  if (!row) throw new Error('tax insert returned nothing');
  return row.id;
}

export async function updateTax(exec: Executor, tenantId: string, id: string, values: { name: string; rateBps: number }) {
  await exec
    .update(taxes)
    .set(values)
    .where(and(eq(taxes.tenantId, tenantId), eq(taxes.id, id)));
}

/** Deletes a tax; its links to services go by cascade. */
export async function deleteTax(exec: Executor, tenantId: string, id: string) {
  await exec.delete(taxes).where(and(eq(taxes.tenantId, tenantId), eq(taxes.id, id)));
}

// ---------------------------------------------------------------- tags

export async function listTags(exec: Executor, tenantId: string) {
  return exec.select().from(tags).where(eq(tags.tenantId, tenantId)).orderBy(asc(tags.name), asc(tags.id));
}

export async function findTag(exec: Executor, tenantId: string, id: string) {
  const [row] = await exec
    .select()
    .from(tags)
    .where(and(eq(tags.tenantId, tenantId), eq(tags.id, id)))
    .limit(1);
  return row ?? null;
}

export async function tagNameTaken(exec: Executor, tenantId: string, name: string, exceptId?: string) {
  const [row] = await exec
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.tenantId, tenantId), sql`lower(${tags.name}) = lower(${name})`, exceptId ? sql`${tags.id} <> ${exceptId}` : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertTag(exec: Executor, values: typeof tags.$inferInsert) {
  const [row] = await exec.insert(tags).values(values).returning();
  if (!row) throw new Error('tag insert returned nothing');
  return row;
}

export async function updateTag(exec: Executor, tenantId: string, id: string, values: { name: string; color: string | null }) {
  const [row] = await exec
    .update(tags)
    .set(values)
    .where(and(eq(tags.tenantId, tenantId), eq(tags.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTag(exec: Executor, tenantId: string, id: string) {
  await exec.delete(tags).where(and(eq(tags.tenantId, tenantId), eq(tags.id, id)));
}

// ---------------------------------------------------------------- cancellation reasons

export async function listReasons(exec: Executor, tenantId: string, type?: string) {
  return exec
    .select()
    .from(cancellationReasons)
    .where(and(eq(cancellationReasons.tenantId, tenantId), type ? eq(cancellationReasons.type, type) : undefined))
    .orderBy(asc(cancellationReasons.type), asc(cancellationReasons.sortOrder), asc(cancellationReasons.createdAt), asc(cancellationReasons.id));
}

export async function findReason(exec: Executor, tenantId: string, id: string) {
  const [row] = await exec
    .select()
    .from(cancellationReasons)
    .where(and(eq(cancellationReasons.tenantId, tenantId), eq(cancellationReasons.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertReason(exec: Executor, values: typeof cancellationReasons.$inferInsert) {
  const [row] = await exec.insert(cancellationReasons).values(values).returning();
  if (!row) throw new Error('reason insert returned nothing');
  return row;
}

export async function updateReason(exec: Executor, tenantId: string, id: string, values: { type: string; reason: string; sortOrder: number }) {
  const [row] = await exec
    .update(cancellationReasons)
    .set(values)
    .where(and(eq(cancellationReasons.tenantId, tenantId), eq(cancellationReasons.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteReason(exec: Executor, tenantId: string, id: string) {
  await exec.delete(cancellationReasons).where(and(eq(cancellationReasons.tenantId, tenantId), eq(cancellationReasons.id, id)));
}

// ---------------------------------------------------------------- custom fields

export async function listCustomFields(exec: Executor, tenantId: string, appliesTo?: string) {
  return exec
    .select()
    .from(customFields)
    .where(and(eq(customFields.tenantId, tenantId), appliesTo ? eq(customFields.appliesTo, appliesTo) : undefined))
    .orderBy(asc(customFields.sortOrder), asc(customFields.createdAt), asc(customFields.id));
}

export async function findCustomField(exec: Executor, tenantId: string, id: string) {
  const [row] = await exec
    .select()
    .from(customFields)
    .where(and(eq(customFields.tenantId, tenantId), eq(customFields.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertCustomField(exec: Executor, values: typeof customFields.$inferInsert) {
  const [row] = await exec.insert(customFields).values(values).returning();
  if (!row) throw new Error('custom field insert returned nothing');
  return row;
}

export async function updateCustomField(exec: Executor, tenantId: string, id: string, values: Partial<typeof customFields.$inferInsert>) {
  const [row] = await exec
    .update(customFields)
    .set(values)
    .where(and(eq(customFields.tenantId, tenantId), eq(customFields.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteCustomField(exec: Executor, tenantId: string, id: string) {
  await exec.delete(customFields).where(and(eq(customFields.tenantId, tenantId), eq(customFields.id, id)));
}

// ---------------------------------------------------------------- booking status labels

export async function listStatusLabels(exec: Executor, tenantId: string) {
  return exec.select().from(bookingStatusLabels).where(eq(bookingStatusLabels.tenantId, tenantId));
}

export async function upsertStatusLabel(exec: Executor, values: typeof bookingStatusLabels.$inferInsert) {
  await exec
    .insert(bookingStatusLabels)
    .values(values)
    .onConflictDoUpdate({
      target: [bookingStatusLabels.tenantId, bookingStatusLabels.status],
      set: { labelAr: values.labelAr, labelEn: values.labelEn, color: values.color },
    });
}

export async function deleteStatusLabel(exec: Executor, tenantId: string, status: string) {
  await exec.delete(bookingStatusLabels).where(and(eq(bookingStatusLabels.tenantId, tenantId), eq(bookingStatusLabels.status, status)));
}

// ---------------------------------------------------------------- payment methods and bank accounts

export async function listPaymentMethods(exec: Executor, tenantId: string) {
  return exec.select().from(paymentMethods).where(eq(paymentMethods.tenantId, tenantId));
}

export async function setPaymentMethod(exec: Executor, tenantId: string, slug: string, enabled: boolean) {
  await exec
    .insert(paymentMethods)
    .values({ tenantId, slug, enabled })
    .onConflictDoUpdate({ target: [paymentMethods.tenantId, paymentMethods.slug], set: { enabled, updatedAt: sql`now()` } });
}

export async function listBankAccounts(exec: Executor, tenantId: string) {
  return exec.select().from(bankAccounts).where(eq(bankAccounts.tenantId, tenantId)).orderBy(asc(bankAccounts.createdAt), asc(bankAccounts.id));
}

export async function findBankAccount(exec: Executor, tenantId: string, id: string) {
  const [row] = await exec
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.tenantId, tenantId), eq(bankAccounts.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertBankAccount(exec: Executor, values: typeof bankAccounts.$inferInsert) {
  const [row] = await exec.insert(bankAccounts).values(values).returning();
  if (!row) throw new Error('bank account insert returned nothing');
  return row;
}

export async function updateBankAccount(exec: Executor, tenantId: string, id: string, values: Partial<typeof bankAccounts.$inferInsert>) {
  const [row] = await exec
    .update(bankAccounts)
    .set(values)
    .where(and(eq(bankAccounts.tenantId, tenantId), eq(bankAccounts.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteBankAccount(exec: Executor, tenantId: string, id: string) {
  await exec.delete(bankAccounts).where(and(eq(bankAccounts.tenantId, tenantId), eq(bankAccounts.id, id)));
}

// ---------------------------------------------------------------- expense types and expenses

const expensesCount = sql<number>`(select count(*)::int from expenses e where e.tenant_id = expense_types.tenant_id and e.expense_type_id = expense_types.id)`;

export async function listExpenseTypes(exec: Executor, tenantId: string) {
  return exec
    .select({ id: expenseTypes.id, name: expenseTypes.name, expensesCount })
    .from(expenseTypes)
    .where(eq(expenseTypes.tenantId, tenantId))
    .orderBy(asc(expenseTypes.name), asc(expenseTypes.id));
}

export async function findExpenseType(exec: Executor, tenantId: string, id: string) {
  const [row] = await exec
    .select({ id: expenseTypes.id, name: expenseTypes.name, expensesCount })
    .from(expenseTypes)
    .where(and(eq(expenseTypes.tenantId, tenantId), eq(expenseTypes.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertExpenseType(exec: Executor, values: typeof expenseTypes.$inferInsert) {
  const [row] = await exec.insert(expenseTypes).values(values).returning({ id: expenseTypes.id });
  if (!row) throw new Error('expense type insert returned nothing');
  return row.id;
}

export async function updateExpenseType(exec: Executor, tenantId: string, id: string, name: string) {
  await exec
    .update(expenseTypes)
    .set({ name })
    .where(and(eq(expenseTypes.tenantId, tenantId), eq(expenseTypes.id, id)));
}

export async function deleteExpenseType(exec: Executor, tenantId: string, id: string) {
  await exec.delete(expenseTypes).where(and(eq(expenseTypes.tenantId, tenantId), eq(expenseTypes.id, id)));
}

export async function branchExists(exec: Executor, tenantId: string, id: string) {
  const [row] = await exec
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.tenantId, tenantId), eq(branches.id, id)))
    .limit(1);
  return Boolean(row);
}

export type ExpenseFilter = { from?: string; to?: string; expenseTypeId?: string; branchId?: string };

function expenseWhere(tenantId: string, f: ExpenseFilter): SQL | undefined {
  return and(
    eq(expenses.tenantId, tenantId),
    f.from ? gte(expenses.spentOn, f.from) : undefined,
    f.to ? lte(expenses.spentOn, f.to) : undefined,
    f.expenseTypeId ? eq(expenses.expenseTypeId, f.expenseTypeId) : undefined,
    f.branchId ? eq(expenses.branchId, f.branchId) : undefined,
  );
}

const expenseColumns = {
  expense: expenses,
  typeName: expenseTypes.name,
  branchName: branches.name,
};

function expenseQuery(exec: Executor) {
  return exec
    .select(expenseColumns)
    .from(expenses)
    .innerJoin(expenseTypes, and(eq(expenseTypes.tenantId, expenses.tenantId), eq(expenseTypes.id, expenses.expenseTypeId)))
    .leftJoin(branches, and(eq(branches.tenantId, expenses.tenantId), eq(branches.id, expenses.branchId)));
}

export type ExpenseRow = { expense: typeof expenses.$inferSelect; typeName: string; branchName: string | null };

export async function listExpenses(exec: Executor, tenantId: string, f: ExpenseFilter, page: number, perPage: number) {
  const where = expenseWhere(tenantId, f);
  const [totals] = await exec.select({ n: count(), amount: sum(expenses.amount) }).from(expenses).where(where);
  const rows: ExpenseRow[] = await expenseQuery(exec)
    .where(where)
    .orderBy(desc(expenses.spentOn), desc(expenses.createdAt), desc(expenses.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: Number(totals?.n ?? 0), totalAmount: Number(totals?.amount ?? 0) };
}

export async function findExpense(exec: Executor, tenantId: string, id: string): Promise<ExpenseRow | null> {
  const [row] = await expenseQuery(exec)
    .where(and(eq(expenses.tenantId, tenantId), eq(expenses.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertExpense(exec: Executor, values: typeof expenses.$inferInsert) {
  const [row] = await exec.insert(expenses).values(values).returning({ id: expenses.id });
  if (!row) throw new Error('expense insert returned nothing');
  return row.id;
}

export async function updateExpense(exec: Executor, tenantId: string, id: string, values: Partial<typeof expenses.$inferInsert>) {
  await exec
    .update(expenses)
    .set(values)
    .where(and(eq(expenses.tenantId, tenantId), eq(expenses.id, id)));
}

export async function deleteExpense(exec: Executor, tenantId: string, id: string) {
  await exec.delete(expenses).where(and(eq(expenses.tenantId, tenantId), eq(expenses.id, id)));
}
