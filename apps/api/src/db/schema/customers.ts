import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';
import { users } from './users';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A label a business puts on customers (settings → tags). */
export const tags = pgTable(
  'tags',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    color: text('color'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique('tags_tenant_name').on(t.tenantId, t.name)],
);

/**
 * A custom field definition (spec §3: label, English name, html tag, options, required), attached to
 * bookings or customers; values live in the owner's `custom_fields` jsonb keyed by the field id.
 */
export const customFields = pgTable(
  'custom_fields',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    label: text('label').notNull(),
    nameEn: text('name_en').notNull(),
    /** text, textarea, number, date, select, file, location. */
    htmlTag: text('html_tag').notNull(),
    options: text('options').array().notNull().default([]),
    isRequired: boolean('is_required').notNull().default(false),
    /** booking or customer. */
    appliesTo: text('applies_to').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const customers = pgTable(
  'customers',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** E.164. */
    phone: text('phone'),
    phoneCountry: text('phone_country').notNull().default('SA'),
    email: text('email'),
    address: text('address'),
    note: text('note'),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** Set when the customer asked for no marketing: campaigns never reach them (issue 18 §2). */
    marketingOptOutAt: timestamp('marketing_opt_out_at', { withTimezone: true }),
    /** Custom field id → value. */
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('customers_tenant_phone').on(t.tenantId, t.phone),
    index('customers_tenant_name').on(t.tenantId, t.firstName, t.lastName),
    // The customers list reads newest first by (created_at, id) (lib/keyset.ts).
    index('customers_tenant_created').on(t.tenantId, t.createdAt, t.id),
  ],
);

export const customerTags = pgTable(
  'customer_tags',
  {
    tenantId: tenantId(),
    customerId: uuid('customer_id').notNull(),
    tagId: uuid('tag_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.customerId, t.tagId] }),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.tagId], foreignColumns: [tags.tenantId, tags.id] }).onDelete('cascade'),
  ],
);

/** A note on a customer by a staff account (optionally about an order, which a later issue adds). */
export const customerNotes = pgTable(
  'customer_notes',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    customerId: uuid('customer_id').notNull(),
    authorId: uuid('author_id'),
    /** The order the note is about; the foreign key to orders (SET NULL) is declared in migration 0005. */
    orderId: uuid('order_id'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('customer_notes_customer').on(t.tenantId, t.customerId, t.createdAt),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.authorId], foreignColumns: [users.tenantId, users.id] }).onDelete('set null'),
  ],
);

/** A file attached to a customer (type and size checked on upload). */
export const customerAttachments = pgTable(
  'customer_attachments',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    customerId: uuid('customer_id').notNull(),
    path: text('path').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('cascade'),
  ],
);
