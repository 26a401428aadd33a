import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, randomSaMobile, rows, type TestApp } from '../../../test/helper';
import { DAY_MS, resetClock, travel } from '../../lib/clock';
import { newStaff } from '../access/access.fixtures';
import { newCustomer, newShop, type Shop } from '../orders/orders.fixtures';
import { readReviewToken, signReviewToken } from './review-links';
import { createReviewService } from './reviews.service';

/**
 * Reviews and comments (issue 18 §3): the review link sent once when an order is completed, signed
 * (tampered: 404, expired: 410, another business's order: 404); one review per completed visit;
 * moderation and reply under `marketing.reviews`, comments under `comments`; each business sees
 * only its own.
 */

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await buildTestApp();
  shop = await newShop(t);
  const tpl = await shop.client.post('templates', {
    action: 'review_request',
    channel: 'sms',
    receiver: 'customer',
    body_ar: 'كيف كانت زيارتك يا {{customer_name}}؟ قيّمنا: {{review_link}}',
    body_en: 'How was your visit, {{customer_name}}? Review us: {{review_link}}',
  });
  expect(tpl.statusCode, tpl.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => resetClock());

/** A visitor with no account, from its own address (the public routes are rate-limited per address). */
const visitor = () => {
  const c = new Client(t.app);
  c.lang = 'en';
  return c;
};

