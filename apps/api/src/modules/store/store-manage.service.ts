import { formatDateTimeIn } from '@app/shared/format';
import { addDays, localDateOf, localDates } from '@app/shared/scheduling/zoned';
import { SLOTS_RANGE_MAX_DAYS, type SlotsResponse } from '@app/shared/schemas/bookings';
import type { PaymentLink } from '@app/shared/schemas/transactions';
import { type ManageBlockedReason, type ManageBooking, STORE_DEPOSIT_MINUTES, type manageCancelBody, type manageRescheduleBody } from '@app/shared/schemas/store';
import { ACTIVE_BOOKING_STATUSES, BOOKING_CANCEL_REASON_TYPE } from '@app/shared/states/booking';
import { assertTransition as orderTransition, orderEditable } from '@app/shared/states/order';
import { and, asc, eq, gt, } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import { type Database, type Tx, withTenant } from '../../db/client';
import { branches, providers, services } from '../../db/schema/business';
import { customers } from '../../db/schema/customers';
import { bookings, orders, paymentLinks } from '../../db/schema/sales';
import { cancellationReasons } from '../../db/schema/settings';
import { tenants } from '../../db/schema/tenants';
import { t } from '../../i18n/messages';
import { clock } from '../../lib/clock';

const HOUR_MS = 3_600_000;
import { fieldError } from '../../lib/errors';
import { type ClaimContext, createBookingService, zoneOf } from '../bookings/bookings.service';
import { notifyUsers } from '../notifications/app-notifications';
import { logOrder } from '../orders/order-core';
import * as payRepo from '../transactions/transactions.repository';
import { createTransactionService } from '../transactions/transactions.service';
import type { PaymentGateway } from '../../integrations/payment/payment.adapter';
import { bookingLinkInvalid, readBookingToken } from './store-links';
import { storeRules } from './store-rules';
import { visitDeposit } from './store-services';
import { cancelAppointmentsIn, releaseOrderIn } from '../orders/order-cancel';
import { forgetFullSlots } from '../bookings/full-slots';

/**
 * The customer's own booking page (issue 19; docs/decisions.md "The customer's booking page and the
 * waitlist"): behind the signed link of store-links.ts the customer sees their order, moves the whole
 * visit to another free time, or cancels it, within the store's rules (allow_reschedule,
 * allow_cancel, change_notice_hours before the first visit). The business comes from the token only.
 */

type RescheduleBody = z.output<typeof manageRescheduleBody>;
type CancelBody = z.output<typeof manageCancelBody>;

/** The order's chosen provider, when the store recorded one (`meta_data.staff_id`), else null: any. */
function chosenStaff(meta: Record<string, unknown> | null | undefined): string | null {
  const v = meta?.staff_id;
  return typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v) ? v : null;
}

