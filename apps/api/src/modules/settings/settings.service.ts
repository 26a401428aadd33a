import {
  type BankAccount,
  BOOKING_STATUSES,
  type BookingStatus,
  type bankAccountBody,
  bpsToRate,
  type CustomField,
  type CustomFieldTarget,
  type customFieldBody,
  DEFAULT_STATUS_LABELS,
  type Expense,
  type ExpenseBody,
  type ExpensesPage,
  type ExpensesQuery,
  type ExpenseType,
  type ExpenseTypeBody,
  type GeneralSettings,
  type GeneralSettingsBody,
  isBookingStatus,
  isPaymentMethod,
  PAYMENT_METHODS,
  type PaymentMethod,
  type Reason,
  type ReasonBody,
  type ReasonType,
  rateToBps,
  type SalesSettings,
  type salesSettingsBody,
  type StatusLabel,
  type StatusLabelBody,
  type Tag,
  type TagBody,
  type Tax,
  type TaxBody,
} from '@app/shared/schemas/settings';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, withTenant } from '../../db/client';
import type { customFields, tags } from '../../db/schema/customers';
import type { bankAccounts, cancellationReasons } from '../../db/schema/settings';
import { industries } from '../../db/schema/tenants';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { databaseErrorCode } from '../../plugins/errors';
import { isForeignKeyViolation, isUniqueViolation } from '../access/access.repository';
import type { AuthContext } from '../auth/auth.service';
import * as repo from './settings.repository';
import { pageMeta } from '../../lib/http';

/** Methods on by default: a business takes cash and card until it says otherwise. */
export const DEFAULT_ENABLED: Record<string, boolean> = { cash: true, card: true, bank_transfer: false, online: false };

const toTag = (row: typeof tags.$inferSelect): Tag => ({ uuid: row.id, name: row.name, color: row.color });
const toReason = (row: typeof cancellationReasons.$inferSelect): Reason => ({
  uuid: row.id,
  type: row.type as ReasonType,
  reason: row.reason,
  sort_order: row.sortOrder,
});
const toCustomField = (row: typeof customFields.$inferSelect): CustomField => ({
  uuid: row.id,
  label: row.label,
  name_en: row.nameEn,
  html_tag: row.htmlTag as CustomField['html_tag'],
  options: row.options,
  is_required: row.isRequired,
  applies_to: row.appliesTo as CustomFieldTarget,
});
const toBankAccount = (row: typeof bankAccounts.$inferSelect): BankAccount => ({
  uuid: row.id,
  beneficiary_name: row.beneficiaryName,
  bank_name: row.bankName,
  iban: row.iban,
  account_number: row.accountNumber,
  account_owner: row.accountOwner,
});
const toTax = (row: { id: string; name: string; rateBps: number; servicesCount: number }): Tax => ({
  uuid: row.id,
  name: row.name,
  rate: bpsToRate(row.rateBps),
  services_count: Number(row.servicesCount),
});
const toExpenseType = (row: { id: string; name: string; expensesCount: number }): ExpenseType => ({
  uuid: row.id,
  name: row.name,
  expenses_count: Number(row.expensesCount),
});
const toExpense = (row: repo.ExpenseRow): Expense => ({
  uuid: row.expense.id,
  amount: row.expense.amount,
  spent_on: row.expense.spentOn,
  note: row.expense.note,
  expense_type: { uuid: row.expense.expenseTypeId, name: row.typeName },
  branch: row.expense.branchId && row.branchName !== null ? { uuid: row.expense.branchId, name: row.branchName } : null,
  created_at: row.expense.createdAt.toISOString(),
});

