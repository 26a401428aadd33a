import { existsSync } from 'node:fs';
import path from 'node:path';
import { STORE_GALLERY_MAX, STORE_PAGES_MAX } from '@app/shared/schemas/store';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, rows, type TestApp } from '../../../test/helper';
import { localDns } from '../../integrations/dns/dns.adapter';
import { newOwner, newStaff, type Owner } from '../access/access.fixtures';
import { GIF_1PX, multipart } from '../catalogue/catalogue.fixtures';
import { seedOrder } from '../transactions/transactions.fixtures';
import { recordStoreVisit } from './store-visits';
import { jpegHeader, png, webpHeader } from './store.fixtures';

/**
 * The store panel (issue 19): settings with their defaults, each tab's save and its messages, the
 * images checked from their bytes, the store URL fixed once chosen, the custom domain proved by DNS
 * (the local resolver), the gallery, custom pages and the analytics per local day.
 */

let t: TestApp;
let owner: Owner;
let other: Owner;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOwner(t);
  other = await newOwner(t);
});
afterAll(async () => {
  await t?.close();
});

const file = (bytes: Buffer, name = 'a.png', type = 'image/png') => multipart([{ field: 'file', name, type, bytes }]);
const upload = (o: Owner, url: string, bytes: Buffer | null, extra: { caption?: string; files?: Buffer[] } = {}) => {
  const parts: { field: string; name: string; type: string; bytes: Buffer }[] = [];
  for (const b of extra.files ?? (bytes ? [bytes] : [])) parts.push({ field: 'file', name: 'a.png', type: 'image/png', bytes: b });
  const body = multipart(parts);
  let payload = body.payload;
  if (extra.caption !== undefined) {
    const boundary = body.headers['content-type'].split('boundary=')[1];
    payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\n${extra.caption}\r\n`), payload]);
  }
  return o.client.request('POST', url, { payload, headers: body.headers });
};
const onDisk = (url: string) => existsSync(path.join(t.config.uploadsDir, url.replace(/^\/uploads\//, '')));
const errorsOf = (res: { json(): { errors?: Record<string, string[]> } }) => res.json().errors ?? {};

async function staffWith(o: Owner, permissions: string[]) {
  const role = await o.client.post('roles', { name: `Role ${Math.random()}`, permissions });
  expect(role.statusCode, role.body).toBe(201);
  return newStaff(t, o, 'admin', { role_id: role.json().data.uuid });
}

describe('store settings', () => {
  it('answers the defaults before the first save, with the store addresses and the logo of the business', async () => {
    const res = await owner.client.get('store/settings');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      subdomain: owner.subdomain,
      full_domain: `${owner.subdomain}.${t.config.storeDomain}`,
      custom_domain: null,
      custom_domain_verified: false,
      status: 'active',
      layout: 'everything',
      primary_color: '#3B71FE',
      logo: null,
      banner: null,
      require_phone_otp: true,
      booking_window_days: 60,
    });
    expect(data.store_url).toMatch(new RegExp(`/s/${owner.subdomain}$`));
    expect(Object.keys(data.social).sort()).toEqual(['email', 'facebook', 'instagram', 'linkedin', 'snapchat', 'tiktok', 'twitter', 'whatsapp', 'youtube']);
  });

  it('is read with any key of the store panel, and refused (403) without one; each tab saves only with its key', async () => {
    const gallery = await staffWith(owner, ['store.gallery']);
    expect((await gallery.client.get('store/settings')).statusCode).toBe(200);
    expect((await gallery.client.post('store/settings/appearance', { primary_color: '#000000', secondary_color: '#111111', background_color: '#FFFFFF' })).statusCode).toBe(403);
    const bookings = await staffWith(owner, ['bookings']);
    expect((await bookings.client.get('store/settings')).statusCode).toBe(403);
    expect((await bookings.client.get('store/analytics?from=2026-01-01&to=2026-01-02')).statusCode).toBe(403);
    expect((await bookings.client.get('store/custom-pages')).statusCode).toBe(403);
    expect((await bookings.client.get('gallery')).statusCode).toBe(403);
    expect((await bookings.client.post('settings/booking-page-settings/check-subdomain', { subdomain: 'abcdef' })).statusCode).toBe(403);
  });

  it('saves the general tab: the name on the business, maintenance needs a title, suspended is the platform’s', async () => {
    const missing = await owner.client.post('store/settings/general', { store_name: 'Lamsa', status: 'maintenance', maintenance_title: ' ' });
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing)).toEqual({ maintenance_title: ['This field is required'] });

    const ok = await owner.client.post('store/settings/general', { store_name: 'Lamsa Salon', description: 'Hair and beauty', status: 'maintenance', maintenance_title: 'Back soon', maintenance_body: 'Closed for Eid' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ store_name: 'Lamsa Salon', description: 'Hair and beauty', status: 'maintenance', maintenance_title: 'Back soon', maintenance_body: 'Closed for Eid' });
    const [row] = await rows<{ store_name: string }>(t.db, sql`select store_name from tenants where id = ${owner.tenantId}`);
    expect(row?.store_name).toBe('Lamsa Salon');

    const suspend = await owner.client.post('store/settings/general', { store_name: 'Lamsa Salon', status: 'suspended' });
    expect(errorsOf(suspend)).toEqual({ status: ['Only the platform suspends a store: choose active or maintenance'] });
    // Suspended by the platform: the business cannot lift it, but may still edit the rest.
    await t.db.execute(sql`update store_settings set status = 'suspended' where tenant_id = ${owner.tenantId}`);
    const lift = await owner.client.post('store/settings/general', { store_name: 'Lamsa Salon', status: 'active' });
    expect(errorsOf(lift).status).toEqual(['The store is suspended by the platform: contact support']);
    const keep = await owner.client.post('store/settings/general', { store_name: 'Lamsa', status: 'suspended' });
    expect(keep.json().data).toMatchObject({ store_name: 'Lamsa', status: 'suspended' });
    await t.db.execute(sql`update store_settings set status = 'active' where tenant_id = ${owner.tenantId}`);
    const ar = await owner.client.post('store/settings/general', { store_name: 'Lamsa', status: 'suspended' }, { lang: 'ar' });
    expect(errorsOf(ar).status?.[0]).toMatch(/المنصة/);
  });

  it('saves the booking tab and the colours, with field messages', async () => {
    const body = { layout: 'services_only', approve_bookings: true, change_notice_hours: 12, allow_reschedule: false, allow_cancel: true, require_phone_otp: false, show_prices: false, booking_window_days: 30, waitlist_enabled: false };
    const ok = await owner.client.post('store/settings/booking', body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject(body);
    expect((await owner.client.get('store/settings')).json().data).toMatchObject(body);
    const bad = await owner.client.post('store/settings/booking', { ...body, layout: 'grid', booking_window_days: 0 });
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(['booking_window_days', 'layout']);

    const colours = await owner.client.post('store/settings/appearance', { primary_color: '#112233', secondary_color: '#445566', background_color: '#FAFAFA' });
    expect(colours.json().data).toMatchObject({ primary_color: '#112233', secondary_color: '#445566', background_color: '#FAFAFA' });
    const badColour = await owner.client.post('store/settings/appearance', { primary_color: 'red', secondary_color: '#445566', background_color: '#FAFAFA' });
    expect(errorsOf(badColour)).toEqual({ primary_color: ['Invalid colour (like #3B71FE)'] });
  });
});

describe('store images', () => {
  it('replaces the logo (the business logo) with a square PNG up to 500×500, removing the previous file', async () => {
    const first = await upload(owner, 'store/settings/images/logo', png(200, 200));
    expect(first.statusCode, first.body).toBe(200);
    const logo1 = first.json().data.logo as string;
    expect(logo1).toMatch(new RegExp(`^/uploads/store/${owner.tenantId}/logo-.+\\.png$`));
    expect(onDisk(logo1)).toBe(true);
    expect((await owner.client.get('auth/me')).json().data.tenant.logo).toBe(logo1);
    // Served publicly.
    expect((await t.app.inject({ method: 'GET', url: logo1 })).statusCode).toBe(200);

    const second = await upload(owner, 'store/settings/images/logo', jpegHeader(500, 500));
    expect(second.statusCode, second.body).toBe(200);
    const logo2 = second.json().data.logo as string;
    expect(logo2).toMatch(/\.jpg$/);
    expect(onDisk(logo1)).toBe(false);
    expect(onDisk(logo2)).toBe(true);

    const removed = await owner.client.request('DELETE', 'store/settings/images/logo');
    expect(removed.json().data.logo).toBeNull();
    expect(onDisk(logo2)).toBe(false);
  });

  it('refuses a logo too heavy, too large, not square or not JPG/PNG, told from the bytes', async () => {
    const heavy = png(500, 500, { noise: true });
    expect(heavy.length).toBeGreaterThan(500 * 1024);
    expect(errorsOf(await upload(owner, 'store/settings/images/logo', heavy))).toEqual({ file: ['Image too large (limit 500 KB)'] });
    expect(errorsOf(await upload(owner, 'store/settings/images/logo', png(600, 600)))).toEqual({ file: ['The logo is at most 500×500 pixels'] });
    expect(errorsOf(await upload(owner, 'store/settings/images/logo', png(300, 200)))).toEqual({ file: ['The logo must be square (1:1)'] });
    expect(errorsOf(await upload(owner, 'store/settings/images/logo', webpHeader('VP8 ', 100, 100)))).toEqual({ file: ['File type unsupported'] });
    expect(errorsOf(await upload(owner, 'store/settings/images/logo', GIF_1PX))).toEqual({ file: ['File type unsupported'] });
    // A PNG name on text bytes.
    expect(errorsOf(await upload(owner, 'store/settings/images/logo', Buffer.from('hello, not an image')))).toEqual({ file: ['File type unsupported'] });
    expect((await owner.client.get('store/settings')).json().data.logo).toBeNull();
  });

  it('answers "change … first" when saved without a file, and refuses two files', async () => {
    expect(errorsOf(await upload(owner, 'store/settings/images/logo', null))).toEqual({ file: ['Change the logo first'] });
    expect(errorsOf(await upload(owner, 'store/settings/images/banner', null))).toEqual({ file: ['Change the banner first'] });
    expect(errorsOf(await upload(owner, 'store/settings/images/favicon', null))).toEqual({ file: ['Change the browser icon first'] });
    // Not multipart at all.
    expect(errorsOf(await owner.client.post('store/settings/images/banner', {}))).toEqual({ file: ['Change the banner first'] });
    const ar = await owner.client.request('POST', 'store/settings/images/favicon', { ...file(Buffer.alloc(0)), lang: 'ar' });
    expect(errorsOf(ar).file?.[0]).toBe('غيّر أيقونة المتصفح أولًا');
    const two = await upload(owner, 'store/settings/images/banner', null, { files: [png(10, 10), png(10, 10)] });
    expect(two.statusCode).toBe(422);
    expect(errorsOf(two)).toEqual({ file: ['Only one image'] });
    expect((await upload(owner, 'store/settings/images/wallpaper', png(10, 10))).statusCode).toBe(422);
  });

  it('sets and removes the banner and favicon (JPG, PNG or WEBP)', async () => {
    const banner = await upload(owner, 'store/settings/images/banner', webpHeader('VP8X', 1600, 400));
    expect(banner.statusCode, banner.body).toBe(200);
    expect(banner.json().data.banner).toMatch(/banner-.+\.webp$/);
    const favicon = await upload(owner, 'store/settings/images/favicon', png(32, 32));
    expect(favicon.json().data).toMatchObject({ banner: banner.json().data.banner, favicon: expect.stringMatching(/favicon-.+\.png$/) });
    expect(errorsOf(await upload(owner, 'store/settings/images/banner', GIF_1PX))).toEqual({ file: ['File type unsupported'] });
    const gone = await owner.client.request('DELETE', 'store/settings/images/banner');
    expect(gone.json().data).toMatchObject({ banner: null, favicon: favicon.json().data.favicon });
    expect(onDisk(banner.json().data.banner)).toBe(false);
  });
});

describe('store contacts', () => {
  it('keeps the phones in E.164, the e-mails checked and the social links as http(s) addresses', async () => {
    const ok = await owner.client.post('store/settings/contacts', {
      contact_phone: '050 123 4567',
      contact_email: 'Hello@Lamsa.SA',
      address: 'Riyadh',
      social: { instagram: 'https://instagram.com/lamsa', whatsapp: '0551234567', email: 'Book@Lamsa.sa', facebook: '' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      contact_phone: '+966501234567',
      contact_email: 'hello@lamsa.sa',
      address: 'Riyadh',
      social: { instagram: 'https://instagram.com/lamsa', whatsapp: '+966551234567', email: 'book@lamsa.sa', facebook: null, twitter: null },
    });
    const bad = await owner.client.post('store/settings/contacts', {
      contact_phone: '12345',
      contact_email: 'not-an-email',
      social: { facebook: 'javascript:alert(1)', twitter: 'twitter.com/x', whatsapp: 'abc', email: 'nope' },
    });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)).toEqual({
      contact_phone: ['Invalid phone number'],
      contact_email: ['Invalid e-mail address'],
      'social.facebook': ['Invalid URL'],
      'social.twitter': ['Invalid URL'],
      'social.whatsapp': ['Invalid phone number'],
      'social.email': ['Invalid e-mail address'],
    });
    // Nothing of the bad save was written.
    expect((await owner.client.get('store/settings')).json().data.contact_phone).toBe('+966501234567');
  });
});

describe('custom domain', () => {
  it('sets a domain (lower case, a new token, unverified), refuses ours and another store’s, verifies it by its TXT record, clears it', async () => {
    const set = await owner.client.post('store/settings/custom-domain', { custom_domain: 'Book.Lamsa-Salon.com' });
    expect(set.statusCode, set.body).toBe(200);
    const data = set.json().data;
    expect(data).toMatchObject({ custom_domain: 'book.lamsa-salon.com', custom_domain_verified: false });
    expect(data.custom_domain_token).toMatch(/^khidma-verify-[0-9a-f]{32}$/);
    // Sent again: the same token.
    expect((await owner.client.post('store/settings/custom-domain', { custom_domain: 'book.lamsa-salon.com' })).json().data.custom_domain_token).toBe(data.custom_domain_token);

    // An unverified claim blocks nobody: the other store may claim it too, and whoever proves it first gets it.
    const squat = await other.client.post('store/settings/custom-domain', { custom_domain: 'BOOK.lamsa-salon.com' });
    expect(squat.statusCode, squat.body).toBe(200);
    expect(errorsOf(await other.client.post('store/settings/custom-domain', { custom_domain: `shop.${t.config.storeDomain}` }))).toEqual({
      custom_domain: ["The platform's own domain cannot be used: enter your own domain"],
    });
    expect(errorsOf(await other.client.post('store/settings/custom-domain', { custom_domain: t.config.storeDomain })).custom_domain).toHaveLength(1);
    expect((await other.client.post('store/settings/custom-domain', { custom_domain: 'not a domain' })).statusCode).toBe(422);

    const unverified = await owner.client.post('store/settings/custom-domain/verify');
    expect(unverified.statusCode).toBe(422);
    expect(errorsOf(unverified).custom_domain?.[0]).toContain('_khidma.book.lamsa-salon.com');
    expect(errorsOf(unverified).custom_domain?.[0]).toContain(data.custom_domain_token);
    localDns.set('_khidma.book.lamsa-salon.com', ['some-other-record']);
    expect((await owner.client.post('store/settings/custom-domain/verify')).statusCode).toBe(422);
    localDns.set('_khidma.book.lamsa-salon.com', ['some-other-record', data.custom_domain_token]);
    const verified = await owner.client.post('store/settings/custom-domain/verify');
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.custom_domain_verified).toBe(true);
    // Proven: the other store's claim is void, and it can no longer take the domain.
    const [squatted] = await rows<{ custom_domain: string | null }>(t.db, sql`select custom_domain from tenants where id = ${other.tenantId}`);
    expect(squatted?.custom_domain).toBeNull();
    expect(errorsOf(await other.client.post('store/settings/custom-domain', { custom_domain: 'BOOK.lamsa-salon.com' }))).toEqual({ custom_domain: ['This domain is used by another store'] });

    // A new domain starts over; null clears all three.
    const moved = await owner.client.post('store/settings/custom-domain', { custom_domain: 'www.lamsa-salon.com' });
    expect(moved.json().data.custom_domain_verified).toBe(false);
    expect(moved.json().data.custom_domain_token).not.toBe(data.custom_domain_token);
    const cleared = await owner.client.post('store/settings/custom-domain', { custom_domain: null });
    expect(cleared.json().data).toMatchObject({ custom_domain: null, custom_domain_token: null, custom_domain_verified: false });
    const [row] = await rows<{ custom_domain_token: string | null; custom_domain_verified_at: Date | null }>(
      t.db,
      sql`select custom_domain_token, custom_domain_verified_at from tenants where id = ${owner.tenantId}`,
    );
    expect(row).toEqual({ custom_domain_token: null, custom_domain_verified_at: null });
    expect(errorsOf(await owner.client.post('store/settings/custom-domain/verify'))).toEqual({ custom_domain: ['This field is required'] });
    // Freed: another store may take the first domain now.
    expect((await other.client.post('store/settings/custom-domain', { custom_domain: 'book.lamsa-salon.com' })).statusCode).toBe(200);
  });
});

describe('store URL', () => {
  it('checks availability with suggestions, under the subdomain rules', async () => {
    const taken = await owner.client.post('settings/booking-page-settings/check-subdomain', { subdomain: other.subdomain });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data).toMatchObject({ subdomain: other.subdomain, available: false });
    expect(taken.json().data.suggestions.length).toBeGreaterThan(0);
    const mine = await owner.client.post('settings/booking-page-settings/check-subdomain', { subdomain: owner.subdomain });
    expect(mine.json().data.available).toBe(true);
    const free = await owner.client.post('settings/booking-page-settings/check-subdomain', { subdomain: 'Zzqqfreeone' });
    expect(free.json().data).toMatchObject({ subdomain: 'zzqqfreeone', available: true });
    expect(errorsOf(await owner.client.post('settings/booking-page-settings/check-subdomain', { subdomain: 'ab1' }))).toEqual({
      subdomain: ['3 to 20 English letters, no Arabic letters, digits or symbols'],
    });
    expect(errorsOf(await owner.client.post('settings/booking-page-settings/check-subdomain', { subdomain: 'admin' }))).toEqual({ subdomain: ['This name is reserved'] });
  });

  it('is chosen once: a business without one picks a free one, and it is fixed after', async () => {
    const fixed = await owner.client.post('settings/booking-page-settings/update-subdomain', { subdomain: 'somethingelse' });
    expect(errorsOf(fixed)).toEqual({ subdomain: ['The store URL cannot change once chosen'] });
    expect((await owner.client.post('settings/booking-page-settings/update-subdomain', { subdomain: owner.subdomain })).statusCode).toBe(200);

    const fresh = await newOwner(t);
    await t.db.execute(sql`update tenants set subdomain = null where id = ${fresh.tenantId}`);
    expect(errorsOf(await fresh.client.post('settings/booking-page-settings/update-subdomain', { subdomain: other.subdomain }))).toEqual({
      subdomain: ['This store URL is taken, try a suggestion'],
    });
    const chosen = await fresh.client.post('settings/booking-page-settings/update-subdomain', { subdomain: 'Freshstoreq' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data).toMatchObject({ subdomain: 'freshstoreq', full_domain: `freshstoreq.${t.config.storeDomain}` });
    expect(errorsOf(await fresh.client.post('settings/booking-page-settings/update-subdomain', { subdomain: 'freshstorez' }))).toEqual({
      subdomain: ['The store URL cannot change once chosen'],
    });
  });
});

describe('gallery', () => {
  it('adds pictures with captions, lists them in order, reorders and removes them with their files', async () => {
    const o = await newOwner(t);
    const a = await upload(o, 'gallery', png(800, 600), { caption: 'The salon' });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json().data).toMatchObject({ caption: 'The salon', sort_order: 0 });
    const b = (await upload(o, 'gallery', jpegHeader(640, 480))).json().data;
    const c = (await upload(o, 'gallery', webpHeader('VP8L', 100, 100))).json().data;
    const list = await o.client.get('gallery');
    expect(list.json().data.map((x: { id: string }) => x.id)).toEqual([a.json().data.id, b.id, c.id]);
    expect(errorsOf(await upload(o, 'gallery', null))).toEqual({ file: ['This field is required'] });
    expect(errorsOf(await upload(o, 'gallery', GIF_1PX))).toEqual({ file: ['File type unsupported'] });

    const ordered = await o.client.post('gallery/order', { ids: [c.id, a.json().data.id] });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json().data.map((x: { id: string }) => x.id)).toEqual([c.id, a.json().data.id, b.id]);
    const theirs = (await upload(other, 'gallery', png(10, 10))).json().data;
    expect(errorsOf(await o.client.post('gallery/order', { ids: [c.id, theirs.id] }))).toEqual({ 'ids.1': ['This value does not exist'] });
    expect(errorsOf(await o.client.post('gallery/order', { ids: [c.id, c.id] }))).toEqual({ 'ids.1': ['This value is repeated'] });

    expect((await o.client.request('DELETE', `gallery/${theirs.id}`)).statusCode).toBe(404);
    expect(onDisk(b.url)).toBe(true);
    expect((await o.client.request('DELETE', `gallery/${b.id}`)).statusCode).toBe(200);
    expect(onDisk(b.url)).toBe(false);
    expect((await o.client.get('gallery')).json().data).toHaveLength(2);
  });

  it(`holds at most ${STORE_GALLERY_MAX} pictures`, async () => {
    const o = await newOwner(t);
    await t.db.execute(
      sql`insert into store_gallery (tenant_id, path, mime, size, sort_order) select ${o.tenantId}, '/uploads/x.png', 'image/png', 10, g from generate_series(1, ${STORE_GALLERY_MAX - 1}) g`,
    );
    expect((await upload(o, 'gallery', png(10, 10))).statusCode).toBe(201);
    const full = await upload(o, 'gallery', png(10, 10));
    expect(full.statusCode).toBe(422);
    expect(errorsOf(full)).toEqual({ file: [`The gallery is full (${STORE_GALLERY_MAX} pictures at most): remove one first`] });
    const [n] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from store_gallery where tenant_id = ${o.tenantId}`);
    expect(n?.n).toBe(STORE_GALLERY_MAX);
  });
});

