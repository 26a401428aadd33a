import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { Binds, type Executor, inline } from '../../db/client';
import { customerAttachments, customerNotes, customers, customerTags, customFields, tags } from '../../db/schema/customers';
import { users } from '../../db/schema/users';
import { idsOnce, type KeyPart, keyOf, keysetPage, listWhere, type PageRequest, readPage } from '../../lib/keyset';
import { isoText, onLocalDays } from '../../lib/sql-time';
import { westernDigits } from '@app/shared/phone';

export type CustomerRow = typeof customers.$inferSelect;

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Name (first, last or both), e-mail or phone. A search that looks like a phone number (digits, with
 * spaces, +, -, parentheses; Arabic-Indic digits too) is matched on its digits without a trunk 0; a
 * search with letters is never matched against phones (its stray digits would hit random numbers).
 */
export function searchCondition(search: string, v = inline): SQL | undefined {
  const p = v(likePattern(search));
  const fullName = sql`(${customers.firstName} || ' ' || ${customers.lastName})`;
  const hits: SQL[] = [ilike(fullName, p), ilike(customers.email, p)];
  const western = westernDigits(search);
  const digits = western.replace(/\D/g, '').replace(/^0+/, '');
  if (/^[\d\s+()-]+$/.test(western.trim()) && digits.length >= 3) hits.push(ilike(customers.phone, v(`%${digits}%`)));
  return or(...hits);
}

export type ListFilter = {
  search?: string | undefined;
  tagId?: string | undefined;
  blocked?: boolean | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  timezone: string;
};

function where(tenantId: string, f: ListFilter, v = inline): SQL | undefined {
  const conds: (SQL | undefined)[] = [eq(customers.tenantId, v(tenantId))];
  if (f.search) conds.push(searchCondition(f.search, v));
  if (f.tagId) {
    conds.push(sql`exists (select 1 from ${customerTags} where ${customerTags.tenantId} = ${customers.tenantId} and ${customerTags.customerId} = ${customers.id} and ${customerTags.tagId} = ${v(f.tagId)})`);
  }
  if (f.blocked !== undefined) conds.push(f.blocked ? isNotNull(customers.blockedAt) : isNull(customers.blockedAt));
  // Dates are the business's local days.
  conds.push(...onLocalDays(customers.createdAt, { from: f.createdFrom, to: f.createdTo }, f.timezone, v));
  return and(...conds);
}

/** The customers list's order, newest first: its sort key (docs/decisions.md "Lists at a busy business's size"). */
export const CUSTOMER_KEY: readonly KeyPart[] = [
  { col: customers.createdAt, kind: 'time' },
  { col: customers.id, kind: 'uuid' },
];

export type TagRef = { customerId: string; id: string; name: string; color: string | null };

/**
 * A customer's tags, ordered by name: `each` of a tag row `tg` aggregated as a JSON array. The
 * customer's columns are written out: in a one-table select drizzle names them unqualified, which the
 * subquery's own tables would make ambiguous.
 */
const tagsAgg = (each: SQL) => sql`(select coalesce(json_agg(${each} order by tg.name, tg.id), '[]')
  from ${customerTags} ct join ${tags} tg on tg.tenant_id = ct.tenant_id and tg.id = ct.tag_id
  where ct.tenant_id = customers.tenant_id and ct.customer_id = customers.id)`;

/**
 * A customer as the API answers it (`customerSchema`, what the service's `toCustomer` makes of a row
 * and its tags), written as JSON text by the database: the customers list sends its page's rows as
 * they come (issue 15 §2; the calendar's bookings do the same). A test holds each list row equal to
 * the customer's own `GET`.
 */
export const customerJson = sql<string>`json_build_object(
  'uuid', ${customers.id}, 'first_name', ${customers.firstName}, 'last_name', ${customers.lastName},
  'phone', ${customers.phone}, 'phone_country', ${customers.phoneCountry}, 'email', ${customers.email},
  'address', ${customers.address}, 'note', ${customers.note},
  'blocked', ${customers.blockedAt} is not null, 'blocked_at', ${isoText(customers.blockedAt)},
  'marketing_opt_out', ${customers.marketingOptOutAt} is not null, 'marketing_opt_out_at', ${isoText(customers.marketingOptOutAt)},
  'tag_ids', ${tagsAgg(sql`tg.id`)},
  'tags', ${tagsAgg(sql`json_build_object('uuid', tg.id, 'name', tg.name, 'color', tg.color)`)},
  'custom_fields', ${customers.customFields},
  'created_at', ${isoText(customers.createdAt)}, 'updated_at', ${isoText(customers.updatedAt)}
)::text`;

