import { randomUUID } from 'node:crypto';
import { PROVIDER_COLORS } from '@app/shared/constants';
import { type PricedOrder, priceOrder } from '@app/shared/pricing';
import { type Interval, intersect, normalize, saturated, subtract } from '@app/shared/scheduling/intervals';
import { addDays, type LocalDate, LocalDay, localDateOf, localDates, toWallMinutes, wallRangeEnd } from '@app/shared/scheduling/zoned';
import { isTimeZone } from '@app/shared/schemas/common';
import { BOOKING_CANCEL_REASON_TYPE, type BookingStatus } from '@app/shared/states/booking';
import type { OrderStatus } from '@app/shared/states/order';
import { paymentStatus } from '@app/shared/states/transaction';
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, gte, notInArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from './client';
import { branches, categories, products, providerServices, providers, providerTimeOff, serviceTaxes, services, taxes, type WorkingHours } from './schema/business';
import { customerNotes, customers, customerTags, tags } from './schema/customers';
import { blockTimes, bookingCrew, bookings, type LineTax, orderItems, orderLogs, orders, tenantCounters, transactions } from './schema/sales';
import { bankAccounts, cancellationReasons, paymentMethods } from './schema/settings';
import { tenants } from './schema/tenants';
import { users } from './schema/users';
import { depositOf } from '../modules/store/store-services';
import {
  BOOKING_NOTES,
  CANCEL_NOTES,
  DECLINE_REASON,
  DEMO_BANK_ACCOUNT,
  DEMO_CATEGORIES,
  DEMO_CUSTOMERS,
  DEMO_PRODUCTS,
  DEMO_PROVIDERS,
  DEMO_SERVICES,
  DEMO_TAGS,
} from './seed-demo-data';

/**
 * The demo business's sample month (docs/decisions.md "The demo's sample month"): customers, and
 * bookings, orders and payments over the two weeks before and after "today" in the branch's time
 * zone, written the way the API would have written them (per-tenant numbers from the counters,
 * totals from packages/shared/src/pricing.ts, payment statuses from the confirmed payments, the
 * order log, stock taken by product lines), so every screen has something to show.
 *
 * Deterministic: a seeded PRNG per local date (never Math.random), so a date always gets the same
 * visits. Idempotent: the `demo_seed_through` counter row of tenant_counters remembers the last local
 * date seeded. The first run seeds today − 14 … today + 14; a later start only adds the days after
 * that date up to today + 14 (at most the last 14 of them in the past), around whatever is booked
 * already, so the calendar is never empty however long after the first start `npm start` runs.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** Days seeded before and after today. */
export const DEMO_WINDOW_DAYS = 14;
/** The tenant_counters row holding the last local date seeded (as yyyymmdd); 0: not seeded yet. */
export const DEMO_SEED_COUNTER = 'demo_seed_through';
/**
 * From tomorrow on, the sample month leaves room for the bookings people make in the demo (and the
 * end-to-end tests, which book two to six days ahead at 10:00, 13:00, 15:00–17:10 and 17:00): nobody
 * has a seeded booking before `everyoneUntil`, and the first provider in the business's order none
 * before `firstProviderUntil`.
 */
export const DEMO_KEEP_FREE = { everyoneUntil: '12:00', firstProviderUntil: '18:30' } as const;

// ---------------------------------------------------------------- PRNG

/** A small seeded PRNG (mulberry32 over a string hash): the same seed always gives the same numbers. */
export class Rng {
  private state: number;
  constructor(seed: string) {
    let h = 1779033703 ^ seed.length;
    for (let i = 0; i < seed.length; i++) {
      h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
      h = (h << 13) | (h >>> 19);
    }
    this.state = h >>> 0;
  }
  /** In [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    const total = weights.reduce((a, b) => a + b, 0);
    let x = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      x -= weights[i]!;
      if (x < 0) return items[i]!;
    }
    return items[items.length - 1]!;
  }
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
}

/**
 * The demo customers' mobile numbers (E.164, valid Saudi mobiles), fixed for ever. They stay clear of
 * the numbers the end-to-end tests make (05 00…, 05 11…, 05 22…, and …00NN of the import test).
 */
export const DEMO_CUSTOMER_PHONES: readonly string[] = (() => {
  const r = new Rng('khidma-demo-phones');
  const out = new Set<string>();
  while (out.size < DEMO_CUSTOMERS.length) {
    const x = r.pick(['0', '3', '4', '5', '6', '8', '9']) + r.digits(7);
    if (['00', '11', '22'].includes(x.slice(0, 2)) || x[4] === '0') continue;
    out.add(`+9665${x}`);
  }
  return [...out];
})();

// ---------------------------------------------------------------- the catalogue (once, by natural key)

async function mainBranch(tx: Tx, tenantId: string) {
  const [branch] = await tx
    .select({ id: branches.id, timezone: branches.timezone, workingHours: branches.workingHours })
    .from(branches)
    .where(eq(branches.tenantId, tenantId))
    .orderBy(desc(branches.isMain), asc(branches.createdAt))
    .limit(1);
  return branch ?? null;
}

async function ownerOf(tx: Tx, tenantId: string): Promise<string | null> {
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isOwner, true)))
    .limit(1);
  return owner?.id ?? null;
}

/**
 * The demo's categories, services, providers (their colours, hours and services), products, tags,
 * bank account and payment methods: whatever of them is missing, found by slug or name, so running
 * it again adds nothing. Run inside the tenant's transaction.
 */
