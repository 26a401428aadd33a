import type { NotificationAction } from '@app/shared/schemas/notifications';
import type { OfferChannel } from '@app/shared/schemas/offers';
import { ACTIVE_BOOKING_STATUSES } from '@app/shared/states/booking';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Binds, type Executor, inline, preparedRows, preparedRowsTogether, preparedSelect, type Tx } from '../../db/client';
import { branches, providers, providerServices, providerTimeOff, services } from '../../db/schema/business';
import { customers, customFields } from '../../db/schema/customers';
import { blockTimes, bookingCrew, bookings, orderItems, orders } from '../../db/schema/sales';
import { cancellationReasons } from '../../db/schema/settings';
import { users } from '../../db/schema/users';
import { searchCondition } from '../customers/customers.repository';
import type { RunningOffer } from '../marketing/offers.service';
import { noticeColumns } from '../notifications/notify';
import { clock } from '../../lib/clock';
import { byKeyLateral, byKeyValue } from '../../lib/by-key';
import { type KeyPart, keyOf, keysetPage, listWhere, type PageRequest, readIdsFirst } from '../../lib/keyset';
import { isoText } from '../../lib/sql-time';

/** Rows of a raw query, on either driver. */
async function rawRows<T>(exec: Executor, query: SQL): Promise<T[]> {
  const res = (await exec.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** A uuid[] parameter (ids already validated as uuids). drizzle's sql`` would spread a JS array into a row. */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
const textArray = (items: readonly string[]) => sql`${`{${items.map((i) => `"${i}"`).join(',')}}`}::text[]`;

const ACTIVE = textArray(ACTIVE_BOOKING_STATUSES);

// ---------------------------------------------------------------- availability inputs

export type SlotBranch = { id: string; type: string; timezone: string; working_hours: Record<string, [string, string][]> };
export type SlotService = { id: string; name: string; duration: number; buffer: number; price: number; branch_id: string | null };
export type SlotProvider = {
  id: string;
  name: string;
  working_hours: Record<string, [string, string][]>;
  clients_in_same_time: number;
  assignment_type: string;
  branch_id: string | null;
  /** Which of the visit's services the provider offers. */
  offered: string[];
  /** A provider that may take the visit (or a part of it); false: only loaded as a team's crew. */
  candidate: boolean;
  /** Team providers: the other members of their provider teams. */
  crew: string[];
};

export type SlotInputs = {
  branch: SlotBranch | null;
  services: SlotService[];
  /** In the business's provider order (sort order, name, id). */
  providers: SlotProvider[];
  /** [provider id, first local date, last local date]. */
  timeOff: [string, string, string][];
  /** [provider id | null (whole branch), start ms, end ms]. */
  blocks: [string | null, number, number][];
  /** Active bookings: [provider id, start ms, occupied-until ms]. */
  bookings: [string, number, number][];
};

export type SlotInputsQuery = {
  branchId: string;
  /** Distinct service ids of the visit. */
  serviceIds: string[];
  /**
   * Exactly these providers (already checked by the caller), or — left out — the candidates of
   * `candidateFilter`. The crews of team candidates are loaded too.
   */
  providerIds?: string[];
  /** Local dates (the branch's time zone), both inclusive. */
  from: string;
  to: string;
  /** Used when the branch has no valid time zone of its own. */
  tenantTimezone: string;
  excludeBookingIds?: string[];
  /**
   * Seats held on the store (slot_hold_times of holds not yet expired) count as busy, except these
   * holds (the holder's own request). A past visit ignores holds (`busyStatuses` given).
   */
  excludeHoldIds?: string[];
  /** Statuses that keep a provider busy (default: the active ones; a past visit adds completed). */
  busyStatuses?: readonly string[];
};

/**
 * Everything the availability engine needs for a branch and a range, in ONE statement: the branch,
 * the services, the providers (with their hours and capacity), their days off, the blocks (the
 * branch's and the providers') and the providers' active bookings (busy until `occupied_until`,
 * wherever they were booked). The UTC window is derived in SQL from the branch's time zone and
 * widened by an hour on each side (the engine clips to the exact local days); instants come back as
 * numbers inside JSON (no timestamp parsing in JavaScript).
 */
type SlotInputsRow = {
  branch: SlotBranch | null;
  services: SlotService[];
  providers: SlotProvider[];
  time_off: SlotInputs['timeOff'];
  blocks: SlotInputs['blocks'];
  bookings: [string, number[], number[]][];
  base: number | string | null;
};

/** The inputs from slotInputsQuery's row: bookings come grouped per provider, in seconds from the window's start. */
function toSlotInputs(row: SlotInputsRow): SlotInputs {
  // (a third of the JSON of one [uuid, ms, ms] triple per booking); back to epoch ms here.
  const baseMs = Number(row.base ?? 0) * 1000;
  const busy: [string, number, number][] = [];
  for (const [pid, starts, ends] of row.bookings) {
    for (let i = 0; i < starts.length; i++) busy.push([pid, baseMs + starts[i]! * 1000, baseMs + ends[i]! * 1000]);
  }
  return { branch: row.branch, services: row.services, providers: row.providers, timeOff: row.time_off, blocks: row.blocks, bookings: busy };
}

export async function loadSlotInputs(exec: Executor, tenantId: string, q: SlotInputsQuery): Promise<SlotInputs> {
  // Prepared: its planning costs more than running it, and it runs while the provider is locked.
  const [row] = await preparedRows<SlotInputsRow>(exec, 'slot_inputs', slotInputsQuery(tenantId, q));
  if (!row) throw new Error('slot inputs query returned nothing');
  return toSlotInputs(row);
}

/**
 * The providers that may take a visit at a branch under "any provider": those of the branch (or of
 * no branch) offering every service, and — for a visit of several services — those of type multiple
 * offering some of them (a split visit, docs/decisions.md "Assignment types"). `p` is the providers row.
 */
function candidateFilter(branchId: string, distinct: readonly string[]): SQL {
  const offered = sql`(select count(distinct ps.service_id) from provider_services ps
               where ps.tenant_id = p.tenant_id and ps.provider_id = p.id and ps.service_id = any(${uuidArray(distinct)}))`;
  const split = distinct.length > 1 ? sql` or (p.assignment_type = 'multiple' and ${offered} > 0)` : sql``;
  return sql`(p.branch_id = ${branchId} or p.branch_id is null) and (${offered} = ${distinct.length}${split})`;
}

/** Ids of the other members of the provider teams of the team-type providers in `candidates` (a subquery yielding id, assignment_type). */
function crewOf(tenantId: string, candidates: SQL): SQL {
  return sql`select m2.provider_id from provider_team_members m1
             join provider_team_members m2 on m2.tenant_id = m1.tenant_id and m2.team_id = m1.team_id and m2.provider_id <> m1.provider_id
             where m1.tenant_id = ${tenantId} and m1.provider_id in (select id from (${candidates}) cc where cc.assignment_type = 'team')`;
}

/** The one statement of `loadSlotInputs` (exported for the benchmark's query plan). */
export function slotInputsQuery(tenantId: string, q: SlotInputsQuery): SQL {
  const distinct = [...new Set(q.serviceIds)];
  const providerFilter = q.providerIds ? sql`p.id = any(${uuidArray(q.providerIds)})` : candidateFilter(q.branchId, distinct);
  const exclude = q.excludeBookingIds?.length ? sql`and not (bk.id = any(${uuidArray(q.excludeBookingIds)}))` : sql``;
  const busy = q.busyStatuses ? textArray(q.busyStatuses) : ACTIVE;
  // The window's bounds as scalar subqueries: PostgreSQL runs them once, first, and compares each
  // provider's bookings with them inside the (tenant, provider, start) index. Joined to \`r\` instead,
  // the bounds were only a filter, and every booking the provider ever had was read.
  const win = { s: sql`(select s from r)`, e: sql`(select e from r)`, lo: sql`(select lo from r)` };
  const holdsExcluded = q.excludeHoldIds?.length ? sql`and not (h.hold_id = any(${uuidArray(q.excludeHoldIds)}))` : sql``;
  // Seats held for store visitors (until they expire) keep their providers busy like bookings.
  const holds = q.busyStatuses
    ? sql``
    : sql`
           union all
           select h.provider_id, h.start_at, h.occupied_until
           from slot_hold_times h
           where h.tenant_id = ${tenantId} and h.provider_id in (select id from p) and h.expires_at > now()
             and h.start_at < ${win.e} and h.start_at > ${win.lo} and h.occupied_until > ${win.s} ${holdsExcluded}`;
  const cols = sql`p.tenant_id, p.id, p.name, p.working_hours, p.clients_in_same_time, p.assignment_type, p.branch_id, p.sort_order`;
  return sql`
    with b as (
      select id, type, timezone, working_hours from branches where tenant_id = ${tenantId} and id = ${q.branchId}
    ), r0 as (
      -- The engine's window: a day before the range (its hours may run past midnight into the first
      -- day) to the end of the day after (a visit late on the last day may run into it).
      select ((${q.from}::date - 1)::timestamp at time zone tz) - interval '1 hour' as s,
             ((${q.to}::date + 2)::timestamp at time zone tz) + interval '1 hour' as e
      from (select coalesce(nullif(b.timezone, ''), ${q.tenantTimezone}) as tz from b) z
    ), r as (
      -- lo: a visit lasts at most a day, so a booking busy after s started after s - 1 day (an index bound).
      select s, e, s - interval '1 day' as lo, floor(date_part('epoch', s)) as base from r0
    ), c as (
      select ${cols} from providers p where p.tenant_id = ${tenantId} and ${providerFilter}
    ), p as (
      select c.*, true as candidate from c
      union all
      select ${cols}, false from providers p
      where p.tenant_id = ${tenantId} and p.id in (${crewOf(tenantId, sql`select id, assignment_type from c`)}) and p.id not in (select id from c)
    )
    select
      (select row_to_json(b) from b) as branch,
      (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'duration', s.duration, 'buffer', s.buffer_time, 'price', s.price, 'branch_id', s.branch_id)), '[]')
         from services s where s.tenant_id = ${tenantId} and s.id = any(${uuidArray(distinct)})) as services,
      (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'working_hours', p.working_hours, 'clients_in_same_time', p.clients_in_same_time,
              'assignment_type', p.assignment_type, 'branch_id', p.branch_id, 'candidate', p.candidate,
              'offered', (select coalesce(json_agg(ps.service_id), '[]') from provider_services ps
                          where ps.tenant_id = p.tenant_id and ps.provider_id = p.id and ps.service_id = any(${uuidArray(distinct)})),
              'crew', case when p.assignment_type = 'team' and p.candidate then
                        (select coalesce(json_agg(distinct m2.provider_id), '[]') from provider_team_members m1
                         join provider_team_members m2 on m2.tenant_id = m1.tenant_id and m2.team_id = m1.team_id and m2.provider_id <> m1.provider_id
                         where m1.tenant_id = p.tenant_id and m1.provider_id = p.id)
                      else '[]'::json end)
              order by p.sort_order, p.name, p.id), '[]') from p) as providers,
      (select coalesce(json_agg(json_build_array(t.provider_id, t.start_date, t.end_date)), '[]')
         from provider_time_off t
         where t.tenant_id = ${tenantId} and t.provider_id in (select id from p) and t.start_date <= ${q.to}::date + 1 and t.end_date >= ${q.from}::date - 1) as time_off,
      (select coalesce(json_agg(json_build_array(bt.provider_id, (extract(epoch from bt.start_at) * 1000)::bigint, (extract(epoch from bt.end_at) * 1000)::bigint)), '[]')
         from block_times bt
         where bt.tenant_id = ${tenantId} and bt.start_at < ${win.e} and bt.end_at > ${win.s}
           and ((bt.provider_id is null and bt.branch_id = ${q.branchId}) or bt.provider_id in (select id from p))) as blocks,
      (select coalesce(json_agg(json_build_array(x.pid, x.s, x.e)), '[]') from (
         select y.pid, array_agg(floor(date_part('epoch', y.s) - r.base)::int) as s, array_agg(ceil(date_part('epoch', y.e) - r.base)::int) as e
         from r, (
           select bk.provider_id as pid, bk.start_at as s, bk.occupied_until as e
           from bookings bk
           where bk.tenant_id = ${tenantId} and bk.provider_id in (select id from p) and bk.status = any(${busy})
             and bk.start_at < ${win.e} and bk.start_at > ${win.lo} and bk.occupied_until > ${win.s} ${exclude}
           union all
           -- Team bookings keep their crew busy too.
           select cr.provider_id, cr.start_at, cr.occupied_until
           from booking_crew cr join bookings bk on bk.tenant_id = cr.tenant_id and bk.id = cr.booking_id
           where cr.tenant_id = ${tenantId} and cr.provider_id in (select id from p) and bk.status = any(${busy})
             and cr.start_at < ${win.e} and cr.start_at > ${win.lo} and cr.occupied_until > ${win.s} ${exclude}${holds}
         ) y
         group by y.pid) x) as bookings,
      (select base from r) as base
    `;
}

export type Locked = {
  /** The providers that may take the visit. */
  candidates: string[];
  /** Every provider locked: the candidates and their crews. */
  all: string[];
};

/**
 * Locks the providers a booking write may use for the rest of its transaction: `ids` exactly, or —
 * "any provider" — the candidates of `candidateFilter`; and the crews of the team providers among
 * them. One statement, sorted by id, so two transactions locking overlapping sets never wait on each
 * other in a cycle. Every write that claims capacity takes this lock before it re-reads the
 * providers' bookings: the check and the insert are then atomic per provider. NO KEY UPDATE does not
 * block the KEY SHARE locks of foreign-key checks.
 */
export async function lockProviders(
  tx: Tx,
  tenantId: string,
  sel: { ids: readonly string[] } | { branchId: string; serviceIds: readonly string[] },
): Promise<Locked> {
  return lockedOf(await preparedRows<LockedRow>(tx, 'lock_providers', lockProvidersQuery(tenantId, sel)));
}

/**
 * lockProviders of `ids` and then loadSlotInputs of those providers, sent together (one round trip):
 * the read still runs after the lock is granted, as a statement of its own, so it sees every booking
 * committed before. For a booking with its provider chosen, whose inputs do not wait on the lock's answer.
 */
export async function lockAndLoad(tx: Tx, tenantId: string, ids: readonly string[], q: Omit<SlotInputsQuery, 'providerIds'>): Promise<{ locked: Locked; inputs: SlotInputs }> {
  const [locked, inputs] = await preparedRowsTogether(tx, [
    { name: 'lock_providers', query: lockProvidersQuery(tenantId, { ids }) },
    { name: 'slot_inputs', query: slotInputsQuery(tenantId, { ...q, providerIds: [...ids] }) },
  ]);
  const [row] = inputs as SlotInputsRow[];
  if (!row) throw new Error('slot inputs query returned nothing');
  return { locked: lockedOf(locked as LockedRow[]), inputs: toSlotInputs(row) };
}

type LockedRow = { id: string; candidate: boolean };
const lockedOf = (rows: LockedRow[]): Locked => ({ candidates: rows.filter((r) => r.candidate).map((r) => r.id), all: rows.map((r) => r.id) });

function lockProvidersQuery(tenantId: string, sel: { ids: readonly string[] } | { branchId: string; serviceIds: readonly string[] }): SQL {
  const filter = 'ids' in sel ? sql`p.id = any(${uuidArray([...new Set(sel.ids)])})` : candidateFilter(sel.branchId, [...new Set(sel.serviceIds)]);
  return sql`with c as (select p.id, p.assignment_type from providers p where p.tenant_id = ${tenantId} and ${filter})
        select p.id, p.id in (select id from c) as candidate from providers p
        where p.tenant_id = ${tenantId} and (p.id in (select id from c) or p.id in (${crewOf(tenantId, sql`select id, assignment_type from c`)}))
        order by p.id for no key update of p`;
}

/** The crew of a booking, replacing the one it had (`fresh`: a booking just made, which has none yet). */
export async function writeCrew(exec: Executor, tenantId: string, bookingId: string, crew: readonly string[], startAt: Date, occupiedUntil: Date, fresh = false) {
  if (!fresh) await exec.delete(bookingCrew).where(and(eq(bookingCrew.tenantId, tenantId), eq(bookingCrew.bookingId, bookingId)));
  if (crew.length) await exec.insert(bookingCrew).values(crew.map((providerId) => ({ tenantId, bookingId, providerId, startAt, occupiedUntil })));
}

// ---------------------------------------------------------------- lookups

export async function findBranch(exec: Executor, tenantId: string, id: string) {
  const [row] = await exec
    .select()
    .from(branches)
    .where(and(eq(branches.tenantId, tenantId), eq(branches.id, id)))
    .limit(1);
  return row ?? null;
}

export async function mainBranchId(exec: Executor, tenantId: string): Promise<string | null> {
  const [row] = await exec
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.tenantId, tenantId))
    .orderBy(desc(branches.isMain), asc(branches.createdAt))
    .limit(1);
  return row?.id ?? null;
}

