import { z } from 'zod';
import { currencyDigits } from '../currencies';
import { toMinor } from '../money';
import type { PermissionKey } from '../permissions';
import { normalizePhone, PHONE_COUNTRY_CODES } from '../phone';
import { bufferField, PRICE_MAX, SORT_ORDER_MAX } from './catalogue';
import { nameField, nameText, optionalText, slugField, text } from './common';
import { durationField } from './onboarding';

/**
 * Bulk import (spec §2 import screens, §5 "import files .xls, .xlsx, .csv in the sample's column
 * order"). Each entity has a column list: the sample file's header row, in order. A header cell may
 * name its column in English, in Arabic, both ("name / الاسم") or by key. Every cell is read as text
 * and validated here, so the API and the web read the same rules.
 */

export const IMPORT_ENTITIES = ['services', 'categories', 'products', 'customers', 'packages', 'providers'] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];
export const isImportEntity = (v: string): v is ImportEntity => (IMPORT_ENTITIES as readonly string[]).includes(v);

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Data rows a file may hold (the header row not counted). */
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_EXTENSIONS = ['xlsx', 'xls', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_EXTENSIONS)[number];
export const IMPORT_ACCEPT = '.xlsx,.xls,.csv';

/** Who may import what: the entity's own key (categories: the catalogue keys, those of the categories API). */
export const IMPORT_PERMISSIONS: Record<ImportEntity, PermissionKey[]> = {
  services: ['services'],
  categories: ['services', 'products'],
  products: ['products'],
  customers: ['customers'],
  packages: ['packages'],
  providers: ['providers'],
};
export const IMPORT_PLUGIN: Partial<Record<ImportEntity, 'packages'>> = { packages: 'packages' };
/** Every key that opens some import (the job-status route). */
export const IMPORT_ANY_PERMISSION: PermissionKey[] = [...new Set(Object.values(IMPORT_PERMISSIONS).flat())];

export type ImportColumn = { key: string; en: string; ar: string; required: boolean };
const col = (key: string, en: string, ar: string, required = false): ImportColumn => ({ key, en, ar, required });

/** The sample's columns, in order. */
export const IMPORT_COLUMNS: Record<ImportEntity, ImportColumn[]> = {
  categories: [col('name', 'name', 'الاسم', true), col('slug', 'slug', 'الرابط المختصر'), col('description', 'description', 'الوصف'), col('sort_order', 'sort order', 'الترتيب')],
  services: [
    col('name', 'name', 'الاسم', true),
    col('category', 'category', 'التصنيف', true),
    col('price', 'price', 'السعر', true),
    col('duration', 'duration (minutes)', 'المدة (دقائق)', true),
    col('buffer_time', 'buffer time (minutes)', 'وقت الراحة (دقائق)'),
    col('branch', 'branch', 'الفرع'),
    col('slug', 'slug', 'الرابط المختصر'),
    col('description', 'description', 'الوصف'),
    col('display_on_booking_page', 'display on booking page', 'الظهور في صفحة الحجز'),
    col('is_public', 'public', 'خدمة عامة'),
    col('sort_order', 'sort order', 'الترتيب'),
  ],
  products: [
    col('name', 'name', 'الاسم', true),
    col('category', 'category', 'التصنيف'),
    col('price', 'price', 'السعر', true),
    col('stock', 'stock', 'المخزون'),
    col('unlimited_stock', 'unlimited stock', 'مخزون غير محدود'),
    col('slug', 'slug', 'الرابط المختصر'),
    col('description', 'description', 'الوصف'),
    col('sort_order', 'sort order', 'الترتيب'),
  ],
  customers: [
    col('first_name', 'first name', 'الاسم الأول', true),
    col('last_name', 'last name', 'اسم العائلة', true),
    col('phone', 'phone', 'الجوال'),
    col('phone_country', 'phone country', 'دولة الجوال'),
    col('email', 'email', 'البريد الإلكتروني'),
    col('address', 'address', 'العنوان'),
    col('note', 'note', 'ملاحظة'),
  ],
  packages: [
    col('name', 'name', 'الاسم', true),
    col('services', 'services', 'الخدمات', true),
    col('price', 'price', 'السعر', true),
    col('valid_days', 'valid days', 'مدة الصلاحية (أيام)', true),
    col('max_available', 'maximum available', 'الحد الأقصى المتاح'),
    col('description', 'description', 'الوصف'),
    col('sort_order', 'sort order', 'الترتيب'),
  ],
  providers: [
    col('name', 'name', 'الاسم', true),
    col('label', 'label', 'المسمى'),
    col('branch', 'branch', 'الفرع'),
    col('clients_in_same_time', 'clients at the same time', 'عملاء في الوقت نفسه'),
    col('services', 'services', 'الخدمات'),
  ],
};

