import type { Locale } from '@app/shared/constants';
import { formatDay, formatTime } from '@app/shared/format';
import { localDateOf } from '@app/shared/scheduling/zoned';
import { ACTIVE_BOOKING_STATUSES } from '@app/shared/states/booking';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { branches } from '../../db/schema/business';
import { customers } from '../../db/schema/customers';
import { bookings, orders } from '../../db/schema/sales';
import { tenants } from '../../db/schema/tenants';
import { t } from '../../i18n/messages';
import { queueNotification, templateChannels } from '../notifications/notify';
import { manageUrlFor } from './store-links';

/**
 * The store's own messages to its customer (issue 19; docs/decisions.md "Booking on the store"):
 *
 * - `confirmed`: the visit is confirmed (at once, when its deposit is paid, or when the business
 *   approves it), with the link to the customer's own page. The business's active `booking_confirmed`
 *   templates speak for it on their channels (notifyBooking); the built-in text goes on each channel it
 *   wrote none for (SMS, and e-mail when the customer gave one).
 * - `received`: a request the business approves first (unapproved), with the same link.
 *
 * Only for orders made on the store (source booking-page) of a business with a store address; once an
 * order and channel (the notification's idempotency key), in the caller's transaction.
 */
export async function sendStoreMessage(exec: Executor, tenantId: string, orderId: string, kind: 'confirmed' | 'received', asked?: Locale): Promise<number> {
  const [o] = await exec
    .select({
      number: orders.number,
      source: orders.source,
      customer: { id: customers.id, firstName: customers.firstName, lastName: customers.lastName, phone: customers.phone, email: customers.email },
      tenant: { subdomain: tenants.subdomain, name: tenants.name, storeName: tenants.storeName, locale: tenants.locale, timezone: tenants.timezone, timeFormat: tenants.timeFormat },
      branchZone: branches.timezone,
    })
    .from(orders)
    .innerJoin(tenants, eq(tenants.id, orders.tenantId))
    .leftJoin(customers, and(eq(customers.tenantId, orders.tenantId), eq(customers.id, orders.customerId)))
    .leftJoin(branches, and(eq(branches.tenantId, orders.tenantId), eq(branches.id, orders.branchId)))
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)));
  if (!o) return 0;
  if (o.source !== 'booking-page' || !o.tenant.subdomain || !o.customer?.id) return 0;
  const visits = await exec
    .select({ startAt: bookings.startAt })
    .from(bookings)
    .where(and(eq(bookings.tenantId, tenantId), eq(bookings.orderId, orderId), inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES])))
    .orderBy(asc(bookings.startAt));
  const first = visits[0]?.startAt;
  const last = visits[visits.length - 1]?.startAt;
  if (!first || !last) return 0;
  const locale: Locale = (asked ?? o.tenant.locale) === 'en' ? 'en' : 'ar';
  const zone = o.branchZone || o.tenant.timezone;
  const link = manageUrlFor(o.tenant.subdomain, tenantId, orderId, last);
  const params = {
    business: o.tenant.storeName ?? o.tenant.name ?? '',
    number: o.number,
    date: formatDay(localDateOf(first.getTime(), zone), locale),
    time: formatTime(first, locale, o.tenant.timeFormat === '24' ? '24' : '12', zone),
    link,
  };
  const own = kind === 'confirmed' ? await templateChannels(exec, tenantId, 'booking_confirmed') : new Set<string>();
  const c = o.customer;
  const name = `${c.firstName} ${c.lastName ?? ''}`.trim();
  let made = 0;
  for (const channel of ['sms', 'email'] as const) {
    const address = channel === 'sms' ? c.phone : c.email;
    if (own.has(channel) || !address) continue;
    const id = await queueNotification(
      exec,
      {
        tenantId,
        templateId: null,
        action: kind === 'confirmed' ? 'booking_confirmed' : 'booking_created',
        channel,
        receiverType: 'customer',
        receiverId: c.id,
        receiverName: name,
        email: c.email,
        phone: c.phone,
        title: channel === 'email' ? t(`store_${kind}_mail_subject`, locale, params) : null,
        body: t(channel === 'sms' ? `store_${kind}_sms` : `store_${kind}_mail_body`, locale, params),
        status: 'pending',
        orderId,
        idempotencyKey: `store_${kind}:${orderId}:${channel}`,
      },
      address,
    );
    if (id) made++;
  }
  return made;
}
