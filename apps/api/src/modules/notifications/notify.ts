import type { Locale } from '@app/shared/constants';
import { formatDay, formatMoney, formatTime } from '@app/shared/format';
import { ACTIVE_BOOKING_STATUSES } from '@app/shared/states/booking';
import type { NotificationAction, TemplateVariable } from '@app/shared/schemas/notifications';
import { localDateOf } from '@app/shared/scheduling/zoned';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, type Executor, insertText, quotedTable, rowsOf, smallShape, textRows, writeWithNext } from '../../db/client';
import { branches, providers, services } from '../../db/schema/business';
import { customers } from '../../db/schema/customers';
import { campaigns } from '../../db/schema/marketing';
import { notifications, notificationTemplates, type TemplateRow } from '../../db/schema/notifications';
import { outboxMessages } from '../../db/schema/outbox';
import { bookings, orders } from '../../db/schema/sales';
import { tenants } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import { byKeyValue } from '../../lib/by-key';
import { clock } from '../../lib/clock';
import { channelAddress, unreachableReason, unreachableReasonOf } from '../channels/channels';
import { manageUrlFor } from '../store/store-links';

/**
 * Making notifications (issue 18 §1). Two rules keep them from misfiring, the bugs peers are known
 * for (cal.com #7225, #6973, #6905, #10749):
 *
 * **Reminders are derived, never scheduled.** Nothing is queued when a booking is made. A periodic
 * job looks for active appointments whose reminder time has come (start − offset, within a grace
 * window) and makes the reminder then, keyed by the booking, the template and the appointment's
 * *current* start. A cancelled booking is no longer found; a rescheduled one is found at its new
 * time under a new key; a booking made after its reminder time is not reminded late. The key is
 * unique, so two workers, a retry or a restart make one message. At delivery the worker checks
 * again (`stillDue`) that the appointment is active and still starts then.
 *
 * **One event, one message.** An event's notifications are written in the transaction of the change
 * (with its outbox message), keyed by the event, so nothing is sent for a change that rolled back
 * and nothing twice for one that happened once.
 */

/** A reminder whose time passed more than this long ago is not sent late. */
export const REMINDER_GRACE_MS = 30 * 60_000;

/** Replaces `{{variable}}` with its value (unknown ones are refused when the template is saved). */
export function renderTemplate(text: string, vars: Partial<Record<TemplateVariable, string>>): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (_, name: string) => vars[name as TemplateVariable] ?? '');
}

type BookingFacts = {
  tenantId: string;
  bookingId: string;
  orderId: string;
  startAt: Date;
  status: string;
};

/** What a template gives a message: to whom, on which channel, its text in both languages. */
type MessageTemplate = Pick<TemplateRow, 'id' | 'action' | 'channel' | 'receiver' | 'titleAr' | 'titleEn' | 'bodyAr' | 'bodyEn'>;

/** What a booking's messages say and to whom: its customer, provider, service, branch and business; the business's active templates for the event. */
export type NoticeContext = {
  booking: { id: string; tenantId: string; orderId: string; number: number; startAt: Date };
  orderNumber: number | null;
  customer: { id: string; firstName: string; lastName: string; phone: string | null; email: string | null } | null;
  provider: { id: string; name: string; userId: string | null } | null;
  service: string | null;
  branch: string | null;
  branchZone: string | null;
  tenant: { name: string | null; storeName: string | null; locale: string; timezone: string; timeFormat: string; subdomain: string | null; whatsappStatus: string };
  staffUser: { phone: string | null; email: string | null } | null;
  owner: { id: string; name: string; phone: string | null; email: string | null } | null;
  templates: MessageTemplate[];
};

/**
 * What a booking's messages need beyond the booking read model's columns (the booking, its order's
 * number, the customer's and provider's names, the service's), as columns of any statement that
 * reads `bookings`: each is looked up by the booking's keys, so they need no join. The bookings'
 * read model adds them (`readBookingsWithNotice`), so a new booking's answer and its messages come
 * from one read. With `action`, the business's active templates for it.
 */
