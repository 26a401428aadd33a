import { markWaitlistBooked } from './waitlist.service';
import { randomUUID } from 'node:crypto';
import { type Locale, OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_MINUTES } from '@app/shared/constants';
import { formatDay, formatTime } from '@app/shared/format';
import { normalizePhone } from '@app/shared/phone';
import type { SlotsResponse } from '@app/shared/schemas/bookings';
import {
  STORE_DEPOSIT_MINUTES,
  STORE_HOLD_MINUTES,
  STORE_HOLDS_PER_IP,
  STORE_OTP_DAILY_MAX,
  STORE_PHONE_PROOF_MINUTES,
  type StoreBookingResult,
  type StoreHold,
  type storeBookingRequest,
  type storeHoldBody,
  type storeOtpBody,
  type storeOtpVerifyBody,
  type storeSlotsQuery,
} from '@app/shared/schemas/store';
import { addDays, localDateOf } from '@app/shared/scheduling/zoned';
import { assertTransition as orderTransition } from '@app/shared/states/order';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import { type Database, type Tx, withTenant } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { bookings as bookingsTable, orders } from '../../db/schema/sales';
import { slotHolds, slotHoldTimes, storeOtps } from '../../db/schema/store';
import { tenants } from '../../db/schema/tenants';
import type { TenantRow } from '../auth/auth.repository';
import { t } from '../../i18n/messages';
import type { PaymentGateway } from '../../integrations/payment/payment.adapter';
import { randomDigits, randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { signLinkToken } from '../../lib/signed-links';
import * as bookingRepo from '../bookings/bookings.repository';
import { type BookingActor, type CreateInBody, createBookingService, zoneOf } from '../bookings/bookings.service';
import { redeemCoupon, } from '../marketing/coupons.service';
import { notifyUsers } from '../notifications/app-notifications';
import { notifyBookings } from '../notifications/notify';
import { sendOtpMessage } from '../notifications/otp-message';
import { logOrder, recalculateOrder } from '../orders/order-core';
import * as payRepo from '../transactions/transactions.repository';
import { createTransactionService } from '../transactions/transactions.service';
import { assertPhoneProven, phoneProofId } from './phone-proof';
import { manageUrlFor } from './store-links';
import { findStoreBySubdomain } from './store-lookup';
import { askForSeat, forgetFullSlots, fullSlotKey, seatTaken } from '../bookings/full-slots';
import { storeRulesOf } from './store-rules';
import { cancelAppointmentsIn, releaseOrderIn } from '../orders/order-cancel';
import { depositOf, isStoreService, visitDeposit } from './store-services';
import { sendStoreMessage } from './store-messages';

type SlotsQuery = z.output<typeof storeSlotsQuery>;
type HoldBody = z.output<typeof storeHoldBody>;
type OtpBody = z.output<typeof storeOtpBody>;
type OtpVerifyBody = z.output<typeof storeOtpVerifyBody>;
type BookingRequest = z.output<typeof storeBookingRequest>;

const MINUTE = 60_000;
/** The keys whose holders hear of a store booking on the bell (those who handle bookings and orders). */
const BOOKING_NOTE_KEYS = ['calendar.all', 'calendar_only_staff', 'bookings', 'orders'] as const;
/** Booking statuses a lapsed deposit cancels: the ones that wait for it (or for the business). */
const WAITING_DEPOSIT = ['pending', 'unpaid', 'unapproved'] as const;

/** The store a request names: its business and the settings that steer booking. */
type Store = {
  tenant: TenantRow;
  approveBookings: boolean;
  requirePhoneOtp: boolean;
  windowDays: number;
};

const storeUnavailable = () => new AppError(503, 'store_unavailable', { code: 'store-unavailable' });

/** The E.164 phone of a form (a local number read in the business's country unless told), or 422 on `phone`. */
function phoneOf(raw: string, country: string | undefined, tenantCountry: string): string {
  const e164 = normalizePhone(raw, country ?? tenantCountry);
  if (!e164) throw fieldError('phone', 'phone');
  return e164;
}

/** A request's start: an ISO instant on a whole minute. */
function startOf(value: string): number {
  const ms = Date.parse(value);
  if (!Number.isFinite(ms) || ms % MINUTE !== 0) throw fieldError('start_time', 'invalid');
  return ms;
}

/**
 * Seats held a visitor's address, kept in this process (the hold rows carry no address): at most
 * STORE_HOLDS_PER_IP live at once, so one visitor cannot hold a day's seats. Several servers each
 * count their own (docs/decisions.md "Booking on the store").
 */
const heldBy = new Map<string, Map<string, number>>();
function liveHolds(ip: string): Map<string, number> {
  const mine = heldBy.get(ip) ?? new Map<string, number>();
  const now = Date.now();
  for (const [id, until] of mine) if (until <= now) mine.delete(id);
  if (mine.size === 0) heldBy.delete(ip);
  return mine;
}
function forgetHold(holdId: string) {
  for (const [ip, mine] of heldBy) {
    if (mine.delete(holdId) && mine.size === 0) heldBy.delete(ip);
  }
}

/**
 * Booking on the public store (issue 19; docs/decisions.md "Booking on the store"): free slots, a
 * seat held while the visitor fills in their details, the phone code, and the booking itself — made
 * through the dashboard's own booking path (bookings.service createIn) with the store as the actor,
 * a coupon, and a deposit paid through a payment link. The business comes from the store's
 * subdomain, never from the request's fields.
 */
export function createStoreBookingService(deps: { db: Database; config: Config; gateway: PaymentGateway }) {
  const { db, config } = deps;
  const bookings = createBookingService({ db, config });
  const payments = createTransactionService(deps);

  /** The business of `subdomain`: 404 when none, 503 while its store is in maintenance or suspended. */
  async function storeOf(subdomain: string, opts: { open?: boolean } = {}): Promise<Store> {
    const row = await findStoreBySubdomain(db, subdomain);
    if (!row) throw notFound();
    const rules = storeRulesOf(row.settings);
    if (opts.open !== false && rules.status !== 'active') throw storeUnavailable();
    return {
      tenant: row.tenant,
      approveBookings: rules.approve_bookings,
      requirePhoneOtp: rules.require_phone_otp,
      windowDays: rules.booking_window_days,
    };
  }

  /**
   * The visit's services as the store offers them (shown on the booking page and public; any other is
   * `service_ids.N` not_exists) and its branch: the one asked for, else the services' own branch,
   * else the business's main branch. Answers the branch's zone and the store's last bookable day.
   */
  async function visitOf(tx: Tx, store: Store, serviceIds: readonly string[], branchId: string | undefined) {
    const tenantId = store.tenant.id;
    const ids = bookingRepo.uuidArray([...new Set(serviceIds)]);
    // One statement: the services, and the branch (asked for, else the services' one, else the main one).
    const res = (await tx.execute(sql`select
      (select coalesce(json_agg(json_build_object('id', s.id, 'shown', s.display_on_booking_page, 'isPublic', s.is_public,
              'depositEnabled', s.deposit_enabled, 'depositAmount', s.deposit_amount)), '[]')
         from services s where s.tenant_id = ${tenantId} and s.id = any(${ids})) as services,
      (select json_build_object('id', b.id, 'timezone', b.timezone) from branches b where b.tenant_id = ${tenantId} and b.id = coalesce(
         ${branchId ?? null}::uuid,
         (select case when count(distinct s.branch_id) = 1 then min(s.branch_id::text)::uuid end from services s
           where s.tenant_id = ${tenantId} and s.id = any(${ids}) and s.branch_id is not null),
         (select m.id from branches m where m.tenant_id = ${tenantId} order by m.is_main desc, m.created_at asc limit 1))) as branch`)) as unknown as {
      rows: { services: { id: string; shown: boolean; isPublic: boolean; depositEnabled: boolean; depositAmount: number | string }[]; branch: { id: string; timezone: string | null } | null }[];
    };
    const row = res.rows[0];
    const byId = new Map((row?.services ?? []).map((r) => [r.id, r]));
    serviceIds.forEach((id, i) => {
      const s = byId.get(id);
      if (!s || !isStoreService({ displayOnBookingPage: s.shown, isPublic: s.isPublic })) throw fieldError(`service_ids.${i}`, 'not_exists');
    });
    const branch = row?.branch ?? null;
    if (!branch) throw fieldError('branch_id', 'not_exists');
    const zone = zoneOf(branch.timezone, store.tenant.timezone);
    const today = localDateOf(Date.now(), zone);
    // The deposit of the visit: each service's once per time it is booked; each booking keeps its service's.
    const deposits = new Map(serviceIds.map((id) => [id, depositOf(byId.get(id)!)]));
    const deposit = visitDeposit(serviceIds.map((id) => deposits.get(id)!));
    return { branchId: branch.id, zone, today, lastDay: addDays(today, store.windowDays), deposit, deposits };
  }

  // ------------------------------------------------------------ slots

  /** Free slots of the store's services, within its booking window (today … today + window days). */
  async function slots(subdomain: string, q: SlotsQuery): Promise<SlotsResponse> {
    const store = await storeOf(subdomain);
    if (q.to < q.from) throw fieldError('to', 'end_before_start');
    // One transaction: the services and window checked, then the one statement of the inputs and the engine.
    return withTenant(db, store.tenant.id, async (tx) => {
      const v = await visitOf(tx, store, q.service_ids, q.branch_id);
      const from = q.from < v.today ? v.today : q.from;
      const to = q.to > v.lastDay ? v.lastDay : q.to;
      if (to < from) return { data: [], meta: { time_zone: v.zone } };
      return bookings.slotsIn(tx, store.tenant.id, store.tenant.timezone, {
        service_ids: q.service_ids,
        branch_id: v.branchId,
        from,
        to,
        ...(q.staff_id ? { staff_id: q.staff_id } : {}),
      });
    });
  }

  // ------------------------------------------------------------ holds

  /**
   * Holds the seat of a visit for STORE_HOLD_MINUTES (by the database's clock): claimed under the
   * provider lock like a booking (so two visitors, or a visitor and the dashboard, never get one seat),
   * written down as slot_hold_times that the availability query counts as busy. `replace_token`: the
   * visitor's previous hold, released in the same transaction (hold rows are locked before providers).
   */
  async function hold(subdomain: string, body: HoldBody, ip: string): Promise<StoreHold> {
    const store = await storeOf(subdomain);
    const start = startOf(body.start_time);
    // The same ask just refused as taken (here or on the dashboard) is refused again without the
    // database (bookings/full-slots.ts); not when the visitor gives back a hold of their own.
    const staffId = body.staff_id ?? null;
    const key = body.replace_token || !body.branch_id ? null : fullSlotKey(store.tenant.id, { branchId: body.branch_id, staffId, serviceIds: body.service_ids, start });
    return askForSeat(key, () => seatTaken(staffId), () => holdSeat(store, body, ip, start));
  }

  async function holdSeat(store: Store, body: HoldBody, ip: string, start: number): Promise<StoreHold> {
    const tenantId = store.tenant.id;
    // The address's allowance is taken before the first await (a placeholder, given back in `finally`),
    // so simultaneous requests from one address cannot all pass the count; a replaced hold makes room.
    const placeholder = `pending:${randomUUID()}`;
    {
      const mine = liveHolds(ip);
      if (mine.size >= STORE_HOLDS_PER_IP + (body.replace_token ? 1 : 0)) {
        throw new AppError(429, 'store_holds_limit', { params: { max: STORE_HOLDS_PER_IP }, retryAfter: STORE_HOLD_MINUTES * 60 });
      }
      mine.set(placeholder, Date.now() + STORE_HOLD_MINUTES * MINUTE);
      heldBy.set(ip, mine);
    }
    try {
    const result = await withTenant(db, tenantId, async (tx) => {
      let previous: string | null = null;
      if (body.replace_token) {
        const [old] = await tx
          .delete(slotHolds)
          .where(and(eq(slotHolds.tenantId, tenantId), eq(slotHolds.tokenHash, sha256(body.replace_token))))
          .returning({ id: slotHolds.id });
        previous = old?.id ?? null;
      }
      const v = await visitOf(tx, store, body.service_ids, body.branch_id);
      if (localDateOf(start, v.zone) > v.lastDay) throw fieldError('start_time', 'outside_booking_window');
      const staffId = body.staff_id ?? null;
      const seat = await bookings.seatIn(tx, { tenantId, tenant: store.tenant }, { branchId: v.branchId, serviceIds: body.service_ids, staffId, start, excludeHoldIds: previous ? [previous] : [] });
      const token = randomToken(24);
      const [row] = await tx
        .insert(slotHolds)
        .values({
          tenantId,
          tokenHash: sha256(token),
          branchId: v.branchId,
          serviceIds: body.service_ids,
          staffId,
          startAt: new Date(start),
          providerIds: seat.providers,
          expiresAt: sql`now() + make_interval(mins => ${STORE_HOLD_MINUTES})`,
        })
        .returning({ id: slotHolds.id, expiresAt: slotHolds.expiresAt });
      const times = seat.providers.flatMap((providerId, i) => {
        const time = seat.times[i]!;
        const at = { startAt: time.startAt, occupiedUntil: time.occupiedUntil, expiresAt: row!.expiresAt, tenantId, holdId: row!.id };
        return [{ ...at, providerId }, ...(seat.crews[i] ?? []).map((crewId) => ({ ...at, providerId: crewId }))];
      });
      await tx.insert(slotHoldTimes).values(times).onConflictDoNothing();
      return { id: row!.id, previous, token, expiresAt: row!.expiresAt, providers: seat.providers };
    });
    if (result.previous) {
      forgetHold(result.previous);
      forgetFullSlots(tenantId);
    }
    const mine = liveHolds(ip);
    mine.set(result.id, result.expiresAt.getTime());
    heldBy.set(ip, mine);
    return { hold_token: result.token, expires_at: result.expiresAt.toISOString(), start_time: new Date(start).toISOString(), staff_ids: result.providers };
    } finally {
      forgetHold(placeholder);
    }
  }

  /** Gives a held seat back (the visitor left or picked another time); an unknown token is already free. */
  async function release(subdomain: string, token: string): Promise<void> {
    const store = await storeOf(subdomain, { open: false });
    const [gone] = await withTenant(db, store.tenant.id, (tx) =>
      tx
        .delete(slotHolds)
        .where(and(eq(slotHolds.tenantId, store.tenant.id), eq(slotHolds.tokenHash, sha256(token))))
        .returning({ id: slotHolds.id }),
    );
    if (!gone) return;
    forgetHold(gone.id);
    forgetFullSlots(store.tenant.id);
  }

  // ------------------------------------------------------------ the phone code

  /**
   * Sends a code to the visitor's phone (through the outbox, like every message): stored hashed with
   * its row's id, good for OTP_TTL_MINUTES, a new one no sooner than OTP_RESEND_SECONDS for a phone.
   */
  async function sendCode(subdomain: string, body: OtpBody, locale: Locale) {
    const store = await storeOf(subdomain);
    const tenantId = store.tenant.id;
    const phone = phoneOf(body.phone, body.phone_country, store.tenant.country);
    await withTenant(db, tenantId, async (tx) => {
      // One code at a time a phone: concurrent sends for it are taken one after the other.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`store-otp:${tenantId}:${phone}`}))`);
      const [last] = await tx
        .select({ createdAt: storeOtps.createdAt })
        .from(storeOtps)
        .where(and(eq(storeOtps.tenantId, tenantId), eq(storeOtps.phone, phone)))
        .orderBy(desc(storeOtps.createdAt))
        .limit(1);
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(storeOtps)
        .where(and(eq(storeOtps.tenantId, tenantId), eq(storeOtps.phone, phone), sql`${storeOtps.createdAt} > now() - interval '1 day'`));
      if (n >= STORE_OTP_DAILY_MAX) throw new AppError(429, 'otp_daily_limit', { retryAfter: 3600 });
      const elapsed = last ? (Date.now() - last.createdAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
      if (elapsed < OTP_RESEND_SECONDS) {
        const wait = Math.ceil(OTP_RESEND_SECONDS - elapsed);
        throw new AppError(429, 'otp_wait', { params: { seconds: wait }, retryAfter: wait });
      }
      const id = randomUUID();
      const code = randomDigits(OTP_LENGTH);
      await tx.insert(storeOtps).values({ tenantId, id, phone, codeHash: sha256(`${id}:${code}`), expiresAt: sql`now() + make_interval(mins => ${OTP_TTL_MINUTES})` });
      await sendOtpMessage(tx, tenantId, phone, code, locale, id);
    });
    return { resend_seconds: OTP_RESEND_SECONDS, expires_in_minutes: OTP_TTL_MINUTES };
  }

  /**
   * Checks the phone's latest code: right → the phone proof (a signed token of the code's row, good for
   * STORE_PHONE_PROOF_MINUTES); wrong → 422 on `code`, counted; after OTP_MAX_ATTEMPTS the code is dead.
   */
  async function verifyCode(subdomain: string, body: OtpVerifyBody) {
    const store = await storeOf(subdomain);
    const tenantId = store.tenant.id;
    const phone = phoneOf(body.phone, body.phone_country, store.tenant.country);
    // A wrong code is counted: the transaction must commit, so the error is thrown after it.
    const outcome = await withTenant(db, tenantId, async (tx) => {
      const [row] = await tx
        .select()
        .from(storeOtps)
        .where(and(eq(storeOtps.tenantId, tenantId), eq(storeOtps.phone, phone)))
        .orderBy(desc(storeOtps.createdAt))
        .limit(1)
        .for('update');
      if (!row || row.expiresAt.getTime() <= Date.now()) return { id: null, error: 'otp_expired' as const };
      if (row.attempts >= OTP_MAX_ATTEMPTS) return { id: null, error: 'otp_attempts' as const };
      if (!safeEqual(row.codeHash, sha256(`${row.id}:${body.code}`))) {
        await tx
          .update(storeOtps)
          .set({ attempts: sql`${storeOtps.attempts} + 1` })
          .where(and(eq(storeOtps.tenantId, tenantId), eq(storeOtps.id, row.id)));
        return { id: null, error: row.attempts + 1 >= OTP_MAX_ATTEMPTS ? ('otp_attempts' as const) : ('otp_invalid' as const) };
      }
      if (!row.verifiedAt) await tx.update(storeOtps).set({ verifiedAt: new Date() }).where(and(eq(storeOtps.tenantId, tenantId), eq(storeOtps.id, row.id)));
      return { id: row.id, error: null };
    });
    if (outcome.error !== null) throw fieldError('code', outcome.error);
    const expiresAt = new Date(Date.now() + STORE_PHONE_PROOF_MINUTES * MINUTE);
    return { phone_proof: signLinkToken('phone-proof', tenantId, outcome.id!, expiresAt), expires_at: expiresAt.toISOString() };
  }

  // ------------------------------------------------------------ the booking

  /** A coupon's refusal on the store's field (`coupon_code`, where redeemCoupon says `code`). */
  function onCouponField(err: unknown): never {
    if (err instanceof AppError && err.options.fields?.code) throw new AppError(422, 'validation_failed', { fields: { coupon_code: err.options.fields.code } });
    throw err;
  }

  /**
   * Books the held seat: the hold (this business's, unexpired, locked first), the phone proof when the
   * store asks for one, the customer (found by phone, else created; a blocked one refused), then the
   * visit through the dashboard's own path (createIn) with the store as the actor — the hold's
   * providers, source booking-page, no account, the booking_page offers — and the hold deleted in the
   * same transaction. A coupon prices the order again; a deposit (the services' deposits, at most the
   * total) leaves the visit pending behind a payment link for that amount. Each booking keeps the
   * deposit its service asked now (`deposit_amount`): what the customer's page shows as due later.
   */
  async function book(subdomain: string, body: BookingRequest, locale: Locale): Promise<StoreBookingResult> {
    const store = await storeOf(subdomain);
    const tenant = store.tenant;
    const tenantId = tenant.id;
    const phone = phoneOf(body.phone, body.phone_country, store.tenant.country);
    const email = body.email?.trim() ? body.email.trim().toLowerCase() : null;
    if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw fieldError('email', 'email');
    const proofRow = store.requirePhoneOtp ? phoneProofId(body.phone_proof, tenantId) : null;
    // The visitor's messages in the language they booked in.
    const messageLocale: Locale = locale;

    const done = await withTenant(db, tenantId, async (tx) => {
      const [held] = await tx
        .select()
        .from(slotHolds)
        .where(and(eq(slotHolds.tenantId, tenantId), eq(slotHolds.tokenHash, sha256(body.hold_token)), sql`${slotHolds.expiresAt} > now()`))
        .for('update');
      if (!held) throw fieldError('hold_token', 'hold_expired');
      if (proofRow) await assertPhoneProven(tx, tenantId, proofRow, phone);
      const v = await visitOf(tx, store, held.serviceIds, held.branchId);
      const customerId = await customerFor(tx, tenantId, { phone, country: body.phone_country ?? tenant.country, first: body.first_name, last: body.last_name ?? '', email, proven: proofRow !== null });

      const status = store.approveBookings ? 'unapproved' : v.deposit > 0 ? 'pending' : 'confirmed';
      // The hold's providers: one for the whole visit is asked for by name; a split visit is claimed again.
      const one = held.providerIds.every((p) => p === held.providerIds[0]) ? (held.providerIds[0] ?? null) : null;
      const actor: BookingActor = { tenantId, tenant, userId: null, scope: { bookings: 'all', orders: 'all', customerNotes: 'all' }, offerChannel: 'booking_page' };
      const created = await bookings.createIn(
        tx,
        actor,
        {
          customer_id: customerId,
          branch_id: held.branchId,
          staff_id: held.staffId ?? one,
          service_ids: held.serviceIds,
          start_time: held.startAt.toISOString(),
          notes: body.notes ?? null,
          custom_fields: (body.custom_fields ?? {}) as CreateInBody['custom_fields'],
          source: 'booking-page',
          status,
        },
        { excludeHoldIds: [held.id], log: { via: 'store' }, deposits: v.deposits },
      );
      // A waitlist offer's seat booked: its entry is done (modules/store/waitlist.service.ts).
      if (held.waitlistId) await markWaitlistBooked(tx, tenantId, held.id, created.order_id);
      await tx.delete(slotHolds).where(and(eq(slotHolds.tenantId, tenantId), eq(slotHolds.id, held.id)));

      // Lock order: the providers (claimed above), then the order.
      let order = await payRepo.lockOrder(tx, tenantId, created.order_id);
      if (!order) throw notFound();
      // The provider the customer chose by name: a reschedule through their link keeps them (store-manage.service.ts).
      if (held.staffId) {
        await tx
          .update(orders)
          .set({ metaData: sql`${orders.metaData} || ${JSON.stringify({ staff_id: held.staffId })}::jsonb` })
          .where(and(eq(orders.tenantId, tenantId), eq(orders.id, order.id)));
      }
      if (body.coupon_code) {
        const before = order;
        const coupon = await redeemCoupon(tx, tenantId, order, body.coupon_code, v.zone).catch(onCouponField);
        order = await recalculateOrder(tx, tenantId, order.id);
        await logOrder(tx, tenantId, order.id, null, 'coupon', { code: coupon.code, via: 'store', amount: { from: before.discountAmount, to: order.discountAmount }, total: { from: before.total, to: order.total } });
      }
      const deposit = Math.min(v.deposit, order.total);
      let paymentUrl: string | null = null;
      if (deposit > 0) {
        const link = await payments.createLinkIn(tx, tenantId, order, { amount: deposit, ttlMs: STORE_DEPOSIT_MINUTES * MINUTE, userId: null, locale: messageLocale });
        paymentUrl = link.url;
      } else if (status === 'pending') {
        // A coupon took the whole total: nothing is left to wait for.
        await tx.update(bookingsTable).set({ status: 'confirmed', updatedAt: new Date() }).where(and(eq(bookingsTable.tenantId, tenantId), eq(bookingsTable.orderId, order.id)));
      }
      const finalStatus = status === 'pending' && deposit === 0 ? 'confirmed' : status;
      if (finalStatus === 'confirmed') {
        await notifyBookings(tx, tenantId, created.bookings.map((b) => b.id), 'booking_confirmed', 'confirmed');
        await sendStoreMessage(tx, tenantId, order.id, 'confirmed', messageLocale);
      } else if (finalStatus === 'unapproved') {
        await sendStoreMessage(tx, tenantId, order.id, 'received', messageLocale);
      }
      const first = created.bookings[0]!;
      const last = created.bookings[created.bookings.length - 1]!;
      await noteNewBooking(tx, tenant, order.number, order.id, finalStatus === 'unapproved', { name: `${body.first_name} ${body.last_name ?? ''}`.trim(), start: new Date(first.start_time), zone: v.zone });
      return {
        holdId: held.id,
        result: {
          order_number: order.number,
          status: finalStatus,
          payment_url: paymentUrl,
          deposit,
          total: order.total,
          currency: order.currency,
          manage_url: manageUrlFor(tenant.subdomain ?? subdomain, tenantId, order.id, new Date(last.start_time)),
        },
      };
    });
    forgetHold(done.holdId);
    return done.result;
  }

  /** The customer of the phone, else a new one; a blocked customer is refused (422 on `phone`). */
  /**
   * The customer of the phone, created on a first booking. An e-mail given is added to an existing
   * customer who has none only when the phone was proven by its code: otherwise anyone typing a
   * stranger's number could point that customer's messages at their own address.
   */
  async function customerFor(tx: Tx, tenantId: string, c: { phone: string; country: string; first: string; last: string; email: string | null; proven: boolean }): Promise<string> {
    const find = () =>
      tx
        .select({ id: customers.id, blockedAt: customers.blockedAt, email: customers.email })
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.phone, c.phone)))
        .limit(1);
    let [found] = await find();
    if (!found) {
      // Two first bookings of one phone at once: the unique phone makes one customer; the other finds it.
      await tx.insert(customers).values({ tenantId, firstName: c.first, lastName: c.last, phone: c.phone, phoneCountry: c.country, email: c.email }).onConflictDoNothing();
      [found] = await find();
      if (!found) throw new Error('customer not written');
      return found.id;
    }
    if (found.blockedAt) throw fieldError('phone', 'customer_is_blocked');
    if (!found.email && c.email && c.proven) await tx.update(customers).set({ email: c.email, updatedAt: new Date() }).where(and(eq(customers.tenantId, tenantId), eq(customers.id, found.id)));
    return found.id;
  }

  /** The bell of those who handle bookings: a new booking (or a request to approve) from the store. */
  async function noteNewBooking(tx: Tx, tenant: TenantRow, number: number, orderId: string, request: boolean, p: { name: string; start: Date; zone: string }) {
    const text = (locale: Locale) => {
      const params = {
        number,
        name: p.name,
        date: formatDay(localDateOf(p.start.getTime(), p.zone), locale),
        time: formatTime(p.start, locale, tenant.timeFormat === '24' ? '24' : '12', p.zone),
      };
      return { title: t(request ? 'note_store_request_title' : 'note_store_booking_title', locale, params), body: t('note_store_booking_body', locale, params) };
    };
    const ar = text('ar');
    const en = text('en');
    await notifyUsers(tx, tenant.id, { kind: 'store_booking', titleAr: ar.title, titleEn: en.title, bodyAr: ar.body, bodyEn: en.body, url: `/orders/${orderId}` }, BOOKING_NOTE_KEYS);
  }

  return { storeOf, slots, hold, release, sendCode, verifyCode, book };
}

