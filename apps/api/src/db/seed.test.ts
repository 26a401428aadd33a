import { normalizePhone } from '@app/shared/phone';
import { priceOrder } from '@app/shared/pricing';
import { type Interval, intersect, normalize, saturated } from '@app/shared/scheduling/intervals';
import { addDays, LocalDay, localDateOf, toWallMinutes, wallRangeEnd } from '@app/shared/scheduling/zoned';
import { BOOKING_STATUSES } from '@app/shared/states/booking';
import { paymentStatus } from '@app/shared/states/transaction';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, rows, type TestApp } from '../../test/helper';
import type { WorkingHours } from './schema/business';
import type { LineTax } from './schema/sales';
import { DEMO, seedDemo } from './seed';
import { DEMO_CUSTOMER_PHONES, DEMO_KEEP_FREE, DEMO_SEED_COUNTER, DEMO_WINDOW_DAYS } from './seed-demo';

const ZONE = 'Asia/Riyadh';
const DAY = 86_400_000;

let t: TestApp;
let tenantId: string;
const now = new Date();
let seedMs = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const started = performance.now();
  expect((await seedDemo(t.db, { now })).created).toBe(true);
  seedMs = performance.now() - started;
  const [tenant] = await rows<{ id: string }>(t.db, sql`select id from tenants where subdomain = ${DEMO.subdomain}`);
  tenantId = tenant!.id;
});
afterAll(async () => {
  await t?.close();
});

const num = (v: unknown) => Number(v);

/** Row counts of everything the seed writes, to compare before and after another run. */
async function counts(): Promise<Record<string, number>> {
  const [row] = await rows<Record<string, number | string>>(
    t.db,
    sql`select
      (select count(*) from customers where tenant_id = ${tenantId}) as customers,
      (select count(*) from customer_tags where tenant_id = ${tenantId}) as customer_tags,
      (select count(*) from customer_notes where tenant_id = ${tenantId}) as customer_notes,
      (select count(*) from providers where tenant_id = ${tenantId}) as providers,
      (select count(*) from provider_services where tenant_id = ${tenantId}) as provider_services,
      (select count(*) from services where tenant_id = ${tenantId}) as services,
      (select count(*) from products where tenant_id = ${tenantId}) as products,
      (select coalesce(sum(stock), 0) from products where tenant_id = ${tenantId}) as stock,
      (select count(*) from tags where tenant_id = ${tenantId}) as tags,
      (select count(*) from bank_accounts where tenant_id = ${tenantId}) as bank_accounts,
      (select count(*) from orders where tenant_id = ${tenantId}) as orders,
      (select count(*) from order_items where tenant_id = ${tenantId}) as order_items,
      (select count(*) from order_logs where tenant_id = ${tenantId}) as order_logs,
      (select count(*) from bookings where tenant_id = ${tenantId}) as bookings,
      (select count(*) from transactions where tenant_id = ${tenantId}) as transactions`,
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, num(v)])) as Record<string, number>;
}

type BookingRow = {
  id: string;
  number: number;
  order_id: string;
  order_item_id: string;
  provider_id: string;
  status: string;
  payment_status: string;
  start_at: Date;
  end_at: Date;
  occupied_until: Date;
  price: number | string;
  total_price: number | string;
  created_at: Date;
};
const bookingRows = () => rows<BookingRow>(t.db, sql`select * from bookings where tenant_id = ${tenantId} order by start_at`);

/** Every provider's load never above its clients_in_same_time (cancelled and rejected hold no seat). */
async function expectNoOverbooking() {
  const provs = await rows<{ id: string; clients_in_same_time: number }>(t.db, sql`select id, clients_in_same_time from providers where tenant_id = ${tenantId}`);
  const list = await bookingRows();
  for (const p of provs) {
    const busy: Interval[] = list
      .filter((b) => b.provider_id === p.id && b.status !== 'cancelled' && b.status !== 'rejected')
      .map((b) => [new Date(b.start_at).getTime(), new Date(b.occupied_until).getTime()]);
    expect(saturated(busy, p.clients_in_same_time + 1), `provider ${p.id} overbooked`).toEqual([]);
  }
}

