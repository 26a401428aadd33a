import { z } from 'zod';
import { nameField, optionalText, paginationMeta, slugField, text, uuidField } from './common';
import { durationField } from './onboarding';

/**
 * The catalogue (spec §3 Service, Category, Product, Package; §5 rules): the request bodies the API
 * validates and the web forms reuse, and the shapes the API answers with. Money is integer minor
 * units of the tenant's currency; durations and buffer times are minutes.
 */

export { durationField };

/** Largest price we take (minor units): 1,000,000.00 in a 2-digit currency. */
export const PRICE_MAX = 100_000_000;
export const BUFFER_MAX = 120;
export const BUFFER_STEP = 5;
export const SORT_ORDER_MAX = 100_000;
export const PRODUCT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PRODUCT_IMAGES_MAX = 10;
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const METADATA_VISIBILITY = ['both', 'web_only', 'bookingpage_only'] as const;
export type MetadataVisibility = (typeof METADATA_VISIBILITY)[number];

/** Duration choices of the service form: 15 min … 4 h 45 min. */
export const DURATION_CHOICES = Array.from({ length: 19 }, (_, i) => (i + 1) * 15);
/** Buffer-time choices: 0 … 120 minutes in 5-minute steps. */
export const BUFFER_CHOICES = Array.from({ length: BUFFER_MAX / BUFFER_STEP + 1 }, (_, i) => i * BUFFER_STEP);

const int = () => z.number('number').int('integer');
/** Bounds with their own messages (a schema-wide message would cover them otherwise). */
const intIn = (min: number, max: number) => int().min(min, 'gte').max(max, 'lte');
export const priceField = int().gt(0, 'positive').max(PRICE_MAX, 'lte');
const sortOrderField = intIn(0, SORT_ORDER_MAX).default(0);
/** A required id: missing is "required", anything else not an id is "invalid". */
const requiredId = z.uuid({ error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? 'required' : 'invalid') });
const description = optionalText(2000).nullable().optional();
/** Optional slug: empty text counts as none (the server makes one from the name, Arabic transliterated). */
const optionalSlug = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), slugField.nullable().optional());
/** An optional id: empty text (an unset select) counts as none. */
const optionalId = z.preprocess((v) => (v === '' ? null : v), uuidField.nullable().optional());

export const bufferField = intIn(0, BUFFER_MAX).refine((v) => v % BUFFER_STEP === 0, 'buffer_step');

/** "Hair & Beard" → "hair-beard"; null when the name has letters outside Latin (Arabic names). */
export function slugFromName(name: string): string | null {
  if (!/^[\x20-\x7e]+$/.test(name)) return null;
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return slug || null;
}

const idOf = z.object({ uuid: z.string(), name: z.string() });

// ---------------------------------------------------------------- categories

export const categoryBody = z.object({
  name: nameField(),
  description,
  slug: optionalSlug,
  sort_order: sortOrderField,
});
export type CategoryBody = z.infer<typeof categoryBody>;

export const categorySchema = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  slug: z.string(),
  sort_order: z.number(),
  services_count: z.number(),
  products_count: z.number(),
  created_at: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const reorderBody = z.object({
  ids: z
    .array(uuidField)
    .min(1, 'min_items')
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'duplicate'),
});
export type ReorderBody = z.infer<typeof reorderBody>;

// ---------------------------------------------------------------- services

export const serviceBody = z
  .object({
    name: nameField(),
    /** Spec §5: the category is required. */
    category_id: requiredId,
    price: priceField,
    duration: durationField,
    buffer_time: bufferField.default(0),
    deposit_enabled: z.boolean('boolean').default(false),
    deposit_amount: intIn(0, PRICE_MAX).default(0),
    sort_order: sortOrderField,
    display_on_booking_page: z.boolean('boolean').default(true),
    is_public: z.boolean('boolean').default(true),
    branch_id: optionalId,
    slug: optionalSlug,
    description,
    metadata_visibility: z.enum(METADATA_VISIBILITY, 'invalid').default('both'),
    tax_ids: z
      .array(uuidField)
      .max(20)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    /**
     * The providers who offer it, chosen while creating it (issue 14); left out, the assignments stay
     * as they are (a new service has none). `PUT services/{id}/providers` changes them later.
     */
    provider_ids: z
      .array(uuidField)
      .max(500)
      .transform((ids) => [...new Set(ids)])
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.deposit_enabled) return;
    if (!(v.deposit_amount > 0)) ctx.addIssue({ code: 'custom', message: 'deposit_required', path: ['deposit_amount'] });
    else if (typeof v.price === 'number' && v.deposit_amount > v.price) ctx.addIssue({ code: 'custom', message: 'deposit_lte_price', path: ['deposit_amount'] });
  });
