import type { Locale } from '@app/shared/constants';
import { formatDay, formatTime } from '@app/shared/format';
import { normalizePhone } from '@app/shared/phone';
import { addDays, localDateOf } from '@app/shared/scheduling/zoned';
import type { VisitService } from '@app/shared/scheduling/availability';
import {
  WAITLIST_OFFER_MINUTES,
  WAITLIST_PER_PHONE,
  type WaitlistEntry,
  type WaitlistJoined,
  type waitlistBody,
  type waitlistQuery,
} from '@app/shared/schemas/store';
import { and, asc, count, eq, gt, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type Database, type Tx, withTenant } from '../../db/client';
import { slotHolds, slotHoldTimes, waitlistEntries } from '../../db/schema/store';
import { tenants } from '../../db/schema/tenants';
import { t } from '../../i18n/messages';
import { clock } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { signedLinksBase } from '../../lib/signed-links';
import type { AuthContext } from '../auth/auth.service';
import * as repo from '../bookings/bookings.repository';
import { createBookingService, zoneOf } from '../bookings/bookings.service';
import { enqueueMessage } from '../outbox/outbox.service';
import { assertPhoneProven, phoneProofId } from './phone-proof';
import { storeRules } from './store-rules';
import { storeUrlFor } from './store-links';
import { isStoreService } from './store-services';

/**
 * The waitlist of full days (issue 19; docs/decisions.md "The customer's booking page and the
 * waitlist"). A customer asks for a day of the store's window; when a seat of that day frees, the
 * oldest waiting entry of the branch and day is offered it: the seat is held for them (a slot hold
 * with `waitlist_id`, WAITLIST_OFFER_MINUTES, taken under the provider lock like a booking) and they
 * get an SMS with the store's booking page and the hold's token. An offer that lapses marks its entry
 * expired and the next one is offered. One live offer per branch and day at a time (a pass takes
 * the group's advisory lock before it looks).
 *
 * Lock order, the same as the store's booking (store-booking.service.ts book(): the hold FOR UPDATE,
 * then the providers, then the entry through markWaitlistBooked): whatever touches an offer's hold and
 * its entry locks the HOLD first, then writes the entry (the lapse below, the dashboard's removal).
 * An offer pass takes its group's advisory lock first, then the providers (claim), then the entry.
 */

type JoinBody = z.output<typeof waitlistBody>;
type ListQuery = z.output<typeof waitlistQuery>;
type EntryRow = typeof waitlistEntries.$inferSelect;

const MINUTE = 60_000;
const localeOf = (v: string | null | undefined): Locale => (v === 'en' ? 'en' : 'ar');

import { findStoreBySubdomain } from './store-lookup';
export function toWaitlistEntry(r: EntryRow): WaitlistEntry {
  return {
    id: r.id,
    branch_id: r.branchId,
    service_ids: r.serviceIds,
    staff_id: r.staffId,
    day: r.day,
    name: r.name,
    phone: r.phone,
    email: r.email,
    status: r.status as WaitlistEntry['status'],
    offered_at: r.offeredAt?.toISOString() ?? null,
    offer_expires_at: r.offerExpiresAt?.toISOString() ?? null,
    order_id: r.orderId,
    created_at: r.createdAt.toISOString(),
  };
}

/** The store is in maintenance or suspended: 503, as the store's booking API answers. */
export const storeUnavailable = () => new AppError(503, 'store_unavailable', { code: 'store-unavailable' });

/** The business a store subdomain names (404 when none, as the store's booking API answers). */
async function tenantBySubdomain(db: Database, subdomain: string) {
  const row = await findStoreBySubdomain(db, subdomain);
  if (!row) throw notFound();
  return row.tenant;
}

/** Locks an offer's hold (the lock order above); false when it is gone (booked, or lapsed and swept). */
async function lockHold(tx: Tx, tenantId: string, holdId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: slotHolds.id })
    .from(slotHolds)
    .where(and(eq(slotHolds.tenantId, tenantId), eq(slotHolds.id, holdId)))
    .for('update');
  return Boolean(row);
}