describe('custom pages', () => {
  it('creates content and link pages, keeps slugs unique in the business (any case), edits, reads and deletes', async () => {
    const o = await newOwner(t);
    const about = await o.client.post('store/custom-pages', { type: 'content', title: 'About us', slug: 'about', body: 'We are a salon.', url: 'https://ignored.example' });
    expect(about.statusCode, about.body).toBe(201);
    expect(about.json().data).toMatchObject({ type: 'content', title: 'About us', slug: 'about', body: 'We are a salon.', url: null, published: true });
    const link = await o.client.post('store/custom-pages', { type: 'link', title: 'Our map', slug: 'map', url: 'https://maps.example.com/x', sort_order: 1 });
    expect(link.json().data).toMatchObject({ type: 'link', url: 'https://maps.example.com/x', body: null });

    expect(errorsOf(await o.client.post('store/custom-pages', { type: 'content', title: 'Again', slug: 'About', body: 'x' }))).toEqual({ slug: ['Another page already uses this slug'] });
    expect(errorsOf(await o.client.post('store/custom-pages', { type: 'content', title: 'Bad', slug: 'من نحن', body: '' }))).toEqual({
      slug: ['English letters, digits, underscore and hyphen only'],
      body: ['This field is required'],
    });
    expect(errorsOf(await o.client.post('store/custom-pages', { type: 'link', title: 'Bad', slug: 'bad', url: 'javascript:alert(1)' }))).toEqual({ url: ['Invalid URL'] });
    // Another business may use the same slug.
    expect((await other.client.post('store/custom-pages', { type: 'content', title: 'About', slug: 'about', body: 'Theirs' })).statusCode).toBe(201);

    const id = about.json().data.id;
    expect(errorsOf(await o.client.put(`store/custom-pages/${id}`, { type: 'content', title: 'About', slug: 'MAP', body: 'x' }))).toEqual({ slug: ['Another page already uses this slug'] });
    const edited = await o.client.put(`store/custom-pages/${id}`, { type: 'content', title: 'About Lamsa', slug: 'about', body: 'Since 2020.', published: false });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'About Lamsa', body: 'Since 2020.', published: false });
    expect((await o.client.get(`store/custom-pages/${id}`)).json().data.title).toBe('About Lamsa');
    expect((await o.client.get('store/custom-pages')).json().data.map((p: { slug: string }) => p.slug)).toEqual(['about', 'map']);
    const theirId = (await other.client.get('store/custom-pages')).json().data[0].id;
    expect((await o.client.get(`store/custom-pages/${theirId}`)).statusCode).toBe(404);
    expect((await o.client.request('DELETE', `store/custom-pages/${id}`)).statusCode).toBe(200);
    expect((await o.client.get(`store/custom-pages/${id}`)).statusCode).toBe(404);
  });

  it(`holds at most ${STORE_PAGES_MAX} pages`, async () => {
    const o = await newOwner(t);
    await t.db.execute(
      sql`insert into store_pages (tenant_id, type, title, slug, body) select ${o.tenantId}, 'content', 'Page', 'page-' || g, 'x' from generate_series(1, ${STORE_PAGES_MAX}) g`,
    );
    const full = await o.client.post('store/custom-pages', { type: 'content', title: 'One more', slug: 'more', body: 'x' });
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe(`You have reached the page limit (${STORE_PAGES_MAX}): delete a page first`);
  });
});

