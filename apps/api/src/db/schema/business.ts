import { sql } from 'drizzle-orm';
import { bigint, boolean, date, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';
import { users } from './users';

/** Local wall-clock ranges per weekday (0 Sunday … 6 Saturday): { "0": [["09:00","21:00"]] }. */
export type WorkingHours = Record<string, [string, string][]>;

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A branch (the spec's "team"): where services happen, with its own hours and time zone. */
export const branches = pgTable(
  'branches',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    type: text('type').notNull().default('on-site'),
    address: text('address'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    timezone: text('timezone').notNull().default('Asia/Riyadh'),
    workingHours: jsonb('working_hours').$type<WorkingHours>().notNull().default({}),
    isMain: boolean('is_main').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** A product category, also used to group services (spec §3 Category). */
export const categories = pgTable(
  'categories',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    slug: text('slug').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique('categories_tenant_slug').on(t.tenantId, t.slug)],
);

/** A tax of the tax settings (spec §3 Tax: name, rate %); the rate is kept in basis points (15 % = 1500). */
export const taxes = pgTable(
  'taxes',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    rateBps: integer('rate_bps').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const services = pgTable(
  'services',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    /** Integer minor units of the tenant's currency. */
    price: bigint('price', { mode: 'number' }).notNull(),
    /** Minutes. */
    duration: integer('duration').notNull(),
    branchId: uuid('branch_id'),
    categoryId: uuid('category_id'),
    /** Minutes kept free after the service (cleaning, preparation). */
    bufferTime: integer('buffer_time').notNull().default(0),
    depositEnabled: boolean('deposit_enabled').notNull().default(false),
    /** Minor units. */
    depositAmount: bigint('deposit_amount', { mode: 'number' }).notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    displayOnBookingPage: boolean('display_on_booking_page').notNull().default(true),
    isPublic: boolean('is_public').notNull().default(true),
    slug: text('slug'),
    description: text('description'),
    /** Where the service's metadata shows: both, web_only, bookingpage_only. */
    metadataVisibility: text('metadata_visibility').notNull().default('both'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('services_tenant_slug').on(t.tenantId, t.slug),
    foreignKey({ columns: [t.tenantId, t.branchId], foreignColumns: [branches.tenantId, branches.id] }),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [categories.tenantId, categories.id] }),
  ],
);

export const serviceTaxes = pgTable(
  'service_taxes',
  {
    tenantId: tenantId(),
    serviceId: uuid('service_id').notNull(),
    taxId: uuid('tax_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.serviceId, t.taxId] }),
    foreignKey({ columns: [t.tenantId, t.serviceId], foreignColumns: [services.tenantId, services.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.taxId], foreignColumns: [taxes.tenantId, taxes.id] }).onDelete('cascade'),
  ],
);

export const providers = pgTable(
  'providers',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    /** A short title shown under the name (e.g. "Senior stylist"). */
    label: text('label'),
    branchId: uuid('branch_id'),
    userId: uuid('user_id'),
    workingHours: jsonb('working_hours').$type<WorkingHours>().notNull().default({}),
    /** Commission plugin: percentage (basis points) or fixed (minor units); null when none. */
    commissionType: text('commission_type'),
    commissionValue: bigint('commission_value', { mode: 'number' }).notNull().default(0),
    /** How many customers the provider serves at once. */
    clientsInSameTime: integer('clients_in_same_time').notNull().default(1),
    /** single, multiple (several providers in one booking), team. */
    assignmentType: text('assignment_type').notNull().default('single'),
    /** The provider's colour on the staff calendar (#RRGGBB); null until set (a palette colour by sort order). */
    color: text('color'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.branchId], foreignColumns: [branches.tenantId, branches.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** Days a provider does not work (local dates, both inclusive), with a note. */
export const providerTimeOff = pgTable(
  'provider_time_off',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    providerId: uuid('provider_id').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('provider_time_off_provider').on(t.tenantId, t.providerId, t.startDate),
    foreignKey({ columns: [t.tenantId, t.providerId], foreignColumns: [providers.tenantId, providers.id] }).onDelete('cascade'),
  ],
);

export const providerServices = pgTable(
  'provider_services',
  {
    tenantId: tenantId(),
    providerId: uuid('provider_id').notNull(),
    serviceId: uuid('service_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.providerId, t.serviceId] }),
    foreignKey({ columns: [t.tenantId, t.providerId], foreignColumns: [providers.tenantId, providers.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.serviceId], foreignColumns: [services.tenantId, services.id] }).onDelete('cascade'),
  ],
);

/** A product (spec §3 Product): stock or unlimited, options and their combinations, images. */
export const products = pgTable(
  'products',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug'),
    description: text('description'),
    categoryId: uuid('category_id'),
    /** Minor units. */
    price: bigint('price', { mode: 'number' }).notNull(),
    stock: integer('stock').notNull().default(0),
    unlimitedStock: boolean('unlimited_stock').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('products_tenant_slug').on(t.tenantId, t.slug),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [categories.tenantId, categories.id] }),
  ],
);

/** Product images: the main one first (is_main), then the additional ones by sort order. */
export const productImages = pgTable(
  'product_images',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    productId: uuid('product_id').notNull(),
    path: text('path').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }).onDelete('cascade'),
  ],
);

/** A product option (e.g. Size) and its values (S, M, L). */
export const productOptions = pgTable(
  'product_options',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    productId: uuid('product_id').notNull(),
    name: text('name').notNull(),
    values: text('values').array().notNull().default(sql`'{}'::text[]`),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }).onDelete('cascade'),
  ],
);

/** One combination of option values (Size M + Colour red) with its own stock and price. */
export const productCombinations = pgTable(
  'product_combinations',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    productId: uuid('product_id').notNull(),
    /** Option name → value, e.g. { "Size": "M", "Colour": "Red" }. */
    options: jsonb('options').$type<Record<string, string>>().notNull(),
    /** Minor units. */
    price: bigint('price', { mode: 'number' }).notNull(),
    stock: integer('stock').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }).onDelete('cascade'),
  ],
);

/** A package of services (packages plugin): quantities, valid days, how many can be sold. */
export const packages = pgTable(
  'packages',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    /** Minor units. */
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    validDays: integer('valid_days').notNull(),
    /** Null: no limit. */
    maxAvailable: integer('max_available'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const packageServices = pgTable(
  'package_services',
  {
    tenantId: tenantId(),
    packageId: uuid('package_id').notNull(),
    serviceId: uuid('service_id').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.packageId, t.serviceId] }),
    foreignKey({ columns: [t.tenantId, t.packageId], foreignColumns: [packages.tenantId, packages.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.serviceId], foreignColumns: [services.tenantId, services.id] }),
  ],
);