export const noticeColumns = (action: NotificationAction | null | Placeholder) => ({
  customerEmail: byKeyValue(customers.email, { tenantId: bookings.tenantId, id: bookings.customerId }),
  providerUserId: byKeyValue(providers.userId, { tenantId: bookings.tenantId, id: bookings.providerId }),
  branchName: byKeyValue(branches.name, { tenantId: bookings.tenantId, id: bookings.branchId }),
  branchZone: byKeyValue(branches.timezone, { tenantId: bookings.tenantId, id: bookings.branchId }),
  tenant: sql<NoticeContext['tenant']>`(select json_build_object('name', t.name, 'storeName', t.store_name, 'locale', t.locale, 'timezone', t.timezone,
      'timeFormat', t.time_format, 'subdomain', t.subdomain, 'whatsappStatus', t.whatsapp_status) from ${tenants} t where t.id = ${bookings.tenantId})`,
  // The provider's account and the business's owner.
  staffUser: sql<NoticeContext['staffUser']>`(select json_build_object('phone', u.phone, 'email', u.email)
      from ${providers} p join ${users} u on u.tenant_id = p.tenant_id and u.id = p.user_id where p.tenant_id = ${bookings.tenantId} and p.id = ${bookings.providerId})`,
  owner: sql<NoticeContext['owner']>`(select json_build_object('id', u.id, 'name', u.name, 'phone', u.phone, 'email', u.email)
      from ${users} u where u.tenant_id = ${bookings.tenantId} and u.is_owner limit 1)`,
  templates: sql<MessageTemplate[]>`(select coalesce(json_agg(json_build_object('id', t.id, 'action', t.action, 'channel', t.channel, 'receiver', t.receiver,
        'titleAr', t.title_ar, 'titleEn', t.title_en, 'bodyAr', t.body_ar, 'bodyEn', t.body_en) order by t.created_at, t.id), '[]')
      from ${notificationTemplates} t where t.tenant_id = ${bookings.tenantId} and t.action = ${action} and t.status = 'active')`,
});

/** A row of the bookings' read model with `noticeColumns`: what its messages need. */
export type NoticeRead = {
  b: NoticeContext['booking'] & { customerId: string | null; providerId: string };
  orderNumber: number | null;
  customerFirst: string | null;
  customerLast: string | null;
  customerPhone: string | null;
  providerName: string | null;
  serviceName: string | null;
} & { [K in keyof ReturnType<typeof noticeColumns>]: ReturnType<typeof noticeColumns>[K]['_']['type'] };

export function noticeOf(r: NoticeRead): NoticeContext {
  return {
    booking: r.b,
    orderNumber: r.orderNumber,
    customer: r.b.customerId && r.customerFirst !== null ? { id: r.b.customerId, firstName: r.customerFirst, lastName: r.customerLast ?? '', phone: r.customerPhone, email: r.customerEmail } : null,
    provider: r.providerName !== null ? { id: r.b.providerId, name: r.providerName, userId: r.providerUserId } : null,
    service: r.serviceName,
    branch: r.branchName,
    branchZone: r.branchZone,
    tenant: r.tenant,
    staffUser: r.staffUser,
    owner: r.owner,
    templates: r.templates,
  };
}

/** The messages' context of the bookings `bookingIds` (one statement); with `action`, the business's active templates for it. */
export async function bookingContexts(exec: Executor, tenantId: string, bookingIds: readonly string[], action: NotificationAction | null = null): Promise<NoticeContext[]> {
  if (!bookingIds.length) return [];
  const rows = await exec
    .select({
      b: bookings,
      orderNumber: orders.number,
      customerFirst: customers.firstName,
      customerLast: customers.lastName,
      customerPhone: customers.phone,
      providerName: providers.name,
      serviceName: services.name,
      ...noticeColumns(action),
    })
    .from(bookings)
    .innerJoin(orders, and(eq(orders.tenantId, bookings.tenantId), eq(orders.id, bookings.orderId)))
    .leftJoin(customers, and(eq(customers.tenantId, bookings.tenantId), eq(customers.id, bookings.customerId)))
    .leftJoin(providers, and(eq(providers.tenantId, bookings.tenantId), eq(providers.id, bookings.providerId)))
    .leftJoin(services, and(eq(services.tenantId, bookings.tenantId), eq(services.id, bookings.serviceId)))
    .leftJoin(branches, and(eq(branches.tenantId, bookings.tenantId), eq(branches.id, bookings.branchId)))
    .where(and(eq(bookings.tenantId, tenantId), inArray(bookings.id, [...bookingIds])))
    .orderBy(bookings.startAt, bookings.number);
  return rows.map(noticeOf);
}

