import { combinationKey, combinationsOf, type Package, type PackageInput, type Product, type ProductInput, type Service, type ServiceInput } from '@app/shared/schemas/catalogue';
import { fromMinor, toMinor } from '@app/shared/money';

/** A money input's value (major units, as typed) → minor units; '' stays missing, too many decimals is NaN. */
export function moneyToMinor(value: number | string, currency: string): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  return toMinor(String(value), currency) ?? Number.NaN;
}

/** A number input's value → a number; '' stays missing. */
export const numberOrUndefined = (value: number | string): number | undefined => (value === '' ? undefined : Number(value));

// ---------------------------------------------------------------- services

export type ServiceFormValues = {
  name: string;
  category_id: string | null;
  price: number | string;
  duration: string | null;
  buffer_time: string;
  deposit_enabled: boolean;
  deposit_amount: number | string;
  sort_order: number | string;
  display_on_booking_page: boolean;
  is_public: boolean;
  branch_id: string | null;
  slug: string;
  description: string;
  metadata_visibility: Service['metadata_visibility'];
  tax_ids: string[];
};

export const SERVICE_FORM_FIELDS = [
  'name',
  'category_id',
  'price',
  'duration',
  'buffer_time',
  'deposit_enabled',
  'deposit_amount',
  'sort_order',
  'display_on_booking_page',
  'is_public',
  'branch_id',
  'slug',
  'description',
  'metadata_visibility',
  'tax_ids',
] as const;

export const emptyServiceForm = (): ServiceFormValues => ({
  name: '',
  category_id: null,
  price: '',
  duration: '30',
  buffer_time: '0',
  deposit_enabled: false,
  deposit_amount: '',
  sort_order: 0,
  display_on_booking_page: true,
  is_public: true,
  branch_id: null,
  slug: '',
  description: '',
  metadata_visibility: 'both',
  tax_ids: [],
});

export const serviceToForm = (s: Service, currency: string): ServiceFormValues => ({
  name: s.name,
  category_id: s.category_id,
  price: fromMinor(s.price, currency),
  duration: String(s.duration),
  buffer_time: String(s.buffer_time),
  deposit_enabled: s.deposit_enabled,
  deposit_amount: s.deposit_enabled ? fromMinor(s.deposit_amount, currency) : '',
  sort_order: s.sort_order,
  display_on_booking_page: s.display_on_booking_page,
  is_public: s.is_public,
  branch_id: s.branch_id,
  slug: s.slug ?? '',
  description: s.description ?? '',
  metadata_visibility: s.metadata_visibility,
  tax_ids: s.tax_ids,
});

/** The form's values as the API body (validated by `serviceBody` before sending). */
export const formToServiceBody = (v: ServiceFormValues, currency: string): ServiceInput => ({
  name: v.name,
  category_id: v.category_id ?? (undefined as unknown as string),
  price: moneyToMinor(v.price, currency) as number,
  duration: v.duration ? Number(v.duration) : (undefined as unknown as number),
  buffer_time: Number(v.buffer_time || 0),
  deposit_enabled: v.deposit_enabled,
  deposit_amount: v.deposit_enabled ? (moneyToMinor(v.deposit_amount, currency) ?? 0) : 0,
  sort_order: numberOrUndefined(v.sort_order) ?? 0,
  display_on_booking_page: v.display_on_booking_page,
  is_public: v.is_public,
  branch_id: v.branch_id,
  slug: v.slug.trim() || null,
  description: v.description.trim() || null,
  metadata_visibility: v.metadata_visibility,
  tax_ids: v.tax_ids,
});

// ---------------------------------------------------------------- products

export type ProductFormValues = {
  name: string;
  slug: string;
  description: string;
  category_id: string | null;
  price: number | string;
  stock: number | string;
  unlimited_stock: boolean;
  sort_order: number | string;
};
export const PRODUCT_FORM_FIELDS = ['name', 'slug', 'description', 'category_id', 'price', 'stock', 'unlimited_stock', 'sort_order'] as const;

