import { IMPORT_COLUMNS, type ImportEntity, type ImportJob, type ImportRowError } from '@app/shared/schemas/import';

/** The import screen of an entity. */
export const importPath = (entity: ImportEntity) => `/management/import/${entity}`;

/** The list page an import returns to. */
export const LIST_PATHS: Record<ImportEntity, string> = {
  services: '/management/services',
  categories: '/management/categories',
  products: '/management/products',
  customers: '/management/customers',
  packages: '/management/packages',
  providers: '/management/staffs',
};

/** The entity of an import path (`/management/import/customers` → customers), or null. */
export function entityOfPath(pathname: string): ImportEntity | null {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return last in IMPORT_COLUMNS ? (last as ImportEntity) : null;
}

/** Percentage (0–100) of a running job's phase; the validating and importing phases each fill the bar. */
export function jobPercent(job: Pick<ImportJob, 'total_rows' | 'processed_rows'> | null | undefined): number {
  if (!job || job.total_rows <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((job.processed_rows / job.total_rows) * 100)));
}

export const isFinished = (status: ImportJob['status'] | undefined) => status === 'done' || status === 'invalid' || status === 'failed';

/** The header label of an error's column in the reader's language (keys → "Phone"); header texts stay as written. */
export function columnLabel(entity: ImportEntity, column: string, locale: 'ar' | 'en'): string {
  const c = IMPORT_COLUMNS[entity].find((x) => x.key === column);
  return c ? c[locale] : column;
}

/** The 422 body of an import: its row list, or the `errors` map read back into rows ("row 3 · phone"). */
export function rowErrorsOf(body: { rows?: ImportRowError[]; errors?: Record<string, string[]> } | null | undefined): ImportRowError[] {
  if (body?.rows?.length) return body.rows;
  const out: ImportRowError[] = [];
  for (const [key, messages] of Object.entries(body?.errors ?? {})) {
    const m = /^row (\d+) · (.+)$/.exec(key);
    for (const message of messages) out.push(m ? { row: Number(m[1]), column: m[2] as string, message } : { row: 0, column: key, message });
  }
  return out;
}