/** Locks a transaction-wide advisory key (released at commit): joins of one phone, passes of one group. */
async function advisoryLock(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * An order was made with a waitlist offer's hold: its entry is booked (the store's booking calls it in
 * its transaction). False when the hold was not a waitlist offer.
 */
export async function markWaitlistBooked(tx: Tx, tenantId: string, holdId: string, orderId: string): Promise<boolean> {
  const done = await tx
    .update(waitlistEntries)
    .set({ status: 'booked', orderId })
    .where(and(eq(waitlistEntries.tenantId, tenantId), eq(waitlistEntries.holdId, holdId), inArray(waitlistEntries.status, ['offered', 'expired'])))
    .returning({ id: waitlistEntries.id });
  return done.length > 0;
}

export function createWaitlistService({ db }: { db: Database }) {
  /**
   * `POST store/:subdomain/waitlist`: joins. A first join and a repeat (the phone already waits for that
   * day and visit) answer alike and tell nothing of the entry, and a repeat sends no SMS. A phone waits
   * for at most WAITLIST_PER_PHONE days and visits of a business at once, and where the store asks for
   * a confirmed phone (require_phone_otp) the join carries its phone proof: the route cannot be used to
   * send SMS to someone else's number.
   */
  async function join(subdomain: string, body: JoinBody): Promise<{ data: WaitlistJoined; created: boolean }> {
    const tenant = await tenantBySubdomain(db, subdomain);
    const phone = normalizePhone(body.phone, body.phone_country ?? tenant.country ?? 'SA');
    if (!phone) throw fieldError('phone', 'phone');
    return withTenant(db, tenant.id, async (tx) => {
      const rules = await storeRules(tx, tenant.id);
      if (rules.status !== 'active') throw storeUnavailable();
      if (!rules.waitlist_enabled) throw fieldError('day', 'waitlist_disabled');
      if (rules.require_phone_otp) await assertPhoneProven(tx, tenant.id, phoneProofId(body.phone_proof, tenant.id), phone);
      const branchId = body.branch_id ?? (await repo.mainBranchId(tx, tenant.id));
      const branch = branchId ? await repo.findBranch(tx, tenant.id, branchId) : null;
      if (!branch) throw fieldError('branch_id', 'not_exists');
      // The services the store offers (shown on the booking page and public), of this branch.
      const found = await repo.findServices(tx, tenant.id, body.service_ids);
      body.service_ids.forEach((id, i) => {
        const s = found.find((x) => x.id === id);
        if (!s || !isStoreService(s) || (s.branchId && s.branchId !== branch.id)) throw fieldError(`service_ids.${i}`, 'not_exists');
      });
      const staffId = body.staff_id ?? null;
      if (staffId) {
        const p = await repo.findProvider(tx, tenant.id, staffId);
        if (!p || (p.branchId && p.branchId !== branch.id)) throw fieldError('staff_id', 'not_exists');
        const offered = await repo.providerServiceIds(tx, tenant.id, staffId);
        if (body.service_ids.some((id) => !offered.has(id))) throw fieldError('staff_id', 'provider_not_for_service');
      }
      const zone = zoneOf(branch.timezone, tenant.timezone);
      const today = localDateOf(clock.now().getTime(), zone);
      if (body.day < today || body.day > addDays(today, rules.booking_window_days)) throw fieldError('day', 'outside_booking_window');
      const answer: WaitlistJoined = { day: body.day, status: 'waiting' };

      // One phone's joins at a time: the repeat and the cap below cannot both pass twice.
      await advisoryLock(tx, `waitlist-phone:${tenant.id}:${phone}`);
      const live = and(eq(waitlistEntries.tenantId, tenant.id), eq(waitlistEntries.phone, phone), inArray(waitlistEntries.status, ['waiting', 'offered']));
      // One live entry a phone, day and visit: a repeat answers as a join, without a second SMS.
      const [existing] = await tx
        .select({ id: waitlistEntries.id })
        .from(waitlistEntries)
        .where(
          and(
            live,
            eq(waitlistEntries.branchId, branch.id),
            eq(waitlistEntries.day, body.day),
            sql`${waitlistEntries.serviceIds} = array[${sql.join(
              body.service_ids.map((id) => sql`${id}`),
              sql`, `,
            )}]::uuid[]`,
          ),
        )
        .limit(1);
      if (existing) return { data: answer, created: false };
      const [waits] = await tx.select({ n: count() }).from(waitlistEntries).where(live);
      if ((waits?.n ?? 0) >= WAITLIST_PER_PHONE) throw fieldError('phone', 'waitlist_phone_limit', { max: WAITLIST_PER_PHONE });
      const locale = localeOf(body.locale ?? tenant.locale);
      await tx.insert(waitlistEntries).values({
        tenantId: tenant.id,
        branchId: branch.id,
        serviceIds: body.service_ids,
        staffId,
        day: body.day,
        name: body.name,
        phone,
        email: body.email || null,
        locale,
      });
      const business = tenant.storeName || tenant.name || '';
      await enqueueMessage(tx, { tenantId: tenant.id, channel: 'sms', recipient: phone, body: t('waitlist_joined_sms', locale, { business, date: formatDay(body.day, locale) }) });
      return { data: answer, created: true };
    });
  }

  /** `GET waitlist?day&branch_id` (bookings): the entries, by day then oldest first. */
  async function list(ctx: AuthContext, q: ListQuery): Promise<WaitlistEntry[]> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const rows = await tx
        .select()
        .from(waitlistEntries)
        .where(
          and(
            eq(waitlistEntries.tenantId, ctx.tenantId),
            q.day ? eq(waitlistEntries.day, q.day) : undefined,
            q.branch_id ? eq(waitlistEntries.branchId, q.branch_id) : undefined,
          ),
        )
        .orderBy(asc(waitlistEntries.day), asc(waitlistEntries.createdAt))
        .limit(500);
      return rows.map(toWaitlistEntry);
    });
  }

  /**
   * `DELETE waitlist/:id` (bookings): the entry leaves the list (cancelled; its offer's hold released).
   * The hold is locked before the entry is written (the lock order above); should an offer pass give
   * the entry a new hold meanwhile, the entry is read again and that hold taken instead.
   */
  async function remove(ctx: AuthContext, id: string): Promise<WaitlistEntry> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const [found] = await tx
          .select({ holdId: waitlistEntries.holdId })
          .from(waitlistEntries)
          .where(and(eq(waitlistEntries.tenantId, ctx.tenantId), eq(waitlistEntries.id, id)));
        if (!found) throw notFound();
        // Still there under its lock: the offer was not booked, it goes with the entry.
        const holdLive = found.holdId ? await lockHold(tx, ctx.tenantId, found.holdId) : false;
        const [row] = await tx
          .update(waitlistEntries)
          .set({ status: 'cancelled' })
          .where(
            and(
              eq(waitlistEntries.tenantId, ctx.tenantId),
              eq(waitlistEntries.id, id),
              found.holdId ? eq(waitlistEntries.holdId, found.holdId) : isNull(waitlistEntries.holdId),
            ),
          )
          .returning();
        if (!row) continue;
        if (holdLive && found.holdId) await tx.delete(slotHolds).where(and(eq(slotHolds.tenantId, ctx.tenantId), eq(slotHolds.id, found.holdId)));
        return toWaitlistEntry(row);
      }
      throw notFound();
    });
  }

  return { join, list, remove };
}

