import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, readyUser, rows, type TestApp } from '../../../test/helper';
import { keptTogetherShapes, withTenant } from '../../db/client';
import { staffAccount } from '../branches/staff.fixture';
import { seedOrder } from '../transactions/transactions.fixtures';
import { notifyUsers } from './app-notifications';

/**
 * The bell and the unread counters (issue 18 §1, spec §2 top bar, §4, §7): an account sees, reads and
 * clears only its own notes; reading removes a note and answers its url; the counters count what
 * the account may see and has not looked at, up to 100.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof readyUser>>;
let other: Awaited<ReturnType<typeof readyUser>>;
let tenant: string;

const clientFor = (token: string) => {
  const c = new Client(t.app);
  c.token = token;
  return c;
};
const note = (title: string, url: string | null = '/orders') => ({ kind: 'general', titleAr: `ع ${title}`, titleEn: title, bodyAr: 'نص', bodyEn: 'Body', url });
const counts = async (c: Client) => (await c.get('load-unread-modules-counts')).json().data as Record<string, number>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await readyUser(t);
  other = await readyUser(t);
  tenant = owner.user.tenant.uuid;
});
afterAll(async () => {
  await t?.close();
});

describe('the bell', () => {
  it('counts each business and account its own, asked in turn (one statement planned once for any business)', async () => {
    const a = await readyUser(t);
    const b = await readyUser(t);
    const ta = a.user.tenant.uuid;
    const tb = b.user.tenant.uuid;
    await withTenant(t.db, ta, (tx) => notifyUsers(tx, ta, note('A one')));
    await withTenant(t.db, ta, (tx) => notifyUsers(tx, ta, note('A two')));
    await withTenant(t.db, tb, (tx) => notifyUsers(tx, tb, note('B one')));
    for (let round = 0; round < 7; round++) {
      expect((await counts(a.client)).notifications).toBe(2);
      expect((await counts(b.client)).notifications).toBe(1);
    }
    // Written out once for its shape, every value bound (kept on PostgreSQL; the embedded database runs it as built).
    expect(keptTogetherShapes('unread ')).toMatchObject({ unbound: 0 });
    if (process.env.DATABASE_URL) expect(keptTogetherShapes('unread ').built).toBeGreaterThan(0);
  });

  it("shows an account only its own notes, newest first, in the request's language, with the count", async () => {
    const cashier = await staffAccount(t.db, tenant, { permissions: ['transaction'] });
    const plain = await staffAccount(t.db, tenant, { permissions: ['customers'] });
    // One for holders of the payments keys (and the owner), then one for everyone but the owner.
    const first = await withTenant(t.db, tenant, (tx) => notifyUsers(tx, tenant, note('Payment in'), ['transaction', 'sales.payments']));
    expect(first).toBe(2);
    await new Promise((r) => setTimeout(r, 5));
    const second = await withTenant(t.db, tenant, (tx) => notifyUsers(tx, tenant, note('For all', '/customers'), undefined, owner.user.uuid));
    expect(second).toBeGreaterThanOrEqual(2);

    const mine = (await owner.client.get('app-notifications')).json();
    expect(mine.data.map((n: { title: string }) => n.title)).toEqual(['Payment in']);
    expect(mine.meta.unread).toBe(1);
    expect(mine.data[0]).toMatchObject({ kind: 'general', body: 'Body', url: '/orders' });
    expect(typeof mine.data[0].created_at).toBe('string');

    const theirs = (await clientFor(cashier.token).get('app-notifications')).json();
    expect(theirs.data.map((n: { title: string }) => n.title)).toEqual(['For all', 'Payment in']);
    expect(theirs.meta.unread).toBe(2);
    const arabic = (await clientFor(plain.token).get('app-notifications', { lang: 'ar' })).json();
    expect(arabic.data.map((n: { title: string }) => n.title)).toEqual(['ع For all']);
    expect(await counts(clientFor(plain.token))).toMatchObject({ notifications: 1 });
  });

  it("reads a note: it is gone and its url answered; another account's or business's note is a 404 and stays", async () => {
    const a = await staffAccount(t.db, tenant);
    const b = await staffAccount(t.db, tenant);
    await withTenant(t.db, tenant, (tx) => notifyUsers(tx, tenant, note('Review waiting', '/store/reviews')));
    const ofA = (await clientFor(a.token).get('app-notifications')).json().data.find((n: { title: string }) => n.title === 'Review waiting');
    expect(ofA).toBeDefined();

    // B cannot read A's note, nor can another business.
    expect((await clientFor(b.token).put(`app-notification/${ofA.id}`)).statusCode).toBe(404);
    expect((await other.client.put(`app-notification/${ofA.id}`)).statusCode).toBe(404);
    expect((await clientFor(a.token).put('app-notification/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await rows(t.db, sql`select id from app_notifications where id = ${ofA.id}`)).toHaveLength(1);

    const read = await clientFor(a.token).put(`app-notification/${ofA.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({ url: '/store/reviews' });
    expect(await rows(t.db, sql`select id from app_notifications where id = ${ofA.id}`)).toHaveLength(0);
    // Read twice: already gone.
    expect((await clientFor(a.token).put(`app-notification/${ofA.id}`)).statusCode).toBe(404);
    // B still has its own copy.
    expect((await clientFor(b.token).get('app-notifications')).json().data.map((n: { title: string }) => n.title)).toContain('Review waiting');
  });

  it("marks all read: the account's notes only", async () => {
    const a = await staffAccount(t.db, tenant);
    const b = await staffAccount(t.db, tenant);
    await withTenant(t.db, tenant, (tx) => notifyUsers(tx, tenant, note('One')));
    await withTenant(t.db, tenant, (tx) => notifyUsers(tx, tenant, note('Two')));
    const cleared = await clientFor(a.token).request('DELETE', 'app-notifications');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ message: 'All notifications marked as read', data: { count: 2 } });
    expect((await clientFor(a.token).get('app-notifications')).json()).toEqual({ data: [], meta: { unread: 0 } });
    expect((await clientFor(b.token).get('app-notifications')).json().meta.unread).toBe(2);
  });

  it('counts notes up to 100 and lists the newest 30', async () => {
    const a = await staffAccount(t.db, tenant);
    await t.db.execute(
      sql`insert into app_notifications (tenant_id, user_id, kind, title_ar, title_en, created_at) select ${tenant}, ${a.userId}, 'general', 'ن', 'N' || g, now() - make_interval(secs => g) from generate_series(1, 120) g`,
    );
    const res = (await clientFor(a.token).get('app-notifications')).json();
    expect(res.data).toHaveLength(30);
    expect(res.data[0].title).toBe('N1');
    expect(res.meta.unread).toBe(100);
    expect(await counts(clientFor(a.token))).toMatchObject({ notifications: 100 });
  });
});

describe('unread counters', () => {
  it('counts unopened orders after the account last looked at the list, per account', async () => {
    const fresh = await readyUser(t);
    const tid = fresh.user.tenant.uuid;
    const desk = await staffAccount(t.db, tid, { permissions: ['orders'] });
    const none = await staffAccount(t.db, tid, { permissions: ['customers'] });
    const o1 = await seedOrder(t.db, tid, { total: 1_000 });
    const o2 = await seedOrder(t.db, tid, { total: 1_000 });
    await seedOrder(t.db, tid, { total: 1_000, isDraft: true });
    await t.db.execute(sql`update orders set read_at = null where tenant_id = ${tid}`);
    expect(await counts(fresh.client)).toEqual({ notifications: 0, orders: 2, transactions: 0, comments: 0, reviews: 0 });
    expect((await counts(clientFor(none.token))).orders).toBe(0);

    // The owner opens the orders list: nothing before counts for the owner; the desk still sees 2.
    const seen = await fresh.client.post('unread/orders/seen');
    expect(seen.statusCode).toBe(204);
    expect((await counts(fresh.client)).orders).toBe(0);
    expect((await counts(clientFor(desk.token))).orders).toBe(2);

    // A new order after that counts again; opening an order reads it for everyone.
    await new Promise((r) => setTimeout(r, 5));
    const o3 = await seedOrder(t.db, tid, { total: 1_000 });
    await t.db.execute(sql`update orders set read_at = null where id = ${o3.id}`);
    expect((await counts(fresh.client)).orders).toBe(1);
    expect((await counts(clientFor(desk.token))).orders).toBe(3);
    expect((await fresh.client.get(`orders/${o1.id}`)).statusCode).toBe(200);
    expect((await counts(clientFor(desk.token))).orders).toBe(2);
    expect(o2.id).toBeDefined();

    // An unknown module is refused.
    expect((await fresh.client.post('unread/customers/seen')).statusCode).toBe(422);
  });

  it("counts for a provider account only the orders assigned to its provider, each provider its own", async () => {
    const fresh = await readyUser(t);
    const tid = fresh.user.tenant.uuid;
    const accounts = [];
    for (const name of ['Provider A', 'Provider B']) {
      const [row] = await rows<{ id: string }>(t.db, sql`insert into providers (tenant_id, name) values (${tid}, ${name}) returning id`);
      const account = await staffAccount(t.db, tid, { permissions: ['orders'], type: 'provider' });
      await t.db.execute(sql`update providers set user_id = ${account.userId} where id = ${row!.id}`);
      accounts.push({ providerId: row!.id, client: clientFor(account.token) });
    }
    const [a, b] = accounts as [(typeof accounts)[number], (typeof accounts)[number]];
    await seedOrder(t.db, tid, { total: 1_000, providerId: a.providerId });
    await seedOrder(t.db, tid, { total: 1_000, providerId: a.providerId });
    await seedOrder(t.db, tid, { total: 1_000, providerId: b.providerId });
    await seedOrder(t.db, tid, { total: 1_000 });
    await t.db.execute(sql`update orders set read_at = null where tenant_id = ${tid}`);
    // Asked in turn, so that the second answers from the statement the first wrote out.
    expect((await counts(a.client)).orders).toBe(2);
    expect((await counts(b.client)).orders).toBe(1);
    expect((await counts(a.client)).orders).toBe(2);
    expect((await counts(fresh.client)).orders).toBe(4);
    expect(keptTogetherShapes('unread ')).toMatchObject({ unbound: 0 });
  });

  it('counts transactions the same, and receipts waiting for review whenever they came', async () => {
    const fresh = await readyUser(t);
    const tid = fresh.user.tenant.uuid;
    const order = await seedOrder(t.db, tid, { total: 10_000 });
    await t.db.execute(sql`insert into transactions (tenant_id, number, order_id, payment_method, amount, currency, status) values (${tid}, 1, ${order.id}, 'cash', 100, 'SAR', 'confirmed')`);
    await t.db.execute(sql`insert into transactions (tenant_id, number, order_id, payment_method, amount, currency, status) values (${tid}, 2, ${order.id}, 'bank_transfer', 100, 'SAR', 'wait')`);
    expect((await counts(fresh.client)).transactions).toBe(2);
    await new Promise((r) => setTimeout(r, 5));
    await fresh.client.post('unread/transactions/seen');
    expect((await counts(fresh.client)).transactions).toBe(1);
  });

  it('counts comments and reviews waiting for moderation, for those who moderate them', async () => {
    const fresh = await readyUser(t);
    const tid = fresh.user.tenant.uuid;
    const mod = await staffAccount(t.db, tid, { permissions: ['comments'] });
    const order = await seedOrder(t.db, tid, { total: 1_000 });
    const order2 = await seedOrder(t.db, tid, { total: 1_000 });
    await t.db.execute(sql`insert into reviews (tenant_id, order_id, by_name, rating, status) values (${tid}, ${order.id}, 'Huda', 5, 'pending'), (${tid}, ${order2.id}, 'Sara', 4, 'approved')`);
    await t.db.execute(
      sql`insert into comments (tenant_id, subject_type, subject_id, by_name, body, status) values (${tid}, 'service', ${order.id}, 'Huda', 'Nice', 'pending'), (${tid}, 'service', ${order.id}, 'Sara', 'Good', 'pending'), (${tid}, 'service', ${order.id}, 'Ali', 'Ok', 'published')`,
    );
    expect(await counts(fresh.client)).toMatchObject({ comments: 2, reviews: 1 });
    expect(await counts(clientFor(mod.token))).toMatchObject({ comments: 2, reviews: 0, orders: 0, transactions: 0 });
    // Another business sees none of them.
    expect(await counts(other.client)).toMatchObject({ comments: 0, reviews: 0 });
  });

  it('stops counting orders at 100', async () => {
    const fresh = await readyUser(t);
    const tid = fresh.user.tenant.uuid;
    await t.db.execute(
      sql`insert into orders (tenant_id, number, currency, read_at) select ${tid}, 1000 + g, 'SAR', null from generate_series(1, 130) g`,
    );
    expect((await counts(fresh.client)).orders).toBe(100);
  });
});
