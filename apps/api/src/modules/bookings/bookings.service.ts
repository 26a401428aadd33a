import { assertWithinPlan } from '../subscription/billing.service';
import { offerPricesOf } from '../marketing/offers.service';
import { randomBytes, randomUUID } from 'node:crypto';
import { type Assignment, type DaySlots as EngineDay, type FreeSlotsInput, freeSlots, type ProviderAvailability, type VisitService, visitMinutes } from '@app/shared/scheduling/availability';
import { addDays, LocalDay, localDateOf, localDates } from '@app/shared/scheduling/zoned';
import {
  BLOCK_TIMES_LIST_MAX,
  type BlockTime,
  type Booking,
  type blockTimeBody,
  type blockTimesQuery,
  type bookingsQuery,
  CALENDAR_RANGE_MAX_DAYS,
  type CalendarResponse,
  type CreateBookingResult,
  type calendarQuery,
  type changeBookingStatusBody,
  type createBookingBody,
  type customerBookingsQuery,
  type DaySlots,
  type orderCreateBookingBody,
  SLOTS_RANGE_MAX_DAYS,
  type SlotsResponse,
  WALK_IN_GRACE_MINUTES,
  type slotsQuery,
  type updateBookingBody,
} from '@app/shared/schemas/bookings';
import { PROVIDER_COLORS } from '@app/shared/constants';
import { isTimeZone } from '@app/shared/schemas/common';
import {
  ACTIVE_BOOKING_STATUSES,
  assertTransition,
  BOOKING_CANCEL_NOTE_MAX,
  BOOKING_CANCEL_REASON_TYPE,
  type BookingPaymentStatus,
  type BookingSource,
  type BookingStatus,
  canReschedule,
  isBookingSource,
} from '@app/shared/states/booking';
import { orderEditable } from '@app/shared/states/order';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import { type Database, type Executor, insertTogether, rowsOf, type Tx, withTenant } from '../../db/client';
import { bookingCrew, bookings as bookingsTable, type LineTax, orderItems, orderLogs, orders as ordersTable, type OrderRow } from '../../db/schema/sales';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import { pageOfJson } from '../../lib/http';
import { nextNumber, reserveNumbers } from '../../lib/numbers';
import { type DataScope, scopeOfCaller } from '../access/scope';
import type { AuthContext } from '../auth/auth.service';
import type { TenantRow } from '../auth/auth.repository';
import type { OfferChannel } from '@app/shared/schemas/offers';
import { checkCustomFieldValues, type FieldDefinition } from '../customers/custom-field-values';
import { logOrder, priceNewOrder, recalculateOrder } from '../orders/order-core';
import * as repo from './bookings.repository';
import { fullSlotKey, askForSeat, seatTaken } from './full-slots';
import { notifyBooking, noticeOf, queueBookingNotices } from '../notifications/notify';
import { sendStoreMessage } from '../store/store-messages';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Minutes between slot starts offered by `GET /bookings/slots` (on the branch's local clock). */
export const SLOT_STEP_MINUTES = 15;
/** A visit (all its services and buffers) fits in a day: the engine computes one local day at a time. */
const VISIT_MAX_MINUTES = 1440;

type SlotsQueryParsed = z.infer<typeof slotsQuery>;
type BookingsQueryParsed = z.infer<typeof bookingsQuery>;
type CustomerBookingsQueryParsed = z.infer<typeof customerBookingsQuery>;
type CalendarQueryParsed = z.infer<typeof calendarQuery>;
type BlockTimesQueryParsed = z.infer<typeof blockTimesQuery>;
type CreateBody = z.output<typeof createBookingBody>;
type UpdateBody = z.output<typeof updateBookingBody>;
type StatusBody = z.output<typeof changeBookingStatusBody>;
type OrderBookingBody = z.output<typeof orderCreateBookingBody>;
type BlockBody = z.output<typeof blockTimeBody>;

// ---------------------------------------------------------------- pure helpers

const knownZones = new Map<string, boolean>();
/** The branch's IANA zone, else the business's (a zone is checked once per process). */
export function zoneOf(branchTz: string | null | undefined, tenantTz: string): string {
  if (!branchTz) return tenantTz;
  let ok = knownZones.get(branchTz);
  if (ok === undefined) {
    ok = isTimeZone(branchTz);
    if (knownZones.size < 1000) knownZones.set(branchTz, ok);
  }
  return ok ? branchTz : tenantTz;
}

/** A visit the engine can compute: whole positive durations, no negative buffer, at most a day. */
function checkVisit(visit: VisitService[]) {
  const bad = visit.some((v) => !Number.isInteger(v.duration) || v.duration < 1 || !Number.isInteger(v.buffer ?? 0) || (v.buffer ?? 0) < 0);
  if (bad || visitMinutes(visit) > VISIT_MAX_MINUTES) throw fieldError('service_ids', 'invalid');
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Minutes after local midnight of the instant `ms` on its local day `day`. */
function localMinutes(day: LocalDay, ms: number): number {
  const seg = day.segments.find((s) => ms >= s.from && ms < s.to) ?? day.segments[0]!;
  return (ms + seg.offset - day.naive) / MINUTE;
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** An ISO instant of the request, on a whole minute. */
function instant(value: string, field: string): number {
  const ms = Date.parse(value);
  if (!Number.isFinite(ms) || ms % MINUTE !== 0) throw fieldError(field, 'invalid');
  return ms;
}

/**
 * The engine's input for some providers over some local dates (everything already loaded). `chosen`:
 * one provider asked for by the caller, who checked that it offers the visit; it alone is computed.
 */
export function engineInput(
  inputs: repo.SlotInputs,
  opts: { zone: string; from: string; to: string; now: number; visit: VisitService[]; slotStep?: number; chosen?: string | null },
): FreeSlotsInput {
  const offOf = new Map<string, { startDate: string; endDate: string }[]>();
  for (const [pid, startDate, endDate] of inputs.timeOff) {
    const list = offOf.get(pid) ?? [];
    list.push({ startDate, endDate });
    offOf.set(pid, list);
  }
  const visitIds = [...new Set(opts.visit.map((s) => s.id))];
  const providers: ProviderAvailability[] = inputs.providers.map((p) => ({
    id: p.id,
    hours: p.working_hours ?? {},
    clientsInSameTime: p.clients_in_same_time,
    timeOff: offOf.get(p.id) ?? [],
    // A crew-only provider takes no visit of its own; the chosen one takes the whole visit.
    serviceIds: !p.candidate ? [] : p.id === opts.chosen ? visitIds : p.offered,
    assignment: p.assignment_type as Assignment,
    crew: p.crew ?? [],
  }));
  return {
    zone: opts.zone,
    from: opts.from,
    to: opts.to,
    now: opts.now,
    slotStep: opts.slotStep ?? SLOT_STEP_MINUTES,
    services: opts.visit,
    branchHours: inputs.branch?.working_hours ?? {},
    providers,
    blocks: inputs.blocks.map(([providerId, start, end]) => ({ providerId, start: Number(start), end: Number(end) })),
    bookings: inputs.bookings.map(([providerId, start, end]) => ({ providerId, start: Number(start), end: Number(end) })),
    ...(opts.chosen ? { providerId: opts.chosen } : {}),
  };
}

/** The engine's days as the API answers them: instants, branch-local `HH:mm`, providers. */
export function toDaySlots(days: EngineDay[], zone: string, lastBuffer: number): DaySlots[] {
  return days.map((d) => {
    const day = new LocalDay(d.date, zone);
    return {
      date: d.date,
      slots: d.slots.map((s) => ({
        start_time: new Date(s.start).toISOString(),
        end_time: new Date(s.end - lastBuffer * MINUTE).toISOString(),
        slot: hhmm(localMinutes(day, s.start)),
        staff_ids: s.providerIds,
        split_staff_ids: s.split ?? null,
      })),
    };
  });
}

/** One provider per service of the visit, and the crew each of them brings (team providers). */
export type Assigned = { providers: string[]; crews: string[][] };
export type PickResult = Assigned | { error: 'provider_no_times' | 'outside_hours' | 'taken' };

/**
 * Whether a visit may start at `start`, and with whom: the engine run for that local day on a grid
 * that contains `start` (its local minute's gcd with a day), so a calendar drag to 10:05 is checked
 * exactly like a listed 10:00. The first free provider in the given order takes the whole visit; when
 * nobody can, a split between providers of type multiple. When nobody is free, tells "no working time
 * that day at all" (provider_no_times) from "the visit does not fit the working hours (or falls in a
 * time off)" (outside_hours) from "taken" (bookings or block times).
 */
export function pickProvider(
  inputs: repo.SlotInputs,
  opts: { zone: string; start: number; now: number; visit: VisitService[]; chosen?: string | null },
): PickResult {
  const date = localDateOf(opts.start, opts.zone);
  const day = new LocalDay(date, opts.zone);
  const minute = localMinutes(day, opts.start);
  const step = Number.isInteger(minute) && minute > 0 ? gcd(minute, 1440) : 1440;
  const base = { zone: opts.zone, from: date, to: date, visit: opts.visit, chosen: opts.chosen ?? null };
  const [found] = freeSlots(engineInput(inputs, { ...base, now: Math.min(opts.now, opts.start), slotStep: step }));
  const slot = found?.slots.find((s) => s.start === opts.start);
  const ids = slot?.providerIds[0] ? opts.visit.map(() => slot.providerIds[0]!) : slot?.split;
  if (ids) {
    const byId = new Map(inputs.providers.map((p) => [p.id, p]));
    return { providers: ids, crews: ids.map((id) => (byId.get(id)?.assignment_type === 'team' ? (byId.get(id)?.crew ?? []) : [])) };
  }
  // Free of bookings and blocks, would the visit fit then? On the same grid first (cheap: the grid holds
  // `start`, so a taken slot is told at once, as in a burst at one slot); only when it would not, the
  // day on every minute tells "no working time at all" from "outside the hours".
  const empty = { ...inputs, bookings: [], blocks: [] };
  const onGrid = freeSlots(engineInput(empty, { ...base, now: 0, slotStep: step }))[0]?.slots ?? [];
  if (onGrid.some((s) => s.start === opts.start)) return { error: 'taken' };
  if (onGrid.length) return { error: 'outside_hours' };
  const idleSlots = freeSlots(engineInput(empty, { ...base, now: 0, slotStep: 1 }))[0]?.slots ?? [];
  return idleSlots.length ? { error: 'outside_hours' } : { error: 'provider_no_times' };
}

/** Every weekday open all day (00:00–00:00). */
const ALL_DAY: Record<string, [string, string][]> = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [['00:00', '00:00']]]));
/** What keeps a provider busy for a visit recorded after the fact: the active visits and the ones that happened. */
const PAST_BUSY_STATUSES = [...ACTIVE_BOOKING_STATUSES, 'completed'] as const;