/** The header text the sample writes: "name / الاسم". */
export const headerLabel = (c: ImportColumn) => `${c.en} / ${c.ar}`;

const norm = (s: string) => s.normalize('NFC').trim().toLowerCase().replace(/[\s_]+/g, ' ');

/** The column a header cell names (any accepted spelling), or null. */
export function columnFor(entity: ImportEntity, header: string): ImportColumn | null {
  const h = norm(header);
  if (!h) return null;
  for (const c of IMPORT_COLUMNS[entity]) {
    const names = [c.key, c.en, c.ar, headerLabel(c), `${c.ar} / ${c.en}`].map(norm);
    if (names.includes(h) || names.includes(h.replace(/\s*\/\s*/g, ' / '))) return c;
  }
  return null;
}

/** Two example rows per entity, with Arabic text (the sample files). */
export const IMPORT_EXAMPLES: Record<ImportEntity, string[][]> = {
  categories: [
    ['العناية بالشعر', 'hair-care', 'قص وصبغ وتسريح', '1'],
    ['Nails', 'nails', 'Manicure and pedicure', '2'],
  ],
  services: [
    ['قص الشعر', 'العناية بالشعر', '50.00', '30', '5', '', 'haircut', 'قص وتصفيف', 'yes', 'yes', '1'],
    ['Colouring', 'العناية بالشعر', '120.50', '90', '10', '', 'colouring', '', 'نعم', 'no', '2'],
  ],
  products: [
    ['شامبو بالأرغان', 'العناية بالشعر', '35.00', '20', 'no', 'argan-shampoo', 'زجاجة 250 مل', '1'],
    ['Hair oil', '', '49.90', '', 'yes', 'hair-oil', '', '2'],
  ],
  customers: [
    ['سارة', 'العتيبي', '0501234567', 'SA', 'sara@example.com', 'الرياض، حي النخيل', 'تفضل المواعيد المسائية'],
    ['Omar', 'Haddad', '+971501234567', 'AE', '', 'Dubai', ''],
  ],
  packages: [
    ['باقة العناية الشهرية', 'قص الشعر x2; Colouring x1', '200.00', '30', '100', 'أربع زيارات خلال شهر', '1'],
    ['Haircut bundle', 'قص الشعر x5', '220.00', '90', '', '', '2'],
  ],
  providers: [
    ['نورة الحربي', 'مصففة أولى', '', '1', 'قص الشعر; Colouring'],
    ['Layla Saleh', 'Nail artist', '', '2', ''],
  ],
};

// ---------------------------------------------------------------- cells → values

/** An empty cell is "no value". */
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());

const intCell = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+(\.0+)?\s*$/.test(v) ? Number.parseInt(v, 10) : v),
    z.number('integer').int('integer').min(min, 'gte').max(max, 'lte'),
  );

const TRUE = ['yes', 'y', 'true', '1', 'نعم'];
const FALSE = ['no', 'n', 'false', '0', 'لا'];
const boolCell = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const s = v.trim().toLowerCase();
  return TRUE.includes(s) ? true : FALSE.includes(s) ? false : v;
}, z.boolean('boolean'));

/** A decimal amount in the tenant's currency ("12.50") → minor units, > 0 and within the price limit. */
export const moneyCell = (currency: string) =>
  z.string().transform((v, ctx) => {
    const minor = toMinor(v.replace(/[\s,]/g, ''), currency);
    if (minor === null) {
      ctx.addIssue({ code: 'custom', message: /^\s*-?\d+\.\d+\s*$/.test(v) ? 'import_money_digits' : 'number', params: { digits: currencyDigits(currency) } });
      return z.NEVER;
    }
    if (minor <= 0) {
      ctx.addIssue({ code: 'too_small', origin: 'number', minimum: 0, inclusive: false, message: 'positive', input: minor });
      return z.NEVER;
    }
    if (minor > PRICE_MAX) {
      ctx.addIssue({ code: 'too_big', origin: 'number', maximum: PRICE_MAX, inclusive: true, message: 'invalid', input: minor });
      return z.NEVER;
    }
    return minor;
  });

