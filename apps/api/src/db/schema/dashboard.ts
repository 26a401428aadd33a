import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/** The day of the figures that have none (the orders list's tabs count every order). */
export const NO_DAY = '1970-01-01';

/** The branch key of rows that belong to no branch (a business-wide figure, or an order of no branch). */
export const NO_BRANCH = '00000000-0000-0000-0000-000000000000';

/**
 * The dashboard's figures per business, branch, local day and key, kept up to date as orders,
 * their lines, payments and customers change (docs/decisions.md "The dashboard at a busy business's
 * size"). Triggers on those tables (migration 0012) append a row with the change of each figure,
 * so no write waits for another; the compactor (jobs/dashboard-compactor.ts) folds them into one
 * `compacted` row per key every few seconds. A figure is the sum of its key's rows.
 *
 * Metrics: `sales` (confirmed payments not in the trash: amount, how many), `orders` (placed
 * orders by source: key = the source), `services` (service lines of placed, not canceled orders:
 * key = the service id, count = the quantity, amount = the line total) and `customers` (new
 * customers a day, business-wide). The day is the business's local date (its time zone). And, with
 * no day (1970-01-01), the orders list's tabs: `order_status` (placed orders by status) and
 * `order_list` (`draft`: drafts; `trash`: orders in the trash).
 */
export const dashboardCounts = pgTable(
  'dashboard_counts',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: bigserial('id', { mode: 'number' }).notNull(),
    /** The branch, or NO_BRANCH. */
    branchKey: uuid('branch_key').notNull(),
    metric: text('metric').notNull(),
    day: date('day').notNull(),
    key: text('key').notNull().default(''),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Also carries what the dashboard sums (`include (key, amount, count)`, migration 0029: drizzle
    // cannot write an index's included columns), so that its figures are read from the index alone, an
    // index-only scan without a visit to each row's page (docs/decisions.md "The dashboard at a busy
    // business's size").
    index('dashboard_counts_read').on(t.tenantId, t.metric, t.day, t.branchKey),
    // One folded row per key (the compactor's upsert target), and the rows still to fold.
    uniqueIndex('dashboard_counts_key')
      .on(t.tenantId, t.branchKey, t.metric, t.day, t.key)
      .where(sql`compacted`),
    index('dashboard_counts_fresh')
      .on(t.id)
      .where(sql`not compacted`),
  ],
);