describe('analytics', () => {
  it('counts visits and booking-page orders per local day (Riyadh), zeros for missing days, conversion to 4 decimals', async () => {
    const o = await newOwner(t);
    // 21:30 UTC on 3 March is 00:30 on 4 March in Riyadh.
    for (let i = 0; i < 3; i++) await recordStoreVisit(t.db, o.tenantId, 'Asia/Riyadh', new Date('2026-03-03T21:30:00Z'));
    for (let i = 0; i < 7; i++) await recordStoreVisit(t.db, o.tenantId, 'Asia/Riyadh', new Date('2026-03-02T10:00:00Z'));
    const order = async (createdAt: string, opts: { source?: string; draft?: boolean; status?: string; trashed?: boolean } = {}) => {
      const row = await seedOrder(t.db, o.tenantId, { total: 1000, isDraft: opts.draft ?? false });
      await t.db.execute(
        sql`update orders set source = ${opts.source ?? 'booking-page'}, status = ${opts.status ?? 'confirmed'}, created_at = ${createdAt}::timestamptz,
            deleted_at = ${opts.trashed ? sql`now()` : null} where tenant_id = ${o.tenantId} and id = ${row.id}`,
      );
    };
    await order('2026-03-03T21:15:00Z'); // 4 March local
    await order('2026-03-02T09:00:00Z'); // 2 March
    await order('2026-03-02T12:00:00Z', { status: 'waiting-review' }); // 2 March
    await order('2026-03-02T12:00:00Z', { source: 'calendar' }); // not the store's
    await order('2026-03-02T12:00:00Z', { draft: true });
    await order('2026-03-02T12:00:00Z', { status: 'canceled' });
    await order('2026-03-02T12:00:00Z', { trashed: true });
    await order('2026-03-01T20:59:00Z'); // 1 March local: outside the range

    const res = await o.client.get('store/analytics?from=2026-03-02&to=2026-03-05');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      days: [
        { date: '2026-03-02', visits: 7, bookings: 2, conversion: 0.2857 },
        { date: '2026-03-03', visits: 0, bookings: 0, conversion: 0 },
        { date: '2026-03-04', visits: 3, bookings: 1, conversion: 0.3333 },
        { date: '2026-03-05', visits: 0, bookings: 0, conversion: 0 },
      ],
      totals: { visits: 10, bookings: 3, conversion: 0.3 },
    });
    // Another business sees none of it.
    expect((await other.client.get('store/analytics?from=2026-03-02&to=2026-03-05')).json().data.totals).toEqual({ visits: 0, bookings: 0, conversion: 0 });
  });

  it('refuses a reversed or too long period and bad dates', async () => {
    expect(errorsOf(await owner.client.get('store/analytics?from=2026-03-05&to=2026-03-04'))).toEqual({ to: ['The end date cannot be before the start date'] });
    // 1 January to 2 April 2026: 92 days, included; one more is too many.
    expect(errorsOf(await owner.client.get('store/analytics?from=2026-01-01&to=2026-04-03'))).toEqual({ to: ['The period is at most 92 days'] });
    const longest = await owner.client.get('store/analytics?from=2026-01-01&to=2026-04-02');
    expect(longest.json().data.days).toHaveLength(92);
    expect(Object.keys(errorsOf(await owner.client.get('store/analytics?from=yesterday')))).toEqual(['from', 'to']);
  });
});

describe('recordStoreVisit', () => {
  it('adds one a call on the local day, concurrent calls included', async () => {
    const o = await newOwner(t);
    const at = new Date('2026-06-10T22:00:00Z'); // 11 June in Riyadh, 10 June in London
    await Promise.all([recordStoreVisit(t.db, o.tenantId, 'Asia/Riyadh', at), recordStoreVisit(t.db, o.tenantId, 'Asia/Riyadh', at), recordStoreVisit(t.db, o.tenantId, 'Europe/London', at)]);
    const days = await rows<{ day: string; visits: number }>(t.db, sql`select to_char(day, 'YYYY-MM-DD') as day, visits from store_visits where tenant_id = ${o.tenantId} order by day`);
    expect(days).toEqual([
      { day: '2026-06-10', visits: 1 },
      { day: '2026-06-11', visits: 2 },
    ]);
  });
});
