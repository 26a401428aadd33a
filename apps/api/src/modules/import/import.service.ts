import { randomUUID } from 'node:crypto';
import type { Locale } from '@app/shared/constants';
import { hasAnyPermission } from '@app/shared/permissions';
import { normalizePhone } from '@app/shared/phone';
import {
  columnFor,
  headerLabel,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_PERMISSIONS,
  IMPORT_PLUGIN,
  type ImportColumn,
  type ImportEntity,
  type ImportJob,
  type ImportRow,
  type ImportRowError,
  type ImportStatus,
  importRowSchemas,
} from '@app/shared/schemas/import';
import { type IssueLike, isValidationKey, localizeIssue, messageFor } from '@app/shared/validation';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { type Database, type Tx, withTenant } from '../../db/client';
import { categories, packageServices, packages, products, providerServices, providers, services } from '../../db/schema/business';
import { customers } from '../../db/schema/customers';
import { type MessageKey, t } from '../../i18n/messages';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import type { AuthContext } from '../auth/auth.service';
import { detectFormat, readRows, TooManyRows, UnpackedTooLarge, UnreadableFile, XLSX_MAX_UNPACKED_BYTES } from './import.files';
import * as repo from './import.repository';
import { slugBaseFromName } from '../catalogue/catalogue.lib';

/** Rows per INSERT statement (10 columns × 1000 rows stays far below PostgreSQL's 65,535 parameters). */
export const BATCH_ROWS = 1000;
/** Problems reported (and kept on the job) at most; the count says how many there were in all. */
export const MAX_REPORTED_ERRORS = 1000;

/** A file whose rows do not all pass: nothing was written. */
export class ImportInvalid extends Error {
  constructor(
    readonly errors: ImportRowError[],
    readonly total: number,
    readonly jobId: string | null,
    readonly locale: Locale,
  ) {
    super('import invalid');
  }
}

export type Progress = { status: ImportStatus; processed: number; total: number };
type Parsed = { row: number; value: unknown; partial?: boolean };
type Row = { row: number; cells: Record<string, string> };
type Insert = { table: PgTable; values: Record<string, unknown>[] };
type Plan = { main: Insert; links: Insert[] };

const fold = (s: string) => s.normalize('NFC').trim().toLowerCase();
const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

function localize(key: string, locale: Locale, params?: Record<string, unknown>): string {
  return isValidationKey(key) ? messageFor(key, locale, params) : t(key as MessageKey, locale, params);
}

/** A first-wins name → id lookup, case-insensitive. */
function byName<T extends { id: string; name: string }>(items: T[]): Map<string, T> {
  const map = new Map<string, T>();
  for (const i of items) if (!map.has(fold(i.name))) map.set(fold(i.name), i);
  return map;
}

/** The cells of a failed row that pass on their own (for the checks across rows). */
function partialOf(schema: z.ZodType, cells: Record<string, string>, bad: Set<string>): Record<string, unknown> {
  const object = (schema instanceof z.ZodObject ? schema : (schema as unknown as { in: z.ZodType }).in) as z.ZodObject;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(object.shape)) {
    if (bad.has(key)) continue;
    const res = (field as z.ZodType).safeParse(cells[key]);
    if (res.success && res.data !== undefined) out[key] = res.data;
  }
  return out;
}

export function canImport(ctx: AuthContext, entity: ImportEntity): boolean {
  return ctx.user.isOwner || hasAnyPermission(ctx.permissions, IMPORT_PERMISSIONS[entity]);
}

/** The key of a job's live progress: the client chooses job ids, so two businesses may use the same one. */
export const liveKey = (tenantId: string, jobId: string) => `${tenantId}:${jobId}`;

