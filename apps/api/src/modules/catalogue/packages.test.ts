import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, injectAs, readyUser, rows, type TestApp } from '../../../test/helper';
import { staffAccount } from '../branches/staff.fixture';

let t: TestApp;
type Owner = Awaited<ReturnType<typeof readyUser>>;
let owner: Owner;
let other: Owner;
let haircut: string;
let theirService: string;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await readyUser(t);
  other = await readyUser(t);
  const serviceOf = async (o: Owner) => (await rows<{ id: string }>(t.db, sql`select id from services where tenant_id = ${o.user.tenant.uuid} limit 1`))[0]?.id ?? '';
  haircut = await serviceOf(owner);
  theirService = await serviceOf(other);
});
afterAll(async () => {
  await t?.close();
});

const del = (c: Client, url: string) => c.request('DELETE', url);
const pkg = (overrides: Record<string, unknown> = {}) => ({
  name: 'Monthly grooming',
  description: 'Four cuts a month',
  services: [{ service_id: haircut, quantity: 4 }],
  price: 15000,
  valid_days: 30,
  max_available: 20,
  ...overrides,
});

describe('packages (packages plugin)', () => {
  it('answers 404 plugin-missing until the plugin is installed', async () => {
    const res = await owner.client.get('packages');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('plugin-missing');
    expect((await owner.client.put('plugins/packages/install', {})).statusCode).toBe(200);
    expect((await owner.client.get('packages')).statusCode).toBe(200);
    expect((await other.client.put('plugins/packages/install', {})).statusCode).toBe(200);
  });

  it('creates, reads, updates and deletes a package', async () => {
    const res = await owner.client.post('packages', pkg());
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ name: 'Monthly grooming', price: 15000, valid_days: 30, max_available: 20, sort_order: 0, services: [{ uuid: haircut, name: 'Haircut', quantity: 4 }] });
    expect((await owner.client.get(`packages/${data.uuid}`)).json().data).toEqual(data);
    const upd = await owner.client.put(`packages/${data.uuid}`, pkg({ max_available: null, valid_days: 60, services: [{ service_id: haircut, quantity: 2 }] }));
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ max_available: null, valid_days: 60, services: [{ quantity: 2 }] });
    expect((await owner.client.get('packages')).json().data).toHaveLength(1);
    expect((await del(owner.client, `packages/${data.uuid}`)).statusCode).toBe(200);
    expect((await owner.client.get(`packages/${data.uuid}`)).statusCode).toBe(404);
  });

  it.each([
    ['no services', { services: [] }, 'services', 'Choose at least 1'],
    ['quantity 0', { services: [{ service_id: '00000000-0000-4000-8000-000000000000', quantity: 0 }] }, 'services.0.quantity', 'Must be at least 1'],
    ['valid days 0', { valid_days: 0 }, 'valid_days', 'Must be at least 1'],
    ['max available 0', { max_available: 0 }, 'max_available', 'Must be at least 1'],
    ['price 0', { price: 0 }, 'price', 'Must be a positive number'],
    ['short name', { name: 'Pkg' }, 'name', 'Name must be more than 3 characters'],
  ])('refuses %s', async (_l, overrides, field, message) => {
    const res = await owner.client.post('packages', pkg(overrides));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('refuses a repeated service and a service of another business', async () => {
    const dup = await owner.client.post('packages', pkg({ services: [{ service_id: haircut, quantity: 1 }, { service_id: haircut, quantity: 2 }] }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors['services.1.service_id']).toEqual(['This value is repeated']);
    const foreign = await owner.client.post('packages', pkg({ services: [{ service_id: theirService, quantity: 1 }] }));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.services).toEqual(['This value does not exist']);
  });

  it("answers 404 for another business's package; 403 without the packages key", async () => {
    const theirs = (await other.client.post('packages', pkg({ services: [{ service_id: theirService, quantity: 1 }] }))).json().data.uuid;
    expect((await owner.client.get(`packages/${theirs}`)).statusCode).toBe(404);
    expect((await owner.client.put(`packages/${theirs}`, pkg())).statusCode).toBe(404);
    expect((await del(owner.client, `packages/${theirs}`)).statusCode).toBe(404);
    const staff = await staffAccount(t.db, owner.user.tenant.uuid, { permissions: ['services'] });
    expect((await injectAs(t.app, staff.token, { url: 'packages' })).statusCode).toBe(403);
  });
});