/** One booking's messages' context (null: no such booking). */
export async function bookingContext(exec: Executor, tenantId: string, bookingId: string, action: NotificationAction | null = null): Promise<NoticeContext | null> {
  return (await bookingContexts(exec, tenantId, [bookingId], action))[0] ?? null;
}

function variables(c: NoticeContext, locale: Locale): Partial<Record<TemplateVariable, string>> {
  const zone = c.branchZone || c.tenant.timezone;
  const timeFormat = c.tenant.timeFormat === '24' ? '24' : '12';
  return {
    customer_name: c.customer ? `${c.customer.firstName} ${c.customer.lastName}`.trim() : '',
    business_name: c.tenant.storeName ?? c.tenant.name ?? '',
    service_name: c.service ?? '',
    staff_name: c.provider?.name ?? '',
    branch_name: c.branch ?? '',
    date: formatDay(localDateOf(c.booking.startAt.getTime(), zone), locale),
    time: formatTime(c.booking.startAt, locale, timeFormat, zone),
    booking_number: String(c.booking.number),
    order_number: String(c.orderNumber),
    manage_link: manageLinkOf(c),
  };
}

/** The customer's own page of the booking's order (its store's address), or nothing when the business has no store address. */
function manageLinkOf(c: NoticeContext): string {
  if (!c.tenant.subdomain) return '';
  try {
    return manageUrlFor(c.tenant.subdomain, c.booking.tenantId, c.booking.orderId, c.booking.startAt);
  } catch {
    // No server to link to (signed links not configured: a script outside the app).
    return '';
  }
}

/** Who a message may be for: the customer, the provider (and their account), the business's owner. */
type Parties = {
  customer: { id: string; firstName: string; lastName: string; phone: string | null; email: string | null } | null;
  provider: { id: string; name: string; userId: string | null } | null;
  staffUser?: { phone: string | null; email: string | null } | null;
  owner?: { id: string; name: string; phone: string | null; email: string | null } | null;
};

/**
 * The template's receiver among the parties: a name, how to reach them, and the address on the
 * template's channel (push goes to the receiver's account: the owner's, or the provider's; customers have none).
 */
function receiverOf(t: Pick<TemplateRow, 'receiver' | 'channel'>, c: Parties) {
  const to =
    t.receiver === 'customer'
      ? { id: c.customer?.id ?? null, name: c.customer ? `${c.customer.firstName} ${c.customer.lastName}`.trim() : null, phone: c.customer?.phone ?? null, email: c.customer?.email ?? null }
      : t.receiver === 'staff'
        ? { id: c.provider?.id ?? null, name: c.provider?.name ?? null, phone: c.staffUser?.phone ?? null, email: c.staffUser?.email ?? null }
        : { id: c.owner?.id ?? null, name: c.owner?.name ?? null, phone: c.owner?.phone ?? null, email: c.owner?.email ?? null };
  const userId = t.receiver === 'user' ? (c.owner?.id ?? null) : t.receiver === 'staff' ? (c.provider?.userId ?? null) : null;
  return { ...to, address: channelAddress(t.channel, { email: to.email, phone: to.phone, userId }) };
}

