import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, injectAs, readyUser, rows, type TestApp } from '../../../test/helper';
import { staffAccount } from '../branches/staff.fixture';

let t: TestApp;
type Owner = Awaited<ReturnType<typeof readyUser>>;
let owner: Owner;
let other: Owner;
let categoryId: string;
let otherCategoryId: string;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await readyUser(t);
  other = await readyUser(t);
  categoryId = (await owner.client.post('categories', { name: 'Hair services' })).json().data.uuid;
  otherCategoryId = (await other.client.post('categories', { name: 'Their services' })).json().data.uuid;
});
afterAll(async () => {
  await t?.close();
});

const del = (c: Client, url: string) => c.request('DELETE', url);
const tenantOf = (o: Owner) => o.user.tenant.uuid;

const service = (overrides: Record<string, unknown> = {}) => ({
  name: 'Beard trim',
  category_id: categoryId,
  price: 3500,
  duration: 45,
  buffer_time: 10,
  ...overrides,
});

async function create(o: Owner, body: Record<string, unknown>) {
  const res = await o.client.post('services', body);
  if (res.statusCode !== 201) throw new Error(`service: ${res.statusCode} ${res.body}`);
  return res.json().data as { uuid: string; slug: string | null; providers_count: number };
}

async function tax(o: Owner, name: string, rateBps: number): Promise<string> {
  const [row] = await rows<{ id: string }>(t.db, sql`insert into taxes (tenant_id, name, rate_bps) values (${tenantOf(o)}, ${name}, ${rateBps}) returning id`);
  if (!row) throw new Error('tax');
  return row.id;
}

async function branch(o: Owner, name: string): Promise<string> {
  const res = await o.client.post('branches', { name, type: 'on-site', timezone: 'Asia/Riyadh', working_hours: {} });
  return res.json().data.uuid;
}