export async function ensureDemoCatalogue(tx: Tx, tenantId: string): Promise<void> {
  const branch = await mainBranch(tx, tenantId);
  await tx
    .insert(categories)
    .values(DEMO_CATEGORIES.map((c) => ({ tenantId, name: c.name, slug: c.slug, sortOrder: c.sortOrder })))
    .onConflictDoNothing();
  const categoryId = new Map(
    (await tx.select({ id: categories.id, slug: categories.slug }).from(categories).where(eq(categories.tenantId, tenantId))).map((c) => [c.slug, c.id]),
  );

  const haveServices = new Set((await tx.select({ name: services.name }).from(services).where(eq(services.tenantId, tenantId))).map((s) => s.name));
  const newServices = DEMO_SERVICES.filter((s) => !haveServices.has(s.name));
  if (newServices.length) {
    await tx
      .insert(services)
      .values(
        newServices.map((s) => ({
          tenantId,
          name: s.name,
          slug: s.slug,
          price: s.price,
          duration: s.duration,
          bufferTime: s.buffer,
          branchId: branch?.id ?? null,
          categoryId: categoryId.get(s.category) ?? null,
          sortOrder: s.sortOrder,
        })),
      )
      .onConflictDoNothing();
  }
  const serviceId = new Map((await tx.select({ id: services.id, name: services.name }).from(services).where(eq(services.tenantId, tenantId))).map((s) => [s.name, s.id]));
  // VAT at 15 % on the services, as a Saudi salon charges it (its products carry every tax of the
  // settings): made with the catalogue, once; a business that set its own taxes keeps them.
  if (newServices.length) {
    let [vat] = await tx.select({ id: taxes.id }).from(taxes).where(eq(taxes.tenantId, tenantId)).limit(1);
    if (!vat) [vat] = await tx.insert(taxes).values({ tenantId, name: 'ضريبة القيمة المضافة', rateBps: 1500 }).returning({ id: taxes.id });
    const links = newServices.flatMap((s) => {
      const id = serviceId.get(s.name);
      return id && vat ? [{ tenantId, serviceId: id, taxId: vat.id }] : [];
    });
    if (links.length) await tx.insert(serviceTaxes).values(links).onConflictDoNothing();
  }

  const haveProviders = await tx.select({ id: providers.id, name: providers.name }).from(providers).where(eq(providers.tenantId, tenantId));
  const known = new Set(haveProviders.map((p) => p.name));
  const newProviders = DEMO_PROVIDERS.filter((p) => !known.has(p.name));
  if (newProviders.length) {
    // The next palette colour and place, as the API gives a new provider.
    await tx.insert(providers).values(
      newProviders.map((p, i) => ({
        tenantId,
        name: p.name,
        label: p.label,
        branchId: branch?.id ?? null,
        workingHours: p.hours,
        color: PROVIDER_COLORS[(haveProviders.length + i) % PROVIDER_COLORS.length],
        sortOrder: haveProviders.length + i,
      })),
    );
  }
  const providerId = new Map((await tx.select({ id: providers.id, name: providers.name }).from(providers).where(eq(providers.tenantId, tenantId))).map((p) => [p.name, p.id]));
  const offers = DEMO_PROVIDERS.flatMap((p) =>
    p.services.flatMap((key) => {
      const pid = providerId.get(p.name);
      const sid = serviceId.get(DEMO_SERVICES.find((s) => s.key === key)!.name);
      return pid && sid ? [{ tenantId, providerId: pid, serviceId: sid }] : [];
    }),
  );
  if (offers.length) await tx.insert(providerServices).values(offers).onConflictDoNothing();

  const productsCategory = categoryId.get('care-products') ?? null;
  await tx
    .insert(products)
    .values(DEMO_PRODUCTS.map((p) => ({ tenantId, name: p.name, slug: p.slug, price: p.price, stock: p.stock, categoryId: productsCategory, sortOrder: p.sortOrder })))
    .onConflictDoNothing();
  await tx
    .insert(tags)
    .values(DEMO_TAGS.map((t) => ({ tenantId, name: t.name, color: t.color })))
    .onConflictDoNothing();
  const [account] = await tx.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.tenantId, tenantId)).limit(1);
  if (!account) await tx.insert(bankAccounts).values({ tenantId, ...DEMO_BANK_ACCOUNT });
  // Bank transfers on: the sample month has some. A choice the business made already stays.
  await tx
    .insert(paymentMethods)
    .values(['cash', 'card', 'bank_transfer'].map((slug) => ({ tenantId, slug, enabled: true })))
    .onConflictDoNothing();
}

/** The demo customers (by phone), their tags and the owner's notes; answers how many were added. */
async function ensureDemoCustomers(tx: Tx, tenantId: string, now: number): Promise<number> {
  const since = (i: number) => now - DEMO_CUSTOMERS[i]!.since * DAY - ((i * 97) % 540) * MIN;
  const added = await tx
    .insert(customers)
    .values(
      DEMO_CUSTOMERS.map((c, i) => ({
        tenantId,
        firstName: c.first,
        lastName: c.last,
        phone: DEMO_CUSTOMER_PHONES[i]!,
        phoneCountry: 'SA',
        email: c.email ? `${c.email}@example.com` : null,
        address: c.address ?? null,
        note: c.note ?? null,
        blockedAt: c.blockedDaysAgo ? new Date(now - c.blockedDaysAgo * DAY) : null,
        createdAt: new Date(since(i)),
        updatedAt: new Date(c.blockedDaysAgo ? now - c.blockedDaysAgo * DAY : since(i)),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: customers.id, phone: customers.phone });
  if (!added.length) return 0;
  const index = new Map(added.map((a) => [a.phone, DEMO_CUSTOMER_PHONES.indexOf(a.phone ?? '')]));
  const tagId = new Map((await tx.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.tenantId, tenantId))).map((t) => [t.name, t.id]));
  const links = added.flatMap((a) =>
    (DEMO_CUSTOMERS[index.get(a.phone)!]?.tags ?? []).flatMap((key) => {
      const id = tagId.get(DEMO_TAGS.find((t) => t.key === key)!.name);
      return id ? [{ tenantId, customerId: a.id, tagId: id }] : [];
    }),
  );
  if (links.length) await tx.insert(customerTags).values(links).onConflictDoNothing();
  const author = await ownerOf(tx, tenantId);
  const notes = added.flatMap((a) => {
    const i = index.get(a.phone)!;
    const body = DEMO_CUSTOMERS[i]?.staffNote;
    return body ? [{ tenantId, customerId: a.id, authorId: author, body, createdAt: new Date(Math.min(now - DAY, since(i) + 7 * DAY)) }] : [];
  });
  if (notes.length) await tx.insert(customerNotes).values(notes);
  return added.length;
}

// ---------------------------------------------------------------- what the planner reads

type EnvProvider = { id: string; index: number; hours: WorkingHours; capacity: number; services: string[] };
/** `deposit`: what the store asks of it (minor units; 0: none), kept on its booking-page bookings. */
type EnvService = { id: string; name: string; price: number; duration: number; buffer: number; deposit: number; taxes: LineTax[]; popularity: number };
type EnvProduct = { id: string; name: string; price: number; stock: number; unlimited: boolean };
type EnvCustomer = { id: string; createdAt: number; blockedAt: number | null; weight: number };

type Env = {
  tenantId: string;
  zone: string;
  currency: string;
  branchId: string;
  branchHours: WorkingHours;
  ownerId: string | null;
  bankAccountId: string | null;
  providers: EnvProvider[];
  services: Map<string, EnvService>;
  products: EnvProduct[];
  productTaxes: LineTax[];
  customers: EnvCustomer[];
  reasons: string[];
  /** Busy intervals (UTC ms) per provider: bookings, crews and block times already there. */
  busy: Map<string, Interval[]>;
  /** Block times of the whole branch. */
  branchBlocks: Interval[];
  timeOff: Map<string, [LocalDate, LocalDate][]>;
  /** `${customerId}|${date}` of the visits already booked. */
  customerDays: Set<string>;
};

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