/** Which groups a pass looks at: all (the periodic job), or a business's branch and day (after a cancellation). */
export type WaitlistScope = { tenantId: string; branchId?: string; day?: string };

/**
 * One pass of the waitlist (the periodic job: every business; after a customer's cancellation: that
 * business, scoped to the visit's branch and day): lapsed offers expire (their holds go), then each
 * branch and day with waiting entries and no live offer offers its first free seat to the oldest entry
 * that fits. Returns the offers made.
 */
export async function offerWaitlist(db: Database, now: Date = clock.now(), log?: FastifyBaseLogger, scope?: WaitlistScope): Promise<number> {
  const scoped: (SQL | undefined)[] = scope
    ? [
        eq(waitlistEntries.tenantId, scope.tenantId),
        scope.branchId ? eq(waitlistEntries.branchId, scope.branchId) : undefined,
        scope.day ? eq(waitlistEntries.day, scope.day) : undefined,
      ]
    : [];
  // Lapsed offers: the entry expires, its hold (if not used meanwhile) goes.
  const lapsed = await db
    .select({ tenantId: waitlistEntries.tenantId, id: waitlistEntries.id, holdId: waitlistEntries.holdId })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.offerExpiresAt, now), ...scoped))
    .limit(500);
  for (const l of lapsed) {
    await withTenant(db, l.tenantId, async (tx) => {
      // The hold first, then the entry (the lock order of the store's booking, which may be using it).
      const holdLive = l.holdId ? await lockHold(tx, l.tenantId, l.holdId) : false;
      const [done] = await tx
        .update(waitlistEntries)
        .set({ status: 'expired' })
        .where(and(eq(waitlistEntries.tenantId, l.tenantId), eq(waitlistEntries.id, l.id), eq(waitlistEntries.status, 'offered')))
        .returning({ id: waitlistEntries.id });
      if (done && holdLive && l.holdId) await tx.delete(slotHolds).where(and(eq(slotHolds.tenantId, l.tenantId), eq(slotHolds.id, l.holdId)));
    });
  }

  // Branch and day groups that wait (a day before today at most: zones differ; past days expire below).
  const groups = await db
    .selectDistinct({ tenantId: waitlistEntries.tenantId, branchId: waitlistEntries.branchId, day: waitlistEntries.day })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.status, 'waiting'), sql`${waitlistEntries.day} >= (${now.toISOString()}::timestamptz at time zone 'UTC')::date - 1`, ...scoped))
    .limit(500);
  let offers = 0;
  const bookingService = createBookingService({ db, config: { appUrl: signedLinksBase() } });
  for (const g of groups) {
    try {
      const made = await withTenant(db, g.tenantId, (tx) => offerGroup(tx, bookingService, g, now, log));
      if (made) offers++;
    } catch (err) {
      log?.warn({ tenantId: g.tenantId, day: g.day, err: err instanceof Error ? err.message : String(err) }, 'waitlist offer not made');
    }
  }
  return offers;
}