export async function findServices(exec: Executor, tenantId: string, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return exec
    .select()
    .from(services)
    .where(and(eq(services.tenantId, tenantId), inArray(services.id, unique)));
}

export async function findProvider(exec: Executor, tenantId: string, id: string) {
  const [row] = await exec
    .select()
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.id, id)))
    .limit(1);
  return row ?? null;
}

export async function providerServiceIds(exec: Executor, tenantId: string, providerId: string): Promise<Set<string>> {
  const rows = await exec
    .select({ id: providerServices.serviceId })
    .from(providerServices)
    .where(and(eq(providerServices.tenantId, tenantId), eq(providerServices.providerId, providerId)));
  return new Set(rows.map((r) => r.id));
}

export async function findCustomer(exec: Executor, tenantId: string, id: string) {
  const [row] = await exec
    .select({ id: customers.id, blockedAt: customers.blockedAt })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findOrder(exec: Executor, tenantId: string, id: string, lock = false) {
  const q = exec
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findOrderItem(exec: Executor, tenantId: string, orderId: string, itemId: string) {
  const [row] = await exec
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.orderId, orderId), eq(orderItems.id, itemId)))
    .limit(1);
  return row ?? null;
}

export async function nextItemSortOrder(exec: Executor, tenantId: string, orderId: string): Promise<number> {
  const [row] = await rawRows<{ n: number | string | null }>(exec, sql`select max(sort_order) as n from order_items where tenant_id = ${tenantId} and order_id = ${orderId}`);
  return row?.n === null || row?.n === undefined ? 0 : Number(row.n) + 1;
}