/**
 * One page of customers, newest first, each as its JSON text (`customerJson`). A page asked for by
 * number (an offset) finds its ids on the list's index first, then reads only those rows with their
 * tags: the rows it skips cost an index entry each, not a tags look-up each. Other pages skip nothing
 * and are read at once, one statement with its tags, prepared (`readPage`): their tags are looked up
 * for their own rows only.
 */
/** The list as it opens (no search, tag, state or dates): planned once for any business (lib/keyset.ts `readPage`). */
const defaultView = (f: ListFilter) => !f.search && !f.tagId && f.blocked === undefined && !f.createdFrom && !f.createdTo;

export async function listCustomers(exec: Executor, tenantId: string, f: ListFilter, req: PageRequest) {
  const binds = new Binds();
  const w = listWhere(binds, tenantId, f, defaultView(f), where);
  const tenant = binds.v(tenantId);
  return keysetPage(
    exec,
    CUSTOMER_KEY,
    req,
    binds,
    (win, total) => {
      const idsOf = idsOnce(() => ({ q: exec.select({ id: customers.id }).from(customers).$dynamic(), where: w.sql() }), win);
      return readPage(exec, 'customers_page', win, binds, idsOf, () => {
        const q = exec.select({ j: customerJson, key: keyOf(CUSTOMER_KEY), total: total() }).from(customers);
        return win.offset
          ? q.where(and(eq(customers.tenantId, tenant), inArray(customers.id, idsOf()))).orderBy(...win.orderBy)
          : q.where(and(w.sql(), win.where)).orderBy(...win.orderBy).limit(win.limit);
      }, defaultView(f), w.view);
    },
    () => exec.select({ one: sql`1` }).from(customers).where(w.sql()),
  );
}

/** The top bar's search: by name, then newest. */
export async function searchCustomers(exec: Executor, tenantId: string, search: string, page: number, perPage: number) {
  const w = and(eq(customers.tenantId, tenantId), searchCondition(search));
  const [total] = await exec.select({ n: count() }).from(customers).where(w);
  const rows = await exec
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, phone: customers.phone })
    .from(customers)
    .where(w)
    .orderBy(asc(customers.firstName), asc(customers.lastName), desc(customers.createdAt), asc(customers.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findCustomer(exec: Executor, tenantId: string, id: string, lock = false): Promise<CustomerRow | null> {
  const q = exec
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The customer of this business who has the phone (other than `exceptId`), or null. */
export async function phoneOwner(
  exec: Executor,
  tenantId: string,
  phone: string,
  exceptId: string | null,
): Promise<{ id: string; firstName: string; lastName: string } | null> {
  const rows = await exec
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.phone, phone)))
    .limit(2);
  return rows.find((r) => r.id !== exceptId) ?? null;
}

export async function tagsOf(exec: Executor, tenantId: string, customerIds: string[]) {
  if (!customerIds.length) return [];
  return exec
    .select({ customerId: customerTags.customerId, id: tags.id, name: tags.name, color: tags.color })
    .from(customerTags)
    .innerJoin(tags, and(eq(tags.tenantId, customerTags.tenantId), eq(tags.id, customerTags.tagId)))
    .where(and(eq(customerTags.tenantId, tenantId), inArray(customerTags.customerId, customerIds)))
    .orderBy(asc(tags.name), asc(tags.id));
}