async function loadEnv(tx: Tx, tenantId: string, branch: { id: string; workingHours: WorkingHours }, zone: string, from: LocalDate, to: LocalDate): Promise<Env | null> {
  const [tenant] = await tx.select({ currency: tenants.currency }).from(tenants).where(eq(tenants.id, tenantId));
  const start = new Date(new LocalDay(from, zone).start);
  const end = new Date(new LocalDay(to, zone).end);
  const inBranch = (col: AnyPgColumn) => or(isNull(col), eq(col, branch.id));

  const taxRows = await tx
    .select({ id: taxes.id, name: taxes.name, rateBps: taxes.rateBps })
    .from(taxes)
    .where(eq(taxes.tenantId, tenantId))
    .orderBy(asc(taxes.name));
  const asLineTax = (t: { id: string; name: string; rateBps: number }): LineTax => ({ tax_id: t.id, name: t.name, rate_bps: t.rateBps, amount: 0 });
  const svcTaxes = await tx.select({ serviceId: serviceTaxes.serviceId, taxId: serviceTaxes.taxId }).from(serviceTaxes).where(eq(serviceTaxes.tenantId, tenantId));
  const svcRows = await tx
    .select({
      id: services.id,
      name: services.name,
      price: services.price,
      duration: services.duration,
      buffer: services.bufferTime,
      depositEnabled: services.depositEnabled,
      depositAmount: services.depositAmount,
    })
    .from(services)
    .where(and(eq(services.tenantId, tenantId), inBranch(services.branchId)));
  const serviceMap = new Map<string, EnvService>();
  for (const { depositEnabled, depositAmount, ...s } of svcRows) {
    if (s.duration < 1 || s.duration + s.buffer > 600) continue;
    const mine = new Set(svcTaxes.filter((x) => x.serviceId === s.id).map((x) => x.taxId));
    serviceMap.set(s.id, {
      ...s,
      deposit: depositOf({ depositEnabled, depositAmount }),
      taxes: taxRows.filter((t) => mine.has(t.id)).map(asLineTax),
      popularity: DEMO_SERVICES.find((d) => d.name === s.name)?.popularity ?? 2,
    });
  }

  const provRows = await tx
    .select({ id: providers.id, hours: providers.workingHours, capacity: providers.clientsInSameTime, assignment: providers.assignmentType })
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), inBranch(providers.branchId)))
    .orderBy(asc(providers.sortOrder), asc(providers.name), asc(providers.id));
  const offered = await tx.select({ providerId: providerServices.providerId, serviceId: providerServices.serviceId }).from(providerServices).where(eq(providerServices.tenantId, tenantId));
  const provs: EnvProvider[] = provRows
    // Team providers bring a crew; the sample month books single providers only.
    .filter((p) => p.assignment !== 'team' && p.capacity >= 1)
    .map((p, index) => ({
      id: p.id,
      index,
      hours: p.hours,
      capacity: p.capacity,
      services: offered.filter((o) => o.providerId === p.id && serviceMap.has(o.serviceId)).map((o) => o.serviceId),
    }))
    .filter((p) => p.services.length > 0);

  const custRows = await tx
    .select({ id: customers.id, phone: customers.phone, createdAt: customers.createdAt, blockedAt: customers.blockedAt })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), inArray(customers.phone, [...DEMO_CUSTOMER_PHONES])));
  const custs: EnvCustomer[] = custRows
    .map((c) => {
      const i = DEMO_CUSTOMER_PHONES.indexOf(c.phone ?? '');
      return { id: c.id, createdAt: c.createdAt.getTime(), blockedAt: c.blockedAt?.getTime() ?? null, weight: DEMO_CUSTOMERS[i]?.regular ? 3 : 1, i };
    })
    .sort((a, b) => a.i - b.i)
    .map(({ i: _i, ...c }) => c);
  if (!provs.length || !custs.length) return null;

  const prodRows = await tx
    .select({ id: products.id, name: products.name, price: products.price, stock: products.stock, unlimited: products.unlimitedStock })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), sql`not exists (select 1 from product_combinations c where c.tenant_id = ${products.tenantId} and c.product_id = ${products.id})`))
    .orderBy(asc(products.sortOrder), asc(products.name));
  const reasons = await tx
    .select({ id: cancellationReasons.id })
    .from(cancellationReasons)
    .where(and(eq(cancellationReasons.tenantId, tenantId), eq(cancellationReasons.type, BOOKING_CANCEL_REASON_TYPE)))
    .orderBy(asc(cancellationReasons.sortOrder));
  const [account] = await tx.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.tenantId, tenantId)).orderBy(asc(bankAccounts.createdAt)).limit(1);

  // What is booked already keeps its place: bookings (but cancelled and rejected ones), crews, block times, days off.
  const busy = new Map<string, Interval[]>();
  const customerDays = new Set<string>();
  const taken = await tx
    .select({ providerId: bookings.providerId, customerId: bookings.customerId, start: bookings.startAt, until: bookings.occupiedUntil })
    .from(bookings)
    .where(and(eq(bookings.tenantId, tenantId), lt(bookings.startAt, end), gt(bookings.occupiedUntil, start), notInArray(bookings.status, ['cancelled', 'rejected'])));
  for (const b of taken) {
    push(busy, b.providerId, [b.start.getTime(), b.until.getTime()] as Interval);
    if (b.customerId) customerDays.add(`${b.customerId}|${localDateOf(b.start.getTime(), zone)}`);
  }
  const crews = await tx
    .select({ providerId: bookingCrew.providerId, start: bookingCrew.startAt, until: bookingCrew.occupiedUntil })
    .from(bookingCrew)
    .innerJoin(bookings, and(eq(bookings.tenantId, bookingCrew.tenantId), eq(bookings.id, bookingCrew.bookingId)))
    .where(and(eq(bookingCrew.tenantId, tenantId), lt(bookingCrew.startAt, end), gt(bookingCrew.occupiedUntil, start), notInArray(bookings.status, ['cancelled', 'rejected'])));
  for (const c of crews) push(busy, c.providerId, [c.start.getTime(), c.until.getTime()] as Interval);
  const blocks = await tx
    .select({ providerId: blockTimes.providerId, branchId: blockTimes.branchId, start: blockTimes.startAt, end: blockTimes.endAt })
    .from(blockTimes)
    .where(and(eq(blockTimes.tenantId, tenantId), lt(blockTimes.startAt, end), gt(blockTimes.endAt, start)));
  const branchBlocks: Interval[] = [];
  for (const b of blocks) {
    if (b.providerId) push(busy, b.providerId, [b.start.getTime(), b.end.getTime()] as Interval);
    else if (b.branchId === branch.id) branchBlocks.push([b.start.getTime(), b.end.getTime()]);
  }
  const offRows = await tx
    .select({ providerId: providerTimeOff.providerId, startDate: providerTimeOff.startDate, endDate: providerTimeOff.endDate })
    .from(providerTimeOff)
    .where(and(eq(providerTimeOff.tenantId, tenantId), gte(providerTimeOff.endDate, from), lte(providerTimeOff.startDate, to)));
  const timeOff = new Map<string, [LocalDate, LocalDate][]>();
  for (const o of offRows) push(timeOff, o.providerId, [o.startDate, o.endDate] as [LocalDate, LocalDate]);

  return {
    tenantId,
    zone,
    currency: tenant?.currency ?? 'SAR',
    branchId: branch.id,
    branchHours: branch.workingHours,
    ownerId: await ownerOf(tx, tenantId),
    bankAccountId: account?.id ?? null,
    providers: provs,
    services: serviceMap,
    products: prodRows,
    productTaxes: taxRows.map(asLineTax),
    customers: custs,
    reasons: reasons.map((r) => r.id),
    busy,
    branchBlocks,
    timeOff,
    customerDays,
  };
}

// ---------------------------------------------------------------- planning

type Part = { serviceId: string; start: number; end: number; occupied: number };
type Source = 'calendar' | 'booking-page' | 'pos';

type Visit = {
  key: string;
  date: LocalDate;
  providerId: string;
  parts: Part[];
  customerId: string;
  createdAt: number;
  source: Source;
  status: BookingStatus;
  running: boolean;
  recordedAfter: boolean;
  note: string | null;
  /** When the business approved or refused a booking-page request. */
  decidedAt: number | null;
  cancelAt: number | null;
  reasonId: string | null;
  cancelNote: string | null;
};

type Line = {
  id: string;
  type: 'service' | 'product';
  serviceId: string | null;
  productId: string | null;
  providerId: string | null;
  name: string;
  quantity: number;
  unitPrice: number;
  taxes: LineTax[];
  addedAt: number;
  part: Part | null;
};

type Method = 'cash' | 'card' | 'bank_transfer' | 'online';
type Txn = {
  id: string;
  number: number;
  method: Method;
  amount: number;
  tendered: number | null;
  status: 'confirmed' | 'wait' | 'refused';
  at: number;
  reviewedAt: number | null;
  gatewayId: string | null;
  referenceNo: string | null;
  refusalReason: string | null;
  byStaff: boolean;
  read: boolean;
  /** Taken at the desk's checkout after the visit (which completes its appointments). */
  checkout: boolean;
};