/** Whether a service item already has an active appointment. */
export async function itemHasActiveBooking(exec: Executor, tenantId: string, itemId: string): Promise<boolean> {
  const found = await rawRows<{ id: string }>(exec, sql`select id from bookings where tenant_id = ${tenantId} and order_item_id = ${itemId} and status = any(${ACTIVE}) limit 1`);
  return found.length > 0;
}

export type ContextService = { id: string; name: string; price: number; duration: number; bufferTime: number; branchId: string | null };

/** What a new booking is checked against, read in one statement (`bookingContext`). */
export type BookingContext = {
  customer: { id: string; blocked: boolean } | null;
  branch: { id: string; type: string; timezone: string } | null;
  services: ContextService[];
  provider: { id: string; branchId: string | null } | null;
  /** The services the provider offers. */
  offered: string[];
  /** The custom fields that apply to bookings, in their order. */
  fields: { id: string; htmlTag: string; options: string[]; isRequired: boolean }[];
  /** The taxes of the services' lines. */
  taxes: { serviceId: string; id: string; name: string; rateBps: number }[];
  /** The offers running on the caller's channel now that cover one of the services, oldest first (none without a channel). */
  offers: RunningOffer[];
  /** With `slots`: the availability inputs read without a lock, for the check before it (`claim`'s precheck). */
  slotInputs?: SlotInputs;
};

