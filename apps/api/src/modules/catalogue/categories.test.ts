import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, readyUser, type TestApp } from '../../../test/helper';
import { staffAccount } from '../branches/staff.fixture';
import { injectAs } from '../../../test/helper';

let t: TestApp;
type Owner = Awaited<ReturnType<typeof readyUser>>;
let owner: Owner;
let other: Owner;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await readyUser(t);
  other = await readyUser(t);
});
afterAll(async () => {
  await t?.close();
});

const del = (c: Client, url: string) => c.request('DELETE', url);
const fields = (res: { json(): { errors?: Record<string, string[]> } }) => Object.keys(res.json().errors ?? {});

async function category(o: Owner, body: Record<string, unknown>) {
  const res = await o.client.post('categories', body);
  if (res.statusCode !== 201) throw new Error(`category: ${res.statusCode} ${res.body}`);
  return res.json().data as { uuid: string; slug: string; sort_order: number };
}

describe('categories', () => {
  it('creates a category, deriving the slug from a Latin name', async () => {
    const res = await owner.client.post('categories', { name: 'Hair & Beard', description: 'Cuts and shaves' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Added successfully');
    expect(res.json().data).toMatchObject({ name: 'Hair & Beard', slug: 'hair-beard', description: 'Cuts and shaves', services_count: 0, products_count: 0 });
    // The same name again gets a free slug.
    expect((await category(owner, { name: 'Hair & Beard' })).slug).toBe('hair-beard-2');
  });

  it('makes the slug of an Arabic-only name itself (transliterated, unique); a given slug takes only slug characters', async () => {
    const ar = await owner.client.post('categories', { name: 'العناية بالشعر' });
    expect(ar.statusCode).toBe(201);
    expect(ar.json().data).toMatchObject({ name: 'العناية بالشعر', slug: 'alanaya-balshar' });
    // The same Arabic name again gets a different slug.
    const again = await category(owner, { name: 'العناية بالشعر' });
    expect(again.slug).toBe('alanaya-balshar-2');
    // Short vowels are dropped, Arabic-Indic digits become digits; every slug keeps the slug rule.
    const marked = await category(owner, { name: 'حَلاقة ٣' });
    expect(marked.slug).toBe('hlaqa-3');
    for (const s of [ar.json().data.slug, again.slug, marked.slug]) expect(s).toMatch(/^[A-Za-z0-9_-]+$/);
    // A name with nothing to transliterate falls back to `category`, `category-2` …
    const first = await category(owner, { name: '💈💈💈💈' });
    const second = await category(owner, { name: '✂️✂️✂️✂️' });
    expect([first.slug, second.slug]).toEqual(['category', 'category-2']);
    // An edit without a slug keeps the one the category has.
    const kept = await owner.client.put(`categories/${again.uuid}`, { name: 'العناية بالأظافر' });
    expect(kept.json().data.slug).toBe('alanaya-balshar-2');
    const bad = await owner.client.post('categories', { name: 'العناية بالشعر', slug: 'شعر care' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.slug).toEqual(['English letters, digits, underscore and hyphen only']);
    const ok = await owner.client.post('categories', { name: 'العناية بالشعر', slug: 'hair_care-1' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.slug).toBe('hair_care-1');
  });

  it('refuses a slug already used in the business (422 exists), but not one of another business', async () => {
    await category(owner, { name: 'Nails corner', slug: 'nails' });
    const dup = await owner.client.post('categories', { name: 'Nail art', slug: 'nails' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.slug).toEqual(['This value already exists']);
    expect((await other.client.post('categories', { name: 'Nails corner', slug: 'nails' })).statusCode).toBe(201);
  });

  it('applies the name rule (more than 3 characters)', async () => {
    const res = await owner.client.post('categories', { name: 'abc' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual(['Name must be more than 3 characters']);
  });

  it('updates a category and keeps its slug when none is sent', async () => {
    const c = await category(owner, { name: 'Skin care' });
    const res = await owner.client.put(`categories/${c.uuid}`, { name: 'Skin care plus', sort_order: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Skin care plus', slug: 'skin-care', sort_order: 4 });
    const dup = await owner.client.put(`categories/${c.uuid}`, { name: 'Skin care plus', slug: 'nails' });
    expect(dup.statusCode).toBe(422);
  });

  it('reorders in one call; ids of another business are refused', async () => {
    const a = await category(other, { name: 'First one' });
    const b = await category(other, { name: 'Second one' });
    const c = await category(other, { name: 'Third one' });
    const res = await other.client.put('categories/reorder', { ids: [c.uuid, a.uuid, b.uuid] });
    expect(res.statusCode).toBe(200);
    const list = (await other.client.get('categories')).json().data as { uuid: string; sort_order: number }[];
    const order = list.filter((x) => [a.uuid, b.uuid, c.uuid].includes(x.uuid)).map((x) => x.uuid);
    expect(order).toEqual([c.uuid, a.uuid, b.uuid]);
    const mine = await category(owner, { name: 'Mine only' });
    const foreign = await other.client.put('categories/reorder', { ids: [a.uuid, mine.uuid] });
    expect(foreign.statusCode).toBe(422);
    expect(fields(foreign)).toEqual(['ids']);
    expect((await other.client.put('categories/reorder', { ids: [a.uuid, a.uuid] })).statusCode).toBe(422);
  });

  it('refuses to delete a category in use (422), deletes an unused one', async () => {
    const c = await category(owner, { name: 'Used category' });
    await t.db.execute(sql`insert into products (tenant_id, name, price, category_id) values (${owner.user.tenant.uuid}, 'Shampoo', 2500, ${c.uuid})`);
    const res = await del(owner.client, `categories/${c.uuid}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/cannot be deleted/);
    const free = await category(owner, { name: 'Unused category' });
    expect((await del(owner.client, `categories/${free.uuid}`)).statusCode).toBe(200);
    expect((await owner.client.get(`categories/${free.uuid}`)).statusCode).toBe(404);
  });

  it("answers 404 for another business's category", async () => {
    const theirs = await category(other, { name: 'Their category' });
    expect((await owner.client.get(`categories/${theirs.uuid}`)).statusCode).toBe(404);
    expect((await owner.client.put(`categories/${theirs.uuid}`, { name: 'Taken over' })).statusCode).toBe(404);
    expect((await del(owner.client, `categories/${theirs.uuid}`)).statusCode).toBe(404);
  });

  it('is open to services or products keys; 403 without them', async () => {
    const tenant = owner.user.tenant.uuid;
    const none = await staffAccount(t.db, tenant, { permissions: ['customers'] });
    expect((await injectAs(t.app, none.token, { url: 'categories' })).statusCode).toBe(403);
    const products = await staffAccount(t.db, tenant, { permissions: ['products'] });
    expect((await injectAs(t.app, products.token, { url: 'categories' })).statusCode).toBe(200);
  });
});
