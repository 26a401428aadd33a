import { normalizePhone } from '@app/shared/phone';
import { priceOrder } from '@app/shared/pricing';
import { type Interval, intersect, normalize, saturated } from '@app/shared/scheduling/intervals';
import { addDays, LocalDay, localDateOf, toWallMinutes, wallRangeEnd } from '@app/shared/scheduling/zoned';
import { BOOKING_STATUSES } from '@app/shared/states/booking';
import { paymentStatus } from '@app/shared/states/transaction';
import { STORE_DEFAULTS, STORE_DESCRIPTION_MAX, STORE_IMAGE_MAX_BYTES, STORE_LOGO_MAX_BYTES, STORE_LOGO_MAX_PX, STORE_SOCIAL_KEYS, storePageBody } from '@app/shared/schemas/store';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, rows, type TestApp } from '../../test/helper';
import type { WorkingHours } from './schema/business';
import type { LineTax } from './schema/sales';
import { DEMO, seedDemo } from './seed';
import { ensureDemoStore } from './seed-store';
import { offerWaitlist } from '../modules/store/waitlist.service';
import { DEMO_CUSTOMER_PHONES, DEMO_KEEP_FREE, DEMO_SEED_COUNTER, DEMO_WINDOW_DAYS } from './seed-demo';
import { localStorage, sniffImage } from '../integrations/storage/storage.adapter';
import { withTenant } from './client';

const ZONE = 'Asia/Riyadh';
const DAY = 86_400_000;