/** A template's message for a booking: the receiver, the rendered text in the business's language, and why it cannot go (if so). */
export function compose(t: MessageTemplate, c: NoticeContext) {
  const locale: Locale = c.tenant.locale === 'en' ? 'en' : 'ar';
  const vars = variables(c, locale);
  const to = receiverOf(t, c);
  const { address } = to;
  const title = renderTemplate(locale === 'en' ? t.titleEn : t.titleAr, vars) || null;
  const body = renderTemplate(locale === 'en' ? t.bodyEn : t.bodyAr, vars);
  // WhatsApp and push need their app (spec §8): `noticeOfTemplate` asks whether the business has it (unreachableReasonOf).
  const reason = t.channel === 'whatsapp' || t.channel === 'push' ? `no ${t.channel} app connected` : address ? null : t.channel === 'email' ? 'no e-mail address' : 'no phone number';
  return {
    address,
    values: {
      tenantId: c.booking.tenantId,
      templateId: t.id,
      action: t.action,
      channel: t.channel,
      receiverType: t.receiver,
      receiverId: to.id,
      receiverName: to.name,
      email: to.email,
      phone: to.phone,
      title,
      body,
      status: reason ? 'not-sent' : 'pending',
      failReason: reason,
      orderId: c.booking.orderId,
      bookingId: c.booking.id,
    },
  };
}

/** A template's notification for a booking, keyed, ready to be queued (`queueNotifications`). */
function noticeOfTemplate(t: MessageTemplate, c: NoticeContext, key: string, dueStartAt: Date | null): Queued {
  const { address, values } = compose(t, c);
  const reason = unreachableReasonOf(t.channel, address, c.tenant.whatsappStatus);
  return { values: { ...values, status: reason ? 'not-sent' : 'pending', failReason: reason, dueStartAt, idempotencyKey: key }, address };
}

/** A notification to write and where its outbox message goes (none: no message). */
export type Queued = { values: typeof notifications.$inferInsert; address: string | null };

/**
 * Writes one keyed notification and, when it can go (pending, with an address), its outbox message
 * the way the booking events do, in the caller's transaction (campaigns queue theirs through it).
 * Answers the new row's id, or null when the key was already used.
 */
export async function queueNotification(exec: Executor, values: typeof notifications.$inferInsert, address: string | null): Promise<string | null> {
  return (await queueNotifications(exec, [{ values, address }]))[0] ?? null;
}

const OUTBOX = quotedTable(outboxMessages);

/**
 * Writes keyed notifications and the outbox messages of those that can go (pending, with an
 * address), all in one statement: a message is written only when its notification is (its key new).
 * Answers each one's new id, or null where its key was already used.
 */
export async function queueNotifications(exec: Executor, items: readonly Queued[], opts: { withNext?: boolean } = {}): Promise<(string | null)[]> {
  if (!items.length) return [];
  const rows = items.map((q) => ({ ...q.values, id: q.values.id ?? randomUUID() }));
  const params: unknown[] = [];
  const insert = `${insertText(rowsOf(notifications, rows), params)} on conflict do nothing returning id`;
  const going = items.flatMap((q, i) => ((q.values.status ?? 'pending') === 'pending' && q.address ? [{ q, id: rows[i]!.id }] : []));
  let text = insert;
  if (going.length) {
    const messages = going
      .map(({ q, id }) => {
        params.push(id, q.values.tenantId, q.values.channel, q.address, q.values.title ?? null, q.values.body);
        const n = params.length;
        return `($${n - 5}::uuid, $${n - 4}::uuid, $${n - 3}::text, $${n - 2}::text, $${n - 1}::text, $${n}::text)`;
      })
      .join(', ');
    text = `with n as (${insert}),
        o as (insert into ${OUTBOX} (tenant_id, channel, recipient, subject, body, notification_id)
              select m.tenant_id, m.channel, m.recipient, m.subject, m.body, n.id from n join (values ${messages}) as m(id, tenant_id, channel, recipient, subject, body) on m.id = n.id)
      select id from n`;
  }
  const base = smallShape('queue_notifications', rows.length);
  if (opts.withNext) {
    // Sent with the transaction's next statement or its commit: each one's id as sent, for the
    // messages of something just made, whose keys cannot have been used yet.
    await writeWithNext(exec, base, text, params);
    return rows.map((r) => r.id);
  }
  const made = await textRows<{ id: string }>(exec, base, text, params);
  const written = new Set(made.map((r) => r.id));
  return rows.map((r) => (written.has(r.id) ? r.id : null));
}

