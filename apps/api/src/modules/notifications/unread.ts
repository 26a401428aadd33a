import type { SeenModule } from '@app/shared/schemas/app-notifications';
import type { UnreadCounts } from '@app/shared/schemas/orders';
import { and, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import { Binds, boundAs, constants, type Executor, keptRowsTogether } from '../../db/client';
import { comments, reviews } from '../../db/schema/marketing';
import { userSeenMarks } from '../../db/schema/notifications';
import { orders, transactions } from '../../db/schema/sales';
import type { AuthContext } from '../auth/auth.service';
import { type DataScope, scopeOfCaller } from '../access/scope';
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
 * Every count stops at `UNREAD_CAP` (the badge shows 99+), so each is a bounded index read. The
 * sidebar asks on every page: one prepared statement, written out once for its shape, whose values
 * are the business and the account (its constants written into the text: `constants`), planned once for any
 * business when the account sees every order (db/pipeline.ts `planOnce`: planned for its values it
 * had cost the database 0.7–0.9 ms a request, twice what running it does).
 */
export async function unreadCounts(exec: Executor, ctx: AuthContext): Promise<UnreadCounts> {
  const held = new Set(ctx.permissions);
  const owner = ctx.user.isOwner;
  const may = (...keys: string[]) => owner || keys.some((k) => held.has(k));
  const scope = scopeOfCaller(ctx);
  const sees = { orders: may('orders'), payments: may('transaction', 'sales.payments', 'orders'), comments: may('comments'), reviews: may('marketing.reviews') };
  const binds = new Binds();
  // Its values bound first, so that a shape already written out is not built again (`bound`).
  const values: CounterValues = { tenant: binds.v(ctx.tenantId), user: binds.v(ctx.user.id), provider: scope.providerId ? binds.v(scope.providerId) : undefined };
  // Written out once for its shape (db/client.ts `keptRowsTogether`): which counters the account sees and its data scope.
  const shape = `unread ${JSON.stringify([sees, scope.orders, scope.providerId !== undefined])}`;
  const [rows] = await keptRowsTogether(exec, shape, binds, () => [{ name: 'unread_counts', query: countersQuery(exec, values, scope, sees) }], {
    once: scope.orders === 'all',
    bound: true,
  });
  const row = rows?.[0] as Record<keyof UnreadCounts, number | string> | undefined;
  if (!row) throw new Error('unreadCounts: no row');
  return {
    notifications: Number(row.notifications),
    orders: Number(row.orders),
    transactions: Number(row.transactions),
    comments: Number(row.comments),
    reviews: Number(row.reviews),
  };
}

/** The counters' values, bound before their statement is built: the business, the account and its provider (a provider account's). */
type CounterValues = { tenant: string; user: string; provider: string | undefined };

/** Every counter in one statement (the sidebar asks on every page), its values bound already (`values`). */
function countersQuery(exec: Executor, values: CounterValues, scope: DataScope, sees: Record<'orders' | 'payments' | 'comments' | 'reviews', boolean>): SQL {
  const { tenant, user } = values;
  // visibleOrders binds the provider through its `v`: here, the one bound already (and nothing else).
  const v = boundAs(scope.providerId, values.provider);
  // When the account last opened the list (never: every row counts), read inside the statement.
  const seenAt = (module: SeenModule) =>
    sql`coalesce((select ${userSeenMarks.seenAt} from ${userSeenMarks} where ${userSeenMarks.tenantId} = ${tenant} and ${userSeenMarks.userId} = ${user} and ${userSeenMarks.module} = ${constants(module)}), '-infinity'::timestamptz)`;
  const none = sql`0`;

  const ordersCount = sees.orders
    ? cappedCount(
        exec
          .select({ one: sql`1` })
          .from(orders)
          .where(and(eq(orders.tenantId, tenant), isNull(orders.readAt), isNull(orders.deletedAt), sql`not ${orders.isDraft}`, gt(orders.createdAt, seenAt('orders')), visibleOrders(scope, v)))
          .$dynamic(),
      )
    : none;

  // The join to orders only narrows a provider account to its orders; for the others it is left out.
  const unreadPayments = and(
    eq(transactions.tenantId, tenant),
    isNull(transactions.readAt),
    isNull(transactions.deletedAt),
    or(sql`${transactions.status} = ${constants('wait')}`, gt(transactions.updatedAt, seenAt('transactions'))),
  );
  const payments = exec.select({ one: sql`1` }).from(transactions).$dynamic();
  const transactionsCount = sees.payments
    ? cappedCount(
        scope.orders === 'all'
          ? payments.where(unreadPayments)
          : payments.innerJoin(orders, and(eq(orders.tenantId, transactions.tenantId), eq(orders.id, transactions.orderId))).where(and(unreadPayments, visibleOrders(scope, v))),
      )
    : none;

  const pending = (table: typeof comments | typeof reviews) =>
    cappedCount(
      exec
        .select({ one: sql`1` })
        .from(table)
        .where(and(eq(table.tenantId, tenant), sql`${table.status} = ${constants('pending')}`))
        .$dynamic(),
    );

  return sql`select ${cappedCount(notesOf(exec, tenant, user))} as notifications, ${ordersCount} as orders, ${transactionsCount} as transactions,
      ${sees.comments ? pending(comments) : none} as comments, ${sees.reviews ? pending(reviews) : none} as reviews`;
}

/** The account opened `module`'s list now: what came before no longer counts as unread for it. */
export async function markSeen(exec: Executor, ctx: AuthContext, module: SeenModule, at: SQL | Date = sql`now()`): Promise<void> {
  await exec
    .insert(userSeenMarks)
    .values({ tenantId: ctx.tenantId, userId: ctx.user.id, module, seenAt: at })
    .onConflictDoUpdate({ target: [userSeenMarks.tenantId, userSeenMarks.userId, userSeenMarks.module], set: { seenAt: at } });
}