export function createSettingsService(deps: { db: Database }) {
  const { db } = deps;
  const inTenant = <T>(ctx: AuthContext, fn: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>) => withTenant(db, ctx.tenantId, fn);

  // -------------------------------------------------------------- general

  async function getGeneral(ctx: AuthContext): Promise<GeneralSettings> {
    return inTenant(ctx, async (tx) => {
      const tenant = await repo.findTenant(tx, ctx.tenantId);
      if (!tenant) throw notFound();
      return {
        company_name: tenant.name,
        industries: tenant.industries,
        number_of_employees: tenant.numberOfEmployees,
        timezone: tenant.timezone,
        lang: tenant.locale === 'en' ? 'en' : 'ar',
        currency: tenant.currency,
        country: tenant.country,
        time_format: tenant.timeFormat === '24' ? '24' : '12',
        start_of_week: tenant.startOfWeek,
        has_money: await repo.hasMoney(tx, ctx.tenantId),
      };
    });
  }

  /**
   * Saves the general settings. A currency change is allowed when amounts exist: they are integers
   * in minor units and keep their numbers (docs/decisions.md).
   */
  async function saveGeneral(ctx: AuthContext, body: GeneralSettingsBody): Promise<GeneralSettings> {
    const ids = [...new Set(body.industries)];
    const found = await db.select({ id: industries.id }).from(industries).where(inArray(industries.id, ids));
    if (found.length !== ids.length) throw fieldError('industries', 'industry_unknown');
    await inTenant(ctx, (tx) =>
      repo.updateTenant(tx, ctx.tenantId, {
        name: body.company_name,
        industries: ids,
        numberOfEmployees: body.number_of_employees,
        timezone: body.timezone,
        locale: body.lang,
        currency: body.currency,
        country: body.country,
        timeFormat: body.time_format,
        startOfWeek: body.start_of_week,
      }),
    );
    return getGeneral(ctx);
  }

  // -------------------------------------------------------------- sales: VAT number on receipts, checkout default

  async function getSales(ctx: AuthContext): Promise<SalesSettings> {
    return inTenant(ctx, async (tx) => {
      const tenant = await repo.findTenant(tx, ctx.tenantId);
      if (!tenant) throw notFound();
      return { vat_number: tenant.vatNumber, complete_visit_on_checkout: tenant.completeVisitOnCheckout };
    });
  }

  /** Fields left out stay as they are; an empty VAT number clears it. */
  async function saveSales(ctx: AuthContext, body: z.output<typeof salesSettingsBody>): Promise<SalesSettings> {
    const values: { vatNumber?: string | null; completeVisitOnCheckout?: boolean } = {};
    if (body.vat_number !== undefined) values.vatNumber = body.vat_number;
    if (body.complete_visit_on_checkout !== undefined) values.completeVisitOnCheckout = body.complete_visit_on_checkout;
    if (Object.keys(values).length) await inTenant(ctx, (tx) => repo.updateTenant(tx, ctx.tenantId, values));
    return getSales(ctx);
  }

  // -------------------------------------------------------------- taxes

  async function listTaxes(ctx: AuthContext): Promise<Tax[]> {
    return (await inTenant(ctx, (tx) => repo.listTaxes(tx, ctx.tenantId))).map(toTax);
  }

  async function getTax(ctx: AuthContext, id: string): Promise<Tax> {
    const row = await inTenant(ctx, (tx) => repo.findTax(tx, ctx.tenantId, id));
    if (!row) throw notFound();
    return toTax(row);
  }

  async function createTax(ctx: AuthContext, body: TaxBody): Promise<Tax> {
    const id = await inTenant(ctx, (tx) => repo.insertTax(tx, { tenantId: ctx.tenantId, name: body.name, rateBps: rateToBps(body.rate) }));
    return getTax(ctx, id);
  }

  async function updateTax(ctx: AuthContext, id: string, body: TaxBody): Promise<Tax> {
    await inTenant(ctx, (tx) => repo.updateTax(tx, ctx.tenantId, id, { name: body.name, rateBps: rateToBps(body.rate) }));
    return getTax(ctx, id);
  }

  /** The services using it lose the tax (service_taxes cascade); the screen asks first. */
  async function removeTax(ctx: AuthContext, id: string) {
    await inTenant(ctx, (tx) => repo.deleteTax(tx, ctx.tenantId, id));
  }

  // -------------------------------------------------------------- tags

  async function listTags(ctx: AuthContext): Promise<Tag[]> {
    return (await inTenant(ctx, (tx) => repo.listTags(tx, ctx.tenantId))).map(toTag);
  }

  async function getTag(ctx: AuthContext, id: string): Promise<Tag> {
    const row = await inTenant(ctx, (tx) => repo.findTag(tx, ctx.tenantId, id));
    if (!row) throw notFound();
    return toTag(row);
  }

  /** Tag names are unique per business, whatever the letter case. */
  async function saveTag(ctx: AuthContext, id: string | null, body: TagBody): Promise<Tag> {
    try {
      const row = await inTenant(ctx, async (tx) => {
        if (await repo.tagNameTaken(tx, ctx.tenantId, body.name, id ?? undefined)) throw fieldError('name', 'exists');
        const values = { name: body.name, color: body.color ?? null };
        return id ? repo.updateTag(tx, ctx.tenantId, id, values) : repo.insertTag(tx, { tenantId: ctx.tenantId, ...values });
      });
      if (!row) throw notFound();
      return toTag(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('name', 'exists');
      throw err;
    }
  }

  async function removeTag(ctx: AuthContext, id: string) {
    await inTenant(ctx, (tx) => repo.deleteTag(tx, ctx.tenantId, id));
  }

  // -------------------------------------------------------------- cancellation reasons

  async function listReasons(ctx: AuthContext, type?: ReasonType): Promise<Reason[]> {
    return (await inTenant(ctx, (tx) => repo.listReasons(tx, ctx.tenantId, type))).map(toReason);
  }

  async function getReason(ctx: AuthContext, id: string): Promise<Reason> {
    const row = await inTenant(ctx, (tx) => repo.findReason(tx, ctx.tenantId, id));
    if (!row) throw notFound();
    return toReason(row);
  }

  async function saveReason(ctx: AuthContext, id: string | null, body: ReasonBody): Promise<Reason> {
    const values = { type: body.type, reason: body.reason, sortOrder: body.sort_order };
    const row = await inTenant(ctx, (tx) => (id ? repo.updateReason(tx, ctx.tenantId, id, values) : repo.insertReason(tx, { tenantId: ctx.tenantId, ...values })));
    if (!row) throw notFound();
    return toReason(row);
  }

  async function removeReason(ctx: AuthContext, id: string) {
    await inTenant(ctx, (tx) => repo.deleteReason(tx, ctx.tenantId, id));
  }

  // -------------------------------------------------------------- custom fields

  async function listCustomFields(ctx: AuthContext, appliesTo?: CustomFieldTarget): Promise<CustomField[]> {
    return (await inTenant(ctx, (tx) => repo.listCustomFields(tx, ctx.tenantId, appliesTo))).map(toCustomField);
  }

  async function getCustomField(ctx: AuthContext, id: string): Promise<CustomField> {
    const row = await inTenant(ctx, (tx) => repo.findCustomField(tx, ctx.tenantId, id));
    if (!row) throw notFound();
    return toCustomField(row);
  }

  async function saveCustomField(ctx: AuthContext, id: string | null, body: z.output<typeof customFieldBody>): Promise<CustomField> {
    const values = {
      label: body.label,
      nameEn: body.name_en,
      htmlTag: body.html_tag,
      options: body.options,
      isRequired: body.is_required,
      appliesTo: body.applies_to,
    };
    const row = await inTenant(ctx, (tx) => (id ? repo.updateCustomField(tx, ctx.tenantId, id, values) : repo.insertCustomField(tx, { tenantId: ctx.tenantId, ...values })));
    if (!row) throw notFound();
    return toCustomField(row);
  }

  async function removeCustomField(ctx: AuthContext, id: string) {
    await inTenant(ctx, (tx) => repo.deleteCustomField(tx, ctx.tenantId, id));
  }

  // -------------------------------------------------------------- booking status labels

  async function listStatusLabels(ctx: AuthContext): Promise<StatusLabel[]> {
    const rows = await inTenant(ctx, (tx) => repo.listStatusLabels(tx, ctx.tenantId));
    return BOOKING_STATUSES.map((status) => {
      const own = rows.find((r) => r.status === status);
      return own
        ? { status, label_ar: own.labelAr, label_en: own.labelEn, color: own.color, is_default: false }
        : { status, ...DEFAULT_STATUS_LABELS[status], is_default: true };
    });
  }

  function knownStatus(status: string): BookingStatus {
    if (!isBookingStatus(status)) throw notFound();
    return status;
  }

  async function saveStatusLabel(ctx: AuthContext, status: string, body: StatusLabelBody): Promise<StatusLabel> {
    const known = knownStatus(status);
    await inTenant(ctx, (tx) => repo.upsertStatusLabel(tx, { tenantId: ctx.tenantId, status: known, labelAr: body.label_ar, labelEn: body.label_en, color: body.color }));
    return { status: known, ...body, is_default: false };
  }

  async function resetStatusLabel(ctx: AuthContext, status: string): Promise<StatusLabel> {
    const known = knownStatus(status);
    await inTenant(ctx, (tx) => repo.deleteStatusLabel(tx, ctx.tenantId, known));
    return { status: known, ...DEFAULT_STATUS_LABELS[known], is_default: true };
  }

  // -------------------------------------------------------------- payment methods and bank accounts

  async function listPaymentMethods(ctx: AuthContext): Promise<PaymentMethod[]> {
    const rows = await inTenant(ctx, (tx) => repo.listPaymentMethods(tx, ctx.tenantId));
    return PAYMENT_METHODS.map((slug) => ({ slug, enabled: rows.find((r) => r.slug === slug)?.enabled ?? DEFAULT_ENABLED[slug] ?? false }));
  }

  /**
   * Turns a method on or off. Spec §5: "a payment method needs at least one activated app": online
   * payment needs a payment app, and none can be installed yet, so it cannot be turned on.
   */
  async function setPaymentMethod(ctx: AuthContext, slug: string, enabled: boolean): Promise<PaymentMethod> {
    if (!isPaymentMethod(slug)) throw notFound();
    if (slug === 'online' && enabled) throw new AppError(422, 'payment_method_needs_app');
    await inTenant(ctx, (tx) => repo.setPaymentMethod(tx, ctx.tenantId, slug, enabled));
    return { slug, enabled };
  }

  async function listBankAccounts(ctx: AuthContext): Promise<BankAccount[]> {
    return (await inTenant(ctx, (tx) => repo.listBankAccounts(tx, ctx.tenantId))).map(toBankAccount);
  }

  async function getBankAccount(ctx: AuthContext, id: string): Promise<BankAccount> {
    const row = await inTenant(ctx, (tx) => repo.findBankAccount(tx, ctx.tenantId, id));
    if (!row) throw notFound();
    return toBankAccount(row);
  }

  async function saveBankAccount(ctx: AuthContext, id: string | null, body: z.output<typeof bankAccountBody>): Promise<BankAccount> {
    const values = {
      beneficiaryName: body.beneficiary_name,
      bankName: body.bank_name,
      iban: body.iban,
      accountNumber: body.account_number,
      accountOwner: body.account_owner,
    };
    const row = await inTenant(ctx, (tx) => (id ? repo.updateBankAccount(tx, ctx.tenantId, id, values) : repo.insertBankAccount(tx, { tenantId: ctx.tenantId, ...values })));
    if (!row) throw notFound();
    return toBankAccount(row);
  }

  async function removeBankAccount(ctx: AuthContext, id: string) {
    await inTenant(ctx, (tx) => repo.deleteBankAccount(tx, ctx.tenantId, id));
  }

  // -------------------------------------------------------------- expense types

  async function listExpenseTypes(ctx: AuthContext): Promise<ExpenseType[]> {
    return (await inTenant(ctx, (tx) => repo.listExpenseTypes(tx, ctx.tenantId))).map(toExpenseType);
  }

  async function getExpenseType(ctx: AuthContext, id: string): Promise<ExpenseType> {
    const row = await inTenant(ctx, (tx) => repo.findExpenseType(tx, ctx.tenantId, id));
    if (!row) throw notFound();
    return toExpenseType(row);
  }

  async function saveExpenseType(ctx: AuthContext, id: string | null, body: ExpenseTypeBody): Promise<ExpenseType> {
    const savedId = await inTenant(ctx, async (tx) => {
      if (!id) return repo.insertExpenseType(tx, { tenantId: ctx.tenantId, name: body.name });
      await repo.updateExpenseType(tx, ctx.tenantId, id, body.name);
      return id;
    });
    return getExpenseType(ctx, savedId);
  }

  /** Spec §5: an expense type used by expenses cannot be deleted (the foreign key also refuses). */
  async function removeExpenseType(ctx: AuthContext, id: string) {
    try {
      await inTenant(ctx, async (tx) => {
        const row = await repo.findExpenseType(tx, ctx.tenantId, id);
        if (!row) throw notFound();
        if (Number(row.expensesCount) > 0) throw new AppError(422, 'expense_type_in_use');
        await repo.deleteExpenseType(tx, ctx.tenantId, id);
      });
    } catch (err) {
      // An expense added between the check and the delete: the RESTRICT foreign key refuses (23001).
      if (isForeignKeyViolation(err) || databaseErrorCode(err) === '23001') throw new AppError(422, 'expense_type_in_use');
      throw err;
    }
  }

  // -------------------------------------------------------------- expenses

  async function listExpenses(ctx: AuthContext, q: ExpensesQuery): Promise<ExpensesPage> {
    const { rows, total, totalAmount } = await inTenant(ctx, (tx) =>
      repo.listExpenses(tx, ctx.tenantId, { from: q.from, to: q.to, expenseTypeId: q.expense_type_id, branchId: q.branch_id }, q.page, q.per_page),
    );
    return {
      data: rows.map(toExpense),
      meta: { ...pageMeta(q.page, q.per_page, total), total_amount: totalAmount },
    };
  }

  async function getExpense(ctx: AuthContext, id: string): Promise<Expense> {
    const row = await inTenant(ctx, (tx) => repo.findExpense(tx, ctx.tenantId, id));
    if (!row) throw notFound();
    return toExpense(row);
  }

  /** The type and branch must be the business's own (422 not_exists otherwise). */
  async function saveExpense(ctx: AuthContext, id: string | null, body: ExpenseBody): Promise<Expense> {
    try {
      const savedId = await inTenant(ctx, async (tx) => {
        if (!(await repo.findExpenseType(tx, ctx.tenantId, body.expense_type_id))) throw fieldError('expense_type_id', 'not_exists');
        if (body.branch_id && !(await repo.branchExists(tx, ctx.tenantId, body.branch_id))) throw fieldError('branch_id', 'not_exists');
        const values = {
          expenseTypeId: body.expense_type_id,
          amount: body.amount,
          spentOn: body.spent_on,
          branchId: body.branch_id ?? null,
          note: body.note?.trim() ? body.note : null,
        };
        if (!id) return repo.insertExpense(tx, { tenantId: ctx.tenantId, createdBy: ctx.user.id, ...values });
        await repo.updateExpense(tx, ctx.tenantId, id, values);
        return id;
      });
      return getExpense(ctx, savedId);
    } catch (err) {
      // The type or branch deleted between the check and the write.
      if (isForeignKeyViolation(err)) throw fieldError('expense_type_id', 'not_exists');
      throw err;
    }
  }

  async function removeExpense(ctx: AuthContext, id: string) {
    await inTenant(ctx, (tx) => repo.deleteExpense(tx, ctx.tenantId, id));
  }

  return {
    getGeneral,
    saveGeneral,
    getSales,
    saveSales,
    listTaxes,
    getTax,
    createTax,
    updateTax,
    removeTax,
    listTags,
    getTag,
    saveTag,
    removeTag,
    listReasons,
    getReason,
    saveReason,
    removeReason,
    listCustomFields,
    getCustomField,
    saveCustomField,
    removeCustomField,
    listStatusLabels,
    saveStatusLabel,
    resetStatusLabel,
    listPaymentMethods,
    setPaymentMethod,
    listBankAccounts,
    getBankAccount,
    saveBankAccount,
    removeBankAccount,
    listExpenseTypes,
    getExpenseType,
    saveExpenseType,
    removeExpenseType,
    listExpenses,
    getExpense,
    saveExpense,
    removeExpense,
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