/**
 * The business's active templates for a booking event (its context read with them), made in the
 * caller's transaction. `event` names this occurrence (a reschedule's new start), so the same event
 * never makes two messages.
 */
export async function notifyBooking(exec: Executor, tenantId: string, bookingId: string, action: Exclude<NotificationAction, 'booking_reminder'>, event: string): Promise<number> {
  return notifyBookings(exec, tenantId, [bookingId], action, event);
}

/** `notifyBooking` for several bookings of one event (an order's): their contexts in one statement, their messages in another. */
export async function notifyBookings(exec: Executor, tenantId: string, bookingIds: readonly string[], action: Exclude<NotificationAction, 'booking_reminder'>, event: string): Promise<number> {
  return queueBookingNotices(exec, await bookingContexts(exec, tenantId, bookingIds, action), action, event);
}

/** The messages of contexts read with `action`'s templates (`bookingContexts`, or the read model with `noticeColumns`), in one statement. Answers how many were new (with `withNext`, how many were sent). */
export async function queueBookingNotices(
  exec: Executor,
  contexts: readonly NoticeContext[],
  action: Exclude<NotificationAction, 'booking_reminder'>,
  event: string,
  opts: { withNext?: boolean } = {},
): Promise<number> {
  const items = contexts.flatMap((c) => c.templates.map((t) => noticeOfTemplate(t, c, `${action}:${c.booking.id}:${t.id}:${event}`, null)));
  return (await queueNotifications(exec, items, opts)).filter((id) => id !== null).length;
}

/**
 * The reminders whose time has come (system connection, every business): for each active reminder
 * template, the active appointments starting between `offset` and `offset − grace` from now. Made
 * once each (the key holds the start), sent by the outbox worker.
 */
export async function makeDueReminders(db: Database, now: Date = clock.now(), log?: FastifyBaseLogger): Promise<number> {
  const due = await db
    .select({ template: notificationTemplates, bookingId: bookings.id, startAt: bookings.startAt })
    .from(notificationTemplates)
    .innerJoin(
      bookings,
      and(
        eq(bookings.tenantId, notificationTemplates.tenantId),
        inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
        sql`${bookings.startAt} > ${now.toISOString()}::timestamptz`,
        sql`${bookings.startAt} - make_interval(mins => ${notificationTemplates.offsetMinutes}) <= ${now.toISOString()}::timestamptz`,
        sql`${bookings.startAt} - make_interval(mins => ${notificationTemplates.offsetMinutes}) > ${new Date(now.getTime() - REMINDER_GRACE_MS).toISOString()}::timestamptz`,
      ),
    )
    .where(and(eq(notificationTemplates.action, 'booking_reminder'), eq(notificationTemplates.status, 'active')))
    .limit(500);
  let made = 0;
  for (const d of due) {
    try {
      await db.transaction(async (tx) => {
        const c = await bookingContext(tx, d.template.tenantId, d.bookingId);
        if (c && (await queueNotifications(tx, [noticeOfTemplate(d.template, c, `booking_reminder:${d.bookingId}:${d.template.id}:${d.startAt.toISOString()}`, d.startAt)]))[0]) made++;
      });
    } catch (err) {
      log?.warn({ bookingId: d.bookingId, err: err instanceof Error ? err.message : String(err) }, 'reminder not made');
    }
  }
  return made;
}

export type BookingCheck = Pick<BookingFacts, 'status' | 'startAt'>;

/**
 * At delivery: a reminder goes only if its appointment is still active and still starts when the
 * reminder was made for (cancelled or moved in between: not sent). Other notifications always go.
 */
export async function stillDue(db: Database, notificationId: string): Promise<boolean> {
  return (await notDueReason(db, notificationId)) === null;
}

/** Why a campaign's message is no longer sent (its campaign was cancelled). */
export const CAMPAIGN_NOT_DUE = 'the campaign was cancelled';
/** Why a reminder is no longer sent. */
export const APPOINTMENT_NOT_DUE = 'the appointment was cancelled or moved';

