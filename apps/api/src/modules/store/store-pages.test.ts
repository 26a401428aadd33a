import { formatMoney } from '@app/shared/format';
import { STORE_LAYOUTS } from '@app/shared/schemas/store';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskUrl } from '../../app';
import { buildTestApp, randomIp, randomLetters, rows, type TestApp } from '../../../test/helper';
import { newOwner, type Owner } from '../access/access.fixtures';
import { newCustomer } from '../orders/orders.fixtures';
import { jsonScript, layoutSections, safeUrl, socialHref } from './store-html';
import { invalidateStoreHosts } from './store-hosts';
import { signBookingToken } from './store-links';
import { sha256 } from '../../lib/crypto';

/**
 * The public store's pages (issue 19): what the home shows and hides, the layouts, the business's
 * look and language, search-engine tags, escaping, the statuses, custom pages, the booking page's
 * data for the store script, isolation between businesses, the store hosts and the visit count.
 */

let t: TestApp;
let a: Owner;
let b: Owner;
const ids = { category: '', visible: '', hidden: '', privateSvc: '', evil: '', product: '', emptyCategory: '', bOnly: '' };

const page = (url: string, opts: { host?: string; ua?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress: randomIp(),
    headers: { 'user-agent': opts.ua ?? 'Mozilla/5.0 (Linux; Android 14) Mobile', ...(opts.host ? { host: opts.host } : {}), ...opts.headers },
  });

async function insertService(tenantId: string, name: string, o: { display?: boolean; isPublic?: boolean; categoryId?: string | null; description?: string; visibility?: string; price?: number } = {}) {
  const [row] = await rows<{ id: string }>(
    t.db,
    sql`insert into services (tenant_id, name, price, duration, category_id, display_on_booking_page, is_public, description, metadata_visibility, deposit_enabled, deposit_amount)
        values (${tenantId}, ${name}, ${o.price ?? 12_345}, 45, ${o.categoryId ?? null}, ${o.display ?? true}, ${o.isPublic ?? true}, ${o.description ?? null}, ${o.visibility ?? 'both'}, true, 2000)
        returning id`,
  );
  return row!.id;
}

async function settings(tenantId: string, set: Record<string, unknown>) {
  const cols = Object.keys(set);
  await t.db.execute(sql`insert into store_settings (tenant_id) values (${tenantId}) on conflict do nothing`);
  for (const c of cols) await t.db.execute(sql`update store_settings set ${sql.raw(`"${c}"`)} = ${set[c] as string} where tenant_id = ${tenantId}`);
}

const storeData = (html: string) => {
  const m = html.match(/<script type="application\/json" id="store-data">([\s\S]*?)<\/script>/);
  if (!m) throw new Error('no store-data');
  return JSON.parse(m[1]!) as Record<string, unknown> & { services: { id: string; name: string; description: string | null; deposit: number }[] };
};

