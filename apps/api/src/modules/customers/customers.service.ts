import { sql } from 'drizzle-orm';
import { normalizePhone } from '@app/shared/phone';
import type {
  Customer,
  CustomerAttachment,
  CustomerBodyParsed,
  CustomerNote,
  CustomerPatch,
  CustomersQuery,
  CustomerSearchItem,
} from '@app/shared/schemas/customers';
import { type Database, type Executor, withTenant } from '../../db/client';
import type { customerAttachments } from '../../db/schema/customers';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { isForeignKeyViolation, isUniqueViolation } from '../access/access.repository';
import { scopeOfCaller } from '../access/scope';
import type { AuthContext } from '../auth/auth.service';
import { checkCustomFieldValues } from './custom-field-values';
import * as repo from './customers.repository';
import { pageMeta, pageOfJson } from '../../lib/http';

type TagRef = repo.TagRef;

function toCustomer(row: repo.CustomerRow, tagRows: TagRef[]): Customer {
  const mine = tagRows.filter((t) => t.customerId === row.id);
  return {
    uuid: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    phone_country: row.phoneCountry,
    email: row.email,
    address: row.address,
    note: row.note,
    blocked: row.blockedAt !== null,
    blocked_at: row.blockedAt?.toISOString() ?? null,
    marketing_opt_out: row.marketingOptOutAt !== null,
    marketing_opt_out_at: row.marketingOptOutAt?.toISOString() ?? null,
    tag_ids: mine.map((t) => t.id),
    tags: mine.map((t) => ({ uuid: t.id, name: t.name, color: t.color })),
    custom_fields: row.customFields,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toAttachment(row: typeof customerAttachments.$inferSelect): CustomerAttachment {
  // Attachments are private: the URL is the authorized download route, never the stored file.
  return { uuid: row.id, name: row.originalName, mime: row.mime, size: Number(row.size), url: `/api/v1/attachments/${row.id}/download`, created_at: row.createdAt.toISOString() };
}

export const SEARCH_PAGE_SIZE = 10;

/**
 * A duplicate phone: the field message names the customer who has it, and the body's `conflict`
 * carries that customer's id for a link. Only ever a customer of the caller's own business (every
 * lookup runs in the caller's tenant; phones are unique per business).
 */
function phoneTaken(owner: { id: string; firstName: string; lastName: string }): AppError {
  const name = `${owner.firstName} ${owner.lastName}`.trim();
  return new AppError(422, 'validation_failed', {
    fields: { phone: [{ key: 'customer_phone_taken', params: { name } }] },
    conflict: { field: 'phone', customer: { uuid: owner.id, name } },
  });
}

/** Customers with tags and custom field values, notes (data scope), attachments and the blocked flag. */
export function createCustomerService(deps: { db: Database }) {
  const { db } = deps;

  async function render(tx: Executor, tenantId: string, rows: repo.CustomerRow[]) {
    const tagRows = await repo.tagsOf(
      tx,
      tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toCustomer(r, tagRows));
  }

  /** A page of customers, as the JSON text of its body (`customersPage`). */
  async function list(ctx: AuthContext, q: CustomersQuery): Promise<string> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const filter = {
        search: q.search,
        tagId: q.tag_id,
        blocked: q.blocked === undefined ? undefined : q.blocked === 'true',
        createdFrom: q.created_from,
        createdTo: q.created_to,
        timezone: ctx.tenant.timezone,
      };
      const { rows, meta } = await repo.listCustomers(tx, ctx.tenantId, filter, { page: q.page, perPage: q.per_page, cursor: q.cursor });
      return pageOfJson(rows, meta);
    });
  }

  async function search(ctx: AuthContext, term: string, page: number): Promise<{ data: CustomerSearchItem[]; meta: ReturnType<typeof pageMeta> }> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const { rows, total } = await repo.searchCustomers(tx, ctx.tenantId, term, page, SEARCH_PAGE_SIZE);
      return {
        data: rows.map((r) => ({ uuid: r.id, first_name: r.firstName, last_name: r.lastName, phone: r.phone })),
        meta: pageMeta(page, SEARCH_PAGE_SIZE, total),
      };
    });
  }

  async function get(ctx: AuthContext, id: string): Promise<Customer> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const row = await repo.findCustomer(tx, ctx.tenantId, id);
      if (!row) throw notFound();
      const [one] = await render(tx, ctx.tenantId, [row]);
      if (!one) throw notFound();
      return one;
    });
  }

  /** The phone in E.164 (the schema has checked it), refused when another customer has it. */
  async function phoneColumn(tx: Executor, ctx: AuthContext, phone: string | null | undefined, country: string, exceptId: string | null) {
    if (!phone) return null;
    const e164 = normalizePhone(phone, country);
    if (!e164) throw fieldError('phone', 'phone');
    const owner = await repo.phoneOwner(tx, ctx.tenantId, e164, exceptId);
    if (owner) throw phoneTaken(owner);
    return e164;
  }

  async function checkTags(tx: Executor, ctx: AuthContext, tagIds: string[]) {
    const ids = [...new Set(tagIds)];
    const found = await repo.existingTags(tx, ctx.tenantId, ids);
    if (ids.some((id) => !found.has(id))) throw fieldError('tag_ids', 'not_exists');
    return ids;
  }

  async function customFieldColumn(tx: Executor, ctx: AuthContext, values: Record<string, unknown>, customerId: string | null = null) {
    const defs = await repo.customerFieldDefinitions(tx, ctx.tenantId);
    const attachments = customerId ? new Set((await repo.listAttachments(tx, ctx.tenantId, customerId)).map((a) => a.id)) : null;
    const checked = checkCustomFieldValues(defs, values, attachments);
    if (checked.issues.length) {
      const fields: Record<string, { key: (typeof checked.issues)[number]['key'] }[]> = {};
      for (const issue of checked.issues) fields[issue.field] = [...(fields[issue.field] ?? []), { key: issue.key }];
      throw new AppError(422, 'validation_failed', { fields });
    }
    return checked.values;
  }

  /**
   * A duplicate phone or a tag deleted meanwhile, caught by the database. On a duplicate (a create
   * that raced another with the same phone) the winner is looked up afterwards, in the caller's
   * business, so the loser is told who has the number like any other duplicate.
   */
  async function raceAsField(err: unknown, ctx: AuthContext, phone: string | null, exceptId: string | null): Promise<never> {
    if (isUniqueViolation(err)) {
      const owner = phone ? await withTenant(db, ctx.tenantId, (tx) => repo.phoneOwner(tx, ctx.tenantId, phone, exceptId)) : null;
      throw owner ? phoneTaken(owner) : fieldError('phone', 'exists');
    }
    if (isForeignKeyViolation(err)) throw fieldError('tag_ids', 'not_exists');
    throw err;
  }

  async function create(ctx: AuthContext, body: CustomerBodyParsed): Promise<Customer> {
    let written: string | null = null;
    try {
      return await withTenant(db, ctx.tenantId, async (tx) => {
        const country = body.phone_country ?? 'SA';
        const phone = await phoneColumn(tx, ctx, body.phone, country, null);
        written = phone;
        const tagIds = await checkTags(tx, ctx, body.tag_ids ?? []);
        const customFields = await customFieldColumn(tx, ctx, body.custom_fields ?? {});
        const row = await repo.insertCustomer(tx, {
          tenantId: ctx.tenantId,
          firstName: body.first_name,
          lastName: body.last_name,
          phone,
          phoneCountry: country,
          email: body.email ?? null,
          address: body.address ?? null,
          note: body.note ?? null,
          marketingOptOutAt: body.marketing_opt_out ? new Date() : null,
          customFields,
        });
        await repo.replaceTags(tx, ctx.tenantId, row.id, tagIds);
        const [one] = await render(tx, ctx.tenantId, [row]);
        if (!one) throw new Error('created customer missing');
        return one;
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      return raceAsField(err, ctx, written, null);
    }
  }

  async function update(ctx: AuthContext, id: string, body: CustomerPatch): Promise<Customer> {
    let written: string | null = null;
    try {
      return await withTenant(db, ctx.tenantId, async (tx) => {
        const current = await repo.findCustomer(tx, ctx.tenantId, id, true);
        if (!current) throw notFound();
        const values: Parameters<typeof repo.updateCustomer>[3] = {};
        if (body.first_name !== undefined) values.firstName = body.first_name;
        if (body.last_name !== undefined) values.lastName = body.last_name;
        if (body.phone !== undefined || body.phone_country !== undefined) {
          const country = body.phone_country ?? current.phoneCountry;
          const raw = body.phone !== undefined ? body.phone : current.phone;
          values.phone = await phoneColumn(tx, ctx, raw, country, id);
          written = values.phone;
          values.phoneCountry = country;
        }
        if (body.email !== undefined) values.email = body.email;
        if (body.address !== undefined) values.address = body.address;
        if (body.note !== undefined) values.note = body.note;
        if (body.marketing_opt_out !== undefined) values.marketingOptOutAt = body.marketing_opt_out ? (current.marketingOptOutAt ?? new Date()) : null;
        if (body.custom_fields !== undefined) values.customFields = await customFieldColumn(tx, ctx, body.custom_fields, id);
        if (body.tag_ids !== undefined) await repo.replaceTags(tx, ctx.tenantId, id, await checkTags(tx, ctx, body.tag_ids));
        const row = await repo.updateCustomer(tx, ctx.tenantId, id, values);
        if (!row) throw notFound();
        const [one] = await render(tx, ctx.tenantId, [row]);
        if (!one) throw notFound();
        return one;
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      return raceAsField(err, ctx, written, id);
    }
  }

  /** Deletes the customer with its tags, notes and attachments; answers the files to remove. */
  async function remove(ctx: AuthContext, id: string): Promise<string[]> {
    const files = await withTenant(db, ctx.tenantId, (tx) => repo.deleteCustomer(tx, ctx.tenantId, id));
    if (!files) throw notFound();
    return files;
  }

  /** `blocked` given: set it; left out: toggle. */
  async function setBlocked(ctx: AuthContext, id: string, blocked: boolean | undefined): Promise<Customer> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const current = await repo.findCustomer(tx, ctx.tenantId, id, true);
      if (!current) throw notFound();
      const next = blocked ?? current.blockedAt === null;
      const wasBlocked = current.blockedAt !== null;
      const row = next === wasBlocked ? current : await repo.updateCustomer(tx, ctx.tenantId, id, { blockedAt: next ? new Date() : null });
      if (!row) throw notFound();
      const [one] = await render(tx, ctx.tenantId, [row]);
      if (!one) throw notFound();
      return one;
    });
  }

  // ------------------------------------------------------------ notes (data scope: customer notes)

  type NoteRow = Awaited<ReturnType<typeof repo.listNotes>>[number];
  const toNote = (r: NoteRow, ctx: AuthContext, all: boolean): CustomerNote => ({
    uuid: r.note.id,
    body: r.note.body,
    author: r.note.authorId && r.authorName !== null ? { uuid: r.note.authorId, name: r.authorName } : null,
    can_delete: all || r.note.authorId === ctx.user.id,
    created_at: r.note.createdAt.toISOString(),
  });

  async function listNotes(ctx: AuthContext, customerId: string): Promise<CustomerNote[]> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const all = scopeOfCaller(ctx).customerNotes === 'all';
      const rows = await repo.listNotes(tx, ctx.tenantId, customerId, all ? null : ctx.user.id);
      return rows.map((r) => toNote(r, ctx, all));
    });
  }

  async function addNote(ctx: AuthContext, customerId: string, body: string): Promise<CustomerNote> {
    try {
      return await withTenant(db, ctx.tenantId, async (tx) => {
        const all = scopeOfCaller(ctx).customerNotes === 'all';
        const id = await repo.insertNote(tx, { tenantId: ctx.tenantId, customerId, authorId: ctx.user.id, body });
        const row = await repo.findNote(tx, ctx.tenantId, customerId, id);
        if (!row) throw new Error('created note missing');
        return toNote(row, ctx, all);
      });
    } catch (err) {
      // The customer deleted meanwhile.
      if (isForeignKeyViolation(err)) throw notFound();
      throw err;
    }
  }

  /** Own notes; every note with `customer_notes_show_all`. A note the caller cannot see is a 404. */
  async function removeNote(ctx: AuthContext, customerId: string, noteId: string) {
    await withTenant(db, ctx.tenantId, async (tx) => {
      const row = await repo.findNote(tx, ctx.tenantId, customerId, noteId);
      if (!row) throw notFound();
      const all = scopeOfCaller(ctx).customerNotes === 'all';
      if (!all && row.note.authorId !== ctx.user.id) throw notFound();
      await repo.deleteNote(tx, ctx.tenantId, noteId);
    });
  }

  // ------------------------------------------------------------ attachments

  async function listAttachments(ctx: AuthContext, customerId: string): Promise<CustomerAttachment[]> {
    const rows = await withTenant(db, ctx.tenantId, (tx) => repo.listAttachments(tx, ctx.tenantId, customerId));
    return rows.map(toAttachment);
  }

  /** At most this many files per customer. */
  const CUSTOMER_ATTACHMENTS_MAX = 50;

  async function addAttachment(ctx: AuthContext, customerId: string, file: { path: string; name: string; mime: string; size: number }): Promise<CustomerAttachment> {
    try {
      const row = await withTenant(db, ctx.tenantId, async (tx) => {
        // A cap per customer, so uploads cannot fill the disk 5 MB at a time (the customer row is locked: parallel uploads count right).
        await tx.execute(sql`select 1 from customers where tenant_id = ${ctx.tenantId} and id = ${customerId} for update`);
        const existing = await repo.listAttachments(tx, ctx.tenantId, customerId);
        if (existing.length >= CUSTOMER_ATTACHMENTS_MAX) throw fieldError('file', 'max_items', { max: CUSTOMER_ATTACHMENTS_MAX });
        return repo.insertAttachment(tx, { tenantId: ctx.tenantId, customerId, path: file.path, originalName: file.name, mime: file.mime, size: file.size, uploadedBy: ctx.user.id });
      });
      return toAttachment(row);
    } catch (err) {
      if (isForeignKeyViolation(err)) throw notFound();
      throw err;
    }
  }

  /** Deletes the row; answers the stored file's path to remove. */
  async function removeAttachment(ctx: AuthContext, id: string): Promise<string> {
    const row = await withTenant(db, ctx.tenantId, (tx) => repo.deleteAttachment(tx, ctx.tenantId, id));
    if (!row) throw notFound();
    return row.path;
  }

  /** The stored file of an attachment, for the download route. */
  async function attachmentFile(ctx: AuthContext, id: string) {
    const row = await withTenant(db, ctx.tenantId, (tx) => repo.findAttachment(tx, ctx.tenantId, id));
    if (!row) throw notFound();
    return { path: row.path, name: row.originalName, mime: row.mime };
  }

  return { list, search, get, create, update, remove, setBlocked, listNotes, addNote, removeNote, listAttachments, addAttachment, removeAttachment, attachmentFile };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