/**
 * A visit recorded after it happened is checked only against the provider's (and crew's) other
 * visits at that time, never against hours, days off or block times: it did happen, whatever the
 * calendar said (a provider who stayed late, hours changed since). Double booking beyond the
 * provider's capacity is still refused (docs/decisions.md "Walk-ins and past visits").
 */
export function pastVisitInputs(inputs: repo.SlotInputs): repo.SlotInputs {
  return {
    ...inputs,
    branch: inputs.branch ? { ...inputs.branch, working_hours: ALL_DAY } : null,
    providers: inputs.providers.map((p) => ({ ...p, working_hours: ALL_DAY })),
    timeOff: [],
    blocks: [],
  };
}

function toBooking(r: repo.BookingReadRow): Booking {
  const b = r.b;
  return {
    id: b.id,
    booking_number: b.number,
    order_id: b.orderId,
    order_number: r.orderNumber ?? null,
    order_item_id: b.orderItemId,
    customer_id: b.customerId,
    customer: b.customerId && r.customerFirst !== null ? { id: b.customerId, name: `${r.customerFirst} ${r.customerLast ?? ''}`.trim(), phone: r.customerPhone ?? null } : null,
    staff_id: b.providerId,
    staff: r.providerName !== null ? { id: b.providerId, name: r.providerName } : null,
    crew: r.crew ?? [],
    branch_id: b.branchId,
    team_id: b.branchId,
    service_id: b.serviceId,
    service: b.serviceId && r.serviceName !== null ? { id: b.serviceId, name: r.serviceName } : null,
    date: r.localDate,
    slot: r.localSlot,
    start_time: b.startAt.toISOString(),
    end_time: b.endAt.toISOString(),
    duration: b.duration,
    buffer: b.buffer,
    price: b.price,
    total_price: b.totalPrice,
    status: b.status as BookingStatus,
    payment_status: b.paymentStatus as BookingPaymentStatus,
    source: b.source as BookingSource,
    notes: b.notes,
    custom_fields: b.customFields,
    meeting_link: b.meetingLink,
    transportation_fee_amount: b.transportationFeeAmount,
    cancellation_reason_id: b.cancellationReasonId,
    cancellation_note: b.cancellationNote,
    recorded_after: b.recordedAfter,
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
  };
}

function toBlock(r: repo.BlockRow): BlockTime {
  return {
    id: r.id,
    branch_id: r.branchId,
    staff_id: r.providerId,
    start_time: r.startAt.toISOString(),
    end_time: r.endAt.toISOString(),
    notes: r.notes,
    created_at: r.createdAt.toISOString(),
  };
}

/** A list filter's date (a local day in `zone`, `to` inclusive) or instant. */
function boundary(value: string | undefined, zone: string, end: boolean): repo.Boundary | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return { day: value, zone, plusDays: end ? 1 : 0 };
  return new Date(value);
}

// ---------------------------------------------------------------- the service

/**
 * Bookings (issue 5 §2): free slots from the availability engine, the race-free booking writes
 * (create, add to an order, reschedule / resize / reassign), status changes, lists, the calendar
 * feed and block times. See docs/bookings.md for the rules and errors.
 *
 * Lock order of every write here (and it must stay so, to never deadlock with the orders and payments
 * modules, which lock an order before its bookings): providers (sorted by id) → the order → the
 * booking. Nothing is locked before the providers.
 */
/** Exactly these providers (else the query's staff or any), and bookings that do not count as busy. */
type SlotsOptions = { providerIds?: string[]; excludeBookingIds?: string[] };

/** What claiming a seat needs of its caller: the business (a signed-in account, or the store acting for it). */
export type ClaimContext = { tenantId: string; tenant: { timezone: string } };

/**
 * Who books a visit: a signed-in account (the dashboard), or the store acting for the business
 * (`userId` null, every booking in scope, its offers those of the `booking_page` channel).
 */
export type BookingActor = ClaimContext & {
  tenant: Pick<TenantRow, 'id' | 'subscriptionPlanId' | 'timezone' | 'currency'>;
  userId: string | null;
  scope: DataScope;
  offerChannel: OfferChannel;
};

/** A new booking's request; the store's arrive `unapproved` when the business approves them first. */
export type CreateInBody = Omit<CreateBody, 'status'> & { status?: CreateBody['status'] | 'unapproved' };