beforeAll(async () => {
  t = await buildTestApp();
  a = await newOwner(t);
  b = await newOwner(t);
  const [cat] = await rows<{ id: string }>(t.db, sql`insert into categories (tenant_id, name, slug, description) values (${a.tenantId}, 'Hair care', 'hair', 'Cuts and colour') returning id`);
  const [empty] = await rows<{ id: string }>(t.db, sql`insert into categories (tenant_id, name, slug) values (${a.tenantId}, 'Nothing here yet', 'empty') returning id`);
  ids.category = cat!.id;
  ids.emptyCategory = empty!.id;
  ids.visible = await insertService(a.tenantId, 'Keratin treatment', { categoryId: ids.category, description: 'Smooth hair for weeks', price: 25_000 });
  ids.hidden = await insertService(a.tenantId, 'Hidden staff-only service', { display: false });
  ids.privateSvc = await insertService(a.tenantId, 'Private VIP service', { isPublic: false });
  ids.evil = await insertService(a.tenantId, '<script>alert(1)</script>', { description: 'only on the booking page', visibility: 'bookingpage_only' });
  const [prod] = await rows<{ id: string }>(t.db, sql`insert into products (tenant_id, name, price, stock) values (${a.tenantId}, 'Argan oil', 4500, 3) returning id`);
  ids.product = prod!.id;
  await t.db.execute(sql`insert into store_gallery (tenant_id, path, mime, size, caption) values (${a.tenantId}, '/uploads/store/x/one.png', 'image/png', 10, 'Our salon')`);
  await t.db.execute(sql`insert into store_pages (tenant_id, type, title, slug, body) values (${a.tenantId}, 'content', 'About us', 'about', ${'We opened in 2010.\n\nEveryone is welcome <b>here</b>.'})`);
  await t.db.execute(sql`insert into store_pages (tenant_id, type, title, slug, url) values (${a.tenantId}, 'link', 'Our Instagram', 'insta', 'https://instagram.com/lamsa')`);
  await t.db.execute(sql`insert into store_pages (tenant_id, type, title, slug, body, published) values (${a.tenantId}, 'content', 'Draft page', 'draft', 'secret draft', false)`);
  await settings(a.tenantId, {
    description: 'The best salon in Riyadh',
    primary_color: '#AA1133',
    secondary_color: '#22BB44',
    background_color: '#FAFAF0',
    contact_phone: '+966501234567',
    contact_email: 'hello@lamsa.test',
    address: 'King Fahd Road, Riyadh',
  });
  await t.db.execute(sql`update store_settings set social = ${JSON.stringify({ instagram: '@lamsa', whatsapp: '+966 50 123 4567', facebook: 'javascript:alert(1)' })}::jsonb where tenant_id = ${a.tenantId}`);
  await t.db.execute(sql`update tenants set store_name = 'Noura Beauty Lounge', locale = 'ar' where id = ${a.tenantId}`);
  ids.bOnly = await insertService(b.tenantId, 'Beta secret service');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the home page', () => {
  it('shows the bookable services with prices and Book links, never hidden or private ones', async () => {
    const res = await page(`/s/${a.subdomain}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('Keratin treatment');
    expect(html).toContain('Smooth hair for weeks');
    expect(html).toContain(`href="/s/${a.subdomain}/book?service=${ids.visible}"`);
    expect(html).toContain(formatMoney(25_000, 'ar', 'SAR'));
    expect(html).not.toContain('Hidden staff-only service');
    expect(html).not.toContain('Private VIP service');
    // bookingpage_only: the description is for the booking flow, not the store's pages.
    expect(html).not.toContain('only on the booking page');
    // Products, the gallery, the menu's custom pages (published only), contacts.
    expect(html).toContain('Argan oil');
    expect(html).toContain('/uploads/store/x/one.png');
    expect(html).toMatch(/<img src="\/uploads\/store\/x\/one.png"[^>]*loading="lazy"/);
    expect(html).toContain(`href="/s/${a.subdomain}/p/about"`);
    expect(html).not.toContain('Draft page');
    expect(html).toContain('tel:+966501234567');
    expect(html).toContain('https://www.instagram.com/lamsa');
    expect(html).toContain('https://wa.me/966501234567');
    expect(html).not.toContain('javascript:');
    // The category with services shows; the empty one does not.
    expect(html).toContain('Hair care');
    expect(html).not.toContain('Nothing here yet');
  });

  it('hides prices when the store says so', async () => {
    await settings(a.tenantId, { show_prices: false });
    const html = (await page(`/s/${a.subdomain}`)).body;
    await settings(a.tenantId, { show_prices: true });
    expect(html).toContain('Keratin treatment');
    expect(html).not.toContain(formatMoney(25_000, 'ar', 'SAR'));
  });

  it("is in the business's language (Arabic, rtl) unless ?lang= says otherwise, and links keep it", async () => {
    const ar = (await page(`/s/${a.subdomain}`)).body;
    expect(ar).toMatch(/<html lang="ar" dir="rtl">/);
    expect(ar).toContain('احجز الآن');
    const en = (await page(`/s/${a.subdomain}?lang=en`)).body;
    expect(en).toMatch(/<html lang="en" dir="ltr">/);
    expect(en).toContain('Book now');
    expect(en).toContain(`href="/s/${a.subdomain}/book?service=${ids.visible}&amp;lang=en"`);
    expect(en).toContain(formatMoney(25_000, 'en', 'SAR'));
    // An unknown value is no choice.
    expect((await page(`/s/${a.subdomain}?lang=fr`)).body).toMatch(/<html lang="ar" dir="rtl">/);
  });

  it('carries the store colours as CSS variables, and ignores a colour that is not one', async () => {
    const html = (await page(`/s/${a.subdomain}`)).body;
    expect(html).toContain('--primary:#AA1133');
    expect(html).toContain('--secondary:#22BB44');
    expect(html).toContain('--bg:#FAFAF0');
    await t.db.execute(sql`update store_settings set primary_color = 'red;}</style><script>x()</script>' where tenant_id = ${a.tenantId}`);
    const bad = (await page(`/s/${a.subdomain}`)).body;
    await settings(a.tenantId, { primary_color: '#AA1133' });
    expect(bad).toContain('--primary:#3B71FE');
    expect(bad).not.toContain('<script>x()');
  });

  it('has search-engine tags: title, description, canonical, Open Graph and LocalBusiness JSON-LD', async () => {
    const html = (await page(`/s/${a.subdomain}`)).body;
    expect(html).toContain('<title>Noura Beauty Lounge</title>');
    expect(html).toContain('<meta name="description" content="The best salon in Riyadh">');
    expect(html).toContain(`<link rel="canonical" href="${t.config.appUrl}/s/${a.subdomain}">`);
    expect(html).toContain('<meta property="og:title" content="Noura Beauty Lounge">');
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!);
    expect(ld).toMatchObject({ '@type': 'LocalBusiness', name: 'Noura Beauty Lounge', telephone: '+966501234567', address: { streetAddress: 'King Fahd Road, Riyadh' } });
    expect(ld.aggregateRating).toBeUndefined();
  });

  it('shows approved reviews with stars and the aggregate rating (never pending ones)', async () => {
    const customer = await newCustomer(a.client, 'Mona', 'Saleh');
    const serviceId = (await rows<{ id: string }>(t.db, sql`select id from services where tenant_id = ${a.tenantId} and name = 'Haircut'`))[0]!.id;
    const orderIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await a.client.post('orders', { customer_id: customer, items: [{ type: 'service', service_id: serviceId }] });
      expect(res.statusCode, res.body).toBe(201);
      orderIds.push(res.json().data.id);
    }
    const add = (orderId: string, rating: number, status: string, body: string) =>
      t.db.execute(sql`insert into reviews (tenant_id, order_id, by_name, rating, body, status) values (${a.tenantId}, ${orderId}, 'Mona S.', ${rating}, ${body}, ${status})`);
    await add(orderIds[0]!, 5, 'approved', 'Wonderful visit');
    await add(orderIds[1]!, 4, 'approved', 'Very good');
    await add(orderIds[2]!, 1, 'pending', 'Not yet moderated');
    const html = (await page(`/s/${a.subdomain}?lang=en`)).body;
    expect(html).toContain('Wonderful visit');
    expect(html).toContain('Very good');
    expect(html).not.toContain('Not yet moderated');
    expect(html).toContain('aria-label="5 out of 5"');
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!);
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
  });

  it('escapes what the business wrote', async () => {
    const html = (await page(`/s/${a.subdomain}`)).body;
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
  });

  it("honours each layout option's sections", async () => {
    const seen: Record<string, { categories: boolean; services: boolean; items: boolean }> = {};
    for (const layout of STORE_LAYOUTS) {
      await settings(a.tenantId, { layout });
      const html = (await page(`/s/${a.subdomain}`)).body;
      seen[layout] = { categories: html.includes('id="categories"'), services: html.includes('id="services"'), items: html.includes('id="products"') };
      expect(seen[layout], layout).toEqual(layoutSections(layout));
    }
    await settings(a.tenantId, { layout: 'everything' });
    expect(seen.categories_only).toEqual({ categories: true, services: false, items: false });
    expect(seen.services_and_items).toEqual({ categories: false, services: true, items: true });
    expect(seen.everything).toEqual({ categories: true, services: true, items: true });
  });

  it('opens on a category with its services (whatever the layout); an unknown category is a 404', async () => {
    await settings(a.tenantId, { layout: 'categories_only' });
    const res = await page(`/s/${a.subdomain}?category=${ids.category}`);
    await settings(a.tenantId, { layout: 'everything' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Keratin treatment');
    expect(res.body).not.toContain('&lt;script&gt;alert(1)');
    expect((await page(`/s/${a.subdomain}?category=${randomUUID()}`)).statusCode).toBe(404);
  });

  it('answers 304 to a revalidation with the same ETag', async () => {
    const first = await page(`/s/${a.subdomain}?lang=en`);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    const again = await page(`/s/${a.subdomain}?lang=en`, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });
});

describe('store statuses', () => {
  it('maintenance: every page shows the maintenance page (503, Retry-After) with the business name; the customer link stays open', async () => {
    await settings(a.tenantId, { status: 'maintenance', maintenance_title: 'Back on Sunday', maintenance_body: 'We are renovating.' });
    try {
      for (const url of [`/s/${a.subdomain}`, `/s/${a.subdomain}/book`, `/s/${a.subdomain}/p/about`]) {
        const res = await page(url);
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after']).toBeTruthy();
        expect(res.body).toContain('Back on Sunday');
        expect(res.body).toContain('We are renovating.');
        expect(res.body).toContain('Noura Beauty Lounge');
        expect(res.body).not.toContain('Keratin treatment');
      }
      const token = signBookingToken(a.tenantId, randomUUID(), new Date(Date.now() + 86_400_000));
      const manage = await page(`/s/${a.subdomain}/b/${token}`);
      expect(manage.statusCode).toBe(200);
      expect(manage.body).toContain('data-view="manage"');
    } finally {
      await settings(a.tenantId, { status: 'active' });
    }
  });

  it('suspended: "store unavailable" (503)', async () => {
    await settings(a.tenantId, { status: 'suspended' });
    const res = await page(`/s/${a.subdomain}?lang=en`);
    await settings(a.tenantId, { status: 'active' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('Store unavailable');
    expect(res.body).not.toContain('Keratin treatment');
  });

  it('an unknown store is a 404 page, and so is an unknown page of a store', async () => {
    const none = await page(`/s/${randomLetters(15)}`);
    expect(none.statusCode).toBe(404);
    expect(none.headers['content-type']).toContain('text/html');
    expect(none.body).toContain('<html lang="ar" dir="rtl">');
    const bad = await page('/s/NOT-valid!');
    expect(bad.statusCode).toBe(404);
    const missing = await page(`/s/${a.subdomain}/nothing/here`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Noura Beauty Lounge');
  });
});

describe('custom pages', () => {
  it('shows a published content page (escaped, in paragraphs); a link page is a page saying where it leads (never a redirect); a draft is a 404', async () => {
    const res = await page(`/s/${a.subdomain}/p/about`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1><bdi>About us</bdi></h1>');
    expect(res.body).toContain('<p>We opened in 2010.</p><p>Everyone is welcome &lt;b&gt;here&lt;/b&gt;.</p>');
    const link = await page(`/s/${a.subdomain}/p/insta?lang=en`);
    expect(link.statusCode).toBe(200);
    expect(link.headers.location).toBeUndefined();
    expect(link.body).toContain('<bdi dir="ltr">instagram.com</bdi>');
    expect(link.body).toMatch(/You are leaving .* for <bdi dir="ltr">instagram\.com<\/bdi>/);
    expect(link.body).toContain('<a class="btn" href="https://instagram.com/lamsa" rel="noopener nofollow noreferrer">');
    expect(link.body).toContain(`<a class="btn alt" href="/s/${a.subdomain}?lang=en">`);
    expect(link.body).toContain('<meta name="robots" content="noindex">');
    // In the menu a link page opens its address directly, in a new tab.
    const home = (await page(`/s/${a.subdomain}`)).body;
    expect(home).toContain('<a href="https://instagram.com/lamsa" rel="noopener nofollow" target="_blank"><bdi>Our Instagram</bdi></a>');
    expect(home).not.toContain('/p/insta');
    // A link page whose address is not http(s) is neither a menu link nor a page.
    await t.db.execute(sql`insert into store_pages (tenant_id, type, title, slug, url) values (${a.tenantId}, 'link', 'Bad link', 'badlink', 'javascript:alert(1)')`);
    expect((await page(`/s/${a.subdomain}/p/badlink`)).statusCode).toBe(404);
    const after = (await page(`/s/${a.subdomain}`)).body;
    expect(after).not.toContain('javascript:');
    expect(after).not.toContain('Bad link');
    await t.db.execute(sql`delete from store_pages where tenant_id = ${a.tenantId} and slug = 'badlink'`);
    expect((await page(`/s/${a.subdomain}/p/draft`)).statusCode).toBe(404);
    expect((await page(`/s/${a.subdomain}/p/nope`)).statusCode).toBe(404);
  });
});

describe('the booking page', () => {
  it("holds the store script's data: settings, bookable services, providers, custom fields, preselection", async () => {
    await t.db.execute(
      sql`insert into custom_fields (tenant_id, label, name_en, html_tag, options, is_required, applies_to) values (${a.tenantId}, 'نوع الشعر', 'Hair type', 'select', ${sql.raw("'{curly,straight}'::text[]")}, true, 'booking')`,
    );
    const res = await page(`/s/${a.subdomain}/book?service=${ids.visible}&service=${ids.hidden}&service=${randomUUID()}&service=junk&hold=abcdefghijKLMNOP_-12`);
    expect(res.statusCode).toBe(200);
    // The placeholder keeps about the first step's height (nothing moves when the script fills it).
    const minHeight = Number(res.body.match(/<div id="store-app" data-view="book" style="min-height:(\d+)px"><\/div>/)?.[1]);
    expect(minHeight).toBeGreaterThan(300);
    expect(res.body).toContain('<noscript>');
    const data = storeData(res.body);
    expect(data).toMatchObject({
      subdomain: a.subdomain,
      base: `/s/${a.subdomain}`,
      api: `/api/v1/store/${a.subdomain}`,
      locale: 'ar',
      dir: 'rtl',
      currency: 'SAR',
      currency_decimals: 2,
      timezone: 'Asia/Riyadh',
      settings: { require_phone_otp: true, waitlist_enabled: true, show_prices: true, booking_window_days: 60, allow_reschedule: true, allow_cancel: true, change_notice_hours: 24 },
      country: 'SA',
      // An unknown hold: its token stays (the script says the offer expired), no seat.
      preselect: { service_ids: [ids.visible], hold_token: 'abcdefghijKLMNOP_-12', hold: null },
    });
    expect(data.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const names = data.services.map((s) => s.name);
    expect(names).toContain('Keratin treatment');
    expect(names).toContain('<script>alert(1)</script>');
    expect(names).not.toContain('Hidden staff-only service');
    expect(names).not.toContain('Private VIP service');
    expect(names).not.toContain('Beta secret service');
    // bookingpage_only: shown in the booking flow.
    expect(data.services.find((s) => s.id === ids.evil)).toMatchObject({ description: 'only on the booking page', deposit: 2000 });
    const providers = data.providers as { id: string; service_ids: string[] }[];
    expect(providers.length).toBeGreaterThan(0);
    for (const p of providers) for (const s of p.service_ids) expect(data.services.map((x) => x.id)).toContain(s);
    expect((data.branches as unknown[]).length).toBeGreaterThan(0);
    expect(data.custom_fields).toEqual([expect.objectContaining({ label: 'نوع الشعر', name_en: 'Hair type', html_tag: 'select', options: ['curly', 'straight'], is_required: true })]);
    // The JSON cannot end its element early: `<` is escaped inside.
    const block = res.body.match(/id="store-data">([\s\S]*?)<\/script>/)![1]!;
    expect(block).not.toContain('<');
    expect(block).toContain('\\u003cscript\\u003e');
  });

  it("gives each branch its own zone (the business's when it has none that is valid) and the business's country", async () => {
    await t.db.execute(sql`update tenants set country = 'AE' where id = ${a.tenantId}`);
    const [dubai] = await rows<{ id: string }>(t.db, sql`insert into branches (tenant_id, name, timezone) values (${a.tenantId}, 'Dubai Mall', 'Asia/Dubai') returning id`);
    const [broken] = await rows<{ id: string }>(t.db, sql`insert into branches (tenant_id, name, timezone) values (${a.tenantId}, 'Broken zone', 'Not/AZone') returning id`);
    try {
      const data = storeData((await page(`/s/${a.subdomain}/book`)).body);
      expect(data.country).toBe('AE');
      expect(data.timezone).toBe('Asia/Riyadh');
      const branches = data.branches as { id: string; name: string; timezone: string; today: string }[];
      expect(branches.find((x) => x.id === dubai!.id)).toMatchObject({ name: 'Dubai Mall', timezone: 'Asia/Dubai' });
      expect(branches.find((x) => x.id === broken!.id)).toMatchObject({ timezone: 'Asia/Riyadh' });
      const nowDubai = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Dubai' });
      expect(branches.find((x) => x.id === dubai!.id)?.today).toBe(nowDubai);
    } finally {
      await t.db.execute(sql`update tenants set country = 'SA' where id = ${a.tenantId}`);
      await t.db.execute(sql`delete from branches where tenant_id = ${a.tenantId} and id in (${dubai!.id}, ${broken!.id})`);
    }
  });

  it("a waitlist offer's link shows its held seat, only while it lasts and only in its own business", async () => {
    const [branch] = await rows<{ id: string }>(t.db, sql`select id from branches where tenant_id = ${a.tenantId} order by is_main desc limit 1`);
    const [bBranch] = await rows<{ id: string }>(t.db, sql`select id from branches where tenant_id = ${b.tenantId} order by is_main desc limit 1`);
    const start = new Date(Date.now() + 2 * 86_400_000);
    start.setUTCMinutes(0, 0, 0);
    const hold = async (tenantId: string, branchId: string, token: string, expiresInMs: number) =>
      t.db.execute(
        sql`insert into slot_holds (tenant_id, token_hash, branch_id, service_ids, staff_id, start_at, provider_ids, expires_at)
            values (${tenantId}, ${sha256(token)}, ${branchId}, ${sql.raw(`'{${ids.visible}}'::uuid[]`)}, null, ${start.toISOString()}, '{}'::uuid[], ${new Date(Date.now() + expiresInMs).toISOString()})`,
      );
    const live = `live_${randomLetters(16)}`;
    const gone = `gone_${randomLetters(16)}`;
    const other = `othr_${randomLetters(16)}`;
    await hold(a.tenantId, branch!.id, live, 600_000);
    await hold(a.tenantId, branch!.id, gone, -1000);
    await hold(b.tenantId, bBranch!.id, other, 600_000);
    const pre = async (sub: string, token: string) => storeData((await page(`/s/${sub}/book?hold=${token}`)).body).preselect as { hold_token: string | null; hold: Record<string, unknown> | null };
    const ok = await pre(a.subdomain, live);
    expect(ok.hold_token).toBe(live);
    expect(ok.hold).toMatchObject({ token: live, start_time: start.toISOString(), service_ids: [ids.visible], staff_id: null, branch_id: branch!.id });
    expect(Date.parse(String(ok.hold?.expires_at))).toBeGreaterThan(Date.now());
    expect((await pre(a.subdomain, gone)).hold).toBeNull();
    // B's hold on A's store, and A's on B's: nothing.
    expect((await pre(a.subdomain, other)).hold).toBeNull();
    expect((await pre(b.subdomain, live)).hold).toBeNull();
    // The held seat's details step is taller: the placeholder keeps its room.
    const html = (await page(`/s/${a.subdomain}/book?hold=${live}`)).body;
    expect(html).toContain('style="min-height:760px"');
  });

  it('the customer link: a genuine token of this business opens the shell; altered, expired or another business’s does not', async () => {
    const token = signBookingToken(a.tenantId, randomUUID(), new Date(Date.now() + 86_400_000));
    const ok = await page(`/s/${a.subdomain}/b/${token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain(`data-token="${token}"`);
    expect(ok.body).toContain('<meta name="robots" content="noindex">');
    expect(storeData(ok.body).subdomain).toBe(a.subdomain);
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await page(`/s/${a.subdomain}/b/${altered}`)).statusCode).toBe(404);
    const expired = signBookingToken(a.tenantId, randomUUID(), new Date(Date.now() - 1000));
    expect((await page(`/s/${a.subdomain}/b/${expired}`)).statusCode).toBe(410);
    // A's token on B's store.
    expect((await page(`/s/${b.subdomain}/b/${token}`)).statusCode).toBe(404);
  });
});