type BookingServiceLike = ReturnType<typeof createBookingService>;

async function offerGroup(tx: Tx, bookingService: BookingServiceLike, g: { tenantId: string; branchId: string; day: string }, now: Date, log?: FastifyBaseLogger): Promise<boolean> {
  // One pass at a time per branch and day (the job and a cancellation's pass may run together): the
  // live-offer check below then sees the other pass's offer, never both offering.
  await advisoryLock(tx, `waitlist-group:${g.tenantId}:${g.branchId}:${g.day}`);
  const [tenant] = await tx
    .select({ id: tenants.id, name: tenants.name, storeName: tenants.storeName, subdomain: tenants.subdomain, timezone: tenants.timezone, timeFormat: tenants.timeFormat })
    .from(tenants)
    .where(eq(tenants.id, g.tenantId));
  if (!tenant?.subdomain) return false;
  const rules = await storeRules(tx, g.tenantId);
  if (rules.status !== 'active' || !rules.waitlist_enabled) return false;
  const branch = await repo.findBranch(tx, g.tenantId, g.branchId);
  if (!branch) return false;
  const zone = zoneOf(branch.timezone, tenant.timezone);
  const inGroup = and(eq(waitlistEntries.tenantId, g.tenantId), eq(waitlistEntries.branchId, g.branchId), eq(waitlistEntries.day, g.day));
  if (g.day < localDateOf(now.getTime(), zone)) {
    await tx.update(waitlistEntries).set({ status: 'expired' }).where(and(inGroup, eq(waitlistEntries.status, 'waiting')));
    return false;
  }
  const [live] = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(inGroup, eq(waitlistEntries.status, 'offered'), gt(waitlistEntries.offerExpiresAt, now)))
    .limit(1);
  if (live) return false;
  const waiting = await tx
    .select()
    .from(waitlistEntries)
    .where(and(inGroup, eq(waitlistEntries.status, 'waiting')))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(50);
  const ctx = { tenantId: g.tenantId, tenant: { timezone: tenant.timezone } };
  for (const entry of waiting) {
    const services = await repo.findServices(tx, g.tenantId, entry.serviceIds);
    // A service gone or no longer the store's: nothing to offer this entry.
    if (entry.serviceIds.some((id) => !services.some((s) => s.id === id && isStoreService(s)))) continue;
    const visit: VisitService[] = entry.serviceIds.map((id) => {
      const s = services.find((x) => x.id === id)!;
      return { id: s.id, duration: s.duration, buffer: s.bufferTime };
    });
    // The entry's free seats, in a savepoint: a failing statement leaves the pass's transaction usable.
    const free = await tx
      .transaction(async (sp) => {
        const found = await bookingService.slotsIn(sp, g.tenantId, ctx.tenant.timezone, {
          branch_id: g.branchId,
          service_ids: entry.serviceIds,
          from: g.day,
          to: g.day,
          ...(entry.staffId ? { staff_id: entry.staffId } : {}),
        });
        return found.data.flatMap((d) => d.slots).find((s) => Date.parse(s.start_time) > now.getTime()) ?? null;
      })
      .catch((err: unknown) => {
        log?.warn({ tenantId: g.tenantId, day: g.day, entry: entry.id, err: err instanceof Error ? err.message : String(err) }, 'waitlist slots not read');
        return null;
      });
    if (!free) continue;
    const start = Date.parse(free.start_time);
    // The seat, under the provider lock like a booking (a savepoint: a refusal leaves the pass going).
    const held = await tx
      .transaction(async (sp) => {
        const assigned = await bookingService.claim(sp, ctx, { branchId: g.branchId, zone, serviceIds: entry.serviceIds, visit, staffId: entry.staffId, start });
        const token = randomToken(32);
        const expiresAt = new Date(now.getTime() + WAITLIST_OFFER_MINUTES * MINUTE);
        const [hold] = await sp
          .insert(slotHolds)
          .values({
            tenantId: g.tenantId,
            tokenHash: sha256(token),
            branchId: g.branchId,
            serviceIds: entry.serviceIds,
            staffId: entry.staffId,
            startAt: new Date(start),
            providerIds: assigned.providers,
            expiresAt,
            waitlistId: entry.id,
          })
          .returning({ id: slotHolds.id });
        const times = bookingService.timeline(visit, start);
        const busy = new Map<string, typeof slotHoldTimes.$inferInsert>();
        times.forEach((time, i) => {
          for (const providerId of [assigned.providers[i]!, ...(assigned.crews[i] ?? [])]) {
            busy.set(`${providerId}|${time.startAt.getTime()}`, { tenantId: g.tenantId, holdId: hold!.id, providerId, startAt: time.startAt, occupiedUntil: time.occupiedUntil, expiresAt });
          }
        });
        await sp.insert(slotHoldTimes).values([...busy.values()]);
        const [offered] = await sp
          .update(waitlistEntries)
          .set({ status: 'offered', offeredAt: now, offerExpiresAt: expiresAt, holdId: hold!.id })
          .where(and(eq(waitlistEntries.tenantId, g.tenantId), eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, 'waiting')))
          .returning({ id: waitlistEntries.id });
        if (!offered) throw new Error('entry changed');
        return { token };
      })
      .catch(() => null);
    if (!held) continue;
    const locale = localeOf(entry.locale);
    const link = `${storeUrlFor(tenant.subdomain)}/book?hold=${held.token}`;
    await enqueueMessage(tx, {
      tenantId: g.tenantId,
      channel: 'sms',
      recipient: entry.phone,
      body: t('waitlist_offer_sms', locale, {
        business: tenant.storeName || tenant.name || '',
        date: formatDay(g.day, locale),
        time: formatTime(new Date(start), locale, tenant.timeFormat === '24' ? '24' : '12', zone),
        minutes: WAITLIST_OFFER_MINUTES,
        link,
      }),
    });
    return true;
  }
  return false;
}