export function createBookingService(deps: { db: Database; config: Pick<Config, 'appUrl'> }) {
  const { db, config } = deps;

  const visible = (scope: DataScope, providerId: string) => scope.bookings === 'all' || providerId === scope.providerId;

  /** An own-scope caller books only for its own provider row (left out: it is that one). */
  function ownStaff(scope: DataScope, staffId: string | null | undefined): string | null | undefined {
    if (scope.bookings === 'all') return staffId;
    if (!scope.providerId || (staffId && staffId !== scope.providerId)) throw forbidden();
    return scope.providerId;
  }

  async function readOne(tx: Executor, ctx: AuthContext, id: string): Promise<Booking> {
    const [row] = await repo.readBookings(tx, ctx.tenantId, ctx.tenant.timezone, [id]);
    if (!row) throw notFound();
    return toBooking(row);
  }

  // ------------------------------------------------------------ checks shared by the writes

  /** A customer a booking may be for: given (never a guest), of the business, not blocked. */
  function customerOk(customerId: string | null | undefined, customer: { blocked: boolean } | null) {
    if (!customerId) throw fieldError('customer_id', 'guest_order_no_appointment');
    if (!customer) throw fieldError('customer_id', 'not_exists');
    if (customer.blocked) throw fieldError('customer_id', 'customer_is_blocked');
  }

  async function checkCustomer(tx: Executor, ctx: AuthContext, customerId: string | null | undefined) {
    const customer = customerId ? await repo.findCustomer(tx, ctx.tenantId, customerId) : null;
    customerOk(customerId, customer && { blocked: customer.blockedAt !== null });
  }

  /** An order a booking may join: live, not a draft, not invoiced / refunded / canceled. */
  function checkOrderOpen(order: OrderRow) {
    if (order.deletedAt) throw fieldError('order_id', 'order_in_trash');
    if (order.isDraft) throw fieldError('order_id', 'order_is_draft');
    if (!orderEditable(order.status)) throw fieldError('order_id', 'order_locked');
  }

  /** A provider of the business, of the branch (or of none), offering every service of the visit. */
  function providerOk(provider: { branchId: string | null } | null, offered: () => ReadonlySet<string>, branchId: string, serviceIds: readonly string[]) {
    if (!provider) throw fieldError('staff_id', 'not_exists');
    if (provider.branchId && provider.branchId !== branchId) throw fieldError('staff_id', 'provider_not_in_branch');
    if (serviceIds.length) {
      const set = offered();
      if (serviceIds.some((id) => !set.has(id))) throw fieldError('staff_id', 'provider_not_for_service');
    }
  }

  async function checkProvider(tx: Executor, ctx: AuthContext, staffId: string, branchId: string, serviceIds: readonly string[]) {
    const provider = await repo.findProvider(tx, ctx.tenantId, staffId);
    const offered = provider && serviceIds.length ? await repo.providerServiceIds(tx, ctx.tenantId, staffId) : new Set<string>();
    providerOk(provider, () => offered, branchId, serviceIds);
  }

  /** The visit's services, in the order asked (a service may repeat), each available at the branch. */
  function servicesOk<S extends { id: string; branchId: string | null; duration: number; bufferTime: number }>(rows: readonly S[], serviceIds: readonly string[], branchId: string) {
    const byId = new Map(rows.map((r) => [r.id, r]));
    serviceIds.forEach((id, i) => {
      const s = byId.get(id);
      if (!s || (s.branchId && s.branchId !== branchId)) throw fieldError(`service_ids.${i}`, 'not_exists');
    });
    const list = serviceIds.map((id) => byId.get(id)!);
    const visit: VisitService[] = list.map((s) => ({ id: s.id, duration: s.duration, buffer: s.bufferTime }));
    checkVisit(visit);
    return { list, visit };
  }

  async function _visitServices(tx: Executor, ctx: AuthContext, serviceIds: readonly string[], branchId: string) {
    return servicesOk(await repo.findServices(tx, ctx.tenantId, serviceIds), serviceIds, branchId);
  }

  /** A booking's custom field values checked against the business's definitions (422 on each field). */
  function customFieldsOk(defs: FieldDefinition[], values: Record<string, unknown>) {
    // Bookings have no attachments: a file field takes no value here (and its "required" waits).
    const checked = checkCustomFieldValues(defs, values, null);
    if (checked.issues.length) {
      const fields: Record<string, { key: (typeof checked.issues)[number]['key'] }[]> = {};
      for (const issue of checked.issues) fields[issue.field] = [...(fields[issue.field] ?? []), { key: issue.key }];
      throw new AppError(422, 'validation_failed', { fields });
    }
    return checked.values;
  }

  async function bookingCustomFields(tx: Executor, ctx: AuthContext, values: Record<string, unknown>) {
    return customFieldsOk(await repo.bookingFieldDefinitions(tx, ctx.tenantId), values);
  }

  const meetingLink = () => `${config.appUrl}/meet/${randomBytes(12).toString('base64url')}`;

  /**
   * The race-free heart of every write that takes a seat. Locks the candidate providers (the one
   * asked for, or every provider of the branch offering all the services), re-reads their bookings,
   * blocks and days off for the local day under the lock and runs the engine: the first free
   * provider (in the business's order) gets the visit. A concurrent request for the same provider
   * waits on the lock and then sees this one's bookings.
   */
  async function claim(
    tx: Tx,
    ctx: ClaimContext,
    a: {
      branchId: string;
      zone: string;
      serviceIds: string[];
      visit: VisitService[];
      staffId: string | null;
      start: number;
      excludeBookingIds?: string[];
      /** The store visitor's own hold: its seat is theirs to book (see slot_holds). */
      excludeHoldIds?: string[];
      past?: boolean;
      /** The unlocked check's inputs, read already (with the booking's context, `precheckQuery`). */
      prechecked?: repo.SlotInputs | undefined;
    },
  ): Promise<Assigned> {
    const distinct = [...new Set(a.serviceIds)];
    // A plain read first, without the lock: a slot already full is refused at once rather than after
    // queueing on the provider lock behind every other request for it (a burst on one slot). The
    // locked check below stays the guarantee; this one only refuses what it would refuse too.
    await precheck(tx, ctx, a, distinct);
    const date = localDateOf(a.start, a.zone);
    const query = {
      branchId: a.branchId,
      serviceIds: distinct,
      from: date,
      to: date,
      tenantTimezone: ctx.tenant.timezone,
      excludeBookingIds: a.excludeBookingIds ?? [],
      excludeHoldIds: a.excludeHoldIds ?? [],
      // A past visit meets the visits that happened then (completed) as well as the active ones.
      ...(a.past ? { busyStatuses: PAST_BUSY_STATUSES } : {}),
    };
    let locked: repo.Locked;
    let inputs: repo.SlotInputs;
    if (a.staffId) {
      // The chosen provider: the lock and the read of the inputs go together.
      ({ locked, inputs } = await repo.lockAndLoad(tx, ctx.tenantId, [a.staffId], query));
      if (locked.candidates.length === 0) throw fieldError('staff_id', 'not_exists');
    } else {
      locked = await repo.lockProviders(tx, ctx.tenantId, { branchId: a.branchId, serviceIds: distinct });
      if (locked.candidates.length === 0) throw fieldError('staff_id', 'no_provider_available');
      inputs = await repo.loadSlotInputs(tx, ctx.tenantId, { ...query, providerIds: locked.candidates });
    }
    // Everyone computed must be locked: a crew that changed since the lock (a team edited meanwhile) is refused.
    const held = new Set(locked.all);
    if (inputs.providers.some((p) => !held.has(p.id))) throw fieldError('start_time', 'time_slot_booked');
    const picked = pickProvider(a.past ? pastVisitInputs(inputs) : inputs, { zone: a.zone, start: a.start, now: Date.now(), visit: a.visit, chosen: a.staffId });
    if ('providers' in picked) return picked;
    throw refusal(picked.error, a.staffId);
  }

  /**
   * The same engine on the same inputs as `claim`, read without locking anything: refuses a seat
   * already taken (bookings, block times, holds). Anything else (an unknown provider, no working
   * time) is left to the locked check, which answers it in its own words.
   */
  async function precheck(tx: Tx, ctx: ClaimContext, a: Parameters<typeof claim>[2], distinct: string[]): Promise<void> {
    const inputs = a.prechecked ?? (await repo.loadSlotInputs(tx, ctx.tenantId, precheckQuery(ctx, a, distinct, a.zone)));
    if (!inputs.providers.some((p) => p.candidate)) return;
    const picked = pickProvider(a.past ? pastVisitInputs(inputs) : inputs, { zone: a.zone, start: a.start, now: Date.now(), visit: a.visit, chosen: a.staffId });
    if ('error' in picked && picked.error === 'taken') throw refusal(picked.error, a.staffId);
  }

  /**
   * What the unlocked check reads: the day of `a.start` in `zone`, the provider asked for or the
   * candidates. A caller that reads it before it knows the branch's zone (with the booking's context)
   * passes the business's: a branch in another zone may then read a neighbouring day, which can only
   * miss a conflict (let through what the locked check then refuses), never make one up.
   */
  function precheckQuery(
    ctx: ClaimContext,
    a: Pick<Parameters<typeof claim>[2], 'branchId' | 'staffId' | 'start' | 'excludeBookingIds' | 'excludeHoldIds' | 'past'>,
    distinct: string[],
    zone: string,
  ): repo.SlotInputsQuery {
    const date = localDateOf(a.start, zone);
    return {
      branchId: a.branchId,
      serviceIds: distinct,
      ...(a.staffId ? { providerIds: [a.staffId] } : {}),
      from: date,
      to: date,
      tenantTimezone: ctx.tenant.timezone,
      excludeBookingIds: a.excludeBookingIds ?? [],
      excludeHoldIds: a.excludeHoldIds ?? [],
      ...(a.past ? { busyStatuses: PAST_BUSY_STATUSES } : {}),
    };
  }

  /** Why the engine found no seat, as the field error the request answers. */
  function refusal(error: string, staffId: string | null) {
    if (error === 'provider_no_times') return fieldError('start_time', 'provider_no_times');
    if (error === 'outside_hours') return fieldError('start_time', 'outside_working_hours');
    return seatTaken(staffId);
  }

  /** Start, end and busy-until of each service of a visit starting at `start`, back to back. */
  function timeline(visit: VisitService[], start: number) {
    let t = start;
    return visit.map((s) => {
      const startAt = t;
      const endAt = t + s.duration * MINUTE;
      const occupied = endAt + (s.buffer ?? 0) * MINUTE;
      t = occupied;
      return { startAt: new Date(startAt), endAt: new Date(endAt), occupiedUntil: new Date(occupied) };
    });
  }

  // ------------------------------------------------------------ free slots

  /** 422 unless [from, to] is a range the slots are computed for. */
  function checkSlotsRange(q: Pick<SlotsQueryParsed, 'from' | 'to'>) {
    if (q.to < q.from) throw fieldError('to', 'end_before_start');
    if (localDates(q.from, q.to).length > SLOTS_RANGE_MAX_DAYS) throw fieldError('to', 'range_too_long', { max: SLOTS_RANGE_MAX_DAYS });
  }

  async function slots(ctx: AuthContext, q: SlotsQueryParsed): Promise<SlotsResponse> {
    checkSlotsRange(q);
    const staffId = ownStaffForRead(scopeOfCaller(ctx), q.staff_id);
    const { staff_id: _asked, ...rest } = q;
    // null: an own-scope account without a provider row (nobody's slots).
    return slotsFor(ctx.tenantId, ctx.tenant.timezone, staffId ? { ...rest, staff_id: staffId } : rest, staffId === null ? { providerIds: [] } : {});
  }

  /**
   * The free slots of a query for a business, with no signed-in caller (the dashboard's slots and the
   * public store's): one statement for the inputs (loadSlotInputs), then the engine. `providerIds`:
   * exactly these providers instead of the query's staff_id or the candidates.
   */
  async function slotsFor(tenantId: string, tenantTimezone: string, q: SlotsQueryParsed, opts: SlotsOptions = {}): Promise<SlotsResponse> {
    checkSlotsRange(q);
    return withTenant(db, tenantId, (tx) => slotsIn(tx, tenantId, tenantTimezone, q, opts));
  }

  /**
   * `slotsFor` in the caller's transaction (the store checks its services and window in the same one;
   * a customer's reschedule leaves out the visit's own bookings, `excludeBookingIds`).
   */
  async function slotsIn(tx: Tx, tenantId: string, tenantTimezone: string, q: SlotsQueryParsed, opts: SlotsOptions = {}): Promise<SlotsResponse> {
    checkSlotsRange(q);
    const providerIds = opts.providerIds ?? (q.staff_id ? [q.staff_id] : undefined);
    const inputs = await repo.loadSlotInputs(tx, tenantId, {
      branchId: q.branch_id,
      serviceIds: q.service_ids,
      ...(providerIds ? { providerIds } : {}),
      from: q.from,
      to: q.to,
      tenantTimezone,
      excludeBookingIds: [...(q.exclude_booking_id ? [q.exclude_booking_id] : []), ...(opts.excludeBookingIds ?? [])],
    });
    return computeSlots(inputs, q, tenantTimezone, Date.now());
  }

  /** An own-scope caller sees only its own provider's slots (null: it has no provider row, so none). */
  function ownStaffForRead(scope: DataScope, staffId: string | undefined): string | null | undefined {
    if (scope.bookings === 'all') return staffId;
    if (staffId && staffId !== scope.providerId) throw forbidden();
    return scope.providerId ?? null;
  }

  /** Validates the loaded inputs against the query and runs the engine (no database access). */
  function computeSlots(inputs: repo.SlotInputs, q: SlotsQueryParsed, tenantTz: string, now: number): SlotsResponse {
    const branch = inputs.branch;
    if (!branch) throw fieldError('branch_id', 'not_exists');
    const zone = zoneOf(branch.timezone, tenantTz);
    const byId = new Map(inputs.services.map((s) => [s.id, s]));
    q.service_ids.forEach((id, i) => {
      const s = byId.get(id);
      if (!s || (s.branch_id && s.branch_id !== branch.id)) throw fieldError(`service_ids.${i}`, 'not_exists');
    });
    const visit: VisitService[] = q.service_ids.map((id) => ({ id, duration: byId.get(id)!.duration, buffer: byId.get(id)!.buffer }));
    checkVisit(visit);
    const distinct = [...new Set(q.service_ids)];
    if (q.staff_id) {
      const p = inputs.providers.find((x) => x.id === q.staff_id);
      if (!p) throw fieldError('staff_id', 'not_exists');
      if (p.branch_id && p.branch_id !== branch.id) throw fieldError('staff_id', 'provider_not_in_branch');
      const offered = new Set(p.offered);
      if (distinct.some((id) => !offered.has(id))) throw fieldError('staff_id', 'provider_not_for_service');
    }
    const days = freeSlots(engineInput(inputs, { zone, from: q.from, to: q.to, now, visit, chosen: q.staff_id ?? null }));
    return { data: toDaySlots(days, zone, visit[visit.length - 1]?.buffer ?? 0), meta: { time_zone: zone } };
  }

  // ------------------------------------------------------------ create

  async function create(ctx: AuthContext, body: CreateBody): Promise<CreateBookingResult> {
    const pastVisit = body.recorded_after === true;
    if (pastVisit && !ctx.user.isOwner && !ctx.permissions.includes('bookings.record_past')) throw forbidden();
    const actor: BookingActor = { tenantId: ctx.tenantId, tenant: ctx.tenant, userId: ctx.user.id, scope: scopeOfCaller(ctx), offerChannel: 'webapp' };
    // The same ask just refused as taken is refused again without the database (full-slots.ts); not
    // for a past visit, nor where the caller's scope chooses the provider.
    const start = Date.parse(body.start_time ?? '');
    const staffId = body.staff_id ?? null;
    const key =
      !pastVisit && body.branch_id && body.service_ids?.length && Number.isFinite(start) && actor.scope.bookings === 'all'
        ? fullSlotKey(ctx.tenantId, { branchId: body.branch_id, staffId, serviceIds: body.service_ids, start })
        : null;
    return askForSeat(key, () => seatTaken(staffId), () => withTenant(db, ctx.tenantId, (tx) => createIn(tx, actor, body)));
  }

  /**
   * The one path that books a visit (the dashboard's `POST /bookings` and the store's booking), in
   * the caller's transaction: the checks, the provider lock (claim), the order, its lines, the
   * appointments, their crews, the log and the notifications. `excludeHoldIds`: the store visitor's
   * own hold, whose seat is theirs; `log`: added to the order log's line; `deposits`: the deposit the
   * store asks of each service (by id, minor units), kept on its bookings (none: 0, the dashboard's).
   */
  async function createIn(
    tx: Tx,
    actor: BookingActor,
    body: CreateInBody,
    opts: { excludeHoldIds?: string[]; log?: Record<string, unknown>; deposits?: ReadonlyMap<string, number> } = {},
  ): Promise<CreateBookingResult> {
    const pastVisit = body.recorded_after === true;
    const serviceIds = body.service_ids ?? [];
    if (serviceIds.length === 0) throw fieldError('service_ids', 'service_before_time');
    const start = instant(body.start_time, 'start_time');
    {
      const scope = actor.scope;
      const existing = body.order_id ? await repo.findOrder(tx, actor.tenantId, body.order_id) : null;
      if (body.order_id && !existing) throw fieldError('order_id', 'not_exists');
      if (existing) {
        checkOrderOpen(existing);
        if (!existing.customerId) throw fieldError('customer_id', 'guest_order_no_appointment');
        if (body.customer_id && body.customer_id !== existing.customerId) throw fieldError('customer_id', 'invalid');
      }
      const customerId = body.customer_id ?? existing?.customerId ?? null;
      const branchId = body.branch_id ?? existing?.branchId ?? null;
      // The provider ownStaff will answer with (it refuses below, in the checks' order).
      const askedStaff = scope.bookings === 'all' ? (body.staff_id ?? null) : (scope.providerId ?? null);
      // The unlocked check's inputs come with the context: one round trip less while nothing is locked yet.
      const slots = branchId ? precheckQuery(actor, { branchId, staffId: askedStaff, start, excludeHoldIds: opts.excludeHoldIds ?? [], past: pastVisit }, [...new Set(serviceIds)], actor.tenant.timezone) : null;
      const c = await repo.bookingContext(tx, actor.tenantId, { customerId, branchId, serviceIds, providerId: askedStaff, offerChannel: actor.offerChannel, slots });
      customerOk(customerId, c.customer);
      if (!branchId) throw fieldError('branch_id', 'required');
      const branch = c.branch;
      if (!branch) throw fieldError('branch_id', 'not_exists');
      if (existing?.branchId && existing.branchId !== branchId) throw fieldError('branch_id', 'invalid');
      const zone = zoneOf(branch.timezone, actor.tenant.timezone);
      const { list: services, visit } = servicesOk(c.services, serviceIds, branchId);
      const staffId = ownStaff(scope, body.staff_id) ?? null;
      if (staffId) providerOk(c.provider, () => new Set(c.offered), branchId, serviceIds);
      const customFields = customFieldsOk(c.fields, body.custom_fields ?? {});
      const now = Date.now();
      if (pastVisit) {
        // Who did it is known: "any provider" makes no sense for a visit that happened.
        if (!staffId) throw fieldError('staff_id', 'required');
        if (start >= now) throw fieldError('start_time', 'recorded_after_future');
      } else if (start < now - (body.walk_in ? WALK_IN_GRACE_MINUTES * MINUTE : 0)) {
        throw fieldError('start_time', 'slot_in_past');
      }

      const lineTaxes = new Map<string, LineTax[]>(serviceIds.map((id) => [id, []]));
      for (const x of c.taxes) lineTaxes.get(x.serviceId)?.push({ tax_id: x.id, name: x.name, rate_bps: x.rateBps, amount: 0 });
      // A running dashboard (`webapp`) offer changes the service's unit price before any discount (docs/decisions.md "Offers");
      // the offers came with the context.
      const offered = offerPricesOf(services, c.offers);
      const priceOf = (s: { id: string; price: number }) => offered.get(s.id)?.price ?? s.price;
      const assigned = await claim(tx, actor, { branchId, zone, serviceIds, visit, staffId, start, past: pastVisit, excludeHoldIds: opts.excludeHoldIds ?? [], prechecked: staffId === askedStaff ? c.slotInputs : undefined });
      const providerId = assigned.providers[0]!;

      // The seat is ours (the provider stays locked until commit). Now the order, then the rows.
      const online = branch.type === 'online';
      const home = branch.type === 'home-service';
      const link = online ? (body.meeting_link ?? meetingLink()) : (body.meeting_link ?? null);
      const fee = home ? (body.transportation_fee_amount ?? 0) : 0;
      // A new order is written already priced; an existing one is priced again once its new lines are in.
      const fresh = existing ? null : priceNewOrder(services.map((s) => ({ unitPrice: priceOf(s), quantity: 1, taxes: lineTaxes.get(s.id) ?? [] })), fee);
      // The order's number and its bookings' in one statement.
      const numbers = await reserveNumbers(tx, actor.tenantId, existing ? { booking: services.length } : { order: 1, booking: services.length });
      let order: Pick<OrderRow, 'id' | 'number' | 'source'>;
      if (existing) {
        const locked = await repo.findOrder(tx, actor.tenantId, existing.id, true);
        if (!locked) throw fieldError('order_id', 'not_exists');
        checkOrderOpen(locked);
        order = locked;
      } else {
        order = { id: randomUUID(), number: numbers.order!, source: body.source ?? 'calendar' };
      }
      const source = body.source ?? (isBookingSource(order.source) ? order.source : 'calendar');
      let sortOrder = existing ? await repo.nextItemSortOrder(tx, actor.tenantId, order.id) : 0;
      const times = timeline(visit, start);
      const status = pastVisit ? 'completed' : (body.status ?? 'confirmed');
      const items = services.map((s, i) => {
        const line = fresh?.lines[i];
        return {
          tenantId: actor.tenantId,
          id: randomUUID(),
          orderId: order.id,
          type: 'service',
          serviceId: s.id,
          providerId: assigned.providers[i]!,
          name: s.name,
          quantity: 1,
          unitPrice: priceOf(s),
          taxes: line?.taxes ?? lineTaxes.get(s.id) ?? [],
          ...(line ? { subtotal: line.subtotal, discountAmount: line.discountAmount, taxAmount: line.taxAmount, total: line.total } : {}),
          sortOrder: sortOrder++,
        } satisfies typeof orderItems.$inferInsert;
      });
      const rowsToBook = services.map((s, i) => {
        const time = times[i]!;
        const line = fresh?.lines[i];
        return {
          tenantId: actor.tenantId,
          id: randomUUID(),
          number: numbers.booking! + i,
          orderId: order.id,
          orderItemId: items[i]!.id,
          branchId,
          customerId,
          providerId: assigned.providers[i]!,
          serviceId: s.id,
          startAt: time.startAt,
          endAt: time.endAt,
          occupiedUntil: time.occupiedUntil,
          duration: s.duration,
          buffer: s.bufferTime,
          price: priceOf(s),
          ...(line ? { totalPrice: line.total, paymentStatus: fresh!.paymentStatus } : {}),
          // The deposit the store asked for this service now (docs/decisions.md "Booking on the store").
          depositAmount: opts.deposits?.get(s.id) ?? 0,
          // A visit recorded after the fact happened: it is recorded completed.
          status,
          recordedAfter: pastVisit,
          source,
          notes: body.notes ?? null,
          customFields,
          meetingLink: link,
          // The visit's fee is carried by its first booking (one trip).
          transportationFeeAmount: i === 0 ? fee : 0,
          createdBy: actor.userId,
        } satisfies typeof bookingsTable.$inferInsert;
      });
      const crews = rowsToBook.flatMap((b, i) =>
        assigned.crews[i]!.map((providerId) => ({ tenantId: actor.tenantId, bookingId: b.id, providerId, startAt: b.startAt, occupiedUntil: b.occupiedUntil })),
      );
      await assertWithinPlan(tx, actor.tenant, 'bookings_per_month', rowsToBook.length);
      // The order (when new), its lines, the appointments, their crews and the log line, all in one
      // statement, sent with the next (the new bookings' read): a round trip, not one a row, while the
      // provider is locked.
      await insertTogether(tx, [
        ...(existing
          ? []
          : [
              rowsOf(ordersTable, {
                tenantId: actor.tenantId,
                id: order.id,
                number: order.number,
                branchId,
                customerId,
                providerId,
                source: order.source,
                currency: actor.tenant.currency,
                createdBy: actor.userId,
                ...fresh!.totals,
              }),
            ]),
        rowsOf(orderItems, items),
        rowsOf(bookingsTable, rowsToBook),
        rowsOf(bookingCrew, crews),
        rowsOf(orderLogs, {
          tenantId: actor.tenantId,
          orderId: order.id,
          userId: actor.userId,
          action: 'booking',
          changes: {
            event: 'created',
            bookings: rowsToBook.map((b) => ({ id: b.id, number: b.number, service_id: b.serviceId, staff_id: b.providerId, start_time: b.startAt.toISOString() })),
            ...(offered.size
              ? { offers: [...offered].map(([serviceId, o]) => ({ service_id: serviceId, id: o.offerId, name: o.offerName, original_price: o.originalPrice, price: o.price })) }
              : {}),
            ...(fee ? { transport_fee: fee } : {}),
            ...(pastVisit ? { recorded_after: true } : {}),
            ...(body.walk_in && !pastVisit ? { walk_in: true } : {}),
            ...opts.log,
          },
        }),
      ],
        // With the read of the new bookings that follows: one round trip for both.
        { withNext: true },
      );
      if (existing) {
        if (fee > 0) {
          await tx
            .update(ordersTable)
            .set({ transportFee: sql`${ordersTable.transportFee} + ${fee}` })
            .where(and(eq(ordersTable.tenantId, actor.tenantId), eq(ordersTable.id, order.id)));
        }
        await recalculateOrder(tx, actor.tenantId, order.id);
      }
      const ids = rowsToBook.map((b) => b.id);
      // A visit recorded after it happened is not announced. The answer and the messages' context are one read.
      let rows: repo.BookingReadRow[];
      if (pastVisit) rows = await repo.readBookings(tx, actor.tenantId, actor.tenant.timezone, ids, 'start');
      else {
        const read = await repo.readBookingsWithNotice(tx, actor.tenantId, actor.tenant.timezone, ids, 'booking_created');
        // New bookings' messages (new keys), sent with the commit.
        await queueBookingNotices(tx, read.map(noticeOf), 'booking_created', 'created', { withNext: true });
        rows = read;
      }
      return { order_id: order.id, order_number: order.number, bookings: rows.map(toBooking) };
    }
  }

  /**
   * A seat for a visit not booked yet (a store visitor's hold), in the caller's transaction: the
   * branch, the services and the provider checked like a booking's, then claimed under the provider
   * lock like one (`excludeHoldIds`: the visitor's previous hold). Answers each service's provider,
   * crew and times; the caller writes them down before the transaction ends.
   */
  async function seatIn(
    tx: Tx,
    ctx: ClaimContext,
    a: { branchId: string; serviceIds: string[]; staffId: string | null; start: number; excludeHoldIds?: string[] },
  ): Promise<Assigned & { times: { startAt: Date; endAt: Date; occupiedUntil: Date }[] }> {
    const c = await repo.bookingContext(tx, ctx.tenantId, { customerId: null, branchId: a.branchId, serviceIds: a.serviceIds, providerId: a.staffId });
    if (!c.branch) throw fieldError('branch_id', 'not_exists');
    const zone = zoneOf(c.branch.timezone, ctx.tenant.timezone);
    const { visit } = servicesOk(c.services, a.serviceIds, a.branchId);
    if (a.staffId) providerOk(c.provider, () => new Set(c.offered), a.branchId, a.serviceIds);
    if (a.start < Date.now()) throw fieldError('start_time', 'slot_in_past');
    const assigned = await claim(tx, ctx, { branchId: a.branchId, zone, serviceIds: a.serviceIds, visit, staffId: a.staffId, start: a.start, excludeHoldIds: a.excludeHoldIds ?? [] });
    return { ...assigned, times: timeline(visit, a.start) };
  }

  /** `POST /order/:id/createBooking`: the appointment of one service item of the order (again). */
  async function createForItem(ctx: AuthContext, orderId: string, body: OrderBookingBody): Promise<Booking> {
    const start = instant(body.start_time, 'start_time');
    return withTenant(db, ctx.tenantId, async (tx) => {
      const scope = scopeOfCaller(ctx);
      const order = await repo.findOrder(tx, ctx.tenantId, orderId);
      if (!order) throw notFound();
      checkOrderOpen(order);
      const item = await repo.findOrderItem(tx, ctx.tenantId, orderId, body.item_id);
      if (!item) throw fieldError('item_id', 'not_exists');
      if (item.type !== 'service' || !item.serviceId) throw fieldError('item_id', 'invalid');
      if (await repo.itemHasActiveBooking(tx, ctx.tenantId, item.id)) throw fieldError('item_id', 'exists');
      await checkCustomer(tx, ctx, order.customerId);
      const branchId = order.branchId ?? (await repo.mainBranchId(tx, ctx.tenantId));
      if (!branchId) throw fieldError('branch_id', 'not_exists');
      const branch = await repo.findBranch(tx, ctx.tenantId, branchId);
      if (!branch) throw fieldError('branch_id', 'not_exists');
      const zone = zoneOf(branch.timezone, ctx.tenant.timezone);
      const [service] = await repo.findServices(tx, ctx.tenantId, [item.serviceId]);
      if (!service) throw fieldError('item_id', 'invalid');
      const visit: VisitService[] = [{ id: service.id, duration: service.duration, buffer: service.bufferTime }];
      const staffId = ownStaff(scope, body.staff_id === undefined ? item.providerId : body.staff_id) ?? null;
      if (staffId) await checkProvider(tx, ctx, staffId, branchId, [service.id]);
      if (start < Date.now()) throw fieldError('start_time', 'slot_in_past');

      const assigned = await claim(tx, ctx, { branchId, zone, serviceIds: [service.id], visit, staffId, start });
      const providerId = assigned.providers[0]!;

      const locked = await repo.findOrder(tx, ctx.tenantId, orderId, true);
      if (!locked) throw notFound();
      checkOrderOpen(locked);
      // Two requests for the same item with different providers: the order lock orders them.
      if (await repo.itemHasActiveBooking(tx, ctx.tenantId, item.id)) throw fieldError('item_id', 'exists');
      await tx
        .update(orderItems)
        .set({ providerId })
        .where(and(eq(orderItems.tenantId, ctx.tenantId), eq(orderItems.id, item.id)));
      await assertWithinPlan(tx, ctx.tenant, 'bookings_per_month');
      const [time] = timeline(visit, start);
      const [row] = await tx
        .insert(bookingsTable)
        .values({
          tenantId: ctx.tenantId,
          number: await nextNumber(tx, ctx.tenantId, 'booking'),
          orderId,
          orderItemId: item.id,
          branchId,
          customerId: locked.customerId,
          providerId,
          serviceId: service.id,
          startAt: time!.startAt,
          endAt: time!.endAt,
          occupiedUntil: time!.occupiedUntil,
          duration: service.duration,
          buffer: service.bufferTime,
          price: item.unitPrice,
          status: 'confirmed',
          source: isBookingSource(locked.source) ? locked.source : 'calendar',
          notes: body.notes ?? null,
          meetingLink: branch.type === 'online' ? meetingLink() : null,
          createdBy: ctx.user.id,
        })
        .returning({ id: bookingsTable.id, number: bookingsTable.number });
      await repo.writeCrew(tx, ctx.tenantId, row!.id, assigned.crews[0]!, time!.startAt, time!.occupiedUntil);
      await recalculateOrder(tx, ctx.tenantId, orderId);
      await logOrder(tx, ctx.tenantId, orderId, ctx.user.id, 'booking', {
        event: 'created',
        bookings: [{ id: row!.id, number: row!.number, item_id: item.id, service_id: service.id, staff_id: providerId, start_time: time!.startAt.toISOString() }],
      });
      if (time!.startAt.getTime() > Date.now()) await notifyBooking(tx, ctx.tenantId, row!.id, 'booking_created', 'created');
      return readOne(tx, ctx, row!.id);
    });
  }

  // ------------------------------------------------------------ update (reschedule, resize, reassign, details)

  async function update(ctx: AuthContext, id: string, body: UpdateBody): Promise<Booking> {
    const newStartRaw = body.start_time !== undefined ? instant(body.start_time, 'start_time') : undefined;
    const newEndRaw = body.end_time !== undefined ? instant(body.end_time, 'end_time') : undefined;
    return withTenant(db, ctx.tenantId, async (tx) => {
      const scope = scopeOfCaller(ctx);
      const cur = await repo.findBookingRow(tx, ctx.tenantId, id);
      if (!cur || !visible(scope, cur.providerId)) throw notFound();
      const target = body.staff_id ?? cur.providerId;
      const moving =
        (newStartRaw !== undefined && newStartRaw !== cur.startAt.getTime()) ||
        (newEndRaw !== undefined && newEndRaw !== cur.endAt.getTime()) ||
        target !== cur.providerId;

      let plan: { start: number; duration: number; providerId: string; crew: string[] } | null = null;
      if (moving) {
        if (!canReschedule(cur.status)) throw fieldError('start_time', 'booking_not_reschedulable');
        if (scope.bookings === 'own' && target !== scope.providerId) throw forbidden();
        const start = newStartRaw ?? cur.startAt.getTime();
        // Moved without an end: it keeps its length. An end: resized.
        const duration = newEndRaw !== undefined ? (newEndRaw - start) / MINUTE : cur.duration;
        if (duration <= 0) throw fieldError('end_time', 'end_before_start');
        if (duration + cur.buffer > VISIT_MAX_MINUTES) throw fieldError('end_time', 'invalid');
        if (!cur.branchId) throw fieldError('start_time', 'provider_no_times');
        if (target !== cur.providerId) await checkProvider(tx, ctx, target, cur.branchId, cur.serviceId ? [cur.serviceId] : []);
        if (start < Date.now()) throw fieldError('start_time', 'slot_in_past');
        const branch = await repo.findBranch(tx, ctx.tenantId, cur.branchId);
        if (!branch) throw fieldError('start_time', 'provider_no_times');
        const zone = zoneOf(branch.timezone, ctx.tenant.timezone);
        const visit: VisitService[] = [{ id: cur.serviceId ?? 'service', duration, buffer: cur.buffer }];
        // Checked like a new booking of the same length, its own current time not counting as busy.
        const assigned = await claim(tx, ctx, { branchId: cur.branchId, zone, serviceIds: [], visit, staffId: target, start, excludeBookingIds: [id] });
        plan = { start, duration, providerId: target, crew: assigned.crews[0] ?? [] };
      }

      // Lock order: the order, then the booking (as the orders module does).
      const order = await repo.findOrder(tx, ctx.tenantId, cur.orderId, true);
      const locked = await repo.findBookingRow(tx, ctx.tenantId, id, true);
      if (!order || !locked) throw notFound();
      if (plan && (!canReschedule(locked.status) || locked.providerId !== cur.providerId || locked.startAt.getTime() !== cur.startAt.getTime())) {
        // Changed by someone else since it was read: refuse rather than check against a stale row.
        throw fieldError('start_time', canReschedule(locked.status) ? 'time_slot_booked' : 'booking_not_reschedulable');
      }

      const values: Partial<typeof bookingsTable.$inferInsert> = { updatedAt: new Date() };
      const changes: Record<string, unknown> = {};
      if (plan) {
        const [time] = timeline([{ id: 'x', duration: plan.duration, buffer: locked.buffer }], plan.start);
        Object.assign(values, { startAt: time!.startAt, endAt: time!.endAt, occupiedUntil: time!.occupiedUntil, duration: plan.duration, providerId: plan.providerId });
        changes.from = { start_time: locked.startAt.toISOString(), end_time: locked.endAt.toISOString(), staff_id: locked.providerId };
        changes.to = { start_time: time!.startAt.toISOString(), end_time: time!.endAt.toISOString(), staff_id: plan.providerId };
        await repo.writeCrew(tx, ctx.tenantId, id, plan.crew, time!.startAt, time!.occupiedUntil);
        if (plan.providerId !== locked.providerId) {
          await tx
            .update(orderItems)
            .set({ providerId: plan.providerId })
            .where(and(eq(orderItems.tenantId, ctx.tenantId), eq(orderItems.id, locked.orderItemId)));
        }
      }
      if (body.notes !== undefined) {
        values.notes = body.notes;
        changes.notes = true;
      }
      if (body.custom_fields !== undefined) {
        values.customFields = await bookingCustomFields(tx, ctx, body.custom_fields);
        changes.custom_fields = true;
      }
      if (body.meeting_link !== undefined) {
        const branch = locked.branchId ? await repo.findBranch(tx, ctx.tenantId, locked.branchId) : null;
        values.meetingLink = body.meeting_link ?? (branch?.type === 'online' ? meetingLink() : null);
        changes.meeting_link = values.meetingLink;
      }
      let feeDelta = 0;
      if (body.transportation_fee_amount !== undefined && body.transportation_fee_amount !== locked.transportationFeeAmount) {
        const branch = locked.branchId ? await repo.findBranch(tx, ctx.tenantId, locked.branchId) : null;
        if (branch?.type === 'home-service') {
          if (order.deletedAt || !orderEditable(order.status)) throw fieldError('transportation_fee_amount', 'order_locked');
          feeDelta = body.transportation_fee_amount - locked.transportationFeeAmount;
          values.transportationFeeAmount = body.transportation_fee_amount;
          changes.transportation_fee_amount = { from: locked.transportationFeeAmount, to: body.transportation_fee_amount };
        }
      }
      await tx
        .update(bookingsTable)
        .set(values)
        .where(and(eq(bookingsTable.tenantId, ctx.tenantId), eq(bookingsTable.id, id)));
      if (feeDelta !== 0) {
        await tx
          .update(ordersTable)
          .set({ transportFee: sql`greatest(0, ${ordersTable.transportFee} + ${feeDelta})` })
          .where(and(eq(ordersTable.tenantId, ctx.tenantId), eq(ordersTable.id, order.id)));
        await recalculateOrder(tx, ctx.tenantId, order.id);
      }
      if (Object.keys(changes).length) {
        await logOrder(tx, ctx.tenantId, order.id, ctx.user.id, 'booking', { event: plan ? 'rescheduled' : 'updated', booking_id: id, number: locked.number, ...changes });
        // A new time is news to the customer (one message per new start; the reminder follows by itself).
        if (values.startAt && values.startAt.getTime() !== locked.startAt.getTime()) await notifyBooking(tx, ctx.tenantId, id, 'booking_rescheduled', values.startAt.toISOString());
      }
      return readOne(tx, ctx, id);
    });
  }

  // ------------------------------------------------------------ status

  function transitionError(from: string, to: string, err: NonNullable<ReturnType<typeof assertTransition>>): AppError {
    if (err === 'reason_required') return fieldError('cancellation_reason_id', 'cancel_reason_required');
    if (err === 'reason_note_too_long') return fieldError('cancellation_note', 'max_length', { max: BOOKING_CANCEL_NOTE_MAX });
    return fieldError('status', 'status_not_allowed', { from, to });
  }

  async function changeStatus(ctx: AuthContext, id: string, body: StatusBody): Promise<Booking> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const scope = scopeOfCaller(ctx);
      const cur = await repo.findBookingRow(tx, ctx.tenantId, id);
      if (!cur || !visible(scope, cur.providerId)) throw notFound();
      const cancellation = { reasonId: body.cancellation_reason_id ?? null, note: body.cancellation_note ?? null };
      const err = assertTransition(cur.status, body.status, cancellation);
      if (err) throw transitionError(cur.status, body.status, err);
      const cancelling = body.status === 'cancelled';
      if (cancelling && !(await repo.cancelReasonExists(tx, ctx.tenantId, cancellation.reasonId!, BOOKING_CANCEL_REASON_TYPE))) {
        throw fieldError('cancellation_reason_id', 'not_exists');
      }
      // Lock order: the order, then the booking; then check again on the fresh row.
      await repo.findOrder(tx, ctx.tenantId, cur.orderId, true);
      const locked = await repo.findBookingRow(tx, ctx.tenantId, id, true);
      if (!locked) throw notFound();
      const again = assertTransition(locked.status, body.status, cancellation);
      if (again) throw transitionError(locked.status, body.status, again);
      await tx
        .update(bookingsTable)
        .set({
          status: body.status,
          ...(cancelling ? { cancellationReasonId: cancellation.reasonId, cancellationNote: cancellation.note } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(bookingsTable.tenantId, ctx.tenantId), eq(bookingsTable.id, id)));
      await logOrder(tx, ctx.tenantId, locked.orderId, ctx.user.id, 'booking', {
        event: 'status',
        booking_id: id,
        number: locked.number,
        from: locked.status,
        to: body.status,
        ...(cancelling ? { cancellation_reason_id: cancellation.reasonId, cancellation_note: cancellation.note } : {}),
      });
      if (cancelling) await notifyBooking(tx, ctx.tenantId, id, 'booking_cancelled', 'cancelled');
      // Pending or unapproved (or unpaid) confirmed: once per booking, confirmed is never left for them again.
      if (body.status === 'confirmed') await notifyBooking(tx, ctx.tenantId, id, 'booking_confirmed', 'confirmed');
      // A store request the business approved: its customer gets the confirmation with their page's link (once an order).
      if (body.status === 'confirmed') await sendStoreMessage(tx, ctx.tenantId, locked.orderId, 'confirmed');
      return readOne(tx, ctx, id);
    });
  }

  // ------------------------------------------------------------ reads

  /** A page of bookings, as the JSON text of its body (`bookingsPage`). */
  async function list(ctx: AuthContext, q: BookingsQueryParsed): Promise<string> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const scope = scopeOfCaller(ctx);
      const branchId = q.branch_id ?? ctx.user.currentBranchId ?? undefined;
      const branch = branchId ? await repo.findBranch(tx, ctx.tenantId, branchId) : null;
      const zone = zoneOf(branch?.timezone, ctx.tenant.timezone);
      const f: repo.BookingFilter = {
        branchId,
        providerId: q.staff_id,
        status: q.status,
        paymentStatus: q.payment_status,
        source: q.source,
        customerId: q.customer_id,
        orderId: q.order_id,
        search: q.search || undefined,
        from: boundary(q.from, zone, false),
        to: boundary(q.to, zone, true),
      };
      if (scope.bookings === 'own') f.providerIds = scope.providerId ? [scope.providerId] : [];
      const { rows, meta } = await repo.listBookings(tx, ctx.tenantId, ctx.tenant.timezone, f, { page: q.page, perPage: q.per_page, cursor: q.cursor });
      return pageOfJson(rows, meta);
    });
  }

  /** A page of a customer's bookings, as the JSON text of its body (`bookingsPage`). */
  async function customerBookings(ctx: AuthContext, customerId: string, q: CustomerBookingsQueryParsed): Promise<string> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const scope = scopeOfCaller(ctx);
      const f: repo.BookingFilter = { customerId };
      if (scope.bookings === 'own') f.providerIds = scope.providerId ? [scope.providerId] : [];
      const { rows, meta } = await repo.listBookings(tx, ctx.tenantId, ctx.tenant.timezone, f, { page: q.page, perPage: q.per_page, cursor: q.cursor });
      return pageOfJson(rows, meta);
    });
  }

  async function get(ctx: AuthContext, id: string): Promise<Booking> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const scope = scopeOfCaller(ctx);
      const booking = await readOne(tx, ctx, id);
      // Its crew sees a team booking too (read only: writes stay with its provider).
      if (!visible(scope, booking.staff_id) && !booking.crew.some((c) => c.id === scope.providerId)) throw notFound();
      return booking;
    });
  }

  /**
   * The calendar of [start, end): its bookings as the JSON text the API sends (made by the database,
   * calendarBookingsJson), its block times and its staff columns.
   */
  async function calendar(ctx: AuthContext, q: CalendarQueryParsed): Promise<Omit<CalendarResponse['data'], 'bookings'> & { bookingsJson: string }> {
    const start = new Date(q.start);
    const end = new Date(q.end);
    if (end.getTime() <= start.getTime()) throw fieldError('end', 'end_before_start');
    if (end.getTime() - start.getTime() > CALENDAR_RANGE_MAX_DAYS * DAY) throw fieldError('end', 'range_too_long', { max: CALENDAR_RANGE_MAX_DAYS });
    return withTenant(db, ctx.tenantId, async (tx) => {
      const scope = scopeOfCaller(ctx);
      const branchId = q.branch_id ?? ctx.user.currentBranchId ?? null;
      let staffIds = q.staff_ids?.length ? q.staff_ids : undefined;
      if (scope.bookings === 'own') {
        const own = scope.providerId ? [scope.providerId] : [];
        staffIds = staffIds ? own.filter((x) => staffIds!.includes(x)) : own;
      }
      const staff = await repo.calendarStaff(tx, ctx.tenantId, { branchId, ids: staffIds });
      const bookingsJson = await repo.calendarBookingsJson(tx, ctx.tenantId, { branchId: branchId ?? undefined, providerIds: staffIds, overlaps: { start, end } });
      const blocks = await repo.listBlocks(tx, ctx.tenantId, { start, end, branchId, providerIds: staffIds });
      // Days off of the columns: local dates, a day wider each side than the range (any branch's zone).
      const timeOff = await repo.calendarTimeOff(
        tx,
        ctx.tenantId,
        staff.map((s) => s.id),
        addDays(localDateOf(start.getTime(), 'UTC'), -1),
        addDays(localDateOf(end.getTime(), 'UTC'), 1),
      );
      return {
        bookingsJson,
        blocks: blocks.map(toBlock),
        staff: staff.map((s, i) => ({
          id: s.id,
          name: s.name,
          branch_id: s.branchId,
          color: s.color ?? PROVIDER_COLORS[i % PROVIDER_COLORS.length]!,
          photo: s.photo ?? null,
          working_hours: s.workingHours,
          time_off: timeOff.filter((o) => o.providerId === s.id).map((o) => ({ start_date: o.startDate, end_date: o.endDate })),
        })),
      };
    });
  }

  // ------------------------------------------------------------ block times

  async function checkBlock(tx: Executor, ctx: AuthContext, body: BlockBody) {
    const start = instant(body.start_time, 'start_time');
    const end = instant(body.end_time, 'end_time');
    if (end <= start) throw fieldError('end_time', 'end_before_start');
    const branch = await repo.findBranch(tx, ctx.tenantId, body.branch_id);
    if (!branch) throw fieldError('branch_id', 'not_exists');
    if (body.staff_id) {
      const provider = await repo.findProvider(tx, ctx.tenantId, body.staff_id);
      if (!provider) throw fieldError('staff_id', 'not_exists');
      if (provider.branchId && provider.branchId !== branch.id) throw fieldError('staff_id', 'provider_not_in_branch');
    }
    return { tenantId: ctx.tenantId, branchId: branch.id, providerId: body.staff_id ?? null, startAt: new Date(start), endAt: new Date(end), notes: body.notes ?? null };
  }

  async function listBlocks(ctx: AuthContext, q: BlockTimesQueryParsed): Promise<BlockTime[]> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const branchId = q.branch_id ?? ctx.user.currentBranchId ?? null;
      const branch = branchId ? await repo.findBranch(tx, ctx.tenantId, branchId) : null;
      const zone = zoneOf(branch?.timezone, ctx.tenant.timezone);
      const rows = await repo.listBlocks(tx, ctx.tenantId, {
        start: boundary(q.start, zone, false),
        end: boundary(q.end, zone, true),
        branchId,
        providerId: q.staff_id,
        limit: BLOCK_TIMES_LIST_MAX,
      });
      return rows.map(toBlock);
    });
  }

  async function getBlock(ctx: AuthContext, id: string): Promise<BlockTime> {
    const row = await withTenant(db, ctx.tenantId, (tx) => repo.findBlock(tx, ctx.tenantId, id));
    if (!row) throw notFound();
    return toBlock(row);
  }

  async function createBlock(ctx: AuthContext, body: BlockBody): Promise<BlockTime> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const values = await checkBlock(tx, ctx, body);
      return toBlock(await repo.insertBlock(tx, { ...values, createdBy: ctx.user.id }));
    });
  }

  async function updateBlock(ctx: AuthContext, id: string, body: BlockBody): Promise<BlockTime> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const values = await checkBlock(tx, ctx, body);
      const row = await repo.updateBlock(tx, ctx.tenantId, id, values);
      if (!row) throw notFound();
      return toBlock(row);
    });
  }

  async function removeBlock(ctx: AuthContext, id: string): Promise<void> {
    const done = await withTenant(db, ctx.tenantId, (tx) => repo.deleteBlock(tx, ctx.tenantId, id));
    if (!done) throw notFound();
  }

  // ------------------------------------------------------------ the store customer's own changes (issue 19)

  /**
   * The customer moves their whole visit (every active appointment of the order) to `startIso`
   * through their booking link (modules/store/store-manage.service.ts): the services back to back as
   * booked (their booked lengths and buffers), under the provider lock like any booking (claim; the
   * order's own appointments not counting as busy), with `staffId` (the provider the customer chose)
   * or any. Logs "rescheduled by the customer" and sends booking_rescheduled. Runs in the caller's
   * transaction (the caller checked the store's rules).
   */
  async function rescheduleVisit(tx: Tx, ctx: ClaimContext, orderId: string, startIso: string, opts: { staffId: string | null }): Promise<{ moved: number }> {
    const start = instant(startIso, 'start_time');
    if (start < Date.now()) throw fieldError('start_time', 'slot_in_past');
    const current = await repo.orderActiveBookings(tx, ctx.tenantId, orderId);
    if (!current.length) throw fieldError('start_time', 'booking_not_reschedulable');
    const branchId = current[0]!.branchId;
    if (!branchId || current.some((b) => b.branchId !== branchId)) throw fieldError('start_time', 'booking_not_reschedulable');
    const branch = await repo.findBranch(tx, ctx.tenantId, branchId);
    if (!branch) throw fieldError('start_time', 'provider_no_times');
    const zone = zoneOf(branch.timezone, ctx.tenant.timezone);
    // One visit moves as one block: appointments back to back, as the store books them. An order whose
    // appointments lie apart (sessions on several days, added from the dashboard) is moved there.
    if (current.some((b, i) => i > 0 && b.startAt.getTime() !== current[i - 1]!.occupiedUntil.getTime())) throw fieldError('start_time', 'booking_not_reschedulable');
    const visit: VisitService[] = current.map((b) => ({ id: b.serviceId ?? b.id, duration: b.duration, buffer: b.buffer }));
    checkVisit(visit);
    const serviceIds = current.flatMap((b) => (b.serviceId ? [b.serviceId] : []));
    const ids = current.map((b) => b.id);
    // The customer names only a time: "nobody free" is that time being taken.
    const assigned = await claim(tx, ctx, { branchId, zone, serviceIds, visit, staffId: opts.staffId, start, excludeBookingIds: ids }).catch((err: unknown) => {
      const fields = err instanceof AppError ? err.options.fields : undefined;
      throw fields?.staff_id ? fieldError('start_time', 'time_slot_booked') : err;
    });

    // Lock order: the providers (claim), the order, then its appointments; unchanged since read, or refused.
    const order = await repo.findOrder(tx, ctx.tenantId, orderId, true);
    if (!order) throw notFound();
    const locked = await repo.orderActiveBookings(tx, ctx.tenantId, orderId, true);
    const same = locked.length === current.length && locked.every((b, i) => b.id === current[i]!.id && b.startAt.getTime() === current[i]!.startAt.getTime() && b.providerId === current[i]!.providerId);
    if (!same) throw fieldError('start_time', 'time_slot_booked');

    const times = timeline(visit, start);
    const moves: Record<string, unknown>[] = [];
    for (const [i, b] of locked.entries()) {
      const time = times[i]!;
      const providerId = assigned.providers[i]!;
      await tx
        .update(bookingsTable)
        .set({ startAt: time.startAt, endAt: time.endAt, occupiedUntil: time.occupiedUntil, providerId, updatedAt: new Date() })
        .where(and(eq(bookingsTable.tenantId, ctx.tenantId), eq(bookingsTable.id, b.id)));
      await repo.writeCrew(tx, ctx.tenantId, b.id, assigned.crews[i] ?? [], time.startAt, time.occupiedUntil);
      if (providerId !== b.providerId) {
        await tx
          .update(orderItems)
          .set({ providerId })
          .where(and(eq(orderItems.tenantId, ctx.tenantId), eq(orderItems.id, b.orderItemId)));
      }
      moves.push({
        id: b.id,
        number: b.number,
        from: { start_time: b.startAt.toISOString(), end_time: b.endAt.toISOString(), staff_id: b.providerId },
        to: { start_time: time.startAt.toISOString(), end_time: time.endAt.toISOString(), staff_id: providerId },
      });
    }
    await logOrder(tx, ctx.tenantId, orderId, null, 'booking', { event: 'rescheduled', by: 'customer', bookings: moves });
    for (const [i, b] of locked.entries()) {
      if (times[i]!.startAt.getTime() !== b.startAt.getTime()) await notifyBooking(tx, ctx.tenantId, b.id, 'booking_rescheduled', times[i]!.startAt.toISOString());
    }
    return { moved: locked.length };
  }

  return {
    slots,
    slotsFor,
    slotsIn,
    computeSlots,
    create,
    createIn,
    seatIn,
    createForItem,
    update,
    changeStatus,
    list,
    customerBookings,
    get,
    calendar,
    listBlocks,
    getBlock,
    createBlock,
    updateBlock,
    removeBlock,
    rescheduleVisit,
    claim,
    timeline,
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
