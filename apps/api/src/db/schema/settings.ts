import { bigint, boolean, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { branches } from './business';
import { tenants } from './tenants';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Reasons offered when cancelling a booking or refunding / cancelling an invoice. */
export const cancellationReasons = pgTable(
  'cancellation_reasons',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** booking-cancel, invoice-refund, invoice-cancel. */
    type: text('type').notNull(),
    reason: text('reason').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** The business's own names and colours for booking statuses (a row only where it renamed one). */
export const bookingStatusLabels = pgTable(
  'booking_status_labels',
  {
    tenantId: tenantId(),
    status: text('status').notNull(),
    labelAr: text('label_ar').notNull(),
    labelEn: text('label_en').notNull(),
    color: text('color').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.status] })],
);

/** Payment methods the business accepts (cash, card, bank_transfer, online) and whether each is on. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    tenantId: tenantId(),
    slug: text('slug').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.slug] })],
);

/** A bank account customers pay into by transfer (spec §3 Bank account). */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    beneficiaryName: text('beneficiary_name').notNull(),
    bankName: text('bank_name').notNull(),
    iban: text('iban').notNull(),
    accountNumber: text('account_number').notNull(),
    accountOwner: text('account_owner').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const expenseTypes = pgTable(
  'expense_types',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** An expense; its type cannot be deleted while expenses use it (the foreign key restricts). */
export const expenses = pgTable(
  'expenses',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    expenseTypeId: uuid('expense_type_id').notNull(),
    /** Minor units. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Local date the expense happened. */
    spentOn: date('spent_on').notNull(),
    branchId: uuid('branch_id'),
    note: text('note'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('expenses_tenant_spent').on(t.tenantId, t.spentOn),
    foreignKey({ columns: [t.tenantId, t.expenseTypeId], foreignColumns: [expenseTypes.tenantId, expenseTypes.id] }).onDelete('restrict'),
    foreignKey({ columns: [t.tenantId, t.branchId], foreignColumns: [branches.tenantId, branches.id] }),
  ],
);

/** A bulk import (spec §2 import screens): validated first, then written in one transaction. */
export const importJobs = pgTable(
  'import_jobs',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** services, categories, products, customers, packages, providers. */
    entity: text('entity').notNull(),
    fileName: text('file_name').notNull(),
    /** validating, invalid, importing, done, failed. */
    status: text('status').notNull(),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    /** Row and column errors: [{ row, column, message }]. */
    errors: jsonb('errors').$type<{ row: number; column: string; message: string }[]>().notNull().default([]),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('import_jobs_tenant_created').on(t.tenantId, t.createdAt)],
);