export async function existingTags(exec: Executor, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await exec
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.tenantId, tenantId), inArray(tags.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function customerFieldDefinitions(exec: Executor, tenantId: string) {
  return exec
    .select()
    .from(customFields)
    .where(and(eq(customFields.tenantId, tenantId), eq(customFields.appliesTo, 'customer')))
    .orderBy(asc(customFields.sortOrder), asc(customFields.createdAt));
}

export async function insertCustomer(exec: Executor, values: typeof customers.$inferInsert) {
  const [row] = await exec.insert(customers).values(values).returning();
  if (!row) throw new Error('customer insert returned nothing');
  return row;
}

export async function updateCustomer(exec: Executor, tenantId: string, id: string, values: Partial<typeof customers.$inferInsert>) {
  const [row] = await exec
    .update(customers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
    .returning();
  return row ?? null;
}

export async function replaceTags(exec: Executor, tenantId: string, customerId: string, tagIds: string[]) {
  await exec.delete(customerTags).where(and(eq(customerTags.tenantId, tenantId), eq(customerTags.customerId, customerId)));
  if (tagIds.length) await exec.insert(customerTags).values(tagIds.map((tagId) => ({ tenantId, customerId, tagId })));
}

/** Deletes the customer (tags, notes and attachment rows cascade); answers the attachment paths. */
export async function deleteCustomer(exec: Executor, tenantId: string, id: string): Promise<string[] | null> {
  const files = await exec
    .select({ path: customerAttachments.path })
    .from(customerAttachments)
    .where(and(eq(customerAttachments.tenantId, tenantId), eq(customerAttachments.customerId, id)));
  const res = await exec
    .delete(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
    .returning({ id: customers.id });
  return res.length ? files.map((f) => f.path) : null;
}

// ------------------------------------------------------------ notes

export async function listNotes(exec: Executor, tenantId: string, customerId: string, authorId: string | null) {
  const conds = [eq(customerNotes.tenantId, tenantId), eq(customerNotes.customerId, customerId)];
  if (authorId) conds.push(eq(customerNotes.authorId, authorId));
  return exec
    .select({ note: customerNotes, authorName: users.name })
    .from(customerNotes)
    .leftJoin(users, and(eq(users.tenantId, customerNotes.tenantId), eq(users.id, customerNotes.authorId)))
    .where(and(...conds))
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id));
}

export async function findNote(exec: Executor, tenantId: string, customerId: string, id: string) {
  const [row] = await exec
    .select({ note: customerNotes, authorName: users.name })
    .from(customerNotes)
    .leftJoin(users, and(eq(users.tenantId, customerNotes.tenantId), eq(users.id, customerNotes.authorId)))
    .where(and(eq(customerNotes.tenantId, tenantId), eq(customerNotes.customerId, customerId), eq(customerNotes.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertNote(exec: Executor, values: typeof customerNotes.$inferInsert) {
  const [row] = await exec.insert(customerNotes).values(values).returning({ id: customerNotes.id });
  if (!row) throw new Error('note insert returned nothing');
  return row.id;
}

export async function deleteNote(exec: Executor, tenantId: string, id: string) {
  await exec.delete(customerNotes).where(and(eq(customerNotes.tenantId, tenantId), eq(customerNotes.id, id)));
}

// ------------------------------------------------------------ attachments

export async function listAttachments(exec: Executor, tenantId: string, customerId: string) {
  return exec
    .select()
    .from(customerAttachments)
    .where(and(eq(customerAttachments.tenantId, tenantId), eq(customerAttachments.customerId, customerId)))
    .orderBy(desc(customerAttachments.createdAt), desc(customerAttachments.id));
}

export async function insertAttachment(exec: Executor, values: typeof customerAttachments.$inferInsert) {
  const [row] = await exec.insert(customerAttachments).values(values).returning();
  if (!row) throw new Error('attachment insert returned nothing');
  return row;
}

export async function findAttachment(exec: Executor, tenantId: string, id: string) {
  const [row] = await exec
    .select()
    .from(customerAttachments)
    .where(and(eq(customerAttachments.tenantId, tenantId), eq(customerAttachments.id, id)))
    .limit(1);
  return row ?? null;
}

export async function deleteAttachment(exec: Executor, tenantId: string, id: string) {
  const [row] = await exec
    .delete(customerAttachments)
    .where(and(eq(customerAttachments.tenantId, tenantId), eq(customerAttachments.id, id)))
    .returning({ path: customerAttachments.path });
  return row ?? null;
}
