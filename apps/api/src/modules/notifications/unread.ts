import type { SeenModule } from '@app/shared/schemas/app-notifications';
import type { UnreadCounts } from '@app/shared/schemas/orders';
import { and, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { comments, reviews } from '../../db/schema/marketing';
import { userSeenMarks } from '../../db/schema/notifications';
import { orders, transactions } from '../../db/schema/sales';
import type { AuthContext } from '../auth/auth.service';
import { scopeOfCaller } from '../access/scope';
import { visibleOrders } from '../orders/orders.repository';
import { cappedCount, notesOf } from './app-notifications';

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
  const tenant = ctx.tenantId;
  // When the account last opened the list (never: every row counts), read inside the statement.
  const seenAt = (module: SeenModule) =>
    sql`coalesce((select ${userSeenMarks.seenAt} from ${userSeenMarks} where ${userSeenMarks.tenantId} = ${tenant} and ${userSeenMarks.userId} = ${ctx.user.id} and ${userSeenMarks.module} = ${module}), '-infinity'::timestamptz)`;
  const none = sql`0`;

  const ordersCount = may('orders')
    ? cappedCount(
        exec
          .select({ one: sql`1` })
          .from(orders)
          .where(
            and(
              eq(orders.tenantId, tenant),
              isNull(orders.readAt),
              isNull(orders.deletedAt),
              eq(orders.isDraft, false),
              gt(orders.createdAt, seenAt('orders')),
              visibleOrders(scope),
            ),
          )
          .$dynamic(),
      )
    : none;

  // The join to orders only narrows a provider account to its orders; for the others it is left out.
  const unreadPayments = and(
    eq(transactions.tenantId, tenant),
    isNull(transactions.readAt),
    isNull(transactions.deletedAt),
    or(eq(transactions.status, 'wait'), gt(transactions.updatedAt, seenAt('transactions'))),
  );
  const payments = exec.select({ one: sql`1` }).from(transactions).$dynamic();
  const transactionsCount = may('transaction', 'sales.payments', 'orders')
    ? cappedCount(
        scope.orders === 'all'
          ? payments.where(unreadPayments)
          : payments.innerJoin(orders, and(eq(orders.tenantId, transactions.tenantId), eq(orders.id, transactions.orderId))).where(and(unreadPayments, visibleOrders(scope))),
      )
    : none;

  const commentsCount = may('comments')
    ? cappedCount(
        exec
          .select({ one: sql`1` })
          .from(comments)
          .where(and(eq(comments.tenantId, tenant), eq(comments.status, 'pending')))
          .$dynamic(),
      )
    : none;

  const reviewsCount = may('marketing.reviews')
    ? cappedCount(
        exec
          .select({ one: sql`1` })
          .from(reviews)
          .where(and(eq(reviews.tenantId, tenant), eq(reviews.status, 'pending')))
          .$dynamic(),
      )
    : none;

  // Every counter in one statement: the sidebar asks on every page.
  const res = (await exec.execute(
    sql`select ${cappedCount(notesOf(exec, tenant, ctx.user.id))} as notifications, ${ordersCount} as orders, ${transactionsCount} as transactions,
      ${commentsCount} as comments, ${reviewsCount} as reviews`,
  )) as unknown as { rows: Record<keyof UnreadCounts, number | string>[] };
  const row = res.rows[0]!;
  return {
    notifications: Number(row.notifications),
    orders: Number(row.orders),
    transactions: Number(row.transactions),
    comments: Number(row.comments),
    reviews: Number(row.reviews),
  };
}

/** The account opened `module`'s list now: what came before no longer counts as unread for it. */
export async function markSeen(exec: Executor, ctx: AuthContext, module: SeenModule, at: SQL | Date = sql`now()`): Promise<void> {
  await exec
    .insert(userSeenMarks)
    .values({ tenantId: ctx.tenantId, userId: ctx.user.id, module, seenAt: at })
    .onConflictDoUpdate({ target: [userSeenMarks.tenantId, userSeenMarks.userId, userSeenMarks.module], set: { seenAt: at } });
}