export type StoreBookingService = ReturnType<typeof createStoreBookingService>;

// ---------------------------------------------------------------- periodic (jobs/store-booking.ts)

/**
 * Deposits not paid in time: a store order whose deposit link (made by the store: no account) lapsed
 * with nothing paid, no link open or paid, still has appointments waiting for it (pending, unpaid or
 * unapproved). Those are cancelled ("deposit not paid": their seats free again), the order cancelled
 * with them when nothing else of it stays active, its coupon use given back and its open links
 * retired; the business hears of it on the bell. Answers how many orders it handled.
 */
/**
 * A deposit lapses this long after its link expired, not at once: a gateway's answer for a payment
 * made in the link's last minute may arrive a little later, and must find its visit still there.
 */
export const STORE_DEPOSIT_GRACE_MINUTES = 10;
const GRACE = sql.raw(`interval '${STORE_DEPOSIT_GRACE_MINUTES} minutes'`);

export async function lapseUnpaidDeposits(db: Database, batch = 50): Promise<number> {
  const res = (await db.execute(sql`
    select o.tenant_id, o.id from orders o
    where o.source = 'booking-page' and o.paid_amount = 0 and o.deleted_at is null
      and exists (select 1 from payment_links l where l.tenant_id = o.tenant_id and l.order_id = o.id and l.created_by is null and l.expires_at <= now() - ${GRACE})
      and not exists (select 1 from payment_links l where l.tenant_id = o.tenant_id and l.order_id = o.id and (l.status = 'paid' or (l.status = 'open' and l.expires_at > now() - ${GRACE})))
      and exists (select 1 from bookings b where b.tenant_id = o.tenant_id and b.order_id = o.id and b.status in ('pending', 'unpaid', 'unapproved'))
    limit ${batch}`)) as unknown as { rows: { tenant_id: string; id: string }[] };
  let handled = 0;
  for (const due of res.rows) {
    if (await withTenant(db, due.tenant_id, (tx) => lapseOne(tx, due.tenant_id, due.id))) handled++;
  }
  return handled;
}