export type ServiceBody = z.infer<typeof serviceBody>;
export type ServiceInput = z.input<typeof serviceBody>;

export const taxRefSchema = z.object({ uuid: z.string(), name: z.string(), rate: z.number() });

export const serviceSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  description: z.string().nullable(),
  category_id: z.string().nullable(),
  category: idOf.nullable(),
  price: z.number(),
  duration: z.number(),
  buffer_time: z.number(),
  deposit_enabled: z.boolean(),
  deposit_amount: z.number(),
  sort_order: z.number(),
  display_on_booking_page: z.boolean(),
  is_public: z.boolean(),
  branch_id: z.string().nullable(),
  branch: idOf.nullable(),
  metadata_visibility: z.enum(METADATA_VISIBILITY),
  tax_ids: z.array(z.string()),
  taxes: z.array(taxRefSchema),
  providers_count: z.number(),
  created_at: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

export const servicesQuery = z.object({
  page: z.coerce.number().int('integer').min(1, 'gte').max(100_000).default(1),
  per_page: z.coerce.number().int('integer').min(1, 'gte').max(100, 'lte').default(25),
  search: optionalText(100).optional(),
  category_id: uuidField.optional(),
  branch_id: uuidField.optional(),
});
export type ServicesQuery = z.infer<typeof servicesQuery>;
export const servicesPage = z.object({ data: z.array(serviceSchema), meta: paginationMeta });

/** Service assignment per provider (spec §4): every provider, assigned or not. */
export const serviceProviderSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  label: z.string().nullable(),
  branch: idOf.nullable(),
  assigned: z.boolean(),
});
export type ServiceProvider = z.infer<typeof serviceProviderSchema>;

export const serviceProvidersBody = z.object({
  provider_ids: z
    .array(uuidField)
    .max(500)
    .transform((ids) => [...new Set(ids)]),
});
export type ServiceProvidersBody = z.infer<typeof serviceProvidersBody>;

/** What the catalogue knows of each service today; booking figures join once bookings exist. */
export const serviceMetricSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  category: idOf.nullable(),
  price: z.number(),
  duration: z.number(),
  buffer_time: z.number(),
  providers_count: z.number(),
  /** Sum of the service's tax rates, as a percentage (15 = 15 %). */
  tax_rate: z.number(),
  is_public: z.boolean(),
  created_at: z.string(),
});
export type ServiceMetric = z.infer<typeof serviceMetricSchema>;

// ---------------------------------------------------------------- products

export const productBody = z.object({
  name: nameField(),
  slug: optionalSlug,
  description,
  category_id: optionalId,
  price: priceField,
  stock: intIn(0, 10_000_000).default(0),
  unlimited_stock: z.boolean('boolean').default(false),
  sort_order: sortOrderField,
});
export type ProductBody = z.infer<typeof productBody>;
export type ProductInput = z.input<typeof productBody>;

const optionName = text(60);
export const productOptionBody = z.object({
  name: optionName,
  values: z.array(text(60)).min(1, 'min_items').max(50),
});