/** `stillDue`, with the reason it is not (null: it is still due), for the log. */
export async function notDueReason(db: Database, notificationId: string): Promise<string | null> {
  const [n] = await db
    .select({ tenantId: notifications.tenantId, bookingId: notifications.bookingId, dueStartAt: notifications.dueStartAt, campaignId: notifications.campaignId })
    .from(notifications)
    .where(eq(notifications.id, notificationId));
  // A campaign's message is never sent once its campaign is cancelled (modules/marketing/campaigns.service.ts).
  if (n?.campaignId) {
    const [c] = await db.select({ status: campaigns.status }).from(campaigns).where(and(eq(campaigns.tenantId, n.tenantId), eq(campaigns.id, n.campaignId)));
    return c?.status === 'cancelled' ? CAMPAIGN_NOT_DUE : null;
  }
  if (!n?.bookingId || !n.dueStartAt) return null;
  const [b] = await db.select({ status: bookings.status, startAt: bookings.startAt }).from(bookings).where(and(eq(bookings.tenantId, n.tenantId), eq(bookings.id, n.bookingId)));
  return b && (ACTIVE_BOOKING_STATUSES as readonly string[]).includes(b.status) && b.startAt.getTime() === n.dueStartAt.getTime() ? null : APPOINTMENT_NOT_DUE;
}

/** The outbox worker's word on a notification's message: sent, retried (failed, to be tried again), failed for good, or no longer due. */
export async function recordDelivery(db: Database, notificationId: string, outcome: 'sent' | 'retried' | 'failed' | 'not-sent', reason?: string): Promise<void> {
  await db
    .update(notifications)
    .set({
      status: outcome,
      failReason: outcome === 'sent' ? null : (reason ?? null)?.slice(0, 500),
      ...(outcome === 'sent' ? { sentAt: sql`now()` } : {}),
    })
    .where(eq(notifications.id, notificationId));
}

// ------------------------------------------------------------------------------- order events

/** The order-level actions (an invoice, a payment, a link, a review request): the order's customer, provider and business. */
export type OrderAction = Extract<NotificationAction, 'order_invoiced' | 'payment_received' | 'payment_failed' | 'payment_link' | 'review_request'>;

/** What an order event adds to the order's own variables. `amount` in minor units of the order's currency, written out in the business's language. */
export type OrderExtras = Partial<Record<'invoice_number' | 'payment_link' | 'review_link', string>> & { amount?: number };

/** What an order's messages say and to whom: its customer, provider, branch, business, and its first appointment (for service, staff, date and time). */
export async function orderContext(exec: Executor, tenantId: string, orderId: string) {
  const [row] = await exec
    .select({
      order: { id: orders.id, number: orders.number, currency: orders.currency, total: orders.total, paidAmount: orders.paidAmount },
      customer: { id: customers.id, firstName: customers.firstName, lastName: customers.lastName, phone: customers.phone, email: customers.email },
      provider: { id: providers.id, name: providers.name, userId: providers.userId },
      branch: branches.name,
      branchZone: branches.timezone,
      tenant: { name: tenants.name, storeName: tenants.storeName, locale: tenants.locale, timezone: tenants.timezone, timeFormat: tenants.timeFormat },
    })
    .from(orders)
    .innerJoin(tenants, eq(tenants.id, orders.tenantId))
    .leftJoin(customers, and(eq(customers.tenantId, orders.tenantId), eq(customers.id, orders.customerId)))
    .leftJoin(providers, and(eq(providers.tenantId, orders.tenantId), eq(providers.id, orders.providerId)))
    .leftJoin(branches, and(eq(branches.tenantId, orders.tenantId), eq(branches.id, orders.branchId)))
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)));
  if (!row) return null;
  const [first] = await exec
    .select({ startAt: bookings.startAt, service: services.name, provider: { id: providers.id, name: providers.name, userId: providers.userId } })
    .from(bookings)
    .leftJoin(services, and(eq(services.tenantId, bookings.tenantId), eq(services.id, bookings.serviceId)))
    .leftJoin(providers, and(eq(providers.tenantId, bookings.tenantId), eq(providers.id, bookings.providerId)))
    .where(and(eq(bookings.tenantId, tenantId), eq(bookings.orderId, orderId)))
    .orderBy(bookings.startAt)
    .limit(1);
  // The order's provider, else its first appointment's.
  const provider = row.provider?.id ? row.provider : (first?.provider ?? null);
  const staffUser = provider?.userId
    ? (await exec.select({ phone: users.phone, email: users.email }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, provider.userId))))[0]
    : undefined;
  const [owner] = await exec
    .select({ id: users.id, name: users.name, phone: users.phone, email: users.email })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isOwner, true)))
    .limit(1);
  return { ...row, provider, first: first ?? null, staffUser, owner };
}