async function lapseOne(tx: Tx, tenantId: string, orderId: string): Promise<boolean> {
  const order = await payRepo.lockOrder(tx, tenantId, orderId);
  if (!order) return false;
  if (order.paidAmount !== 0 || order.deletedAt) return false;
  const live = (await tx.execute(
    sql`select 1 from payment_links l where l.tenant_id = ${tenantId} and l.order_id = ${orderId} and (l.status = 'paid' or (l.status = 'open' and l.expires_at > now() - ${GRACE})) limit 1`,
  )) as unknown as { rows: unknown[] };
  if (live.rows.length) return false;
  const [tenant] = await tx.select({ locale: tenants.locale }).from(tenants).where(eq(tenants.id, tenantId));
  const note = t('store_deposit_lapsed_note', tenant?.locale === 'en' ? 'en' : 'ar');
  const waiting = await cancelAppointmentsIn(tx, tenantId, orderId, { reasonId: null, note, statuses: WAITING_DEPOSIT });
  if (!waiting.length) return false;
  for (const b of waiting) {
    await logOrder(tx, tenantId, orderId, null, 'booking', { event: 'status', booking_id: b.id, number: b.number, from: b.from, to: 'cancelled', reason: 'deposit_not_paid', cancellation_note: note });
  }
  await payRepo.expireLinks(tx, tenantId, await payRepo.openLinks(tx, tenantId, orderId));
  const [active] = await tx
    .select({ id: bookingsTable.id })
    .from(bookingsTable)
    .where(and(eq(bookingsTable.tenantId, tenantId), eq(bookingsTable.orderId, orderId), inArray(bookingsTable.status, ['pending', 'confirmed', 'unapproved', 'unpaid', 'completed'])))
    .limit(1);
  if (!active && !orderTransition(order.status, 'canceled', { draft: order.isDraft })) {
    const released = await releaseOrderIn(tx, tenantId, order, { setStatus: true });
    await logOrder(tx, tenantId, orderId, null, 'status', { from: order.status, to: 'canceled', reason: 'deposit_not_paid', ...(released ? { coupon_released: released } : {}) });
  }
  const text = (locale: Locale) => ({ title: t('note_store_deposit_lapsed_title', locale, { number: order.number }), body: t('note_store_deposit_lapsed_body', locale) });
  const ar = text('ar');
  const en = text('en');
  await notifyUsers(tx, tenantId, { kind: 'store_deposit_lapsed', titleAr: ar.title, titleEn: en.title, bodyAr: ar.body, bodyEn: en.body, url: `/orders/${orderId}` }, BOOKING_NOTE_KEYS);
  return true;
}

/** Holds past their expiry (they stopped counting then) and phone codes a day old are deleted. */
export async function deleteExpiredHolds(db: Database): Promise<number> {
  const gone = (await db.execute(sql`with d as (delete from slot_holds where expires_at < now() returning 1) select count(*)::int as n from d`)) as unknown as { rows: { n: number }[] };
  await db.execute(sql`delete from store_otps where created_at < now() - interval '1 day'`);
  return Number(gone.rows[0]?.n ?? 0);
}