type Plan = {
  id: string;
  number: number;
  kind: 'visit' | 'pos' | 'draft';
  visit: Visit | null;
  customerId: string | null;
  providerId: string | null;
  source: Source;
  status: OrderStatus;
  createdAt: number;
  lines: Line[];
  discount: { type: 'fixed' | 'percentage'; value: number } | null;
  priced: PricedOrder;
  txns: Txn[];
  bookingIds: string[];
  bookingNumbers: number[];
};

function rangesOf(hours: WorkingHours | undefined, weekday: number): Interval[] {
  return normalize(
    (hours?.[String(weekday)] ?? []).map(([s, e]) => {
      const a = toWallMinutes(s);
      return [a, Math.min(1440, wallRangeEnd(a, toWallMinutes(e)))] as Interval;
    }),
  );
}

const overlaps = (list: readonly Interval[], [a, b]: Interval) => list.some(([s, e]) => s < b && a < e);

const roundTo = (n: number, step: number) => Math.round(n / step) * step;

export type DemoActivityResult = {
  /** The last local date seeded; null when nothing could be (the demo's catalogue or customers were erased). */
  through: LocalDate | null;
  days: number;
  customers: number;
  orders: number;
  bookings: number;
  transactions: number;
};

/** `yyyymmdd` ↔ local date, for the marker counter. */
const toMarker = (d: LocalDate) => Number(d.replaceAll('-', ''));
const fromMarker = (v: number) => `${String(v).slice(0, 4)}-${String(v).slice(4, 6)}-${String(v).slice(6, 8)}`;

/**
 * Seeds the demo's sample month (the first time, with its extra catalogue and customers) or tops it
 * up to today + 14 days. Run inside the demo tenant's transaction (`enterTenant` done): it locks the
 * marker row first, so two servers starting at once seed once.
 */
export async function seedDemoActivity(tx: Tx, tenantId: string, opts: { now?: Date } = {}): Promise<DemoActivityResult> {
  const now = Math.floor((opts.now ?? new Date()).getTime() / 1000) * 1000;
  const none: DemoActivityResult = { through: null, days: 0, customers: 0, orders: 0, bookings: 0, transactions: 0 };
  await tx.insert(tenantCounters).values({ tenantId, name: DEMO_SEED_COUNTER, value: 0 }).onConflictDoNothing();
  const [marker] = await tx
    .select({ value: tenantCounters.value })
    .from(tenantCounters)
    .where(and(eq(tenantCounters.tenantId, tenantId), eq(tenantCounters.name, DEMO_SEED_COUNTER)))
    .for('update');
  const branch = await mainBranch(tx, tenantId);
  const [tenant] = await tx.select({ timezone: tenants.timezone }).from(tenants).where(eq(tenants.id, tenantId));
  if (!branch || !tenant) return none;
  const zone = isTimeZone(branch.timezone) ? branch.timezone : isTimeZone(tenant.timezone) ? tenant.timezone : 'Asia/Riyadh';
  const today = localDateOf(now, zone);
  const horizon = addDays(today, DEMO_WINDOW_DAYS);
  const firstFill = !marker?.value;
  let added = 0;
  let from = addDays(today, -DEMO_WINDOW_DAYS);
  if (firstFill) {
    // A demo whose owner erased the catalogue is left as it is.
    const [svc] = await tx.select({ n: sql<number>`count(*)::int` }).from(services).where(eq(services.tenantId, tenantId));
    if (!Number(svc?.n)) return none;
    await ensureDemoCatalogue(tx, tenantId);
    added = await ensureDemoCustomers(tx, tenantId, now);
  } else {
    const next = addDays(fromMarker(marker!.value), 1);
    if (next > from) from = next;
  }
  if (from > horizon) return { ...none, through: fromMarker(marker!.value) };
  const env = await loadEnv(tx, tenantId, branch, zone, from, horizon);
  const dates = localDates(from, horizon);
  const written = env ? await seedDays(tx, env, dates, { now, today, firstFill }) : { orders: 0, bookings: 0, transactions: 0 };
  await tx
    .update(tenantCounters)
    .set({ value: toMarker(horizon) })
    .where(and(eq(tenantCounters.tenantId, tenantId), eq(tenantCounters.name, DEMO_SEED_COUNTER)));
  return { through: horizon, days: dates.length, customers: added, ...written };
}

/** Reserves `n` numbers of a per-tenant counter at once (as `nextNumber` would one by one); answers the first. */
async function reserveNumbers(tx: Tx, tenantId: string, name: 'order' | 'booking' | 'transaction', n: number): Promise<number> {
  if (n === 0) return 0;
  const [row] = await tx
    .insert(tenantCounters)
    .values({ tenantId, name, value: n })
    .onConflictDoUpdate({ target: [tenantCounters.tenantId, tenantCounters.name], set: { value: sql`${tenantCounters.value} + ${n}` } })
    .returning({ value: tenantCounters.value });
  return row!.value - n + 1;
}

async function inChunks<T>(rows: T[], write: (part: T[]) => Promise<unknown>, size = 250) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