let t: TestApp;
let tenantId: string;
const now = new Date();
let seedMs = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const started = performance.now();
  expect((await seedDemo(t.db, { now, storage: localStorage(t.config.uploadsDir) })).created).toBe(true);
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
      (select count(*) from transactions where tenant_id = ${tenantId}) as transactions,
      (select count(*) from store_settings where tenant_id = ${tenantId}) as store_settings,
      (select count(*) from store_gallery where tenant_id = ${tenantId}) as store_gallery,
      (select count(*) from store_pages where tenant_id = ${tenantId}) as store_pages,
      (select count(*) from waitlist_entries where tenant_id = ${tenantId}) as waitlist_entries`,
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

  describe('the demo store (/s/demo)', () => {
    it('has a look of its own, an Arabic description, contacts and social links, and asks for the phone code without approval', async () => {
      const [st] = await rows<Record<string, unknown>>(t.db, sql`select * from store_settings where tenant_id = ${tenantId}`);
      expect(st).toBeDefined();
      expect(st!.status).toBe('active');
      expect(st!.layout).toBe('everything');
      for (const key of ['primary_color', 'secondary_color', 'background_color'] as const) expect(st![key]).toMatch(/^#[0-9A-F]{6}$/i);
      expect([st!.primary_color, st!.secondary_color, st!.background_color]).not.toEqual([STORE_DEFAULTS.primary_color, STORE_DEFAULTS.secondary_color, STORE_DEFAULTS.background_color]);
      expect(st!.primary_color).not.toBe(STORE_DEFAULTS.primary_color);
      expect(String(st!.description)).toMatch(/[\u0600-\u06FF]{3}/);
      expect(String(st!.description).length).toBeLessThanOrEqual(STORE_DESCRIPTION_MAX);
      expect(normalizePhone(String(st!.contact_phone), 'SA')).toBe(st!.contact_phone);
      expect(String(st!.contact_email)).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
      expect(String(st!.address).length).toBeGreaterThan(5);
      const social = st!.social as Record<string, string>;
      for (const k of Object.keys(social)) expect(STORE_SOCIAL_KEYS).toContain(k);
      for (const [k, v] of Object.entries(social)) {
        if (k === 'whatsapp') expect(normalizePhone(v, 'SA')).toBe(v);
        else if (k === 'email') expect(v).toContain('@');
        else expect(v).toMatch(/^https:\/\/\S+$/);
      }
      expect(Object.keys(social).length).toBeGreaterThanOrEqual(4);
      expect(st!.approve_bookings).toBe(false);
      expect(st!.require_phone_otp).toBe(true);
    });

    it('has a logo, banner, favicon and gallery pictures: real PNG files written through the storage adapter and served', async () => {
      const storage = localStorage(t.config.uploadsDir);
      const [look] = await rows<{ logo: string | null; banner_path: string | null; favicon_path: string | null }>(
        t.db,
        sql`select t.logo, s.banner_path, s.favicon_path from tenants t join store_settings s on s.tenant_id = t.id where t.id = ${tenantId}`,
      );
      const gallery = await rows<{ path: string; mime: string; size: number; caption: string | null }>(t.db, sql`select path, mime, size, caption from store_gallery where tenant_id = ${tenantId} order by sort_order`);
      expect(gallery.length).toBeGreaterThanOrEqual(4);
      expect(gallery.length).toBeLessThanOrEqual(6);
      const sizeOf = (b: Buffer) => ({ width: b.readUInt32BE(16), height: b.readUInt32BE(20) });
      const files = [look!.logo, look!.banner_path, look!.favicon_path, ...gallery.map((g) => g.path)];
      for (const url of files) {
        expect(url).toMatch(new RegExp(`^/uploads/store/${tenantId}/`));
        const bytes = await storage.read(url!);
        expect(bytes, url!).not.toBeNull();
        expect(sniffImage(bytes!)?.mime).toBe('image/png');
        const { width, height } = sizeOf(bytes!);
        expect(width * height).toBeGreaterThan(0);
        expect(bytes!.length).toBeLessThanOrEqual(STORE_IMAGE_MAX_BYTES);
        // Served to the store's visitors as a public upload.
        const res = await t.app.inject({ method: 'GET', url: url! });
        expect(res.statusCode, url!).toBe(200);
        expect(res.headers['content-type']).toContain('image/png');
        expect(res.rawPayload.equals(bytes!)).toBe(true);
      }
      const logo = (await storage.read(look!.logo!))!;
      expect(sizeOf(logo).width).toBe(sizeOf(logo).height);
      expect(sizeOf(logo).width).toBeLessThanOrEqual(STORE_LOGO_MAX_PX);
      expect(logo.length).toBeLessThanOrEqual(STORE_LOGO_MAX_BYTES);
      const banner = sizeOf((await storage.read(look!.banner_path!))!);
      expect(banner.width).toBeGreaterThan(banner.height);
      for (const g of gallery) {
        expect(g.mime).toBe('image/png');
        expect((await storage.read(g.path))!.length).toBe(Number(g.size));
        expect(g.caption).toMatch(/[\u0600-\u06FF]/);
      }
    });

    it('has an "about" page and a map link in its menu', async () => {
      const pages = await rows<{ type: string; title: string; slug: string; body: string | null; url: string | null; published: boolean }>(
        t.db,
        sql`select type, title, slug, body, url, published from store_pages where tenant_id = ${tenantId} order by sort_order`,
      );
      expect(pages.map((p) => p.type)).toEqual(['content', 'link']);
      for (const p of pages) expect(storePageBody.safeParse({ ...p, body: p.body ?? undefined, url: p.url ?? undefined }).success).toBe(true);
      expect(pages[0]!.title).toBe('من نحن');
      expect(pages[0]!.body!.length).toBeGreaterThan(50);
      expect(pages[1]!.url).toMatch(/^https:\/\//);
      expect(pages.every((p) => p.published)).toBe(true);
    });

    it('takes a deposit on one service it shows, keeps one service off the store, and describes its services', async () => {
      const list = await rows<{ name: string; price: number; deposit_enabled: boolean; deposit_amount: number; display_on_booking_page: boolean; description: string | null }>(
        t.db,
        sql`select name, price::int as price, deposit_enabled, deposit_amount::int as deposit_amount, display_on_booking_page, description from services where tenant_id = ${tenantId}`,
      );
      const deposits = list.filter((s) => s.deposit_enabled);
      expect(deposits).toHaveLength(1);
      expect(deposits[0]!.display_on_booking_page).toBe(true);
      expect(deposits[0]!.deposit_amount).toBeGreaterThan(0);
      expect(deposits[0]!.deposit_amount).toBeLessThan(deposits[0]!.price);
      const hidden = list.filter((s) => !s.display_on_booking_page);
      expect(hidden).toHaveLength(1);
      expect(hidden[0]!.deposit_enabled).toBe(false);
      // The services the end-to-end tests book stay on the store.
      for (const name of ['قص وتصفيف الشعر', 'مانيكير وباديكير', 'صبغة شعر كاملة']) expect(list.find((s) => s.name === name)?.display_on_booking_page).toBe(true);
      expect(list.every((s) => s.description && /[\u0600-\u06FF]/.test(s.description))).toBe(true);
    });

    it('has bookings made on the store before and after today, by customers with Arabic and English names, and approved reviews to show', async () => {
      const list = await rows<{ first_name: string; future: boolean; status: string }>(
        t.db,
        sql`select c.first_name, b.start_at > now() as future, b.status from bookings b join orders o on o.tenant_id = b.tenant_id and o.id = b.order_id
            join customers c on c.tenant_id = b.tenant_id and c.id = b.customer_id
            where b.tenant_id = ${tenantId} and b.source = 'booking-page' and o.source = 'booking-page' and b.created_by is null`,
      );
      expect(list.some((b) => b.future)).toBe(true);
      expect(list.some((b) => !b.future && b.status === 'completed')).toBe(true);
      expect(list.some((b) => /^[\u0600-\u06FF]/.test(b.first_name))).toBe(true);
      expect(list.some((b) => /^[A-Za-z]/.test(b.first_name))).toBe(true);
      // Each keeps the deposit its service asks on the store (its own page shows it as due); no other booking has one.
      const wrong = await rows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from bookings b left join services s on s.tenant_id = b.tenant_id and s.id = b.service_id
            where b.tenant_id = ${tenantId} and b.deposit_amount <> case when b.source = 'booking-page' and s.deposit_enabled then s.deposit_amount else 0 end`,
      );
      expect(wrong[0]!.n).toBe(0);
      const [approved] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from reviews where tenant_id = ${tenantId} and status = 'approved'`);
      expect(approved!.n).toBeGreaterThanOrEqual(3);
    });

    it('has two customers (Arabic and English) waiting for a full day of a service on the store: no seat to offer them', async () => {
      const list = await rows<{ day: string; status: string; locale: string; phone: string; customer_id: string | null; service_ids: string[]; staff_id: string | null; on_store: boolean; branch_main: boolean }>(
        t.db,
        sql`select w.day::text as day, w.status, w.locale, w.phone, w.customer_id, w.service_ids, w.staff_id,
              (select bool_and(s.display_on_booking_page) from services s where s.tenant_id = w.tenant_id and s.id = any(w.service_ids)) as on_store,
              (select b.is_main from branches b where b.tenant_id = w.tenant_id and b.id = w.branch_id) as branch_main
            from waitlist_entries w where w.tenant_id = ${tenantId} order by w.created_at`,
      );
      expect(list).toHaveLength(2);
      const today = localDateOf(now.getTime(), ZONE);
      for (const w of list) {
        expect(w).toMatchObject({ status: 'waiting', on_store: true, branch_main: true });
        expect(w.day > today).toBe(true);
        expect(normalizePhone(w.phone, 'SA')).toBe(w.phone);
        expect(w.customer_id).not.toBeNull();
        // The store offers no seat for it that day: the day is full for this visit.
        const q = new URLSearchParams({ service_ids: w.service_ids.join(','), from: w.day, to: w.day, ...(w.staff_id ? { staff_id: w.staff_id } : {}) });
        const res = await t.app.inject({ method: 'GET', url: `/api/v1/store/${DEMO.subdomain}/slots?${q}`, remoteAddress: '10.9.8.7' });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.flatMap((d: { slots: unknown[] }) => d.slots)).toEqual([]);
        // While the next day has seats for the same visit.
        q.set('from', addDays(w.day, 1));
        q.set('to', addDays(w.day, 1));
        const next = await t.app.inject({ method: 'GET', url: `/api/v1/store/${DEMO.subdomain}/slots?${q}`, remoteAddress: '10.9.8.7' });
        expect(next.json().data.flatMap((d: { slots: unknown[] }) => d.slots).length).toBeGreaterThan(0);
      }
      expect(list.map((w) => w.locale).sort()).toEqual(['ar', 'en']);
      expect(list.some((w) => w.staff_id) && list.some((w) => !w.staff_id)).toBe(true);
      // So the waitlist's offers leave them waiting.
      expect(await offerWaitlist(t.db, now)).toBe(0);
      const [waiting] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from waitlist_entries where tenant_id = ${tenantId} and status = 'waiting'`);
      expect(waiting!.n).toBe(2);
    });

    it('counts visits for the last 60 days, more at the weekend, and tops them up later without touching a counted day', async () => {
      const today = localDateOf(now.getTime(), ZONE);
      const visits = async () => rows<{ day: string; visits: number }>(t.db, sql`select day::text as day, visits from store_visits where tenant_id = ${tenantId} order by day`);
      const list = await visits();
      expect(list).toHaveLength(60);
      expect(list[0]!.day).toBe(addDays(today, -59));
      expect(list.at(-1)!.day).toBe(today);
      const past = list.slice(0, -1);
      expect(past.every((v) => v.visits > 10 && v.visits < 300)).toBe(true);
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const weekend = mean(past.filter((v) => [5, 6].includes(new LocalDay(v.day, ZONE).weekday)).map((v) => v.visits));
      const weekdays = mean(past.filter((v) => [0, 1, 2, 3].includes(new LocalDay(v.day, ZONE).weekday)).map((v) => v.visits));
      expect(weekend).toBeGreaterThan(weekdays * 1.3);
      // Another start the same day changes nothing; three days later adds those days and keeps what the store counted.
      const yesterday = addDays(today, -1);
      await t.db.execute(sql`update store_visits set visits = 999 where tenant_id = ${tenantId} and day = ${yesterday}`);
      await withTenant(t.db, tenantId, (tx) => ensureDemoStore(tx, tenantId, now));
      expect((await visits()).length).toBe(60);
      await withTenant(t.db, tenantId, (tx) => ensureDemoStore(tx, tenantId, new Date(now.getTime() + 3 * DAY)));
      const later = await visits();
      expect(later).toHaveLength(63);
      expect(later.at(-1)!.day).toBe(addDays(today, 3));
      expect(later.find((v) => v.day === yesterday)!.visits).toBe(999);
      await t.db.execute(sql`delete from store_visits where tenant_id = ${tenantId} and day > ${today}`);
    });
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