/** "Haircut x2; Colour x1" (also ×, *, comma or Arabic comma separated) → names with quantities. */
export function parseQuantities(v: string): { name: string; quantity: number }[] | null {
  const items = v
    .split(/[;,،\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
  const out: { name: string; quantity: number }[] = [];
  for (const item of items) {
    const m = /^(.*?)(?:\s*[x×*]\s*(\d+))?$/i.exec(item);
    const name = m?.[1]?.trim();
    if (!name) return null;
    const quantity = m?.[2] ? Number(m[2]) : 1;
    if (quantity < 1 || quantity > 1000) return null;
    out.push({ name, quantity });
  }
  return out;
}

/** "Haircut; Colour" → names. */
export const parseNames = (v: string) =>
  v
    .split(/[;,،\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

const sortOrder = optional(intCell(0, SORT_ORDER_MAX));
const description = optional(optionalText(2000));
const slug = optional(slugField);

/** Row schemas per entity for a tenant currency: cells (text by column key) → typed values. */
export function importRowSchemas(currency: string) {
  const price = moneyCell(currency);
  return {
    categories: z.object({ name: nameField(), slug, description, sort_order: sortOrder }),
    services: z.object({
      name: nameField(),
      category: text(120),
      price,
      duration: z.preprocess((v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v), durationField),
      buffer_time: optional(z.preprocess((v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v), bufferField)),
      branch: optional(text(120)),
      slug,
      description,
      display_on_booking_page: optional(boolCell),
      is_public: optional(boolCell),
      sort_order: sortOrder,
    }),
    products: z.object({
      name: nameField(),
      category: optional(text(120)),
      price,
      stock: optional(intCell(0, 10_000_000)),
      unlimited_stock: optional(boolCell),
      slug,
      description,
      sort_order: sortOrder,
    }),
    customers: z
      .object({
        first_name: nameText(80),
        last_name: nameText(80),
        phone: optional(z.string().trim().max(32)),
        phone_country: optional(
          z
            .string()
            .trim()
            .toUpperCase()
            .refine((v) => PHONE_COUNTRY_CODES.includes(v), 'invalid'),
        ),
        email: optional(
          z
            .string()
            .trim()
            .max(190)
            .pipe(z.email('email'))
            .transform((v) => v.toLowerCase()),
        ),
        address: optional(optionalText(500)),
        note: optional(optionalText(2000)),
      })
      .transform((v, ctx) => {
        const country = v.phone_country ?? 'SA';
        let phone: string | null = null;
        if (v.phone) {
          phone = normalizePhone(v.phone, country);
          if (!phone) {
            ctx.addIssue({ code: 'custom', message: 'phone', path: ['phone'] });
            return z.NEVER;
          }
        }
        return { ...v, phone, phone_country: country };
      }),
    packages: z.object({
      name: nameField(),
      services: z
        .string()
        .trim()
        .min(1, { error: 'required', abort: true })
        .transform((v, ctx) => {
          const items = parseQuantities(v);
          if (!items || items.length === 0) {
            ctx.addIssue({ code: 'custom', message: 'import_quantities' });
            return z.NEVER;
          }
          return items;
        }),
      price,
      valid_days: intCell(1, 3650),
      max_available: optional(intCell(1, 1_000_000)),
      description,
      sort_order: sortOrder,
    }),
    providers: z.object({
      name: nameField(),
      label: optional(optionalText(120)),
      branch: optional(text(120)),
      clients_in_same_time: optional(intCell(1, 100)),
      services: optional(z.string().transform(parseNames)),
    }),
  } satisfies Record<ImportEntity, z.ZodType>;
}
export type ImportRowSchemas = ReturnType<typeof importRowSchemas>;
export type ImportRow<E extends ImportEntity> = z.infer<ImportRowSchemas[E]>;

// ---------------------------------------------------------------- API shapes

export const IMPORT_STATUSES = ['validating', 'invalid', 'importing', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** One problem of a file: the spreadsheet row (the header is row 1) and the column's header text. */
export const importRowErrorSchema = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importJobSchema = z.object({
  uuid: z.string(),
  entity: z.enum(IMPORT_ENTITIES),
  file_name: z.string(),
  status: z.enum(IMPORT_STATUSES),
  total_rows: z.number(),
  processed_rows: z.number(),
  errors: z.array(importRowErrorSchema),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importResultSchema = z.object({
  message: z.string(),
  data: z.object({ uuid: z.string(), imported: z.number() }),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * 422 of an import: the error shape of DESIGN §4 (`errors` keyed "row 3 · phone") plus the same
 * problems as a list, and the job (absent when the file itself was refused before reading rows).
 */
export const importInvalidSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  rows: z.array(importRowErrorSchema).optional(),
  error_count: z.number().optional(),
  data: z.object({ uuid: z.string() }).optional(),
});
export type ImportInvalid = z.infer<typeof importInvalidSchema>;

export const importSampleQuery = z.object({ format: z.enum(['xlsx', 'csv'], 'invalid').default('xlsx') });

/** The `errors` key of a row problem: "row 3 · phone". */
export const rowErrorKey = (e: { row: number; column: string }) => `row ${e.row} · ${e.column}`;

/** Client-side check before upload: extension and size (the server checks the content too). */
export function checkImportFile(file: { name: string; size: number }): 'file_type' | 'file_too_large' | null {
  const ext = /\.([^.]+)$/.exec(file.name.toLowerCase())?.[1] ?? '';
  if (!(IMPORT_EXTENSIONS as readonly string[]).includes(ext)) return 'file_type';
  if (file.size > IMPORT_MAX_BYTES) return 'file_too_large';
  return null;
}