async function seedDays(tx: Tx, env: Env, dates: LocalDate[], o: { now: number; today: LocalDate; firstFill: boolean }) {
  const { now, today } = o;
  const before = (t: number) => Math.min(t, now - 1000);
  const busy = new Map([...env.busy].map(([k, v]) => [k, [...v]]));
  const customerDays = new Set(env.customerDays);
  const visits: Visit[] = [];
  const blockedIds = new Set(env.customers.filter((c) => c.blockedAt !== null).map((c) => c.id));

  const pickService = (r: Rng, p: EnvProvider, not?: string) => {
    const list = p.services.filter((s) => s !== not);
    return list.length ? r.weighted(list, list.map((s) => env.services.get(s)!.popularity)) : null;
  };
  const createdFor = (r: Rng, start: number): number => {
    const roll = r.next();
    let t = roll < 0.12 ? start - r.int(5, 20) * MIN : roll < 0.3 ? start - r.int(60, 360) * MIN : start - r.int(1, 12) * DAY - r.int(0, 600) * MIN;
    // Booked before now: a future visit was booked some time in the last days.
    if (t > now - MIN) t = now - r.int(5, 6 * 24 * 60) * MIN;
    return t;
  };
  const pickCustomer = (r: Rng, date: LocalDate, at: number): string | null => {
    const ok = env.customers.filter((c) => c.createdAt <= at - MIN && (c.blockedAt === null || at < c.blockedAt) && !customerDays.has(`${c.id}|${date}`));
    return ok.length ? r.weighted(ok, ok.map((c) => c.weight)).id : null;
  };
  const free = (p: EnvProvider, span: Interval) => !overlaps(saturated(busy.get(p.id) ?? [], p.capacity), span) && !overlaps(env.branchBlocks, span);
  const place = (r: Rng, p: EnvProvider, day: LocalDay, startMin: number, serviceIds: string[], running: boolean): boolean => {
    let t = day.toUtc(startMin);
    const parts = serviceIds.map((id) => {
      const s = env.services.get(id)!;
      const part = { serviceId: id, start: t, end: t + s.duration * MIN, occupied: t + (s.duration + s.buffer) * MIN };
      t = part.occupied;
      return part;
    });
    const span: Interval = [parts[0]!.start, t];
    if (!free(p, span)) return false;
    const createdAt = running ? parts[0]!.start - r.int(1, 4) * DAY : createdFor(r, parts[0]!.start);
    const customerId = pickCustomer(r, day.date, createdAt);
    if (!customerId) return false;
    push(busy, p.id, span);
    customerDays.add(`${customerId}|${day.date}`);
    visits.push({
      key: `${day.date}|${p.index}|${startMin}`,
      date: day.date,
      providerId: p.id,
      parts,
      customerId,
      createdAt,
      source: 'calendar',
      status: 'confirmed',
      running,
      recordedAfter: false,
      note: r.chance(0.08) ? r.pick(BOOKING_NOTES) : null,
      decidedAt: null,
      cancelAt: null,
      reasonId: null,
      cancelNote: null,
    });
    return true;
  };

  for (const date of dates) {
    const day = new LocalDay(date, env.zone);
    const branchRanges = rangesOf(env.branchHours, day.weekday);
    if (!branchRanges.length) continue;
    const rangesFor = (p: EnvProvider) => {
      if ((env.timeOff.get(p.id) ?? []).some(([a, b]) => a <= date && date <= b)) return [];
      const ranges = intersect(rangesOf(p.hours, day.weekday), branchRanges);
      if (date <= today) return ranges;
      const until = toWallMinutes(p.index === 0 ? DEMO_KEEP_FREE.firstProviderUntil : DEMO_KEEP_FREE.everyoneUntil);
      return subtract(ranges, [[0, until]]);
    };
    // Today: one visit under way now, when someone is working and free.
    if (date === today) {
      const nowMin = Math.floor((now - day.start) / MIN);
      const r = new Rng(`${date}|running`);
      for (const p of env.providers) {
        const longest = [...p.services].sort((a, b) => env.services.get(b)!.duration - env.services.get(a)!.duration)[0]!;
        const s = env.services.get(longest)!;
        const startMin = Math.floor((nowMin - 20) / 15) * 15;
        const fits = rangesFor(p).some(([a, b]) => startMin >= a && startMin + s.duration + s.buffer <= b);
        if (s.duration >= 45 && fits && place(r, p, day, startMin, [longest], true)) break;
      }
    }
    for (const p of env.providers) {
      const ranges = rangesFor(p);
      if (!ranges.length) continue;
      const r = new Rng(`${date}|${p.index}`);
      const n = r.weighted([0, 1, 2, 3, 4], [12, 35, 33, 15, 5]);
      for (let k = 0; k < n; k++) {
        for (let attempt = 0; attempt < 8; attempt++) {
          const first = pickService(r, p);
          if (!first) break;
          const ids = [first];
          if (r.chance(0.15)) {
            const second = pickService(r, p, first);
            if (second) ids.push(second);
          }
          const total = ids.reduce((m, id) => m + env.services.get(id)!.duration + env.services.get(id)!.buffer, 0);
          const fitting = ranges.filter(([a, b]) => b - a >= total);
          if (!fitting.length) continue;
          const [a, b] = r.weighted(fitting, fitting.map(([x, y]) => y - x - total + 1));
          const grid = Math.ceil(a / 30) * 30;
          const last = b - total;
          const startMin = grid <= last ? grid + 30 * r.int(0, Math.floor((last - grid) / 30)) : a;
          if (place(r, p, day, startMin, ids, false)) break;
        }
      }
    }
  }

  // ------------------------------------------------------------ statuses
  for (const v of visits) {
    const r = new Rng(`${v.key}|status`);
    const start = v.parts[0]!.start;
    const end = v.parts[v.parts.length - 1]!.end;
    if (v.running || (start <= now && now < end)) {
      v.status = 'confirmed';
    } else if (end <= now) {
      const roll = r.next();
      if (blockedIds.has(v.customerId) || roll < 0.06) v.status = 'no-show';
      else if (roll < 0.13) v.status = 'cancelled';
      else if (roll < 0.15) {
        v.status = 'rejected';
        v.source = 'booking-page';
      } else v.status = 'completed';
      if ((v.status === 'completed' || v.status === 'no-show') && r.chance(0.22)) v.source = 'booking-page';
      if (v.status === 'completed' && v.source === 'calendar' && r.chance(0.05) && end + 15 * MIN < now) {
        // A walk-in entered after the visit.
        v.recordedAfter = true;
        v.createdAt = before(end + r.int(15, 90) * MIN);
      }
    } else {
      const roll = r.next();
      if (v.date === today) v.status = roll < 0.1 ? 'pending' : roll < 0.2 ? 'unapproved' : 'confirmed';
      else v.status = roll < 0.06 ? 'cancelled' : roll < 0.16 ? 'pending' : roll < 0.23 ? 'unapproved' : roll < 0.26 ? 'unpaid' : 'confirmed';
      if (v.status === 'unapproved' || (v.status === 'confirmed' && r.chance(0.25))) v.source = 'booking-page';
    }
  }
  if (o.firstFill) {
    // Every status at least once: the most common one of the right side of now gives one up where missing.
    const past = (v: Visit) => v.parts[v.parts.length - 1]!.end <= now && !v.running;
    const future = (v: Visit) => v.parts[0]!.start > now && v.date > today;
    const want: [BookingStatus, (v: Visit) => boolean, BookingStatus, Source][] = [
      ['no-show', past, 'completed', 'calendar'],
      ['cancelled', past, 'completed', 'calendar'],
      ['rejected', past, 'completed', 'booking-page'],
      ['pending', future, 'confirmed', 'calendar'],
      ['unapproved', future, 'confirmed', 'booking-page'],
      ['unpaid', future, 'confirmed', 'calendar'],
      ['cancelled', future, 'confirmed', 'calendar'],
    ];
    for (const [status, side, from, source] of want) {
      if (visits.some((v) => v.status === status && side(v))) continue;
      const pool = visits.filter((v) => side(v) && v.status === from && !v.recordedAfter && !blockedIds.has(v.customerId));
      const v = pool[Math.floor(pool.length / 2)];
      if (v) {
        v.status = status;
        v.source = source;
      }
    }
    // And one walk-in entered after the visit (bookings.record_past).
    if (!visits.some((v) => v.recordedAfter)) {
      const pool = visits.filter((v) => v.status === 'completed' && v.source === 'calendar' && v.parts[v.parts.length - 1]!.end + HOUR < now);
      const v = pool[Math.floor(pool.length / 3)];
      if (v) {
        v.recordedAfter = true;
        v.createdAt = v.parts[v.parts.length - 1]!.end + 40 * MIN;
      }
    }
  }
  // When things happened.
  const customerSince = new Map(env.customers.map((c) => [c.id, c.createdAt]));
  for (const v of visits) {
    const r = new Rng(`${v.key}|when`);
    const start = v.parts[0]!.start;
    const edge = Math.min(start, now - MIN);
    if (v.source === 'booking-page') {
      // A request made online some hours ahead at least (not before the customer was added).
      if (start - v.createdAt < 2 * HOUR) v.createdAt = Math.max(customerSince.get(v.customerId)! + MIN, Math.min(v.createdAt, start - r.int(3, 48) * HOUR));
      if (v.status !== 'unapproved') v.decidedAt = Math.min(v.createdAt + r.int(15, 120) * MIN, v.createdAt + (edge - v.createdAt) / 2);
    }
    if (v.status === 'cancelled') {
      v.cancelAt = Math.round(v.createdAt + (edge - v.createdAt) * (0.3 + 0.6 * r.next()));
      v.reasonId = env.reasons.length ? r.pick(env.reasons) : null;
      v.cancelNote = r.pick(CANCEL_NOTES);
      // A cancellation needs a reason (spec §4): without any, the visit stays booked.
      if (!v.reasonId) v.status = 'confirmed';
    }
  }

  // ------------------------------------------------------------ orders
  const stock = new Map(env.products.map((p) => [p.id, p.unlimited ? Number.POSITIVE_INFINITY : p.stock]));
  const productLine = (r: Rng, at: number): Line | null => {
    const inStock = env.products.filter((p) => (stock.get(p.id) ?? 0) >= 1);
    if (!inStock.length) return null;
    const p = r.pick(inStock);
    const quantity = (stock.get(p.id) ?? 0) >= 2 && r.chance(0.25) ? 2 : 1;
    stock.set(p.id, (stock.get(p.id) ?? 0) - quantity);
    return { id: randomUUID(), type: 'product', serviceId: null, productId: p.id, providerId: null, name: p.name, quantity, unitPrice: p.price, taxes: env.productTaxes, addedAt: at, part: null };
  };
  const price = (lines: Line[], discount: Plan['discount']) =>
    priceOrder({
      lines: lines.map((l) => ({ key: l.id, unitPrice: l.unitPrice, quantity: l.quantity, taxes: l.taxes.map((t) => ({ id: t.tax_id, name: t.name, rateBps: t.rate_bps })) })),
      discount,
    });
  const orderStatus: Record<BookingStatus, OrderStatus> = {
    completed: 'completed',
    'no-show': 'no-show',
    cancelled: 'canceled',
    rejected: 'canceled',
    unapproved: 'waiting-review',
    pending: 'confirmed',
    confirmed: 'confirmed',
    unpaid: 'confirmed',
  };
  const plans: Plan[] = [];
  const plan = (p: Omit<Plan, 'id' | 'number' | 'priced' | 'txns' | 'bookingIds' | 'bookingNumbers'>): Plan => {
    const out = { ...p, id: randomUUID(), number: 0, priced: price(p.lines, p.discount), txns: [], bookingIds: [], bookingNumbers: [] };
    plans.push(out);
    return out;
  };
  for (const v of visits) {
    const r = new Rng(`${v.key}|order`);
    const lines: Line[] = v.parts.map((part) => {
      const s = env.services.get(part.serviceId)!;
      return { id: randomUUID(), type: 'service', serviceId: s.id, productId: null, providerId: v.providerId, name: s.name, quantity: 1, unitPrice: s.price, taxes: s.taxes, addedAt: v.createdAt, part };
    });
    if (v.status === 'completed' && r.chance(0.22)) {
      const extra = productLine(r, Math.max(v.createdAt, v.parts[v.parts.length - 1]!.end - 5 * MIN));
      if (extra) lines.push(extra);
    }
    const discount = v.status !== 'cancelled' && v.status !== 'rejected' && r.chance(0.1) ? (r.chance(0.5) ? { type: 'percentage' as const, value: 1000 } : { type: 'fixed' as const, value: 2000 }) : null;
    plan({ kind: 'visit', visit: v, customerId: v.customerId, providerId: v.providerId, source: v.source, status: orderStatus[v.status], createdAt: v.createdAt, lines, discount });
  }
  // Sales at the desk: products only, some to a guest.
  for (const date of dates) {
    if (date > today) continue;
    const day = new LocalDay(date, env.zone);
    const open = rangesOf(env.branchHours, day.weekday);
    const r = new Rng(`${date}|pos`);
    if (!open.length || !r.chance(0.55)) continue;
    const [a, b] = r.pick(open);
    const at = day.toUtc(r.int(a + 30, Math.max(a + 30, b - 30)));
    if (at > now - 10 * MIN) continue;
    const lines = [productLine(r, at), r.chance(0.35) ? productLine(r, at) : null].filter((l): l is Line => l !== null);
    if (!lines.length) continue;
    const customerId = r.chance(0.5) ? pickCustomer(r, `${date}|pos`, at) : null;
    plan({ kind: 'pos', visit: null, customerId, providerId: null, source: 'pos', status: 'completed', createdAt: at, lines, discount: null });
  }
  if (o.firstFill && env.products.length >= 2) {
    // A draft being put together: it holds no stock until it is placed.
    const r = new Rng('draft');
    const at = now - 20 * HOUR;
    const customerId = pickCustomer(r, 'draft', at);
    const lines = env.products.slice(0, 2).map((p, i) => ({ id: randomUUID(), type: 'product' as const, serviceId: null, productId: p.id, providerId: null, name: p.name, quantity: i + 1, unitPrice: p.price, taxes: env.productTaxes, addedAt: at, part: null }));
    if (customerId) plan({ kind: 'draft', visit: null, customerId, providerId: null, source: 'calendar', status: 'confirmed', createdAt: at, lines, discount: null });
  }

  // ------------------------------------------------------------ payments
  const txn = (r: Rng, method: Method, amount: number, at: number, extra: Partial<Txn> = {}): Txn => ({
    id: randomUUID(),
    number: 0,
    method,
    amount,
    tendered: null,
    status: 'confirmed',
    at: before(at),
    reviewedAt: null,
    gatewayId: method === 'online' ? `sim_pay_${r.digits(12)}` : null,
    referenceNo: method === 'card' ? r.digits(12) : method === 'bank_transfer' ? `FT${r.digits(10)}` : method === 'online' ? `chk_${r.digits(10)}` : null,
    refusalReason: null,
    byStaff: method !== 'online',
    read: true,
    checkout: false,
    ...extra,
  });
  const cash = (r: Rng, amount: number, at: number, tendered: boolean) => {
    const up = Math.ceil(amount / 5000) * 5000;
    return txn(r, 'cash', amount, at, { tendered: tendered ? (up > amount ? up : amount + 5000) : null });
  };
  const transfer = (r: Rng, amount: number, at: number, reviewed: boolean) =>
    txn(r, 'bank_transfer', amount, at, reviewed ? { reviewedAt: before(at + r.int(20, 240) * MIN) } : { status: 'wait', read: false });
  /** The whole amount after the visit (or the sale) by `method`. */
  const settle = (p: Plan, r: Rng, method: Method | 'split'): Txn[] => {
    const total = p.priced.total;
    const v = p.visit;
    const after = v ? Math.max(v.parts[v.parts.length - 1]!.end, v.createdAt) + r.int(2, 8) * MIN : p.createdAt + MIN;
    const desk = (x: Txn) => ({ ...x, checkout: v !== null });
    if (method === 'cash') return [desk(cash(r, total, after, r.chance(0.6)))];
    if (method === 'split' && total >= 2000) {
      const part = Math.min(total - 1000, Math.max(1000, roundTo(total / 2, 1000)));
      return [desk(cash(r, part, after, false)), desk(txn(r, 'card', total - part, after))];
    }
    if (method === 'bank_transfer') return [transfer(r, total, Math.min(p.createdAt + r.int(30, 300) * MIN, (v ? v.parts[0]!.start : now) - 30 * MIN), true)];
    if (method === 'online') return [txn(r, 'online', total, p.createdAt + r.int(3, 20) * MIN)];
    return [desk(txn(r, 'card', total, after))];
  };
  for (const p of plans) {
    const r = new Rng(`${p.visit?.key ?? `${p.kind}|${p.createdAt}`}|pay`);
    const total = p.priced.total;
    if (p.kind === 'draft' || total === 0) continue;
    if (p.kind === 'pos') {
      p.txns = settle(p, r, r.chance(0.5) ? 'cash' : 'card');
      continue;
    }
    const v = p.visit!;
    const start = v.parts[0]!.start;
    const deposit = Math.min(total - 1000, Math.max(1000, roundTo(total * 0.3, 1000)));
    const early = p.createdAt + r.int(10, 120) * MIN;
    if (v.status === 'completed') {
      const roll = r.next();
      const method: Method | 'split' =
        v.source === 'booking-page' && roll < 0.35 ? 'online' : roll < 0.42 ? 'cash' : roll < 0.84 ? 'card' : roll < 0.92 && start - v.createdAt > 3 * HOUR ? 'bank_transfer' : 'split';
      p.txns = settle(p, r, method);
    } else if (v.status === 'no-show' && total > 2000 && start - v.createdAt > 3 * HOUR && r.chance(0.2)) {
      // A deposit by transfer that the no-show forfeits (kept: the sample month has no refunds).
      p.txns = [transfer(r, deposit, Math.min(early, start - HOUR), true)];
    } else if (v.status === 'confirmed' && !v.running && total > 2000) {
      const roll = r.next();
      if (roll < 0.12) p.txns = [r.chance(0.5) ? txn(r, 'card', deposit, early) : transfer(r, deposit, early, true)];
      else if (roll < 0.2) p.txns = [txn(r, v.source === 'booking-page' ? 'online' : 'card', total, early)];
    } else if (v.status === 'pending' && r.chance(0.3)) {
      p.txns = [transfer(r, total, early, false)];
    } else if (v.status === 'unpaid') {
      p.txns = [txn(r, 'online', total, early, { status: 'refused', refusalReason: DECLINE_REASON, byStaff: true, read: false, referenceNo: `chk_${r.digits(10)}` })];
    }
  }
  if (o.firstFill) {
    // Each way of paying at least once: cash with change due, card, a confirmed transfer, one awaiting review, online.
    const r = new Rng('payments');
    const completed = plans.filter((p) => p.kind === 'visit' && p.status === 'completed' && p.txns.length === 1 && p.priced.total > 2000);
    const has = (test: (t: Txn) => boolean) => plans.some((p) => p.txns.some(test));
    const take = (k: number) => completed.filter((_, i) => i % 5 === k).pop();
    if (!has((t) => t.method === 'cash' && t.tendered !== null)) {
      const p = take(0);
      if (p) p.txns = [{ ...cash(r, p.priced.total, p.txns[0]!.at, true), checkout: true }];
    }
    if (!has((t) => t.method === 'card' && t.status === 'confirmed')) {
      const p = take(1);
      if (p) p.txns = settle(p, r, 'card');
    }
    if (!has((t) => t.method === 'bank_transfer' && t.status === 'confirmed')) {
      const p = take(2);
      if (p) p.txns = [transfer(r, p.priced.total, p.createdAt + MIN, true)];
    }
    if (!has((t) => t.method === 'online' && t.status === 'confirmed')) {
      const p = take(3);
      if (p) p.txns = settle(p, r, 'online');
    }
    if (!has((t) => t.method === 'bank_transfer' && t.status === 'wait')) {
      const waiting = plans.filter((p) => p.visit && p.txns.length === 0 && p.priced.total > 0 && (p.visit.status === 'pending' || p.visit.status === 'confirmed') && p.visit.parts[0]!.start > now);
      const p = waiting.find((x) => x.visit!.status === 'pending') ?? waiting[0];
      if (p) p.txns = [transfer(r, p.priced.total, p.createdAt + 10 * MIN, false)];
    }
  }
  for (const p of plans) for (const t of p.txns) if (t.at < p.createdAt) t.at = p.createdAt;

  // ------------------------------------------------------------ numbers, in the order things happened
  const startOf = (p: Plan) => (p.visit ? p.visit.parts[0]!.start : 0);
  plans.sort((a, b) => a.createdAt - b.createdAt || startOf(a) - startOf(b));
  const firstOrder = await reserveNumbers(tx, env.tenantId, 'order', plans.length);
  plans.forEach((p, i) => {
    p.number = firstOrder + i;
  });
  const bookingCount = plans.reduce((n, p) => n + (p.visit?.parts.length ?? 0), 0);
  let nextBooking = await reserveNumbers(tx, env.tenantId, 'booking', bookingCount);
  for (const p of plans) {
    for (const _part of p.visit?.parts ?? []) {
      p.bookingIds.push(randomUUID());
      p.bookingNumbers.push(nextBooking++);
    }
  }
  const allTxns = plans.flatMap((p) => p.txns).sort((a, b) => a.at - b.at);
  const firstTxn = await reserveNumbers(tx, env.tenantId, 'transaction', allTxns.length);
  allTxns.forEach((t, i) => {
    t.number = firstTxn + i;
  });

  // ------------------------------------------------------------ rows
  const t = env.tenantId;
  const owner = env.ownerId;
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const itemRows: (typeof orderItems.$inferInsert)[] = [];
  const bookingRows: (typeof bookings.$inferInsert)[] = [];
  const txnRows: (typeof transactions.$inferInsert)[] = [];
  const logRows: (typeof orderLogs.$inferInsert)[] = [];
  for (const p of plans) {
    const v = p.visit;
    const staff = p.source === 'booking-page' ? null : owner;
    const logs: { at: number; userId: string | null; action: string; changes: Record<string, unknown> }[] = [];
    const log = (at: number, userId: string | null, action: string, changes: Record<string, unknown>) => logs.push({ at: Math.max(p.createdAt, before(at)), userId, action, changes });
    const paid = p.txns.filter((x) => x.status === 'confirmed').reduce((a, x) => a + x.amount, 0);
    const payStatus = p.kind === 'draft' ? 'unpaid' : paymentStatus(p.priced.total, paid);
    const services = p.lines.filter((l) => l.type === 'service');
    const booked = services.map((l, i) => ({ line: l, id: p.bookingIds[i]!, number: p.bookingNumbers[i]! }));
    const bookingLog = (at: number, userId: string | null, from: string, to: string, extra: Record<string, unknown> = {}) => {
      for (const b of booked) log(at, userId, 'booking', { event: 'status', booking_id: b.id, number: b.number, from, to, ...extra });
    };

    if (v) {
      log(p.createdAt, staff, 'booking', {
        event: 'created',
        bookings: booked.map((b) => ({ id: b.id, number: b.number, service_id: b.line.serviceId, staff_id: b.line.providerId, start_time: new Date(b.line.part!.start).toISOString() })),
      });
      const base = price(services, null);
      const beforeProducts = price(services, p.discount);
      if (p.discount) {
        log(p.createdAt + MIN, owner, 'discount', {
          type: p.discount.type,
          value: p.discount.value,
          amount: { from: 0, to: beforeProducts.discount },
          total: { from: base.total, to: beforeProducts.total },
        });
      }
      if (v.decidedAt !== null) {
        const to = v.status === 'rejected' ? 'rejected' : 'confirmed';
        bookingLog(v.decidedAt, owner, 'unapproved', to);
        log(v.decidedAt + 1000, owner, 'status', { from: 'waiting-review', to: to === 'rejected' ? 'canceled' : 'confirmed' });
      }
      for (const x of p.lines.filter((l) => l.type === 'product')) {
        log(x.addedAt, owner, 'items_added', { items: [{ name: x.name, quantity: x.quantity }], total: { from: beforeProducts.total, to: p.priced.total } });
      }
    } else {
      log(p.createdAt, owner, 'created', {
        number: p.number,
        status: 'confirmed',
        is_draft: p.kind === 'draft',
        items: p.lines.map((l) => ({ name: l.name, quantity: l.quantity })),
        total: p.priced.total,
      });
    }
    for (const x of p.txns) {
      const ref = { transaction_id: x.id, number: x.number };
      if (x.status === 'refused') {
        log(x.at, null, 'payment_failed', { payment_link_id: null, ...ref, amount: x.amount, payment_gateway_id: x.gatewayId });
        bookingLog(x.at, null, 'pending', 'unpaid');
      } else if (x.method === 'online') {
        log(x.at, null, 'payment', { ...ref, payment_method: 'online', amount: x.amount, status: 'confirmed', payment_gateway_id: x.gatewayId });
      } else {
        log(x.at, owner, 'payment', {
          ...ref,
          payment_method: x.method,
          amount: x.amount,
          status: x.method === 'bank_transfer' ? 'wait' : 'confirmed',
          ...(x.checkout ? { checkout: true } : {}),
          ...(x.tendered !== null ? { tendered_amount: x.tendered } : {}),
        });
        if (x.method === 'bank_transfer' && x.reviewedAt !== null) log(x.reviewedAt, owner, 'payment_approved', { ...ref, amount: x.amount });
      }
      txnRows.push({
        tenantId: t,
        id: x.id,
        number: x.number,
        orderId: p.id,
        customerId: p.customerId,
        branchId: env.branchId,
        paymentMethod: x.method,
        amount: x.amount,
        tenderedAmount: x.tendered,
        currency: env.currency,
        status: x.status,
        bankAccountId: x.method === 'bank_transfer' ? env.bankAccountId : null,
        paymentGatewayId: x.gatewayId,
        referenceNo: x.referenceNo,
        refusalReason: x.refusalReason,
        reviewedBy: x.reviewedAt !== null ? owner : null,
        reviewedAt: x.reviewedAt !== null ? new Date(x.reviewedAt) : null,
        createdBy: x.byStaff ? owner : null,
        // What is news for the sidebar: a transfer to review, a failed payment, an online payment of the last days.
        readAt: x.read && !(x.method === 'online' && x.at > now - 2 * DAY) ? new Date(x.at) : null,
        createdAt: new Date(x.at),
        updatedAt: new Date(x.reviewedAt ?? x.at),
      });
    }
    if (v) {
      const start = v.parts[0]!.start;
      const end = v.parts[v.parts.length - 1]!.end;
      if (v.status === 'cancelled') {
        log(v.cancelAt!, owner, 'status', {
          from: 'confirmed',
          to: 'canceled',
          ...(v.cancelNote ? { note: v.cancelNote } : {}),
          bookings_cancelled: booked.length,
          cancellation_reason_id: v.reasonId,
        });
      } else if (v.status === 'completed') {
        // Completed at the desk's checkout with its payment, or marked done after the visit.
        const desk = p.txns.find((x) => x.checkout);
        const done = desk ? desk.at : Math.max(end, v.createdAt + MIN);
        bookingLog(done, owner, 'confirmed', 'completed', desk ? { checkout: true } : {});
        log(done + MIN, owner, 'status', { from: 'confirmed', to: 'completed' });
      } else if (v.status === 'no-show') {
        bookingLog(start + 30 * MIN, owner, 'confirmed', 'no-show');
        log(start + 31 * MIN, owner, 'status', { from: 'confirmed', to: 'no-show' });
      }
    } else if (p.kind === 'pos') {
      log(p.createdAt + 2 * MIN, owner, 'status', { from: 'confirmed', to: 'completed' });
    }
    logs.sort((a, b) => a.at - b.at);
    const updatedAt = logs.length ? logs[logs.length - 1]!.at : p.createdAt;
    for (const l of logs) logRows.push({ tenantId: t, orderId: p.id, userId: l.userId, action: l.action, changes: l.changes, createdAt: new Date(l.at) });

    const firstProvider = services[0]?.providerId ?? null;
    orderRows.push({
      tenantId: t,
      id: p.id,
      number: p.number,
      branchId: env.branchId,
      customerId: p.customerId,
      providerId: p.providerId ?? firstProvider,
      status: p.status,
      source: p.source,
      isDraft: p.kind === 'draft',
      paymentStatus: payStatus,
      currency: env.currency,
      subtotal: p.priced.subtotal,
      discountType: p.discount?.type ?? null,
      discountValue: p.discount?.value ?? 0,
      discountAmount: p.priced.discount,
      feesAmount: p.priced.fees,
      taxAmount: p.priced.tax,
      total: p.priced.total,
      paidAmount: paid,
      notes: null,
      createdBy: staff,
      // A request from the booking page of the last days is news for the sidebar.
      readAt: p.source === 'booking-page' && p.createdAt > now - 3 * DAY ? null : new Date(p.createdAt),
      createdAt: new Date(p.createdAt),
      updatedAt: new Date(updatedAt),
    });
    p.lines.forEach((l, i) => {
      const priced = p.priced.lines[i]!;
      itemRows.push({
        tenantId: t,
        id: l.id,
        orderId: p.id,
        type: l.type,
        serviceId: l.serviceId,
        productId: l.productId,
        providerId: l.providerId,
        name: l.name,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        subtotal: priced.subtotal,
        discountAmount: priced.discount,
        taxAmount: priced.tax,
        total: priced.total,
        taxes: priced.taxes.map((x) => ({ tax_id: x.id, name: x.name, rate_bps: x.rateBps, amount: x.amount })),
        sortOrder: i,
        createdAt: new Date(l.addedAt),
      });
    });
    if (v) {
      const changed = logs.filter((l) => l.action === 'booking' || l.action === 'status').pop()?.at ?? p.createdAt;
      booked.forEach((b, i) => {
        const s = env.services.get(b.line.serviceId!)!;
        const part = b.line.part!;
        bookingRows.push({
          tenantId: t,
          id: b.id,
          number: b.number,
          orderId: p.id,
          orderItemId: b.line.id,
          branchId: env.branchId,
          customerId: v.customerId,
          providerId: v.providerId,
          serviceId: s.id,
          startAt: new Date(part.start),
          endAt: new Date(part.end),
          occupiedUntil: new Date(part.occupied),
          duration: s.duration,
          buffer: s.buffer,
          price: b.line.unitPrice,
          totalPrice: p.priced.lines[p.lines.indexOf(b.line)]!.total,
          // A store booking keeps the deposit its service asks (none on the dashboard's).
          depositAmount: v.source === 'booking-page' ? s.deposit : 0,
          status: v.status,
          paymentStatus: payStatus,
          source: v.source,
          notes: i === 0 ? v.note : null,
          cancellationReasonId: v.status === 'cancelled' ? v.reasonId : null,
          cancellationNote: v.status === 'cancelled' ? v.cancelNote : null,
          recordedAfter: v.recordedAfter,
          createdBy: staff,
          createdAt: new Date(p.createdAt),
          updatedAt: new Date(changed),
        });
      });
    }
  }

  await inChunks(orderRows, (part) => tx.insert(orders).values(part));
  await inChunks(itemRows, (part) => tx.insert(orderItems).values(part));
  await inChunks(bookingRows, (part) => tx.insert(bookings).values(part));
  await inChunks(txnRows, (part) => tx.insert(transactions).values(part));
  await inChunks(logRows, (part) => tx.insert(orderLogs).values(part));
  // The stock the placed orders took.
  for (const p of env.products) {
    const left = stock.get(p.id)!;
    if (!p.unlimited && left !== p.stock) {
      await tx
        .update(products)
        .set({ stock: left })
        .where(and(eq(products.tenantId, t), eq(products.id, p.id)));
    }
  }
  return { orders: orderRows.length, bookings: bookingRows.length, transactions: txnRows.length };
}