type OrderContext = NonNullable<Awaited<ReturnType<typeof orderContext>>>;

/** The variables an order event fills: the order's, its first appointment's, and the event's own. */
export function orderVariables(c: OrderContext, locale: Locale, extra: OrderExtras = {}): Partial<Record<TemplateVariable, string>> {
  const zone = c.branchZone || c.tenant.timezone;
  const timeFormat = c.tenant.timeFormat === '24' ? '24' : '12';
  const { amount, ...texts } = extra;
  return {
    customer_name: c.customer ? `${c.customer.firstName} ${c.customer.lastName}`.trim() : '',
    business_name: c.tenant.storeName ?? c.tenant.name ?? '',
    service_name: c.first?.service ?? '',
    staff_name: c.provider?.name ?? '',
    branch_name: c.branch ?? '',
    date: c.first ? formatDay(localDateOf(c.first.startAt.getTime(), zone), locale) : '',
    time: c.first ? formatTime(c.first.startAt, locale, timeFormat, zone) : '',
    order_number: String(c.order.number),
    ...(amount !== undefined ? { amount: formatMoney(amount, locale, c.order.currency) } : {}),
    ...texts,
  };
}

/** The channels of the business's active templates for `action` (a built-in message steps aside on a channel the business wrote its own for). */
export async function templateChannels(exec: Executor, tenantId: string, action: NotificationAction): Promise<Set<string>> {
  const rows = await exec
    .selectDistinct({ channel: notificationTemplates.channel })
    .from(notificationTemplates)
    .where(and(eq(notificationTemplates.tenantId, tenantId), eq(notificationTemplates.action, action), eq(notificationTemplates.status, 'active')));
  return new Set(rows.map((r) => r.channel));
}

/**
 * The business's active templates for an order event, made in the caller's transaction (with their
 * outbox messages), keyed by the action, the order, the template and `event` (this occurrence: an
 * invoice's id, a transaction's id, a link's id), so the same event never makes two messages.
 * Answers how many were new.
 */
export async function notifyOrder(exec: Executor, tenantId: string, orderId: string, action: OrderAction, event: string, extra: OrderExtras = {}): Promise<number> {
  const templates = await exec
    .select()
    .from(notificationTemplates)
    .where(and(eq(notificationTemplates.tenantId, tenantId), eq(notificationTemplates.action, action), eq(notificationTemplates.status, 'active')));
  if (!templates.length) return 0;
  const c = await orderContext(exec, tenantId, orderId);
  if (!c) return 0;
  const locale: Locale = c.tenant.locale === 'en' ? 'en' : 'ar';
  const vars = orderVariables(c, locale, extra);
  let made = 0;
  for (const t of templates) {
    const to = receiverOf(t, c);
    const reason = await unreachableReason(exec, tenantId, t.channel, to.address);
    const id = await queueNotification(
      exec,
      {
        tenantId,
        templateId: t.id,
        action: t.action,
        channel: t.channel,
        receiverType: t.receiver,
        receiverId: to.id,
        receiverName: to.name,
        email: to.email,
        phone: to.phone,
        title: renderTemplate(locale === 'en' ? t.titleEn : t.titleAr, vars) || null,
        body: renderTemplate(locale === 'en' ? t.bodyEn : t.bodyAr, vars),
        status: reason ? 'not-sent' : 'pending',
        failReason: reason,
        orderId,
        idempotencyKey: `${action}:${orderId}:${t.id}:${event}`,
      },
      to.address,
    );
    if (id) made++;
  }
  return made;
}