/**
 * Everything a new booking is checked against before its provider is locked: the customer, the
 * branch, the services, the provider and what it offers, the booking custom fields, the services'
 * taxes and the offers running on `offerChannel` now (offers.service.ts `offerPriceFor`'s rule), and
 * with `slots` the availability inputs of the unlocked check (`slotInputsQuery`), in one statement
 * (each a round trip of its own before, on every booking; issue 15 §5). The checks themselves stay in
 * the service, in their order.
 */
export async function bookingContext(
  exec: Executor,
  tenantId: string,
  q: {
    customerId: string | null;
    branchId: string | null;
    serviceIds: readonly string[];
    providerId: string | null;
    offerChannel?: OfferChannel | null;
    slots?: SlotInputsQuery | null;
  },
): Promise<BookingContext> {
  const now = clock.now().toISOString();
  const ids = uuidArray([...new Set(q.serviceIds)]);
  const [row] = await preparedRows<BookingContext>(
    exec,
    'booking_context',
    sql`select
      (select json_build_object('id', c.id, 'blocked', c.blocked_at is not null) from customers c where c.tenant_id = ${tenantId} and c.id = ${q.customerId}::uuid) as customer,
      (select json_build_object('id', b.id, 'type', b.type, 'timezone', b.timezone) from branches b where b.tenant_id = ${tenantId} and b.id = ${q.branchId}::uuid) as branch,
      (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'price', s.price, 'duration', s.duration, 'bufferTime', s.buffer_time, 'branchId', s.branch_id)), '[]')
         from services s where s.tenant_id = ${tenantId} and s.id = any(${ids})) as services,
      (select json_build_object('id', p.id, 'branchId', p.branch_id) from providers p where p.tenant_id = ${tenantId} and p.id = ${q.providerId}::uuid) as provider,
      (select coalesce(json_agg(ps.service_id), '[]') from provider_services ps where ps.tenant_id = ${tenantId} and ps.provider_id = ${q.providerId}::uuid) as offered,
      (select coalesce(json_agg(json_build_object('id', f.id, 'htmlTag', f.html_tag, 'options', f.options, 'isRequired', f.is_required) order by f.sort_order, f.created_at), '[]')
         from custom_fields f where f.tenant_id = ${tenantId} and f.applies_to = 'booking') as fields,
      (select coalesce(json_agg(json_build_object('serviceId', st.service_id, 'id', x.id, 'name', x.name, 'rateBps', x.rate_bps) order by x.name), '[]')
         from service_taxes st join taxes x on x.tenant_id = st.tenant_id and x.id = st.tax_id where st.tenant_id = ${tenantId} and st.service_id = any(${ids})) as taxes,
      ${
        q.offerChannel
          ? sql`(select coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'type', o.type, 'amount', o.amount, 'serviceIds', o.service_ids) order by o.created_at, o.id), '[]')
         from offers o where o.tenant_id = ${tenantId} and o.status = 'active' and o.start_at <= ${now}::timestamptz and o.end_at > ${now}::timestamptz
           and ${q.offerChannel}::text = any(o.channels) and o.service_ids && ${ids})`
          : sql`'[]'::json`
      } as offers${
             q.slots ? sql`,
      (select row_to_json(si) from (${slotInputsQuery(tenantId, q.slots)}) si) as slot_inputs` : sql``
           }`,
  );
  if (!row) throw new Error('booking context query returned nothing');
  const { slot_inputs, ...context } = row as BookingContext & { slot_inputs?: SlotInputsRow };
  return { ...context, services: row.services.map((x) => ({ ...x, price: Number(x.price) })), ...(slot_inputs ? { slotInputs: toSlotInputs(slot_inputs) } : {}) };
}