export function createStoreManageService(deps: { db: Database; config: Config; gateway: PaymentGateway; onCancelled?: () => void }) {
  const { db } = deps;
  const bookingService = createBookingService({ db, config: deps.config });
  const payments = createTransactionService(deps);

  /** Everything the page and the writes read, in the caller's transaction; 404 when the order is gone. */
  async function load(tx: Tx, tenantId: string, orderId: string, lock = false) {
    const [tenant] = await tx
      .select({ name: tenants.name, storeName: tenants.storeName, subdomain: tenants.subdomain, logo: tenants.logo, locale: tenants.locale, timeFormat: tenants.timeFormat, currency: tenants.currency, timezone: tenants.timezone })
      .from(tenants)
      .where(eq(tenants.id, tenantId));
    const q = tx
      .select()
      .from(orders)
      .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)));
    const [order] = lock ? await q.for('update') : await q;
    if (!tenant || !order || order.deletedAt || order.isDraft) throw bookingLinkInvalid();
    const visits = await tx
      .select({ b: bookings, serviceName: services.name, providerName: providers.name })
      .from(bookings)
      .leftJoin(services, and(eq(services.tenantId, bookings.tenantId), eq(services.id, bookings.serviceId)))
      .leftJoin(providers, and(eq(providers.tenantId, bookings.tenantId), eq(providers.id, bookings.providerId)))
      .where(and(eq(bookings.tenantId, tenantId), eq(bookings.orderId, orderId)))
      .orderBy(asc(bookings.startAt), asc(bookings.number));
    const active = visits.filter((v) => (ACTIVE_BOOKING_STATUSES as readonly string[]).includes(v.b.status));
    const branchId = order.branchId ?? visits[0]?.b.branchId ?? null;
    const [branch] = branchId ? await tx.select({ timezone: branches.timezone }).from(branches).where(and(eq(branches.tenantId, tenantId), eq(branches.id, branchId))) : [];
    const zone = zoneOf(branch?.timezone, tenant.timezone);
    const rules = await storeRules(tx, tenantId);
    const first = active[0]?.b.startAt ?? null;
    const deadline = first ? new Date(first.getTime() - rules.change_notice_hours * HOUR_MS) : null;
    const now = clock.now();
    const blocked = (allowed: boolean): ManageBlockedReason | null => {
      if (!first || !orderEditable(order.status)) return 'status';
      if (!allowed) return 'not_allowed';
      if (now.getTime() > deadline!.getTime()) return 'notice_passed';
      return null;
    };
    const ctx: ClaimContext & { tenant: { timezone: string; locale: string; currency: string } } = { tenantId, tenant: { timezone: tenant.timezone, locale: tenant.locale, currency: tenant.currency } };
    // Appointments apart (sessions on several days, added from the dashboard) are not moved as one visit here.
    const oneBlock = active.every((v, i) => i === 0 || v.b.startAt.getTime() === active[i - 1]!.b.occupiedUntil.getTime());
    return { tenant, order, visits, active, branchId, zone, rules, deadline, ctx, rescheduleBlocked: blocked(rules.allow_reschedule && oneBlock), cancelBlocked: blocked(rules.allow_cancel) };
  }
  type Loaded = Awaited<ReturnType<typeof load>>;

  /** The refusal of a change the page does not allow (422 on start_time / reason). */
  function refuse(field: string, reason: ManageBlockedReason, l: Loaded, what: 'reschedule' | 'cancel') {
    if (reason === 'notice_passed') return fieldError(field, 'change_notice_passed', { hours: l.rules.change_notice_hours });
    if (reason === 'not_allowed') return fieldError(field, what === 'reschedule' ? 'reschedule_not_allowed' : 'cancel_not_allowed');
    return fieldError(field, 'booking_not_changeable');
  }

  /**
   * The visit's deposit: what its active appointments kept when the store booked them (the services may
   * ask another deposit since, or none); an appointment added from the dashboard asks none.
   */
  function keptDeposit(l: Loaded): number {
    return visitDeposit(l.active.map((v) => v.b.depositAmount));
  }

  async function toView(tx: Tx, l: Loaded): Promise<ManageBooking> {
    const open = await tx
      .select({ id: paymentLinks.id })
      .from(paymentLinks)
      .where(and(eq(paymentLinks.tenantId, l.ctx.tenantId), eq(paymentLinks.orderId, l.order.id), eq(paymentLinks.status, 'open'), gt(paymentLinks.expiresAt, clock.now())))
      .limit(1);
    const deposit = keptDeposit(l);
    return {
      business: {
        name: l.tenant.storeName || l.tenant.name || '',
        subdomain: l.tenant.subdomain,
        logo: l.tenant.logo,
        locale: l.tenant.locale === 'en' ? 'en' : 'ar',
        currency: l.tenant.currency,
        timezone: l.tenant.timezone,
      },
      order_number: l.order.number,
      order_status: l.order.status,
      branch_id: l.branchId,
      time_zone: l.zone,
      staff_id: chosenStaff(l.order.metaData),
      visits: l.visits.map((v) => ({
        id: v.b.id,
        service_id: v.b.serviceId,
        service_name: v.serviceName,
        provider_name: v.providerName,
        start_time: v.b.startAt.toISOString(),
        end_time: v.b.endAt.toISOString(),
        status: v.b.status,
      })),
      total: l.order.total,
      paid_amount: l.order.paidAmount,
      deposit,
      deposit_due: Math.max(0, Math.min(deposit, l.order.total) - l.order.paidAmount),
      payment_status: l.order.paymentStatus,
      payment_link_open: open.length > 0,
      can_reschedule: l.rescheduleBlocked === null,
      can_cancel: l.cancelBlocked === null,
      reschedule_blocked: l.rescheduleBlocked,
      cancel_blocked: l.cancelBlocked,
      change_deadline: l.deadline?.toISOString() ?? null,
      change_notice_hours: l.rules.change_notice_hours,
    };
  }

  /** `GET store/booking/:token`. */
  async function view(token: string): Promise<ManageBooking> {
    const { tenantId, orderId } = readBookingToken(token);
    return withTenant(db, tenantId, async (tx) => toView(tx, await load(tx, tenantId, orderId)));
  }

  /** `GET store/booking/:token/slots?from&to`: free times for this visit, its own appointments not busy, within the store's window. */
  async function slots(token: string, q: { from: string; to: string }): Promise<SlotsResponse> {
    const { tenantId, orderId } = readBookingToken(token);
    if (q.to < q.from) throw fieldError('to', 'end_before_start');
    if (localDates(q.from, q.to).length > SLOTS_RANGE_MAX_DAYS) throw fieldError('to', 'range_too_long', { max: SLOTS_RANGE_MAX_DAYS });
    return withTenant(db, tenantId, async (tx) => {
      const l = await load(tx, tenantId, orderId);
      if (!l.active.length || !l.branchId) return { data: [], meta: { time_zone: l.zone } };
      const today = localDateOf(clock.now().getTime(), l.zone);
      const last = addDays(today, l.rules.booking_window_days);
      const from = q.from < today ? today : q.from;
      const to = q.to > last ? last : q.to;
      if (to < from) return { data: [], meta: { time_zone: l.zone } };
      const staffId = chosenStaff(l.order.metaData);
      return bookingService.slotsIn(
        tx,
        tenantId,
        l.ctx.tenant.timezone,
        { branch_id: l.branchId, service_ids: l.active.flatMap((v) => (v.b.serviceId ? [v.b.serviceId] : [])), from, to, ...(staffId ? { staff_id: staffId } : {}) },
        { excludeBookingIds: l.active.map((v) => v.b.id) },
      );
    });
  }

  /** `POST store/booking/:token/reschedule`: the whole visit to a new start. */
  async function reschedule(token: string, body: RescheduleBody): Promise<ManageBooking> {
    const { tenantId, orderId } = readBookingToken(token);
    const view = await withTenant(db, tenantId, async (tx) => {
      const l = await load(tx, tenantId, orderId);
      if (l.rescheduleBlocked) throw refuse('start_time', l.rescheduleBlocked, l, 'reschedule');
      const start = Date.parse(body.start_time);
      const today = localDateOf(clock.now().getTime(), l.zone);
      if (Number.isFinite(start) && localDateOf(start, l.zone) > addDays(today, l.rules.booking_window_days)) throw fieldError('start_time', 'outside_booking_window');
      await bookingService.rescheduleVisit(tx, l.ctx, orderId, body.start_time, { staffId: chosenStaff(l.order.metaData) });
      // The business hears of it on the bell (those who handle bookings).
      const name = await customerName(tx, tenantId, l.order.customerId);
      const at = new Date(start);
      await notifyUsers(
        tx,
        tenantId,
        {
          kind: 'store_rescheduled',
          titleAr: t('note_store_rescheduled_title', 'ar', { number: l.order.number }),
          titleEn: t('note_store_rescheduled_title', 'en', { number: l.order.number }),
          bodyAr: t('note_store_rescheduled_body', 'ar', { name, time: formatDateTimeIn(at, 'ar', l.tenant.timeFormat === '24' ? '24' : '12', l.zone) }),
          bodyEn: t('note_store_rescheduled_body', 'en', { name, time: formatDateTimeIn(at, 'en', l.tenant.timeFormat === '24' ? '24' : '12', l.zone) }),
          url: `/orders/${orderId}`,
        },
        'bookings',
      );
      return toView(tx, await load(tx, tenantId, orderId));
    });
    // The old time is free again: its refusals are not remembered any more (bookings/full-slots.ts).
    forgetFullSlots(tenantId);
    return view;
  }

  async function customerName(tx: Tx, tenantId: string, customerId: string | null): Promise<string> {
    if (!customerId) return '';
    const [c] = await tx.select({ first: customers.firstName, last: customers.lastName }).from(customers).where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
    return c ? `${c.first ?? ''} ${c.last ?? ''}`.trim() : '';
  }

  /**
   * `POST store/booking/:token/cancel`: every active appointment of the order cancelled with the
   * customer's reason (the business's first booking-cancel reason as the reason id, or none), the
   * order canceled as the order's own cancel does (stock and coupon use given back), its open payment
   * links retired; the business gets a bell note, the customer booking_cancelled. A paid deposit is
   * not refunded here: the business sees the paid amount on the canceled order and refunds it.
   */
  async function cancel(token: string, body: CancelBody): Promise<ManageBooking> {
    const { tenantId, orderId } = readBookingToken(token);
    const result = await withTenant(db, tenantId, async (tx) => {
      // Lock order: the order (load locks it), then its appointments.
      const l = await load(tx, tenantId, orderId, true);
      if (l.cancelBlocked) throw refuse('reason', l.cancelBlocked, l, 'cancel');
      const [reason] = await tx
        .select({ id: cancellationReasons.id })
        .from(cancellationReasons)
        .where(and(eq(cancellationReasons.tenantId, tenantId), eq(cancellationReasons.type, BOOKING_CANCEL_REASON_TYPE)))
        .orderBy(asc(cancellationReasons.createdAt))
        .limit(1);
      const reasonId = reason?.id ?? null;
      const cancelled = await cancelAppointmentsIn(tx, tenantId, orderId, { reasonId, note: body.reason });
      const changes: Record<string, unknown> = { by: 'customer', bookings_cancelled: cancelled.length, cancellation_note: body.reason };
      if (reasonId) changes.cancellation_reason_id = reasonId;
      if (!orderTransition(l.order.status, 'canceled', { draft: l.order.isDraft })) {
        changes.from = l.order.status;
        changes.to = 'canceled';
        const released = await releaseOrderIn(tx, tenantId, l.order, { setStatus: true });
        if (released) changes.coupon_released = released;
      }
      // Nothing is left to pay on a cancelled visit: its open links go (a paid deposit stays, for the business to refund).
      await payRepo.expireLinks(tx, tenantId, await payRepo.openLinks(tx, tenantId, orderId));
      await logOrder(tx, tenantId, orderId, null, 'status', changes);
      const name = await customerName(tx, tenantId, l.order.customerId);
      await notifyUsers(
        tx,
        tenantId,
        {
          kind: 'store_cancelled',
          titleAr: t('note_store_cancelled_title', 'ar', { number: l.order.number }),
          titleEn: t('note_store_cancelled_title', 'en', { number: l.order.number }),
          bodyAr: t('note_store_cancelled_body', 'ar', { name, reason: body.reason }),
          bodyEn: t('note_store_cancelled_body', 'en', { name, reason: body.reason }),
          url: `/orders/${orderId}`,
        },
        'bookings',
      );
      return toView(tx, await load(tx, tenantId, orderId));
    });
    // A freed seat goes to the waitlist (best effort, after commit), and is no longer remembered as taken.
    forgetFullSlots(tenantId);
    deps.onCancelled?.();
    return result;
  }

  /**
   * `POST store/booking/:token/pay`: a fresh payment link for what is still due while the visit waits
   * for its payment (an active appointment pending or unpaid): the deposit's rest, else the order's
   * rest. Replaces the order's open links (createLinkIn), good for STORE_DEPOSIT_MINUTES.
   */
  async function pay(token: string): Promise<PaymentLink> {
    const { tenantId, orderId } = readBookingToken(token);
    return withTenant(db, tenantId, async (tx) => {
      // The order locked (load), as createLinkIn wants.
      const l = await load(tx, tenantId, orderId, true);
      const waiting = l.active.some((v) => v.b.status === 'pending' || v.b.status === 'unpaid');
      if (!waiting || !orderEditable(l.order.status)) throw fieldError('amount', 'booking_not_changeable');
      const deposit = keptDeposit(l);
      const rest = Math.max(0, l.order.total - l.order.paidAmount);
      const depositDue = Math.max(0, Math.min(deposit, l.order.total) - l.order.paidAmount);
      const amount = depositDue > 0 ? depositDue : rest;
      if (amount === 0) throw fieldError('amount', 'order_fully_paid');
      const locale = l.tenant.locale === 'en' ? 'en' : 'ar';
      return payments.createLinkIn(tx, tenantId, l.order, { amount, ttlMs: STORE_DEPOSIT_MINUTES * 60_000, userId: null, locale });
    });
  }

  return { view, slots, reschedule, cancel, pay };
}

export type StoreManageService = ReturnType<typeof createStoreManageService>;
