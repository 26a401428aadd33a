import { bigint, boolean, doublePrecision, foreignKey, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.branchId], foreignColumns: [branches.tenantId, branches.id] }),
  ],
);

export const providers = pgTable(
  'providers',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    branchId: uuid('branch_id'),
    userId: uuid('user_id'),
    workingHours: jsonb('working_hours').$type<WorkingHours>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.branchId], foreignColumns: [branches.tenantId, branches.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
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