export async function bookingFieldDefinitions(exec: Executor, tenantId: string) {
  return exec
    .select()
    .from(customFields)
    .where(and(eq(customFields.tenantId, tenantId), eq(customFields.appliesTo, 'booking')))
    .orderBy(asc(customFields.sortOrder), asc(customFields.createdAt));
}

export async function cancelReasonExists(exec: Executor, tenantId: string, id: string, type: string): Promise<boolean> {
  const [row] = await exec
    .select({ id: cancellationReasons.id })
    .from(cancellationReasons)
    .where(and(eq(cancellationReasons.tenantId, tenantId), eq(cancellationReasons.id, id), eq(cancellationReasons.type, type)))
    .limit(1);
  return Boolean(row);
}

export async function findBookingRow(exec: Executor, tenantId: string, id: string, lock = false) {
  const q = exec
    .select()
    .from(bookings)
    .where(and(eq(bookings.tenantId, tenantId), eq(bookings.id, id)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

// ---------------------------------------------------------------- the booking read model

export type BookingFilter = {
  ids?: string[];
  providerId?: string | undefined;
  providerIds?: string[] | undefined;
  branchId?: string | null | undefined;
  status?: string | undefined;
  paymentStatus?: string | undefined;
  source?: string | undefined;
  customerId?: string | undefined;
  orderId?: string | undefined;
  search?: string | undefined;
  /** On the start: [from, to). */
  from?: Boundary | undefined;
  to?: Boundary | undefined;
  /** Overlapping [start, end) (calendar). */
  overlaps?: { start: Date; end: Date } | undefined;
};

/** The bookings `f` matches; its values through `v` (a `Binds`' for a list's page). */
function bookingWhere(tenantId: string, f: BookingFilter, v = inline): SQL | undefined {
  const tenant = v(tenantId);
  const conds: (SQL | undefined)[] = [eq(bookings.tenantId, tenant)];
  if (f.ids) conds.push(f.ids.length ? inArray(bookings.id, f.ids.map(v)) : sql`false`);
  // A provider's bookings include the team bookings it works as crew.
  const byProviders = (ids: string[]) =>
    or(
      inArray(bookings.providerId, ids.map(v)),
      sql`${bookings.id} in (select cr.booking_id from booking_crew cr where cr.tenant_id = ${tenant} and cr.provider_id = any(${v(`{${ids.join(',')}}`)}::uuid[]))`,
    );
  if (f.providerId) conds.push(byProviders([f.providerId]));
  if (f.providerIds) conds.push(f.providerIds.length ? byProviders(f.providerIds) : sql`false`);
  if (f.branchId) conds.push(eq(bookings.branchId, v(f.branchId)));
  if (f.status) conds.push(eq(bookings.status, v(f.status)));
  if (f.paymentStatus) conds.push(eq(bookings.paymentStatus, v(f.paymentStatus)));
  if (f.source) conds.push(eq(bookings.source, v(f.source)));
  if (f.customerId) conds.push(eq(bookings.customerId, v(f.customerId)));
  if (f.orderId) conds.push(eq(bookings.orderId, v(f.orderId)));
  if (f.from) conds.push(gte(bookings.startAt, boundaryAt(f.from, v)));
  if (f.to) conds.push(lt(bookings.startAt, boundaryAt(f.to, v)));
  if (f.overlaps) {
    // A booking lasts at most a day (the visit limit), so the start has a lower bound too: the
    // (tenant, start) index is scanned over the range only, not over the whole history.
    const lowest = new Date(f.overlaps.start.getTime() - 86_400_000);
    conds.push(lt(bookings.startAt, v(f.overlaps.end)), gt(bookings.startAt, v(lowest)), gt(bookings.endAt, v(f.overlaps.start)));
  }
  if (f.search) {
    const s = f.search.trim();
    const n = /^#?\d{1,9}$/.test(s) ? v(Number(s.replace('#', ''))) : null;
    conds.push(or(searchCondition(s, v), ...(n !== null ? [eq(bookings.number, n), eq(orders.number, n)] : [])));
  }
  return and(...conds);
}

/** A booking's local date and time (in `zone`) and its crew: the read model's columns computed in SQL. */
const localColumns = (zone: SQL<string>) => ({
  localDate: sql<string>`to_char(${bookings.startAt} at time zone ${zone}, 'YYYY-MM-DD')`,
  localSlot: sql<string>`to_char(${bookings.startAt} at time zone ${zone}, 'HH24:MI')`,
  crew: sql<{ id: string; name: string }[]>`(select coalesce(json_agg(json_build_object('id', cp.id, 'name', cp.name) order by cp.sort_order, cp.name, cp.id), '[]')
        from booking_crew cr join providers cp on cp.tenant_id = cr.tenant_id and cp.id = cr.provider_id
        where cr.tenant_id = ${bookings.tenantId} and cr.booking_id = ${bookings.id})`,
});

/** What a booking's read looks up by key: a column of the row its `id` points at, its zone (its branch's, or `tenantTz`), and its customer (lateral, as `cu`). */
function bookingLookups(exec: Executor, tenantTz: string | Placeholder) {
  const of = (id: AnyPgColumn) => ({ tenantId: bookings.tenantId, id });
  const zone = sql<string>`coalesce(${byKeyValue(branches.timezone, of(bookings.branchId))}, ${tenantTz})`;
  const customer = byKeyLateral(exec, customers, { first: customers.firstName, last: customers.lastName, phone: customers.phone }, { tenantId: bookings.tenantId, id: bookings.customerId }, 'cu');
  return { of, zone, customer };
}

/**
 * The bookings' read model: each booking with its order's number, its customer, provider and service,
 * and its date and time in its branch's zone (or `tenantTz`), for rows the caller finds by key (by id,
 * or a list's page of ids). Nothing is joined to plan: the order's, provider's, service's and
 * branch's fields are looked up by key a row at a time, the customer's in a lateral look-up.
 * PostgreSQL had spent more planning five joins (about 2.7 ms) than running a page (about 1.2 ms).
 */
function readSelect<X extends Record<string, SQL>>(exec: Executor, tenantTz: string | Placeholder, extra: X = {} as X) {
  const { of, zone, customer } = bookingLookups(exec, tenantTz);
  return exec
    .select({
      ...extra,
      b: bookings,
      orderNumber: byKeyValue(orders.number, of(bookings.orderId)),
      customerFirst: customer.first,
      customerLast: customer.last,
      customerPhone: customer.phone,
      providerName: byKeyValue(providers.name, of(bookings.providerId)),
      serviceName: byKeyValue(services.name, of(bookings.serviceId)),
      ...localColumns(zone),
    })
    .from(bookings)
    .leftJoinLateral(customer, sql`true`);
}

/**
 * A booking as the API answers it (`bookingSchema`, what the service's `toBooking` makes of a
 * `readSelect` row), written as JSON text by the database from the same look-ups: the bookings list
 * sends its page's rows as they come (issue 15 §2, as the orders, customers and payments lists). A
 * test holds each list row equal to the booking's own `GET`.
 */
function jsonReadSelect<X extends Record<string, SQL>>(exec: Executor, tenantTz: string | Placeholder, extra: X) {
  const b = bookings;
  const { of, zone, customer: cu } = bookingLookups(exec, tenantTz);
  const local = localColumns(zone);
  const j = sql<string>`json_build_object(
    'id', ${b.id}, 'booking_number', ${b.number}, 'order_id', ${b.orderId}, 'order_number', ${byKeyValue(orders.number, of(b.orderId))},
    'order_item_id', ${b.orderItemId}, 'customer_id', ${b.customerId},
    'customer', case when ${b.customerId} is not null and ${cu.first} is not null
      then json_build_object('id', ${b.customerId}, 'name', trim(${cu.first} || ' ' || coalesce(${cu.last}, '')), 'phone', ${cu.phone}) end,
    'staff_id', ${b.providerId},
    'staff', (select json_build_object('id', ${b.providerId}, 'name', k.name) from ${providers} k where k.tenant_id = ${b.tenantId} and k.id = ${b.providerId}),
    'crew', ${local.crew}, 'branch_id', ${b.branchId}, 'team_id', ${b.branchId}, 'service_id', ${b.serviceId},
    'service', (select json_build_object('id', ${b.serviceId}, 'name', k.name) from ${services} k where k.tenant_id = ${b.tenantId} and k.id = ${b.serviceId}),
    'date', ${local.localDate}, 'slot', ${local.localSlot}, 'start_time', ${isoText(b.startAt)}, 'end_time', ${isoText(b.endAt)},
    'duration', ${b.duration}, 'buffer', ${b.buffer}, 'price', ${b.price}, 'total_price', ${b.totalPrice},
    'status', ${b.status}, 'payment_status', ${b.paymentStatus}, 'source', ${b.source}, 'notes', ${b.notes},
    'custom_fields', ${b.customFields}, 'meeting_link', ${b.meetingLink}, 'transportation_fee_amount', ${b.transportationFeeAmount},
    'cancellation_reason_id', ${b.cancellationReasonId}, 'cancellation_note', ${b.cancellationNote}, 'recorded_after', ${b.recordedAfter},
    'created_at', ${isoText(b.createdAt)}, 'updated_at', ${isoText(b.updatedAt)}
  )::text`;
  return exec
    .select({ ...extra, j })
    .from(bookings)
    .leftJoinLateral(cu, sql`true`);
}

export type BookingReadRow = Awaited<ReturnType<ReturnType<typeof readSelect>['execute']>>[number];

/** Bookings by id (one booking, those just written), latest start first or earliest: built once, planned once per connection. */
export async function readBookings(exec: Executor, tenantId: string, tenantTz: string, ids: string[], order: 'newest' | 'start' = 'newest'): Promise<BookingReadRow[]> {
  return readByIds[order](exec, { tenantId, zone: tenantTz, ids });
}

const byIds = () => and(eq(bookings.tenantId, sql.placeholder('tenantId')), sql`${bookings.id} = any(${sql.placeholder('ids')}::uuid[])`);
const zone = sql.placeholder('zone');
const readByIds = {
  start: preparedSelect('read_bookings', (exec) => readSelect(exec, zone).where(byIds()).orderBy(asc(bookings.startAt), asc(bookings.number))),
  newest: preparedSelect('read_bookings', (exec) => readSelect(exec, zone).where(byIds()).orderBy(desc(bookings.startAt), desc(bookings.number))),
};
const readByIdsWithNotice = preparedSelect('read_bookings_notice', (exec) =>
  readSelect(exec, zone, noticeColumns(sql.placeholder('action'))).where(byIds()).orderBy(asc(bookings.startAt), asc(bookings.number)),
);

/**
 * Bookings just written, by id, earliest first, each with what its `action` messages need too
 * (notify.ts `noticeColumns`): a new booking's answer and its messages' context in one statement.
 */
export function readBookingsWithNotice(exec: Executor, tenantId: string, tenantTz: string, ids: string[], action: NotificationAction) {
  return readByIdsWithNotice(exec, { tenantId, zone: tenantTz, ids, action });
}

/** The bookings list's order, latest start first: its sort key (docs/decisions.md "Lists at a busy business's size"). */
export const BOOKING_KEY: readonly KeyPart[] = [
  { col: bookings.startAt, kind: 'time' },
  { col: bookings.number, kind: 'int' },
];

/** The ids of the bookings `f` matches (joining the order and customer only when the search needs them). */
function matchingIds(exec: Executor, f: BookingFilter, w: SQL | undefined) {
  const q = exec.select({ id: bookings.id }).from(bookings).$dynamic();
  const joined = f.search
    ? q
        .leftJoin(orders, and(eq(orders.tenantId, bookings.tenantId), eq(orders.id, bookings.orderId)))
        .leftJoin(customers, and(eq(customers.tenantId, bookings.tenantId), eq(customers.id, bookings.customerId)))
    : q;
  return { q: joined, where: w };
}

/**
 * One page of bookings, latest start first. The page's ids are found on the list's index first,
 * then only those rows are read with their order, customer, provider, service and crew.
 */
/** The list as it opens (every booking, or the top bar's branch's): planned once for any business (lib/keyset.ts `readPage`). */
const defaultView = (f: BookingFilter) =>
  !f.ids && !f.providerId && !f.providerIds && !f.status && !f.paymentStatus && !f.source && !f.customerId && !f.orderId && !f.search && !f.from && !f.to && !f.overlaps;

export async function listBookings(exec: Executor, tenantId: string, tenantTz: string, f: BookingFilter, req: PageRequest) {
  const binds = new Binds();
  const w = listWhere(binds, tenantId, f, defaultView(f), bookingWhere);
  const tenant = binds.v(tenantId);
  const zone = binds.v(tenantTz);
  const matching = () => {
    const m = matchingIds(exec, f, w.sql());
    return m.q.where(m.where);
  };
  return keysetPage(
    exec,
    BOOKING_KEY,
    req,
    binds,
    (win, total) =>
      readIdsFirst(
        exec,
        'bookings_page',
        win,
        binds,
        () => matchingIds(exec, f, w.sql()),
        (ids) =>
          jsonReadSelect(exec, zone, { key: keyOf(BOOKING_KEY), total: total() })
            .where(and(eq(bookings.tenantId, tenant), inArray(bookings.id, ids)))
            .orderBy(...win.orderBy),
        defaultView(f),
        w.view,
      ),
    matching,
  );
}


/**
 * The calendar's bookings as the JSON array the API answers (`calendarBookingSchema`), made by the
 * database: a busy week holds hundreds of bookings, and shaping each into an object only to write
 * it out again as JSON was most of the request's time (issue 15 §4). Only what an event shows
 * (number, times, status, provider, customer and service names), earliest first; the crews of the
 * team bookings among them are read once over the crews' own time index, not a subquery a booking.
 */
export async function calendarBookingsJson(exec: Executor, tenantId: string, f: BookingFilter & { overlaps: { start: Date; end: Date } }): Promise<string> {
  const lowest = new Date(f.overlaps.start.getTime() - 86_400_000);
  const [row] = await rawRows<{ j: string }>(
    exec,
    sql`with crew as (
        select cr.booking_id, json_agg(json_build_object('id', p.id, 'name', p.name) order by p.sort_order, p.name, p.id) as j
        from ${bookingCrew} cr join ${providers} p on p.tenant_id = cr.tenant_id and p.id = cr.provider_id
        where cr.tenant_id = ${tenantId} and cr.start_at < ${f.overlaps.end} and cr.start_at > ${lowest}
        group by cr.booking_id
      )
      select coalesce(json_agg(json_build_object(
          'id', ${bookings.id}, 'booking_number', ${bookings.number}, 'staff_id', ${bookings.providerId},
          'start_time', ${isoText(bookings.startAt)}, 'end_time', ${isoText(bookings.endAt)}, 'status', ${bookings.status},
          -- Looked up a booking at a time: a week's bookings meet a few hundred of a business's many customers.
          'customer_name', (select trim(c.first_name || ' ' || c.last_name) from ${customers} c where c.tenant_id = ${bookings.tenantId} and c.id = ${bookings.customerId}),
          'service_name', (select s.name from ${services} s where s.tenant_id = ${bookings.tenantId} and s.id = ${bookings.serviceId}),
          'crew', coalesce(crew.j, '[]'::json)
        ) order by ${bookings.startAt}, ${bookings.number}), '[]')::text as j
      from ${bookings}
      left join crew on crew.booking_id = ${bookings.id}
      where ${bookingWhere(tenantId, f)}`,
  );
  return row?.j ?? '[]';
}

/** A list filter's bound: an instant, or the midnight of a local day in a zone (`plusDays` after it: the end of an inclusive `to`). */
export type Boundary = Date | { day: string; zone: string; plusDays: number };

/** A bound as the timestamp it stands for, its values through `v`. */
function boundaryAt(b: Boundary, v = inline): SQL | Date {
  if (b instanceof Date) return v(b);
  return sql`((${v(b.day)}::date + ${v(b.plusDays)}::int)::timestamp at time zone ${v(b.zone)})`;
}

// ---------------------------------------------------------------- calendar staff

/** Providers of a branch (and those of no branch), or all: the calendar's resource columns. */
export async function calendarStaff(exec: Executor, tenantId: string, f: { branchId?: string | null; ids?: string[] | undefined }) {
  const conds: (SQL | undefined)[] = [eq(providers.tenantId, tenantId)];
  if (f.branchId) conds.push(or(eq(providers.branchId, f.branchId), isNull(providers.branchId)));
  if (f.ids) conds.push(f.ids.length ? inArray(providers.id, f.ids) : sql`false`);
  return exec
    .select({
      id: providers.id,
      name: providers.name,
      branchId: providers.branchId,
      color: providers.color,
      workingHours: providers.workingHours,
      photo: users.profilePhoto,
    })
    .from(providers)
    .leftJoin(users, and(eq(users.tenantId, providers.tenantId), eq(users.id, providers.userId)))
    .where(and(...conds))
    .orderBy(asc(providers.sortOrder), asc(providers.name), asc(providers.id));
}

/** Days off of these providers overlapping the local dates [from, to] (both inclusive): shaded on the calendar. */
export async function calendarTimeOff(exec: Executor, tenantId: string, providerIds: readonly string[], from: string, to: string) {
  if (providerIds.length === 0) return [];
  return exec
    .select({ providerId: providerTimeOff.providerId, startDate: providerTimeOff.startDate, endDate: providerTimeOff.endDate })
    .from(providerTimeOff)
    .where(
      and(
        eq(providerTimeOff.tenantId, tenantId),
        inArray(providerTimeOff.providerId, [...providerIds]),
        sql`${providerTimeOff.startDate} <= ${to}::date`,
        sql`${providerTimeOff.endDate} >= ${from}::date`,
      ),
    )
    .orderBy(asc(providerTimeOff.startDate));
}

// ---------------------------------------------------------------- block times

export type BlockRow = typeof blockTimes.$inferSelect;

export async function listBlocks(
  exec: Executor,
  tenantId: string,
  f: { start?: Boundary | undefined; end?: Boundary | undefined; branchId?: string | null | undefined; providerId?: string | undefined; providerIds?: string[] | undefined; limit?: number },
) {
  const conds: (SQL | undefined)[] = [eq(blockTimes.tenantId, tenantId)];
  if (f.start) conds.push(gt(blockTimes.endAt, boundaryAt(f.start)));
  if (f.end) conds.push(lt(blockTimes.startAt, boundaryAt(f.end)));
  if (f.branchId) conds.push(eq(blockTimes.branchId, f.branchId));
  if (f.providerId) conds.push(eq(blockTimes.providerId, f.providerId));
  // The calendar of some providers: their own blocks and the branch-wide ones.
  if (f.providerIds) conds.push(or(isNull(blockTimes.providerId), f.providerIds.length ? inArray(blockTimes.providerId, f.providerIds) : sql`false`));
  const q = exec
    .select()
    .from(blockTimes)
    .where(and(...conds))
    .orderBy(asc(blockTimes.startAt), asc(blockTimes.id));
  return f.limit ? q.limit(f.limit) : q;
}

export async function findBlock(exec: Executor, tenantId: string, id: string) {
  const [row] = await exec
    .select()
    .from(blockTimes)
    .where(and(eq(blockTimes.tenantId, tenantId), eq(blockTimes.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertBlock(exec: Executor, values: typeof blockTimes.$inferInsert) {
  const [row] = await exec.insert(blockTimes).values(values).returning();
  if (!row) throw new Error('block insert returned nothing');
  return row;
}

export async function updateBlock(exec: Executor, tenantId: string, id: string, values: Partial<typeof blockTimes.$inferInsert>) {
  const [row] = await exec
    .update(blockTimes)
    .set(values)
    .where(and(eq(blockTimes.tenantId, tenantId), eq(blockTimes.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteBlock(exec: Executor, tenantId: string, id: string): Promise<boolean> {
  const rows = await exec
    .delete(blockTimes)
    .where(and(eq(blockTimes.tenantId, tenantId), eq(blockTimes.id, id)))
    .returning({ id: blockTimes.id });
  return rows.length > 0;
}

/** The order's active appointments, the visit's order (by start, then number); locked when asked (after the order). */
export async function orderActiveBookings(exec: Executor, tenantId: string, orderId: string, lock = false) {
  const q = exec
    .select()
    .from(bookings)
    .where(and(eq(bookings.tenantId, tenantId), eq(bookings.orderId, orderId), inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES])))
    .orderBy(asc(bookings.startAt), asc(bookings.number));
  return lock ? q.for('update') : q;
}