async function order(s: Shop = shop, customerId?: string) {
  const customer = customerId ?? (await newCustomer(s.client, 'Mona', 'Saleh', randomSaMobile()));
  const res = await s.client.post('orders', { customer_id: customer, items: [{ type: 'service', service_id: s.serviceId, staff_id: s.providerId }] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; number: number };
}

async function complete(orderId: string, s: Shop = shop) {
  const res = await s.client.post(`orders/${orderId}/change-status`, { status: 'completed' });
  expect(res.statusCode, res.body).toBe(200);
}

/** The review requests of an order in its message log, read as the dashboard reads them. */
async function requestsOf(orderId: string, s: Shop = shop) {
  const list = (await s.client.get(`orders/${orderId}/notifications`)).json().data as { action: string; body: string; status: string }[];
  return list.filter((n) => n.action === 'review_request');
}

/** Where the business's bell notes lead. */
const bellUrls = async (tenantId: string) => (await rows<{ url: string }>(t.db, sql`select url from app_notifications where tenant_id = ${tenantId}`)).map((r) => r.url);

const tokenIn = (body: string) => {
  const m = body.match(/\/r\/([A-Za-z0-9_-]+)/);
  if (!m) throw new Error(`no review link in ${body}`);
  return m[1]!;
};

async function completedVisit(s: Shop = shop) {
  const o = await order(s);
  await complete(o.id, s);
  const [request] = await requestsOf(o.id, s);
  return { order: o, token: tokenIn(request!.body) };
}

describe('the review request', () => {
  it('is sent once, when the order is completed, with a signed link to /r/<token>', async () => {
    const o = await order();
    expect(await requestsOf(o.id)).toEqual([]);
    await complete(o.id);
    const sent = await requestsOf(o.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatch(/^How was your visit, Mona Saleh\? Review us: http.+\/r\/[A-Za-z0-9_-]{71}$/);
    expect(sent[0]!.status).toBe('pending');
    const token = tokenIn(sent[0]!.body);
    expect(readReviewToken(token)).toMatchObject({ tenantId: shop.tenantId, orderId: o.id });
    // Completed again later (invoiced and refunded back, or corrected): never asked twice.
    await t.db.execute(sql`update orders set status = 'no-show' where id = ${o.id}`);
    await complete(o.id);
    expect(await requestsOf(o.id)).toHaveLength(1);
    const [outbox] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from outbox_messages m join notifications n on n.id = m.notification_id where n.order_id = ${o.id} and n.action = 'review_request'`);
    expect(outbox?.n).toBe(1);
  });

  it('is not sent for other statuses, nor without an active template', async () => {
    const o = await order();
    await shop.client.post(`orders/${o.id}/change-status`, { status: 'no-show' });
    expect(await requestsOf(o.id)).toEqual([]);
    const bare = await newShop(t);
    const theirs = await order(bare);
    await complete(theirs.id, bare);
    expect(await requestsOf(theirs.id, bare)).toEqual([]);
  });
});

describe('GET/POST public/reviews/{token}', () => {
  it('shows the visit without sign-in: business, date, services, providers, not reviewed yet', async () => {
    const { order: o, token } = await completedVisit();
    const res = await visitor().get(`public/reviews/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ order_number: o.number, reviewed: false, rating: null, locale: 'en' });
    expect(data.business.name).toBeTruthy();
    expect(data.services.length).toBe(1);
    expect(data.providers.length).toBe(1);
    // Nothing about the customer or the money.
    expect(JSON.stringify(data)).not.toMatch(/Mona|total|phone/);
  });

  it('takes one review per order, pending, with a note on the bell; a second is a 409', async () => {
    const { order: o, token } = await completedVisit();
    const v = visitor();
    const bad = await v.post(`public/reviews/${token}`, { rating: 6, body: 'x'.repeat(1001) });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['body', 'rating']);
    expect((await v.post(`public/reviews/${token}`, { rating: 4.5 })).statusCode).toBe(422);
    expect((await v.post(`public/reviews/${token}`, {})).json().errors.rating).toBeTruthy();
    const ok = await v.post(`public/reviews/${token}`, { rating: 5, body: 'Lovely visit' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ reviewed: true, rating: 5 });
    const again = await v.post(`public/reviews/${token}`, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('review_exists');
    expect((await v.get(`public/reviews/${token}`)).json().data).toMatchObject({ reviewed: true, rating: 5 });
    const list = (await shop.client.get('reviews?status=pending')).json();
    const mine = list.data.find((r: { order_id: string }) => r.order_id === o.id);
    expect(mine).toMatchObject({ rating: 5, body: 'Lovely visit', status: 'pending', by_name: 'Mona Saleh', order_number: o.number, provider_id: shop.providerId, reply: null });
    expect(mine.services).toHaveLength(1);
    expect(await bellUrls(shop.tenantId)).toContain('/marketing/reviews');
  });

  it('two reviews racing for one order: exactly one is taken', async () => {
    const { order: o, token } = await completedVisit();
    const results = await Promise.all([1, 2, 3, 4].map((n) => visitor().post(`public/reviews/${token}`, { rating: n })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const [n] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from reviews where order_id = ${o.id}`);
    expect(n?.n).toBe(1);
  });

  it('refuses a tampered token (404), an expired one (410) and a genuine signature over another business’s order (404)', async () => {
    const { token } = await completedVisit();
    const v = visitor();
    const flipped = token.slice(0, 10) + (token[10] === 'A' ? 'B' : 'A') + token.slice(11);
    for (const bad of [flipped, `${token}x`, token.slice(0, -1), 'not-a-token', token.slice(0, -1) + (token.at(-1) === 'A' ? 'B' : 'A')]) {
      const res = await v.get(`public/reviews/${bad}`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().code).toBe('review_link_invalid');
    }
    expect((await v.post(`public/reviews/${flipped}`, { rating: 5 })).statusCode).toBe(404);

    travel(31 * DAY_MS);
    const expired = await v.get(`public/reviews/${token}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'review_link_expired', message: 'This review link has expired' });
    expect((await v.post(`public/reviews/${token}`, { rating: 5 })).statusCode).toBe(410);
    resetClock();

    // Signed by us, but naming business A with business B's order: no such order in A.
    const other = await newShop(t);
    const theirs = await order(other);
    await complete(theirs.id, other);
    const crossed = signReviewToken(shop.tenantId, theirs.id, new Date(Date.now() + DAY_MS));
    expect((await v.get(`public/reviews/${crossed}`)).statusCode).toBe(404);
    expect((await v.post(`public/reviews/${crossed}`, { rating: 5 })).statusCode).toBe(404);
  });

  it('takes reviews of completed (or since invoiced) visits only', async () => {
    const o = await order();
    const early = signReviewToken(shop.tenantId, o.id, new Date(Date.now() + DAY_MS));
    const res = await visitor().post(`public/reviews/${early}`, { rating: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('review_order_not_completed');
    expect((await visitor().get(`public/reviews/${early}`)).statusCode).toBe(422);
    await t.db.execute(sql`update orders set status = 'invoiced' where id = ${o.id}`);
    expect((await visitor().post(`public/reviews/${early}`, { rating: 4 })).statusCode).toBe(201);
    // A trashed order is no visit.
    const gone = await completedVisit();
    await t.db.execute(sql`update orders set deleted_at = now() where id = ${gone.order.id}`);
    expect((await visitor().get(`public/reviews/${gone.token}`)).statusCode).toBe(404);
  });
});

describe('moderation', () => {
  it('approves, rejects and replies (with who replied); filters by status and stars; empty reply removes it', async () => {
    const a = await completedVisit();
    const b = await completedVisit();
    await visitor().post(`public/reviews/${a.token}`, { rating: 5, body: 'Great' });
    await visitor().post(`public/reviews/${b.token}`, { rating: 2 });
    const list = (await shop.client.get('reviews')).json();
    const ra = list.data.find((r: { order_id: string }) => r.order_id === a.order.id);
    const rb = list.data.find((r: { order_id: string }) => r.order_id === b.order.id);
    expect(list.meta).toMatchObject({ current_page: 1, per_page: 25 });
    expect(list.meta.counts.pending).toBeGreaterThanOrEqual(2);

    const approved = await shop.client.post(`reviews/${ra.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ message: 'The review was approved', data: { status: 'approved' } });
    expect(approved.json().data.moderated_at).toBeTruthy();
    expect((await shop.client.post(`reviews/${rb.id}/reject`)).json().data.status).toBe('rejected');

    const replied = await shop.client.put(`reviews/${ra.id}/reply`, { reply: '  Thank you, see you soon!  ' });
    expect(replied.json()).toMatchObject({ message: 'The reply was saved', data: { reply: 'Thank you, see you soon!', replied_by: shop.user.uuid } });
    expect(replied.json().data.replied_by_name).toBeTruthy();
    expect(replied.json().data.replied_at).toBeTruthy();
    expect((await shop.client.put(`reviews/${ra.id}/reply`, { reply: 'x'.repeat(1001) })).statusCode).toBe(422);

    const approvedOnly = (await shop.client.get('reviews?status=approved')).json().data as { id: string; status: string }[];
    expect(approvedOnly.every((r) => r.status === 'approved')).toBe(true);
    expect(approvedOnly.map((r) => r.id)).toContain(ra.id);
    const twos = (await shop.client.get('reviews?rating=2')).json().data as { rating: number }[];
    expect(twos.length).toBeGreaterThan(0);
    expect(twos.every((r) => r.rating === 2)).toBe(true);
    expect((await shop.client.get('reviews?rating=7')).statusCode).toBe(422);
    const paged = (await shop.client.get('reviews?per_page=1&page=2')).json();
    expect(paged.data).toHaveLength(1);
    expect(paged.meta.per_page).toBe(1);

    // The store reads approved ones only, without the customer's id or the order.
    const published = await createReviewService({ db: t.db }).listPublishedReviews(shop.tenantId);
    expect(published.map((r) => r.id)).toContain(ra.id);
    expect(published.map((r) => r.id)).not.toContain(rb.id);
    expect(published.find((r) => r.id === ra.id)).toMatchObject({ rating: 5, reply: 'Thank you, see you soon!', by_name: 'Mona Saleh' });
    expect(Object.keys(published[0]!)).not.toContain('customer_id');

    const removed = await shop.client.put(`reviews/${ra.id}/reply`, { reply: '' });
    expect(removed.json()).toMatchObject({ message: 'The reply was removed', data: { reply: null, replied_by: null, replied_at: null } });
  });

  it('belongs to its business and to the holders of its key', async () => {
    const a = await completedVisit();
    await visitor().post(`public/reviews/${a.token}`, { rating: 3 });
    const id = (await shop.client.get('reviews')).json().data.find((r: { order_id: string }) => r.order_id === a.order.id).id;
    const other = await newShop(t);
    expect((await other.client.get('reviews')).json().data).toEqual([]);
    expect((await other.client.post(`reviews/${id}/approve`)).statusCode).toBe(404);
    expect((await other.client.put(`reviews/${id}/reply`, { reply: 'hi' })).statusCode).toBe(404);
    const [row] = await rows<{ status: string; reply: string | null }>(t.db, sql`select status, reply from reviews where id = ${id}`);
    expect(row).toEqual({ status: 'pending', reply: null });
    expect((await shop.client.post(`reviews/${randomUUID()}/approve`)).statusCode).toBe(404);

    // A role with the comments key but not the reviews one.
    const [role] = await rows<{ id: string }>(t.db, sql`insert into roles (tenant_id, slug, name, permissions) values (${shop.tenantId}, ${`c-${randomUUID()}`}, 'Comments only', '{comments}') returning id`);
    const staff = await newStaff(t, shop, 'admin', { role_id: role!.id });
    expect((await staff.client.get('reviews')).statusCode).toBe(403);
    expect((await staff.client.post(`reviews/${id}/approve`)).statusCode).toBe(403);
    expect((await staff.client.get('comments')).statusCode).toBe(200);
  });
});

describe('comments', () => {
  it('are added pending (for the store), then published, unpublished and replied to', async () => {
    const svc = createReviewService({ db: t.db });
    const added = await svc.addComment(shop.tenantId, { subject_type: 'service', subject_id: shop.serviceId, by_name: 'نورة', body: 'هل الخدمة متاحة مساءً؟' });
    expect(added).toMatchObject({ status: 'pending', subject_type: 'service', by_name: 'نورة', reply: null });
    expect(added.subject_name).toBeTruthy();
    await expect(svc.addComment(shop.tenantId, { subject_type: 'product', subject_id: shop.serviceId, by_name: 'X', body: 'Y' })).rejects.toMatchObject({ status: 422 });
    const other = await newShop(t);
    await expect(svc.addComment(other.tenantId, { subject_type: 'service', subject_id: shop.serviceId, by_name: 'X', body: 'Y' })).rejects.toMatchObject({ status: 422 });

    const list = (await shop.client.get('comments?status=pending')).json();
    expect(list.data.map((c: { id: string }) => c.id)).toContain(added.id);
    expect(list.meta.counts.pending).toBeGreaterThanOrEqual(1);
    expect((await shop.client.post(`comments/${added.id}/publish`)).json()).toMatchObject({ message: 'The comment was published', data: { status: 'published' } });
    expect((await svc.listPublishedComments(shop.tenantId, { type: 'service', id: shop.serviceId })).map((c) => c.id)).toContain(added.id);
    const replied = await shop.client.put(`comments/${added.id}/reply`, { reply: 'نعم، حتى العاشرة مساءً' });
    expect(replied.json().data).toMatchObject({ reply: 'نعم، حتى العاشرة مساءً', replied_by: shop.user.uuid });
    expect((await shop.client.post(`comments/${added.id}/unpublish`)).json().data.status).toBe('unpublished');
    expect(await svc.listPublishedComments(shop.tenantId, { type: 'service', id: shop.serviceId })).toEqual([]);
    expect((await shop.client.get('comments?status=bogus')).statusCode).toBe(422);

    // Another business sees none of it.
    expect((await other.client.get('comments')).json().data).toEqual([]);
    expect((await other.client.post(`comments/${added.id}/publish`)).statusCode).toBe(404);
    expect(await bellUrls(shop.tenantId)).toContain('/marketing/comments');
  });
});