describe('isolation', () => {
  it("another business's store never shows this one's data", async () => {
    const html = (await page(`/s/${b.subdomain}`)).body;
    expect(html).toContain('Beta secret service');
    for (const s of ['Keratin treatment', 'Argan oil', 'Noura Beauty Lounge', 'About us', 'Wonderful visit', 'one.png', 'The best salon']) expect(html).not.toContain(s);
    const book = storeData((await page(`/s/${b.subdomain}/book?service=${ids.visible}`)).body);
    expect(book.services.map((s) => s.id)).not.toContain(ids.visible);
    expect(book.preselect).toEqual({ service_ids: [], hold_token: null, hold: null });
    expect((await page(`/s/${b.subdomain}/p/about`)).statusCode).toBe(404);
  });
});

describe('store hosts', () => {
  const storeHost = () => `${a.subdomain}.${t.config.storeDomain}`;

  it('<subdomain>.<STORE_DOMAIN> serves the store at its root, with links from its root', async () => {
    const res = await page('/', { host: storeHost() });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Keratin treatment');
    expect(res.body).toContain(`href="/book?service=${ids.visible}"`);
    const book = await page('/book?lang=en', { host: `${storeHost()}:3000` });
    expect(book.statusCode).toBe(200);
    expect(storeData(book.body)).toMatchObject({ base: '', subdomain: a.subdomain, locale: 'en' });
    expect((await page('/p/about', { host: storeHost() })).body).toContain('About us');
    // The API and the files pass through.
    const health = await page('/api/health', { host: storeHost() });
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it("a store host cannot reach another business's store, nor the main host's routes", async () => {
    const res = await page(`/s/${b.subdomain}`, { host: storeHost() });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Beta secret service');
    // B's host is B's store, whatever the path says.
    const other = await page(`/?subdomain=${a.subdomain}`, { host: `${b.subdomain}.${t.config.storeDomain}` });
    expect(other.body).toContain('Beta secret service');
    expect(other.body).not.toContain('Keratin treatment');
    // Reserved names are not stores; an unknown one is the no-store page.
    expect((await page('/', { host: `www.${t.config.storeDomain}` })).headers['content-type']).toContain('application/json');
    expect((await page('/', { host: `${randomLetters(15)}.${t.config.storeDomain}` })).statusCode).toBe(404);
  });

  it('a custom domain serves the store only once verified', async () => {
    const domain = `${randomLetters(10)}.example.com`;
    await t.db.execute(sql`update tenants set custom_domain = ${domain}, custom_domain_verified_at = null where id = ${a.tenantId}`);
    await invalidateStoreHosts();
    const before = await page('/', { host: domain });
    expect(before.body).not.toContain('Keratin treatment');
    await t.db.execute(sql`update tenants set custom_domain_verified_at = now() where id = ${a.tenantId}`);
    await invalidateStoreHosts();
    const after = await page('/', { host: domain.toUpperCase() });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Keratin treatment');
    // Its canonical address is the custom domain.
    expect(after.body).toContain(`<link rel="canonical" href="https://${domain}">`);
    await t.db.execute(sql`update tenants set custom_domain = null, custom_domain_verified_at = null where id = ${a.tenantId}`);
    await invalidateStoreHosts();
    expect((await page('/', { host: domain })).body).not.toContain('Keratin treatment');
  });
});

describe('visits', () => {
  const visitsToday = async (tenantId: string) =>
    Number((await rows<{ n: number }>(t.db, sql`select coalesce(sum(visits), 0)::int as n from store_visits where tenant_id = ${tenantId}`))[0]?.n ?? 0);
  const settle = async (tenantId: string, want: number) => {
    for (let i = 0; i < 50 && (await visitsToday(tenantId)) < want; i++) await new Promise((r) => setTimeout(r, 20));
    return visitsToday(tenantId);
  };

  it('counts a visit on each home page load, not for robots nor other pages', async () => {
    // The visits of the tests before are counted after their answers: let them land.
    await new Promise((r) => setTimeout(r, 300));
    const start = await visitsToday(b.tenantId);
    await page(`/s/${b.subdomain}`);
    expect(await settle(b.tenantId, start + 1)).toBe(start + 1);
    await page(`/s/${b.subdomain}`, { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await page(`/s/${b.subdomain}/book`);
    await page(`/s/${b.subdomain}`);
    expect(await settle(b.tenantId, start + 2)).toBe(start + 2);
    await new Promise((r) => setTimeout(r, 100));
    expect(await visitsToday(b.tenantId)).toBe(start + 2);
  });
});

describe('the store script', () => {
  it('is linked from the manifest of its build and served with a year of caching', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'khidma-store-dist-'));
    mkdirSync(path.join(dist, 'store', '.vite'), { recursive: true });
    mkdirSync(path.join(dist, 'store', 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'store', '.vite', 'manifest.json'), JSON.stringify({ 'src/store/main.ts': { file: 'assets/main-abc123.js', css: ['assets/main-def456.css'], isEntry: true } }));
    writeFileSync(path.join(dist, 'store', 'assets', 'main-abc123.js'), 'console.log("store")');
    const other = await buildTestApp({ env: { WEB_DIST: dist } });
    try {
      const owner = await newOwner(other);
      const book = await other.app.inject({ method: 'GET', url: `/s/${owner.subdomain}/book`, remoteAddress: randomIp() });
      expect(book.body).toContain('<script type="module" src="/store-assets/assets/main-abc123.js"></script>');
      expect(book.body).toContain('<link rel="stylesheet" href="/store-assets/assets/main-def456.css">');
      // The home needs no script.
      const home = await other.app.inject({ method: 'GET', url: `/s/${owner.subdomain}`, remoteAddress: randomIp() });
      expect(home.body).not.toContain('/store-assets/');
      const js = await other.app.inject({ method: 'GET', url: '/store-assets/assets/main-abc123.js', remoteAddress: randomIp() });
      expect(js.statusCode).toBe(200);
      expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      await other.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('without a build, the booking page still renders (no script)', async () => {
    const res = await page(`/s/${a.subdomain}/book`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script type="module"');
  });
});

describe('rendering helpers', () => {
  it('keeps addresses to our paths and http(s), and social values to their networks', () => {
    expect(safeUrl('/uploads/a.png')).toBe('/uploads/a.png');
    expect(safeUrl('//evil.example/a.png')).toBeNull();
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('https://ok.example/x')).toBe('https://ok.example/x');
    expect(socialHref('instagram', '@lamsa')).toBe('https://www.instagram.com/lamsa');
    expect(socialHref('email', 'a@b.co')).toBe('mailto:a@b.co');
    expect(socialHref('facebook', 'javascript:alert(1)')).toBeNull();
    expect(jsonScript({ x: '</script><!--' })).not.toMatch(/[<>]/);
    // The customer's link never reaches the logs, on the main host or a store host.
    expect(maskUrl('/s/demo/b/SECRETtoken_1?lang=en')).toBe('/s/demo/b/[redacted]?lang=en');
    expect(maskUrl('/b/SECRETtoken_1')).toBe('/b/[redacted]');
    expect(maskUrl('/api/v1/store/booking/SECRETtoken_1/cancel')).toBe('/api/v1/store/booking/[redacted]/cancel');
  });
});