describe('services: create and read', () => {
  it('creates a service with every field of spec §3', async () => {
    const vat = await tax(owner, 'VAT', 1500);
    const b = await branch(owner, 'North branch');
    const res = await owner.client.post(
      'services',
      service({
        name: 'Hot towel shave',
        deposit_enabled: true,
        deposit_amount: 1000,
        sort_order: 3,
        display_on_booking_page: false,
        is_public: false,
        branch_id: b,
        description: 'With a hot towel',
        metadata_visibility: 'web_only',
        tax_ids: [vat],
      }),
    );
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: 'Hot towel shave',
      slug: 'hot-towel-shave',
      category: { uuid: categoryId, name: 'Hair services' },
      price: 3500,
      duration: 45,
      buffer_time: 10,
      deposit_enabled: true,
      deposit_amount: 1000,
      sort_order: 3,
      display_on_booking_page: false,
      is_public: false,
      branch: { uuid: b, name: 'North branch' },
      description: 'With a hot towel',
      metadata_visibility: 'web_only',
      tax_ids: [vat],
      taxes: [{ uuid: vat, name: 'VAT', rate: 15 }],
      providers_count: 0,
    });
    const got = await owner.client.get(`services/${data.uuid}`);
    expect(got.json().data).toEqual(data);
  });

  it('keeps no deposit amount while the deposit is off', async () => {
    const s = await owner.client.post('services', service({ name: 'Deposit off', deposit_amount: 500 }));
    expect(s.statusCode).toBe(201);
    expect(s.json().data).toMatchObject({ deposit_enabled: false, deposit_amount: 0, metadata_visibility: 'both', is_public: true, display_on_booking_page: true });
  });

  it('makes the slug of an Arabic-only name itself: transliterated, unique in the business', async () => {
    const first = await owner.client.post('services', service({ name: 'قص الشعر' }));
    expect(first.statusCode).toBe(201);
    expect(first.json().data.slug).toBe('qs-alshar');
    const second = await owner.client.post('services', service({ name: 'قص الشعر', slug: '' }));
    expect(second.statusCode).toBe(201);
    expect(second.json().data.slug).toBe('qs-alshar-2');
    for (const res of [first, second]) expect(res.json().data.slug).toMatch(/^[A-Za-z0-9_-]+$/);
    // Nothing to transliterate: `service`, then `service-2`.
    const a = await create(owner, service({ name: '💈💈💈💈' }));
    const b = await create(owner, service({ name: '💈💈💈💈' }));
    expect([a.slug, b.slug]).toEqual(['service', 'service-2']);
    // A service saved without a slug (onboarding's) gets one on its next edit.
    await t.db.execute(sql`update services set slug = null where id = ${a.uuid}`);
    const edited = await owner.client.put(`services/${a.uuid}`, service({ name: 'تنظيف البشرة' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.slug).toBe('tnzyf-albshra');
  });

  it.each([
    ['name of 3 characters', { name: 'Cut' }, 'name', 'Name must be more than 3 characters'],
    ['no category', { category_id: undefined }, 'category_id', 'This field is required'],
    ['price 0', { price: 0 }, 'price', 'Must be a positive number'],
    ['a fractional price', { price: 10.5 }, 'price', 'Must be a whole number'],
    ['duration 0', { duration: 0 }, 'duration', 'Duration is 15 minutes to 4 h 45 min in 15-minute steps'],
    ['duration 20', { duration: 20 }, 'duration', 'Duration is 15 minutes to 4 h 45 min in 15-minute steps'],
    ['duration 300', { duration: 300 }, 'duration', 'Duration is 15 minutes to 4 h 45 min in 15-minute steps'],
    ['buffer 7', { buffer_time: 7 }, 'buffer_time', 'Buffer time is 0 to 120 minutes in 5-minute steps'],
    ['buffer 125', { buffer_time: 125 }, 'buffer_time', 'Must be at most 120'],
    ['deposit on without amount', { deposit_enabled: true, deposit_amount: 0 }, 'deposit_amount', 'Enter the deposit amount when the deposit is on'],
    ['deposit above the price', { deposit_enabled: true, deposit_amount: 3501 }, 'deposit_amount', 'The deposit cannot exceed the price'],
    ['bad visibility', { metadata_visibility: 'everywhere' }, 'metadata_visibility', 'Invalid value'],
    ['bad slug', { slug: 'قص' }, 'slug', 'English letters, digits, underscore and hyphen only'],
  ])('refuses %s (422 on the field)', async (_label, overrides, field, message) => {
    const res = await owner.client.post('services', service(overrides));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('accepts the duration bounds 15 and 285 and a deposit equal to the price', async () => {
    expect((await owner.client.post('services', service({ name: 'Quick look', duration: 15 }))).statusCode).toBe(201);
    expect((await owner.client.post('services', service({ name: 'Long session', duration: 285, deposit_enabled: true, deposit_amount: 3500 }))).statusCode).toBe(201);
  });

  it('refuses a used slug (422 exists)', async () => {
    await create(owner, service({ name: 'Kids cut', slug: 'kids' }));
    const res = await owner.client.post('services', service({ name: 'Kids cut two', slug: 'kids' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.slug).toEqual(['This value already exists']);
  });

  it("refuses another business's category, branch and taxes (422 not_exists)", async () => {
    const theirTax = await tax(other, 'Their VAT', 500);
    const theirBranch = await branch(other, 'Their branch');
    for (const [field, overrides] of [
      ['category_id', { category_id: otherCategoryId }],
      ['branch_id', { branch_id: theirBranch }],
      ['tax_ids', { tax_ids: [theirTax] }],
    ] as const) {
      const res = await owner.client.post('services', service({ name: `Probe ${field}`, ...overrides }));
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field]).toEqual(['This value does not exist']);
    }
  });

  it('updates every field and replaces the taxes', async () => {
    const s = await create(owner, service({ name: 'Colour basic' }));
    const a = await tax(owner, 'Tax A', 500);
    const b = await tax(owner, 'Tax B', 250);
    const res = await owner.client.put(`services/${s.uuid}`, service({ name: 'Colour full', price: 9000, duration: 120, buffer_time: 0, tax_ids: [a, b, a] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Colour full', price: 9000, duration: 120, buffer_time: 0, slug: 'colour-basic' });
    expect(res.json().data.tax_ids.sort()).toEqual([a, b].sort());
    const cleared = await owner.client.put(`services/${s.uuid}`, service({ name: 'Colour full', tax_ids: [] }));
    expect(cleared.json().data.taxes).toEqual([]);
  });
});

describe('services: list', () => {
  let owner2: Owner;
  let branchA: string;
  let catB: string;
  beforeAll(async () => {
    owner2 = await readyUser(t);
    const catA = (await owner2.client.post('categories', { name: 'Category A' })).json().data.uuid;
    catB = (await owner2.client.post('categories', { name: 'Category B' })).json().data.uuid;
    branchA = await branch(owner2, 'Branch A');
    const branchB = await branch(owner2, 'Branch B');
    await create(owner2, service({ category_id: catA, name: 'Alpha service', branch_id: branchA, sort_order: 2 }));
    await create(owner2, service({ category_id: catB, name: 'Beta service', branch_id: branchB, sort_order: 1 }));
    await create(owner2, service({ category_id: catB, name: 'Gamma service', sort_order: 3 }));
  });

  it('pages, in sort order; searches; filters by category', async () => {
    const res = await owner2.client.get('services', { query: { per_page: '2' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Onboarding's Haircut (sort 0) comes first.
    expect(body.data.map((s: { name: string }) => s.name)).toEqual(['Haircut', 'Beta service']);
    expect(body.meta).toEqual({ current_page: 1, per_page: 2, total: 4, last_page: 2 });
    const search = await owner2.client.get('services', { query: { search: 'gam' } });
    expect(search.json().data.map((s: { name: string }) => s.name)).toEqual(['Gamma service']);
    const byCat = await owner2.client.get('services', { query: { category_id: catB } });
    expect(byCat.json().data.map((s: { name: string }) => s.name)).toEqual(['Beta service', 'Gamma service']);
    expect((await owner2.client.get('services', { query: { per_page: '101' } })).statusCode).toBe(422);
  });

  it('follows the branch switch: that branch and services of no branch; a filter shows the branch only', async () => {
    await owner2.client.put('auth/current-branch', { branch_id: branchA });
    const scoped = await owner2.client.get('services');
    expect(scoped.json().data.map((s: { name: string }) => s.name)).toEqual(['Alpha service', 'Gamma service']);
    const filtered = await owner2.client.get('services', { query: { branch_id: branchA } });
    expect(filtered.json().data.map((s: { name: string }) => s.name)).toEqual(['Alpha service']);
    await owner2.client.put('auth/current-branch', { branch_id: null });
    expect((await owner2.client.get('services')).json().meta.total).toBe(4);
  });

  it('service-metrics: per service price, duration, providers assigned and total tax rate', async () => {
    const res = await owner2.client.get('service-metrics');
    expect(res.statusCode).toBe(200);
    const haircut = res.json().data.find((m: { name: string }) => m.name === 'Haircut');
    expect(haircut).toMatchObject({ price: 5000, duration: 30, providers_count: 1, tax_rate: 0 });
  });
});

describe('services: providers', () => {
  it('lists every provider with assigned true/false and replaces the assignment', async () => {
    const tenant = tenantOf(owner);
    const [haircut] = await rows<{ id: string }>(t.db, sql`select id from services where tenant_id = ${tenant} and name = 'Haircut'`);
    await t.db.execute(sql`insert into providers (tenant_id, name, label) values (${tenant}, 'Omar Saleh', 'Barber')`);
    const url = `services/${haircut?.id}/providers`;
    const before = (await owner.client.get(url)).json().data as { uuid: string; name: string; assigned: boolean }[];
    expect(before.map((p) => [p.name, p.assigned])).toEqual([
      ['Omar Saleh', false],
      ['Sara Ahmad', true],
    ]);
    const omar = before.find((p) => p.name === 'Omar Saleh')?.uuid;
    const res = await owner.client.put(url, { provider_ids: [omar] });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Provider assignment updated');
    expect(res.json().data.map((p: { name: string; assigned: boolean }) => [p.name, p.assigned])).toEqual([
      ['Omar Saleh', true],
      ['Sara Ahmad', false],
    ]);
    expect((await owner.client.get(`services/${haircut?.id}`)).json().data.providers_count).toBe(1);
  });

  it("refuses another business's provider (422 provider_ids not_exists) and changes nothing", async () => {
    const [theirs] = await rows<{ id: string }>(t.db, sql`select id from providers where tenant_id = ${tenantOf(other)} limit 1`);
    const s = await create(owner, service({ name: 'Assignment probe' }));
    const res = await owner.client.put(`services/${s.uuid}/providers`, { provider_ids: [theirs?.id] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.provider_ids).toEqual(['This value does not exist']);
    const list = (await owner.client.get(`services/${s.uuid}/providers`)).json().data as { assigned: boolean }[];
    expect(list.every((p) => !p.assigned)).toBe(true);
  });
});

describe('services: providers chosen while creating', () => {
  it('assigns the providers sent with a new service, keeps them when an edit leaves them out, and refuses a foreign one without creating anything', async () => {
    const tenant = tenantOf(owner);
    const mine = await rows<{ id: string }>(t.db, sql`select id from providers where tenant_id = ${tenant} order by name`);
    const ids = mine.map((p) => p.id);
    const s = await create(owner, service({ name: 'Offered by all', provider_ids: [...ids, ...ids] }));
    expect(s.providers_count).toBe(ids.length);
    const list = (await owner.client.get(`services/${s.uuid}/providers`)).json().data as { uuid: string; assigned: boolean }[];
    expect(list.filter((p) => p.assigned).map((p) => p.uuid).sort()).toEqual([...ids].sort());
    const edited = await owner.client.put(`services/${s.uuid}`, service({ name: 'Offered by all, renamed' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.providers_count).toBe(ids.length);

    const [theirs] = await rows<{ id: string }>(t.db, sql`select id from providers where tenant_id = ${tenantOf(other)} limit 1`);
    const bad = await owner.client.post('services', service({ name: 'Foreign provider probe', provider_ids: [theirs?.id] }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.provider_ids).toEqual(['This value does not exist']);
    expect(await rows(t.db, sql`select 1 from services where tenant_id = ${tenant} and name = 'Foreign provider probe'`)).toHaveLength(0);
  });
});

describe('services: delete and access', () => {
  it('deletes a service with its assignments; a service in a package stays (422)', async () => {
    const s = await create(owner, service({ name: 'To delete' }));
    expect((await del(owner.client, `services/${s.uuid}`)).statusCode).toBe(200);
    expect((await owner.client.get(`services/${s.uuid}`)).statusCode).toBe(404);
    const kept = await create(owner, service({ name: 'In a package' }));
    const [pkg] = await rows<{ id: string }>(t.db, sql`insert into packages (tenant_id, name, price, valid_days) values (${tenantOf(owner)}, 'Bundle', 1000, 30) returning id`);
    await t.db.execute(sql`insert into package_services (tenant_id, package_id, service_id, quantity) values (${tenantOf(owner)}, ${pkg?.id}, ${kept.uuid}, 2)`);
    const res = await del(owner.client, `services/${kept.uuid}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/package/);
  });

  it("answers 404 for another business's service on every route", async () => {
    const theirs = await create(other, service({ category_id: otherCategoryId, name: 'Their service' }));
    expect((await owner.client.get(`services/${theirs.uuid}`)).statusCode).toBe(404);
    expect((await owner.client.put(`services/${theirs.uuid}`, service())).statusCode).toBe(404);
    expect((await owner.client.get(`services/${theirs.uuid}/providers`)).statusCode).toBe(404);
    expect((await owner.client.put(`services/${theirs.uuid}/providers`, { provider_ids: [] })).statusCode).toBe(404);
    expect((await del(owner.client, `services/${theirs.uuid}`)).statusCode).toBe(404);
  });

  it('needs the services key (403 otherwise)', async () => {
    const products = await staffAccount(t.db, tenantOf(owner), { permissions: ['products'] });
    for (const url of ['services', 'service-metrics']) expect((await injectAs(t.app, products.token, { url })).statusCode).toBe(403);
    expect((await injectAs(t.app, products.token, { method: 'POST', url: 'services', body: service() })).statusCode).toBe(403);
    const staff = await staffAccount(t.db, tenantOf(owner), { permissions: ['services'] });
    expect((await injectAs(t.app, staff.token, { url: 'services' })).statusCode).toBe(200);
  });
});