function minutesOf(hours: WorkingHours, weekday: number): Interval[] {
  return normalize(
    (hours[String(weekday)] ?? []).map(([s, e]) => {
      const a = toWallMinutes(s);
      return [a, Math.min(1440, wallRangeEnd(a, toWallMinutes(e)))] as Interval;
    }),
  );
}

describe('the demo sample month', () => {
  it('is seeded with customers, four providers with colours, and every booking status', async () => {
    // The time is printed, not asserted: speed is measured by the benchmarks (a timed test fails by the machine's load).
    console.log(`demo seed on PGlite: ${Math.round(seedMs)} ms`);
    const c = await counts();
    expect(c.customers).toBe(44);
    expect(c.providers).toBe(4);
    expect(c.bookings).toBeGreaterThan(80);
    expect(c.orders).toBeGreaterThan(60);
    expect(c.transactions).toBeGreaterThan(30);
    const provs = await rows<{ name: string; color: string; sort_order: number }>(t.db, sql`select name, color, sort_order from providers where tenant_id = ${tenantId} order by sort_order`);
    expect(provs.map((p) => p.name)).toEqual(['سارة القحطاني', 'ريم الشهري', 'هند الدوسري', 'Grace Villanueva']);
    expect(provs.map((p) => p.color)).toEqual(['#3B71FE', '#E8590C', '#2F9E44', '#AE3EC9']);
    const statuses = await rows<{ status: string }>(t.db, sql`select distinct status from bookings where tenant_id = ${tenantId}`);
    expect(statuses.map((s) => s.status).sort()).toEqual([...BOOKING_STATUSES].sort());
    // Cancelled ones carry a booking-cancel reason.
    const [bad] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from bookings b left join cancellation_reasons r on r.tenant_id = b.tenant_id and r.id = b.cancellation_reason_id
          where b.tenant_id = ${tenantId} and b.status = 'cancelled' and (r.id is null or r.type <> 'booking-cancel')`,
    );
    expect(bad?.n).toBe(0);
    // A walk-in recorded after the visit: its order was made after the visit ended.
    const [walkIn] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from bookings b join orders o on o.tenant_id = b.tenant_id and o.id = b.order_id
          where b.tenant_id = ${tenantId} and b.recorded_after and b.status = 'completed' and o.created_at > b.end_at`,
    );
    expect(walkIn?.n).toBeGreaterThan(0);
  });

  it('has valid Saudi mobiles, names in Arabic and English, some e-mails and tags', async () => {
    const list = await rows<{ first_name: string; phone: string; email: string | null }>(t.db, sql`select first_name, phone, email from customers where tenant_id = ${tenantId}`);
    for (const c of list) expect(normalizePhone(c.phone, 'SA')).toBe(c.phone);
    expect(new Set(list.map((c) => c.phone)).size).toBe(list.length);
    expect(DEMO_CUSTOMER_PHONES.every((p) => list.some((c) => c.phone === p))).toBe(true);
    expect(list.some((c) => /[\u0600-\u06FF]/.test(c.first_name)) && list.some((c) => /^[A-Za-z]+$/.test(c.first_name))).toBe(true);
    expect(list.filter((c) => c.email).length).toBeGreaterThan(15);
    expect((await counts()).customer_tags).toBeGreaterThan(5);
  });

  it('keeps every appointment inside its provider’s and branch’s hours, without overbooking', async () => {
    await expectNoOverbooking();
    const provs = await rows<{ id: string; working_hours: WorkingHours }>(t.db, sql`select id, working_hours from providers where tenant_id = ${tenantId}`);
    const [branch] = await rows<{ working_hours: WorkingHours }>(t.db, sql`select working_hours from branches where tenant_id = ${tenantId} and is_main`);
    for (const b of await bookingRows()) {
      const start = new Date(b.start_at).getTime();
      const until = new Date(b.occupied_until).getTime();
      const day = new LocalDay(localDateOf(start, ZONE), ZONE);
      const p = provs.find((x) => x.id === b.provider_id)!;
      const open = intersect(minutesOf(p.working_hours, day.weekday), minutesOf(branch!.working_hours, day.weekday));
      const [a, z] = [(start - day.start) / 60_000, (until - day.start) / 60_000];
      expect(
        open.some(([s, e]) => s <= a && z <= e),
        `booking ${b.number} at ${new Date(start).toISOString()}`,
      ).toBe(true);
    }
  });

  it('spreads over the two weeks before and after today, leaving room for new bookings from tomorrow', async () => {
    const today = localDateOf(now.getTime(), ZONE);
    const list = await bookingRows();
    const dates = list.map((b) => localDateOf(new Date(b.start_at).getTime(), ZONE));
    expect(dates.every((d) => d >= addDays(today, -DEMO_WINDOW_DAYS) && d <= addDays(today, DEMO_WINDOW_DAYS))).toBe(true);
    expect(new Set(dates.filter((d) => d < today)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(dates.filter((d) => d > today)).size).toBeGreaterThanOrEqual(8);
    // Past visits are over (completed, no-show, cancelled, rejected); only future ones wait.
    for (const b of list) {
      if (new Date(b.end_at).getTime() <= now.getTime() && localDateOf(new Date(b.start_at).getTime(), ZONE) < today) {
        expect(['completed', 'no-show', 'cancelled', 'rejected']).toContain(b.status);
      }
      if (new Date(b.start_at).getTime() > now.getTime()) expect(['confirmed', 'pending', 'unapproved', 'unpaid', 'cancelled']).toContain(b.status);
    }
    // From tomorrow: nobody before 12:00, the first provider nobody before 18:30 (the e2e tests book there).
    const [first] = await rows<{ id: string }>(t.db, sql`select id from providers where tenant_id = ${tenantId} order by sort_order, name, id limit 1`);
    for (const b of list) {
      const start = new Date(b.start_at).getTime();
      const date = localDateOf(start, ZONE);
      if (date <= today) continue;
      const minute = (start - new LocalDay(date, ZONE).start) / 60_000;
      expect(minute).toBeGreaterThanOrEqual(toWallMinutes(DEMO_KEEP_FREE.everyoneUntil));
      if (b.provider_id === first!.id) expect(minute).toBeGreaterThanOrEqual(toWallMinutes(DEMO_KEEP_FREE.firstProviderUntil));
    }
    // Nothing was made after now.
    const [late] = await rows<{ n: number }>(
      t.db,
      sql`select (select count(*) from orders where tenant_id = ${tenantId} and created_at > ${now.toISOString()}::timestamptz)
        + (select count(*) from transactions where tenant_id = ${tenantId} and created_at > ${now.toISOString()}::timestamptz)
        + (select count(*) from order_logs where tenant_id = ${tenantId} and created_at > ${now.toISOString()}::timestamptz) as n`,
    );
    expect(num(late?.n)).toBe(0);
  });

  it('prices every order as the API does, and pays it as its confirmed payments say', async () => {
    const orderList = await rows<{
      id: string;
      status: string;
      is_draft: boolean;
      subtotal: string;
      discount_type: 'fixed' | 'percentage' | null;
      discount_value: string;
      discount_amount: string;
      tax_amount: string;
      total: string;
      paid_amount: string;
      payment_status: string;
    }>(t.db, sql`select * from orders where tenant_id = ${tenantId}`);
    const items = await rows<{ id: string; order_id: string; unit_price: string; quantity: number; subtotal: string; discount_amount: string; tax_amount: string; total: string; taxes: LineTax[]; sort_order: number }>(
      t.db,
      sql`select * from order_items where tenant_id = ${tenantId} order by sort_order`,
    );
    const txns = await rows<{ order_id: string; amount: string; status: string; kind: string; deleted_at: Date | null }>(
      t.db,
      sql`select order_id, amount, status, kind, deleted_at from transactions where tenant_id = ${tenantId}`,
    );
    const bks = await bookingRows();
    expect(orderList.some((o) => o.discount_type !== null)).toBe(true);
    // A few past paid orders are invoiced, one of them refunded (ensureDemoInvoices).
    expect(orderList.filter((o) => o.status === 'invoiced').length).toBeGreaterThanOrEqual(3);
    expect(orderList.filter((o) => o.status === 'refunded')).toHaveLength(1);
    for (const o of orderList) {
      const mine = items.filter((i) => i.order_id === o.id);
      expect(mine.length).toBeGreaterThan(0);
      const priced = priceOrder({
        lines: mine.map((i) => ({ key: i.id, unitPrice: num(i.unit_price), quantity: i.quantity, taxes: i.taxes.map((x) => ({ id: x.tax_id, name: x.name, rateBps: x.rate_bps })) })),
        discount: o.discount_type ? { type: o.discount_type, value: num(o.discount_value) } : null,
      });
      expect([num(o.subtotal), num(o.discount_amount), num(o.tax_amount), num(o.total)]).toEqual([priced.subtotal, priced.discount, priced.tax, priced.total]);
      for (const line of priced.lines) {
        const i = mine.find((x) => x.id === line.key)!;
        expect([num(i.subtotal), num(i.discount_amount), num(i.tax_amount), num(i.total)]).toEqual([line.subtotal, line.discount, line.tax, line.total]);
        for (const b of bks.filter((x) => x.order_item_id === i.id)) {
          expect(num(b.total_price)).toBe(line.total);
          expect(num(b.price)).toBe(num(i.unit_price));
        }
      }
      const paid = txns.filter((x) => x.order_id === o.id && x.status === 'confirmed' && !x.deleted_at).reduce((a, x) => a + (x.kind === 'refund' ? -1 : 1) * num(x.amount), 0);
      expect(num(o.paid_amount)).toBe(paid);
      expect(paid).toBeLessThanOrEqual(num(o.total));
      expect(o.payment_status).toBe(o.is_draft ? 'unpaid' : paymentStatus(num(o.total), paid));
      for (const b of bks.filter((x) => x.order_id === o.id)) expect(b.payment_status).toBe(o.payment_status);
      // Nothing paid on a canceled order: the sample month has no refunds to make.
      if (o.status === 'canceled') expect(paid).toBe(0);
    }
  });

  it('has issued invoices (simplified and a B2B standard one) and a credit note, numbered 1…n', async () => {
    const docs = await rows<{ number: number; type: string; template: string; status: string; vat_id: string | null; total: string; original_invoice_id: string | null }>(
      t.db,
      sql`select number, type, template, status, vat_id, total, original_invoice_id from invoices where tenant_id = ${tenantId} order by number`,
    );
    expect(docs.map((d) => d.number)).toEqual(docs.map((_, i) => i + 1));
    expect(docs.filter((d) => d.type === 'tax' && d.template === 'simplified').length).toBeGreaterThanOrEqual(3);
    expect(docs.filter((d) => d.template === 'standard' && d.vat_id === '300123456700003')).toHaveLength(1);
    const notes = docs.filter((d) => d.type === 'refund');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.original_invoice_id).not.toBeNull();
    expect(docs.filter((d) => d.status === 'refunded')).toHaveLength(1);
    const quotes = await rows<{ status: string; total: string }>(t.db, sql`select status, total from quotations where tenant_id = ${tenantId} order by number`);
    expect(quotes.map((q) => q.status)).toEqual(['pending', 'approved', 'rejected']);
    expect(quotes.every((q) => Number(q.total) > 0)).toBe(true);
  });

  it('has payments of every kind: cash with change, card, a confirmed transfer, one awaiting review, online', async () => {
    const txns = await rows<{ payment_method: string; status: string; amount: string; tendered_amount: string | null; reviewed_at: Date | null; bank_account_id: string | null }>(
      t.db,
      sql`select payment_method, status, amount, tendered_amount, reviewed_at, bank_account_id from transactions where tenant_id = ${tenantId}`,
    );
    const some = (f: (x: (typeof txns)[number]) => boolean) => txns.some(f);
    expect(some((x) => x.payment_method === 'cash' && x.tendered_amount !== null && num(x.tendered_amount) > num(x.amount))).toBe(true);
    expect(txns.filter((x) => x.tendered_amount !== null).every((x) => x.payment_method === 'cash' && num(x.tendered_amount) > num(x.amount))).toBe(true);
    expect(some((x) => x.payment_method === 'card' && x.status === 'confirmed')).toBe(true);
    expect(some((x) => x.payment_method === 'bank_transfer' && x.status === 'confirmed' && x.reviewed_at !== null && x.bank_account_id !== null)).toBe(true);
    expect(some((x) => x.payment_method === 'bank_transfer' && x.status === 'wait')).toBe(true);
    expect(some((x) => x.payment_method === 'online' && x.status === 'confirmed')).toBe(true);
    expect(txns.every((x) => num(x.amount) > 0)).toBe(true);
  });

  it('numbers orders, bookings and payments 1…n with the counters at the last one', async () => {
    for (const [table, counter] of [
      ['orders', 'order'],
      ['bookings', 'booking'],
      ['transactions', 'transaction'],
    ] as const) {
      const [r] = await rows<{ n: number | string; lo: number; hi: number; distinct_n: number | string }>(
        t.db,
        sql`select count(*) as n, min(number) as lo, max(number) as hi, count(distinct number) as distinct_n from ${sql.raw(table)} where tenant_id = ${tenantId}`,
      );
      const [c] = await rows<{ value: number | string }>(t.db, sql`select value from tenant_counters where tenant_id = ${tenantId} and name = ${counter}`);
      expect([num(r!.lo), num(r!.hi), num(r!.distinct_n)]).toEqual([1, num(r!.n), num(r!.n)]);
      expect(num(c?.value)).toBe(num(r!.hi));
    }
  });

  it('has notification templates and a week of their log', async () => {
    const [tpl] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from notification_templates where tenant_id = ${tenantId} and action like 'booking%'`);
    // The review request template is the reviews' (seed-reviews.ts), the order and payment ones the bell's (seed-bell.ts), checked with them.
    expect(tpl!.n).toBe(6);
    const log = await rows<{ status: string; n: number }>(t.db, sql`select status, count(*)::int as n from notifications where tenant_id = ${tenantId} and campaign_id is null group by status`);
    const by = Object.fromEntries(log.map((l) => [l.status, l.n]));
    expect(by.sent).toBeGreaterThan(5);
    expect(by.failed).toBe(1);
  });

  it('has order and payment templates with their log, and notes on the owner’s bell', async () => {
    const tpl = await rows<{ action: string }>(t.db, sql`select action from notification_templates where tenant_id = ${tenantId} and action in ('order_invoiced', 'payment_received') order by action`);
    expect(tpl.map((x) => x.action)).toEqual(['order_invoiced', 'payment_received']);
    const log = await rows<{ action: string; body: string }>(t.db, sql`select action, body from notifications where tenant_id = ${tenantId} and action in ('order_invoiced', 'payment_received')`);
    expect(log.some((l) => l.action === 'order_invoiced' && !l.body.includes('{{'))).toBe(true);
    expect(log.some((l) => l.action === 'payment_received')).toBe(true);
    const notes = await rows<{ kind: string; url: string }>(t.db, sql`select n.kind, n.url from app_notifications n join users u on u.id = n.user_id and u.is_owner where n.tenant_id = ${tenantId}`);
    expect(notes.map((n) => n.kind)).toEqual(expect.arrayContaining(['transaction_review', 'general']));
    expect(notes.every((n) => n.url.startsWith('/'))).toBe(true);
  });

  it('has a completed campaign with its results and one scheduled ahead', async () => {
    const list = await rows<{ status: string; targeted: number; ahead: boolean }>(
      t.db,
      sql`select status, targeted_count::int as targeted, scheduled_at > now() as ahead from campaigns where tenant_id = ${tenantId} order by status`,
    );
    expect(list.map((c) => c.status)).toEqual(['completed', 'scheduled']);
    expect(list[0]!.targeted).toBeGreaterThan(0);
    expect(list[1]!.ahead).toBe(true);
    const results = await rows<{ status: string; n: number }>(
      t.db,
      sql`select coalesce(n.status, r.status) as status, count(*)::int as n from campaign_recipients r left join notifications n on n.id = r.notification_id where r.tenant_id = ${tenantId} group by 1`,
    );
    const by = Object.fromEntries(results.map((r) => [r.status, r.n]));
    expect(by.sent).toBeGreaterThan(0);
    expect(by.failed).toBe(1);
  });

  it('has coupons, two of them held by coming orders priced with them', async () => {
    const list = await rows<{ code: string; status: string }>(t.db, sql`select code, status from coupons where tenant_id = ${tenantId} order by code`);
    expect(list.map((c) => c.code)).toEqual(['HAIR15', 'NATIONALDAY94', 'RAMADAN20', 'WELCOME50']);
    const held = await rows<{ code: string; discount: number; applied: boolean }>(
      t.db,
      sql`select o.coupon_code as code, o.discount_amount::int as discount, (o.coupon_id is not null) as applied
          from coupon_redemptions r join orders o on o.tenant_id = r.tenant_id and o.id = r.order_id where r.tenant_id = ${tenantId} order by o.coupon_code`,
    );
    expect(held.map((h) => h.code)).toEqual(['RAMADAN20', 'WELCOME50']);
    for (const h of held) expect(h.discount > 0 && h.applied).toBe(true);
  });

  it('has an offer running now on two services and one coming', async () => {
    const list = await rows<{ code: string | null; running: boolean; coming: boolean; services: number }>(
      t.db,
      sql`select code, (status = 'active' and start_at <= now() and now() < end_at) as running, start_at > now() as coming, cardinality(service_ids) as services
          from offers where tenant_id = ${tenantId} order by start_at`,
    );
    expect(list).toEqual([
      { code: 'MONTHEND20', running: true, coming: false, services: 2 },
      { code: null, running: false, coming: true, services: 1 },
    ]);
  });

  it('has reviews of completed visits (pending, approved with a reply, one rejected), comments on services and the review request template', async () => {
    const list = await rows<{ status: string; rating: number; reply: string | null; by_name: string; order_status: string; in_past: boolean }>(
      t.db,
      sql`select r.status, r.rating, r.reply, r.by_name, o.status as order_status, r.created_at <= now() as in_past
          from reviews r join orders o on o.tenant_id = r.tenant_id and o.id = r.order_id where r.tenant_id = ${tenantId}`,
    );
    expect(list.length).toBeGreaterThanOrEqual(6);
    for (const r of list) expect(['completed', 'invoiced']).toContain(r.order_status);
    expect(list.every((r) => r.in_past && r.by_name.length > 0 && r.rating >= 1 && r.rating <= 5)).toBe(true);
    expect(list.some((r) => r.status === 'pending')).toBe(true);
    expect(list.some((r) => r.status === 'approved' && r.reply)).toBe(true);
    expect(list.filter((r) => r.status === 'rejected')).toHaveLength(1);
    const said = await rows<{ status: string }>(t.db, sql`select status from comments where tenant_id = ${tenantId} and subject_type = 'service'`);
    expect(new Set(said.map((c) => c.status))).toEqual(new Set(['pending', 'published', 'unpublished']));
    const [tpl] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from notification_templates where tenant_id = ${tenantId} and action = 'review_request' and body_ar like '%{{review_link}}%'`);
    expect(tpl?.n).toBe(1);
  });

  it('holds a real plan: Business, yearly, begun 40 days ago on a saved card, with its paid invoice', async () => {
    const [tenant] = await rows<{ subscription_status: string; subscription_plan: string; subscription_cycle: string; subscription_auto_renew: boolean; start: string; ends: string }>(
      t.db,
      sql`select subscription_status, subscription_plan, subscription_cycle, subscription_auto_renew, subscription_start_at::text as start, subscription_ends_at::text as ends from tenants where id = ${tenantId}`,
    );
    expect(tenant).toMatchObject({ subscription_status: 'active', subscription_plan: 'business', subscription_cycle: 'yearly', subscription_auto_renew: true });
    const days = (new Date(tenant!.ends).getTime() - new Date(tenant!.start).getTime()) / 86_400_000;
    expect(days === 365 || days === 366).toBe(true);
    const invoices = await rows<{ kind: string; total: number; icv: number; zatca_status: string; issued: string }>(
      t.db,
      sql`select kind, total::int as total, icv, zatca_status, issued_at::text as issued from subscription_invoices where tenant_id = ${tenantId}`,
    );
    // Issued when paid, and signed by the platform's own unit (connected to the local ZATCA simulator by the seed).
    expect(invoices).toEqual([{ kind: 'new', total: 495558, icv: 1, zatca_status: 'pending', issued: tenant!.start }]);
    const [unit] = await rows<{ status: string; icv: number }>(t.db, sql`select status, icv from platform_zatca_unit`);
    expect(unit).toEqual({ status: 'connected', icv: 1 });
    const [platform] = await rows<{ banks: number; products: number }>(t.db, sql`select (select count(*)::int from platform_banks) as banks, (select count(*)::int from platform_products) as products`);
    expect(platform).toEqual({ banks: 2, products: 1 });
  });

  it('is idempotent: another start the same day adds nothing', async () => {
    const before = await counts();
    expect(await seedDemo(t.db, { now })).toEqual({ created: false, upgraded: false });
    expect(await counts()).toEqual(before);
  });

  it('gives bookings, orders and payments made through the API the next numbers', async () => {
    const client = new Client(t.app);
    const login = await client.post('auth/login', { email: DEMO.email, password: DEMO.password });
    expect(login.statusCode).toBe(200);
    client.token = login.json().data.token;
    const max = async (table: string) => num((await rows<{ m: number }>(t.db, sql`select max(number) as m from ${sql.raw(table)} where tenant_id = ${tenantId}`))[0]?.m);
    const [orderMax, bookingMax, txnMax] = [await max('orders'), await max('bookings'), await max('transactions')];
    const [branch] = await rows<{ id: string }>(t.db, sql`select id from branches where tenant_id = ${tenantId} and is_main`);
    const [service] = await rows<{ id: string }>(t.db, sql`select id from services where tenant_id = ${tenantId} and name = 'قص وتصفيف الشعر'`);
    const [customer] = await rows<{ id: string }>(t.db, sql`select id from customers where tenant_id = ${tenantId} and blocked_at is null order by created_at limit 1`);
    // Two days ahead at 10:00 (the end-to-end test's time), or the next open day.
    let date = addDays(localDateOf(now.getTime(), ZONE), 2);
    if (new LocalDay(date, ZONE).weekday === 5) date = addDays(date, 1);
    const slots = await client.get(`bookings/slots?branch_id=${branch!.id}&service_ids=${service!.id}&from=${date}&to=${date}`);
    expect(slots.statusCode).toBe(200);
    const offered = slots.json().data[0].slots.map((s: { slot: string }) => s.slot);
    for (const hhmm of ['10:00', '13:00', '15:00', '16:00', '17:00']) expect(offered).toContain(hhmm);
    const booked = await client.post('bookings', { customer_id: customer!.id, branch_id: branch!.id, service_ids: [service!.id], start_time: new Date(`${date}T10:00:00+03:00`).toISOString() });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().data.order_number).toBe(orderMax + 1);
    expect(booked.json().data.bookings[0].booking_number).toBe(bookingMax + 1);
    const paid = await client.post(`orders/${booked.json().data.order_id}/transactions`, { payment_method: 'cash', amount: 5_000 });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.number).toBe(txnMax + 1);
  });

  it('tops up to two weeks ahead on a later start, around what is booked, and then adds nothing more', async () => {
    const later = new Date(now.getTime() + 10 * DAY);
    const before = await counts();
    await seedDemo(t.db, { now: later });
    const after = await counts();
    expect(after.bookings).toBeGreaterThan(before.bookings ?? 0);
    expect(after.customers).toBe(before.customers);
    const [marker] = await rows<{ value: number | string }>(t.db, sql`select value from tenant_counters where tenant_id = ${tenantId} and name = ${DEMO_SEED_COUNTER}`);
    expect(String(marker?.value)).toBe(addDays(localDateOf(later.getTime(), ZONE), DEMO_WINDOW_DAYS).replaceAll('-', ''));
    const last = (await bookingRows()).at(-1)!;
    expect(localDateOf(new Date(last.start_at).getTime(), ZONE) > addDays(localDateOf(now.getTime(), ZONE), DEMO_WINDOW_DAYS)).toBe(true);
    await expectNoOverbooking();
    await seedDemo(t.db, { now: later });
    expect(await counts()).toEqual(after);
  });

  it('adds nothing to a demo whose customers were erased', async () => {
    await t.db.execute(sql`delete from customers where tenant_id = ${tenantId}`);
    const before = await counts();
    await seedDemo(t.db, { now: new Date(now.getTime() + 40 * DAY) });
    expect(await counts()).toEqual(before);
  });
});