export function createImportService(deps: { db: Database; live?: Map<string, Progress> }) {
  const { db } = deps;
  /**
   * Live progress of running imports, by tenant and job id (liveKey). The import writes in one
   * transaction, so its row counts are invisible to other connections until it commits; the job route
   * reads them from here while the job runs (in this process) and from import_jobs once it has finished.
   */
  const live = deps.live ?? new Map<string, Progress>();

  function toJob(row: repo.JobRow): ImportJob {
    const running = live.get(liveKey(row.tenantId, row.id));
    return {
      uuid: row.id,
      entity: row.entity as ImportEntity,
      file_name: row.fileName,
      status: (running?.status ?? row.status) as ImportStatus,
      total_rows: running?.total ?? row.totalRows,
      processed_rows: running?.processed ?? row.processedRows,
      errors: row.errors,
      created_at: row.createdAt.toISOString(),
      finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
    };
  }

  async function getJob(ctx: AuthContext, id: string): Promise<ImportJob> {
    const row = await withTenant(db, ctx.tenantId, (tx) => repo.findJob(tx, ctx.tenantId, id));
    if (!row) throw notFound();
    if (!canImport(ctx, row.entity as ImportEntity)) throw forbidden();
    return toJob(row);
  }

  /** Header row → column per position; unknown, repeated and missing required columns are errors of row 1. */
  function readHeader(entity: ImportEntity, header: string[], locale: Locale) {
    const errors: ImportRowError[] = [];
    const columns: (ImportColumn | null)[] = [];
    const seen = new Set<string>();
    header.forEach((cell, i) => {
      if (!cell.trim()) {
        columns[i] = null;
        return;
      }
      const c = columnFor(entity, cell);
      if (!c) errors.push({ row: 1, column: cell.trim(), message: t('import_column_unknown', locale) });
      else if (seen.has(c.key)) errors.push({ row: 1, column: cell.trim(), message: t('import_column_repeated', locale) });
      else seen.add(c.key);
      columns[i] = c && !errors.some((e) => e.column === cell.trim()) ? c : null;
    });
    for (const c of IMPORT_COLUMNS[entity]) {
      if (c.required && !seen.has(c.key)) errors.push({ row: 1, column: headerLabel(c), message: t('import_column_missing', locale) });
    }
    return { columns, errors };
  }

  /** Every row's cells checked, without the database (so outside any transaction). */
  async function parseRows(ctx: AuthContext, entity: ImportEntity, rows: Row[], locale: Locale, progress: Progress) {
    const errors: ImportRowError[] = [];
    const schema = importRowSchemas(ctx.tenant.currency)[entity];
    const parsed: Parsed[] = [];
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] as Row;
      const result = schema.safeParse(r.cells);
      if (result.success) parsed.push({ row: r.row, value: result.data });
      else {
        const bad = new Set<string>();
        for (const issue of result.error.issues as unknown as IssueLike[]) {
          const column = String(issue.path[0] ?? 'row');
          bad.add(column);
          errors.push({ row: r.row, column, message: localizeIssue(issue, locale, Boolean(r.cells[column]?.trim())) });
        }
        // The row's other cells still go through the reference and duplicate checks, so one upload shows every problem.
        parsed.push({ row: r.row, value: partialOf(schema, r.cells, bad), partial: true });
      }
      if (i % 2000 === 1999) {
        progress.processed = i + 1;
        await yieldNow();
      }
    }
    progress.processed = rows.length;
    return { parsed, errors };
  }

  /**
   * The checks that need the database (references, duplicates, slugs), on the rows parsed by
   * parseRows, inside the import's transaction; the rows to write, or every problem (the cells' too).
   */
  async function validate(tx: Tx, ctx: AuthContext, entity: ImportEntity, parsed: Parsed[], cellErrors: ImportRowError[], locale: Locale) {
    const errors: ImportRowError[] = [...cellErrors];
    const add = (row: number, column: string, key: string, params?: Record<string, unknown>) => errors.push({ row, column, message: localize(key, locale, params) });
    const tenantId = ctx.tenantId;

    /** Slugs: a given one must be free (file and database); an empty one is made from the name, Arabic transliterated, as the forms do. */
    const slugs = (taken: Iterable<string | null>, list: { row: number; slug?: string | undefined; name?: string | undefined }[], fallback: string | null) => {
      const used = new Map<string, number>();
      for (const s of taken) if (s) used.set(s.toLowerCase(), 0);
      for (const item of list) {
        if (!item.slug) continue;
        const k = item.slug.toLowerCase();
        const at = used.get(k);
        if (at === 0) add(item.row, 'slug', 'exists');
        else if (at !== undefined) add(item.row, 'slug', 'import_repeated', { row: at });
        else used.set(k, item.row);
      }
      return list.map((item) => {
        if (item.slug) return item.slug;
        const base = slugBaseFromName(item.name ?? '') ?? fallback;
        if (!base) return null;
        let candidate = base;
        for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${base}-${n}`;
        used.set(candidate.toLowerCase(), item.row);
        return candidate;
      });
    };

    let plan: Plan;
    switch (entity) {
      case 'categories': {
        const list = parsed as { row: number; value: ImportRow<'categories'> }[];
        const existing = await repo.loadCategories(tx, tenantId);
        const slugList = slugs(
          existing.map((e) => e.slug),
          list.map((l) => ({ row: l.row, slug: l.value.slug, name: l.value.name })),
          'category',
        );
        plan = {
          main: {
            table: categories,
            values: list.map((l, i) => ({
              tenantId,
              id: randomUUID(),
              name: l.value.name,
              slug: slugList[i],
              description: l.value.description || null,
              sortOrder: l.value.sort_order ?? 0,
            })),
          },
          links: [],
        };
        break;
      }
      case 'services':
      case 'products': {
        const isService = entity === 'services';
        const list = parsed as { row: number; value: ImportRow<'services'> & ImportRow<'products'> }[];
        const cats = byName(await repo.loadCategories(tx, tenantId));
        const branchMap = byName(isService ? await repo.loadBranches(tx, tenantId) : []);
        const taken = isService ? (await repo.loadServices(tx, tenantId)).map((s) => s.slug) : await repo.loadProductSlugs(tx, tenantId);
        const slugList = slugs(
          taken,
          list.map((l) => ({ row: l.row, slug: l.value.slug, name: l.value.name })),
          null,
        );
        const values = list.map((l, i) => {
          const v = l.value;
          const category = v.category ? cats.get(fold(v.category)) : undefined;
          if (v.category && !category) add(l.row, 'category', 'not_exists');
          const base = { tenantId, id: randomUUID(), name: v.name, price: v.price, categoryId: category?.id ?? null, slug: slugList[i], description: v.description || null, sortOrder: v.sort_order ?? 0 };
          if (!isService) return { ...base, stock: v.stock ?? 0, unlimitedStock: v.unlimited_stock ?? false };
          const branch = v.branch ? branchMap.get(fold(v.branch)) : undefined;
          if (v.branch && !branch) add(l.row, 'branch', 'not_exists');
          return {
            ...base,
            duration: v.duration,
            bufferTime: v.buffer_time ?? 0,
            branchId: branch?.id ?? null,
            displayOnBookingPage: v.display_on_booking_page ?? true,
            isPublic: v.is_public ?? true,
          };
        });
        plan = { main: { table: isService ? services : products, values }, links: [] };
        break;
      }
      case 'customers': {
        const list = (parsed as { row: number; value: ImportRow<'customers'>; partial?: boolean }[]).map((l) =>
          l.partial && l.value.phone ? { ...l, value: { ...l.value, phone: normalizePhone(l.value.phone, l.value.phone_country ?? 'SA') } } : l,
        );
        const phones = list.map((l) => l.value.phone).filter((p): p is string => Boolean(p));
        const existing = await repo.existingPhones(tx, tenantId, [...new Set(phones)]);
        const inFile = new Map<string, number>();
        for (const l of list) {
          const p = l.value.phone;
          if (!p) continue;
          if (existing.has(p)) add(l.row, 'phone', 'exists');
          else if (inFile.has(p)) add(l.row, 'phone', 'import_repeated', { row: inFile.get(p) });
          else inFile.set(p, l.row);
        }
        plan = {
          main: {
            table: customers,
            values: list.map((l) => ({
              tenantId,
              id: randomUUID(),
              firstName: l.value.first_name,
              lastName: l.value.last_name,
              phone: l.value.phone,
              phoneCountry: l.value.phone_country,
              email: l.value.email ?? null,
              address: l.value.address || null,
              note: l.value.note || null,
            })),
          },
          links: [],
        };
        break;
      }
      case 'packages': {
        const list = parsed as { row: number; value: ImportRow<'packages'> }[];
        const serviceMap = byName(await repo.loadServices(tx, tenantId));
        const links: Record<string, unknown>[] = [];
        const values = list.map((l) => {
          const id = randomUUID();
          const seen = new Set<string>();
          for (const item of l.value.services ?? []) {
            const s = serviceMap.get(fold(item.name));
            if (!s) add(l.row, 'services', 'import_service_unknown', { name: item.name });
            else if (seen.has(s.id)) add(l.row, 'services', 'import_service_repeated', { name: item.name });
            else {
              seen.add(s.id);
              links.push({ tenantId, packageId: id, serviceId: s.id, quantity: item.quantity });
            }
          }
          return {
            tenantId,
            id,
            name: l.value.name,
            description: l.value.description || null,
            price: l.value.price,
            validDays: l.value.valid_days,
            maxAvailable: l.value.max_available ?? null,
            sortOrder: l.value.sort_order ?? 0,
          };
        });
        plan = { main: { table: packages, values }, links: [{ table: packageServices, values: links }] };
        break;
      }
      case 'providers': {
        const list = parsed as { row: number; value: ImportRow<'providers'> }[];
        const branchList = await repo.loadBranches(tx, tenantId);
        const branchMap = byName(branchList);
        const main = branchList.find((b) => b.isMain) ?? branchList[0];
        const serviceMap = byName(await repo.loadServices(tx, tenantId));
        const links: Record<string, unknown>[] = [];
        const values = list.map((l) => {
          const id = randomUUID();
          const branch = l.value.branch ? branchMap.get(fold(l.value.branch)) : main;
          if (l.value.branch && !branch) add(l.row, 'branch', 'not_exists');
          const seen = new Set<string>();
          for (const name of l.value.services ?? []) {
            const s = serviceMap.get(fold(name));
            if (!s) add(l.row, 'services', 'import_service_unknown', { name });
            else if (!seen.has(s.id)) {
              seen.add(s.id);
              links.push({ tenantId, providerId: id, serviceId: s.id });
            }
          }
          return {
            tenantId,
            id,
            name: l.value.name,
            label: l.value.label || null,
            branchId: branch?.id ?? null,
            // A new provider works the hours of its branch until someone edits them.
            workingHours: branch?.workingHours ?? {},
            clientsInSameTime: l.value.clients_in_same_time ?? 1,
          };
        });
        plan = { main: { table: providers, values }, links: [{ table: providerServices, values: links }] };
        break;
      }
    }
    errors.sort((a, b) => a.row - b.row);
    return { errors, plan };
  }

  /**
   * Reads a file, checks every row, and writes all of them in one transaction or none. Progress is
   * kept in `live` (see above); the job row records the outcome.
   */
  async function importFile(ctx: AuthContext, entity: ImportEntity, file: { name: string; bytes: Buffer }, opts: { locale: Locale; jobId?: string }) {
    const { locale } = opts;
    const plugin = IMPORT_PLUGIN[entity];
    if (plugin && !ctx.tenant.plugins.includes(plugin)) throw new AppError(404, 'plugin_missing', { code: 'plugin-missing' });
    if (!canImport(ctx, entity)) throw forbidden();

    const format = detectFormat(file.name, file.bytes);
    if (!format) throw fieldError('file', 'file_type');
    let all: string[][];
    try {
      all = await readRows(format, file.bytes, { maxRows: IMPORT_MAX_ROWS });
    } catch (err) {
      if (err instanceof UnreadableFile) throw fieldError('file', 'import_unreadable');
      if (err instanceof UnpackedTooLarge) throw fieldError('file', 'import_unpacked_too_large', { max: XLSX_MAX_UNPACKED_BYTES / 1024 / 1024 });
      if (err instanceof TooManyRows) throw fieldError('file', 'import_too_many_rows', { max: IMPORT_MAX_ROWS });
      throw err;
    }
    const header = all[0] ?? [];
    const { columns, errors: headerErrors } = readHeader(entity, header, locale);
    const rows: Row[] = [];
    for (let i = 1; i < all.length; i++) {
      const cells = all[i] ?? [];
      if (cells.every((c) => !c.trim())) continue;
      const record: Record<string, string> = {};
      cells.forEach((c, j) => {
        const column = columns[j];
        if (column) record[column.key] = c;
      });
      rows.push({ row: i + 1, cells: record });
    }
    if (headerErrors.length) throw new ImportInvalid(headerErrors, headerErrors.length, null, locale);
    if (rows.length === 0) throw fieldError('file', 'import_empty');
    if (rows.length > IMPORT_MAX_ROWS) throw fieldError('file', 'import_too_many_rows', { max: IMPORT_MAX_ROWS });

    const jobId = opts.jobId ?? randomUUID();
    const tenantId = ctx.tenantId;
    try {
      await withTenant(db, tenantId, (tx) =>
        repo.insertJob(tx, { tenantId, id: jobId, entity, fileName: file.name.slice(0, 255), status: 'validating', totalRows: rows.length, createdBy: ctx.user.id }),
      );
    } catch (err) {
      if ((err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') throw fieldError('job_id', 'exists');
      throw err;
    }
    const progress: Progress = { status: 'validating', processed: 0, total: rows.length };
    const key = liveKey(tenantId, jobId);
    live.set(key, progress);
    try {
      // The cells are parsed before the transaction opens: on PGlite (one connection) a transaction holds
      // everyone else up, so it only loads the lookups, checks references and writes, all or nothing.
      const cells = await parseRows(ctx, entity, rows, locale, progress);
      const imported = await withTenant(db, tenantId, async (tx) => {
        const { errors, plan } = await validate(tx, ctx, entity, cells.parsed, cells.errors, locale);
        if (errors.length) throw new ImportInvalid(errors, errors.length, jobId, locale);
        progress.status = 'importing';
        progress.processed = 0;
        await repo.insertBatched(tx, plan.main.table, plan.main.values as never[], BATCH_ROWS, (n) => {
          progress.processed = n;
        });
        for (const link of plan.links) await repo.insertBatched(tx, link.table, link.values as never[], BATCH_ROWS);
        return plan.main.values.length;
      });
      await withTenant(db, tenantId, (tx) => repo.finishJob(tx, tenantId, jobId, { status: 'done', processedRows: imported }));
      return { jobId, imported };
    } catch (err) {
      const invalid = err instanceof ImportInvalid;
      await withTenant(db, tenantId, (tx) =>
        repo.finishJob(tx, tenantId, jobId, {
          status: invalid ? 'invalid' : 'failed',
          processedRows: 0,
          ...(invalid ? { errors: err.errors.slice(0, MAX_REPORTED_ERRORS) } : {}),
        }),
      ).catch(() => {});
      throw err;
    } finally {
      live.delete(key);
    }
  }

  return { importFile, getJob };
}

export type ImportService = ReturnType<typeof createImportService>;
