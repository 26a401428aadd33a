import { type SeenModule, UNREAD_CAP } from '@app/shared/schemas/app-notifications';
import type { UnreadCounts } from '@app/shared/schemas/orders';
import { and, count, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { comments, reviews } from '../../db/schema/marketing';
import { userSeenMarks } from '../../db/schema/notifications';
import { orders, transactions } from '../../db/schema/sales';
import type { AuthContext } from '../auth/auth.service';
import { scopeOfCaller } from '../access/scope';
import { visibleOrders } from '../orders/orders.repository';
import { countNotes } from './app-notifications';

/**
 * The unread counters of the sidebar and the bell (`GET load-unread-modules-counts`, spec §7), for
 * the signed-in account, each only when the account may see that module:
 * - notifications: its bell notes;
 * - orders: orders nobody has opened yet (`read_at`: an order made at the desk is read by whoever
 *   made it) that came after the account last opened the orders list (its `user_seen_marks` row);
 * - transactions: the same (a gateway's answer makes a payment unread again, so `updated_at` is
 *   what is compared), and — whenever they came — bank-transfer receipts waiting for review (`wait`),
 *   which are work to do for the reception desk, not news;
 * - comments and reviews: those waiting for moderation (`pending`).
 * Every count stops at `UNREAD_CAP` (the badge shows 99+), so each is a bounded index read.
 */
export async function unreadCounts(exec: Executor, ctx: AuthContext): Promise<UnreadCounts> {
  const held = new Set(ctx.permissions);
  const owner = ctx.user.isOwner;
  const may = (...keys: string[]) => owner || keys.some((k) => held.has(k));
  const scope = scopeOfCaller(ctx);
  const seen = await seenMarks(exec, ctx);
  const tenant = ctx.tenantId;

  const ordersCount = may('orders')
    ? await capped(
        exec,
        exec
          .select({ one: sql`1` })
          .from(orders)
          .where(
            and(
              eq(orders.tenantId, tenant),
              isNull(orders.readAt),
              isNull(orders.deletedAt),
              eq(orders.isDraft, false),
              seen.orders ? gt(orders.createdAt, seen.orders) : undefined,
              visibleOrders(scope),
            ),
          )
          .$dynamic(),
      )
    : 0;

  // The join to orders only narrows a provider account to its orders; for the others it is left out.
  const unreadPayments = and(
    eq(transactions.tenantId, tenant),
    isNull(transactions.readAt),
    isNull(transactions.deletedAt),
    seen.transactions ? or(eq(transactions.status, 'wait'), gt(transactions.updatedAt, seen.transactions)) : undefined,
  );
  const payments = exec.select({ one: sql`1` }).from(transactions).$dynamic();
  const transactionsCount = may('transaction', 'sales.payments', 'orders')
    ? await capped(
        exec,
        scope.orders === 'all'
          ? payments.where(unreadPayments)
          : payments.innerJoin(orders, and(eq(orders.tenantId, transactions.tenantId), eq(orders.id, transactions.orderId))).where(and(unreadPayments, visibleOrders(scope))),
      )
    : 0;

  const commentsCount = may('comments')
    ? await capped(
        exec,
        exec
          .select({ one: sql`1` })
          .from(comments)
          .where(and(eq(comments.tenantId, tenant), eq(comments.status, 'pending')))
          .$dynamic(),
      )
    : 0;

  const reviewsCount = may('marketing.reviews')
    ? await capped(
        exec,
        exec
          .select({ one: sql`1` })
          .from(reviews)
          .where(and(eq(reviews.tenantId, tenant), eq(reviews.status, 'pending')))
          .$dynamic(),
      )
    : 0;

  return {
    notifications: await countNotes(exec, tenant, ctx.user.id),
    orders: ordersCount,
    transactions: transactionsCount,
    comments: commentsCount,
    reviews: reviewsCount,
  };
}

/** The rows of `query`, counted up to `UNREAD_CAP`. */
async function capped(exec: Executor, query: PgSelect): Promise<number> {
  const some = query.limit(UNREAD_CAP).as('some');
  const [row] = await exec.select({ n: count() }).from(some);
  return Number(row?.n ?? 0);
}

/** When the account last opened each list (none: never). */
async function seenMarks(exec: Executor, ctx: AuthContext): Promise<Partial<Record<SeenModule, Date>>> {
  const rows = await exec
    .select({ module: userSeenMarks.module, seenAt: userSeenMarks.seenAt })
    .from(userSeenMarks)
    .where(and(eq(userSeenMarks.tenantId, ctx.tenantId), eq(userSeenMarks.userId, ctx.user.id)));
  return Object.fromEntries(rows.map((r) => [r.module, r.seenAt]));
}

/** The account opened `module`'s list now: what came before no longer counts as unread for it. */
export async function markSeen(exec: Executor, ctx: AuthContext, module: SeenModule, at: SQL | Date = sql`now()`): Promise<void> {
  await exec
    .insert(userSeenMarks)
    .values({ tenantId: ctx.tenantId, userId: ctx.user.id, module, seenAt: at })
    .onConflictDoUpdate({ target: [userSeenMarks.tenantId, userSeenMarks.userId, userSeenMarks.module], set: { seenAt: at } });
}