export const emptyProductForm = (): ProductFormValues => ({ name: '', slug: '', description: '', category_id: null, price: '', stock: 0, unlimited_stock: false, sort_order: 0 });

export const productToForm = (p: Product, currency: string): ProductFormValues => ({
  name: p.name,
  slug: p.slug ?? '',
  description: p.description ?? '',
  category_id: p.category_id,
  price: fromMinor(p.price, currency),
  stock: p.stock,
  unlimited_stock: p.unlimited_stock,
  sort_order: p.sort_order,
});

export const formToProductBody = (v: ProductFormValues, currency: string): ProductInput => ({
  name: v.name,
  slug: v.slug.trim() || null,
  description: v.description.trim() || null,
  category_id: v.category_id,
  price: moneyToMinor(v.price, currency) as number,
  stock: v.unlimited_stock ? 0 : (numberOrUndefined(v.stock) ?? 0),
  unlimited_stock: v.unlimited_stock,
  sort_order: numberOrUndefined(v.sort_order) ?? 0,
});

// ---------------------------------------------------------------- options and combinations

export type OptionRow = { name: string; values: string[] };
export type CombinationRow = { options: Record<string, string>; price: number | string; stock: number | string };

/**
 * The combinations grid for the options as edited: every combination of their values, keeping the
 * price and stock already typed for a combination that still exists; new ones start at the product's
 * price and no stock.
 */
export function mergeCombinations(options: readonly OptionRow[], previous: readonly CombinationRow[], defaultPrice: number | string): CombinationRow[] {
  const usable = options.filter((o) => o.name.trim() && o.values.length > 0).map((o) => ({ name: o.name.trim(), values: o.values }));
  const known = new Map(previous.map((c) => [combinationKey(c.options, usable), c]));
  return combinationsOf(usable).map((options) => {
    const old = known.get(combinationKey(options, usable));
    return old ? { ...old, options } : { options, price: defaultPrice, stock: 0 };
  });
}

/** `S / Red` */
export const combinationLabel = (c: { options: Record<string, string> }, options: readonly OptionRow[]) =>
  options
    .map((o) => c.options[o.name.trim()])
    .filter(Boolean)
    .join(' / ');

// ---------------------------------------------------------------- packages

export type PackageFormValues = {
  name: string;
  description: string;
  services: { service_id: string | null; quantity: number | string }[];
  price: number | string;
  valid_days: number | string;
  unlimited: boolean;
  max_available: number | string;
  sort_order: number | string;
};
export const PACKAGE_FORM_FIELDS = ['name', 'description', 'services', 'price', 'valid_days', 'max_available', 'sort_order'] as const;

export const emptyPackageForm = (): PackageFormValues => ({
  name: '',
  description: '',
  services: [{ service_id: null, quantity: 1 }],
  price: '',
  valid_days: 30,
  unlimited: true,
  max_available: '',
  sort_order: 0,
});

export const packageToForm = (p: Package, currency: string): PackageFormValues => ({
  name: p.name,
  description: p.description ?? '',
  services: p.services.map((s) => ({ service_id: s.uuid, quantity: s.quantity })),
  price: fromMinor(p.price, currency),
  valid_days: p.valid_days,
  unlimited: p.max_available === null,
  max_available: p.max_available ?? '',
  sort_order: p.sort_order,
});

export const formToPackageBody = (v: PackageFormValues, currency: string): PackageInput => ({
  name: v.name,
  description: v.description.trim() || null,
  services: v.services.map((s) => ({ service_id: s.service_id ?? '', quantity: numberOrUndefined(s.quantity) as number })),
  price: moneyToMinor(v.price, currency) as number,
  valid_days: numberOrUndefined(v.valid_days) as number,
  max_available: v.unlimited ? null : (numberOrUndefined(v.max_available) as number),
  sort_order: numberOrUndefined(v.sort_order) ?? 0,
});

/** Moves the item at `from` to `to` (drag and drop, up/down buttons). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