export const variantsBody = z
  .object({
    options: z.array(productOptionBody).max(5),
    combinations: z
      .array(
        z.object({
          options: z.record(z.string().max(60), z.string().max(60)),
          price: priceField,
          stock: intIn(0, 10_000_000),
        }),
      )
      .max(1000),
  })
  .superRefine((v, ctx) => {
    const names = new Set<string>();
    v.options.forEach((o, i) => {
      if (names.has(o.name.toLowerCase())) ctx.addIssue({ code: 'custom', message: 'duplicate', path: ['options', i, 'name'] });
      names.add(o.name.toLowerCase());
      const seen = new Set<string>();
      o.values.forEach((value, j) => {
        if (seen.has(value.toLowerCase())) ctx.addIssue({ code: 'custom', message: 'duplicate', path: ['options', i, 'values', j] });
        seen.add(value.toLowerCase());
      });
    });
    const byName = new Map(v.options.map((o) => [o.name, new Set(o.values)]));
    const keys = new Set<string>();
    v.combinations.forEach((c, i) => {
      const entries = Object.entries(c.options);
      const complete = entries.length === byName.size && entries.every(([name, value]) => byName.get(name)?.has(value));
      if (!complete || byName.size === 0) {
        ctx.addIssue({ code: 'custom', message: 'combination_options', path: ['combinations', i, 'options'] });
        return;
      }
      const key = combinationKey(c.options, v.options);
      if (keys.has(key)) ctx.addIssue({ code: 'custom', message: 'duplicate', path: ['combinations', i, 'options'] });
      keys.add(key);
    });
  });
export type VariantsBody = z.infer<typeof variantsBody>;

/** A stable key of a combination: its values in the options' order. */
export function combinationKey(options: Record<string, string>, order: readonly { name: string }[]): string {
  return JSON.stringify(order.map((o) => options[o.name] ?? null));
}

/** Every combination of the options' values, in order (Size × Colour …); none without options. */
export function combinationsOf(options: readonly { name: string; values: readonly string[] }[]): Record<string, string>[] {
  const usable = options.filter((o) => o.name.trim() && o.values.length > 0);
  if (usable.length === 0) return [];
  let out: Record<string, string>[] = [{}];
  for (const o of usable) out = out.flatMap((c) => o.values.map((value) => ({ ...c, [o.name]: value })));
  return out;
}

export const productImageSchema = z.object({ uuid: z.string(), url: z.string(), is_main: z.boolean() });
export type ProductImage = z.infer<typeof productImageSchema>;

export const productSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  description: z.string().nullable(),
  category_id: z.string().nullable(),
  category: idOf.nullable(),
  price: z.number(),
  stock: z.number(),
  unlimited_stock: z.boolean(),
  sort_order: z.number(),
  /** The main image first, then the additional ones. */
  images: z.array(productImageSchema),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  combinations: z.array(z.object({ uuid: z.string(), options: z.record(z.string(), z.string()), price: z.number(), stock: z.number() })),
  created_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productsQuery = z.object({
  page: z.coerce.number().int('integer').min(1, 'gte').max(100_000).default(1),
  per_page: z.coerce.number().int('integer').min(1, 'gte').max(100, 'lte').default(25),
  search: optionalText(100).optional(),
  category_id: uuidField.optional(),
});
export type ProductsQuery = z.infer<typeof productsQuery>;
export const productsPage = z.object({ data: z.array(productSchema), meta: paginationMeta });

export const productImageParams = z.object({ id: uuidField, imageId: uuidField });

// ---------------------------------------------------------------- packages

export const packageBody = z.object({
  name: nameField(),
  description,
  services: z
    .array(z.object({ service_id: requiredId, quantity: intIn(1, 1000) }))
    .min(1, 'min_items')
    .max(50)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        if (seen.has(item.service_id)) ctx.addIssue({ code: 'custom', message: 'duplicate', path: [i, 'service_id'] });
        seen.add(item.service_id);
      });
    }),
  price: priceField,
  valid_days: intIn(1, 3650),
  /** Null: no limit. */
  max_available: intIn(1, 1_000_000).nullable().default(null),
  sort_order: sortOrderField,
});
export type PackageBody = z.infer<typeof packageBody>;
export type PackageInput = z.input<typeof packageBody>;

export const packageSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  valid_days: z.number(),
  max_available: z.number().nullable(),
  sort_order: z.number(),
  services: z.array(z.object({ uuid: z.string(), name: z.string(), quantity: z.number() })),
  created_at: z.string(),
});
export type Package = z.infer<typeof packageSchema>;
