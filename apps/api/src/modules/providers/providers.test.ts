import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, readyUser, rows, type TestApp } from '../../../test/helper';
import { staffAccount } from '../branches/staff.fixture';
import { PROVIDER_COLORS } from '@app/shared/constants';

let t: TestApp;
let owner: Awaited<ReturnType<typeof readyUser>>;
let other: Awaited<ReturnType<typeof readyUser>>;
let tenant: string;
let serviceId: string;
let branchId: string;

async function first<T>(q: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rows<T>(t.db, q);
  if (!row) throw new Error('no row');
  return row;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await readyUser(t);
  other = await readyUser(t);
  tenant = owner.user.tenant.uuid;
  serviceId = (await first<{ id: string }>(sql`select id from services where tenant_id = ${tenant} limit 1`)).id;
  branchId = (await first<{ id: string }>(sql`select id from branches where tenant_id = ${tenant} and is_main`)).id;
});
afterAll(async () => {
  await t?.close();
});

const del = (url: string) => owner.client.request('DELETE', url);
const hours = { '0': [['09:00', '13:00'], ['16:00', '22:00']], '1': [['10:00', '18:00']] };

async function create(body: Record<string, unknown>) {
  const res = await owner.client.post('providers', body);
  if (res.statusCode !== 201) throw new Error(`create provider failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

describe('providers', () => {
  it('lists the onboarding provider with uuid, name and services_count', async () => {
    const res = await owner.client.get('providers');
    expect(res.statusCode).toBe(200);
    const [p] = res.json().data;
    expect(p).toMatchObject({ name: 'Sara Ahmad', services_count: 1, service_ids: [serviceId] });
    expect(typeof p.uuid).toBe('string');
  });

  it('creates, reads, updates and deletes a provider with working hours, services and branch', async () => {
    const res = await owner.client.post('providers', {
      name: 'Noura Salem',
      label: 'Senior stylist',
      clients_in_same_time: 3,
      assignment_type: 'multiple',
      working_hours: hours,
      branch_id: branchId,
      service_ids: [serviceId, serviceId],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Added successfully');
    const p = res.json().data;
    expect(p).toMatchObject({
      name: 'Noura Salem',
      label: 'Senior stylist',
      clients_in_same_time: 3,
      assignment_type: 'multiple',
      working_hours: hours,
      branch_id: branchId,
      branch: { uuid: branchId },
      service_ids: [serviceId],
      services_count: 1,
      user: null,
      commission_type: null,
      commission_value: 0,
    });
    expect((await owner.client.get(`providers/${p.uuid}`)).json().data).toEqual(p);

    // Left out: services and branch stay; given: replaced.
    const upd = await owner.client.put(`providers/${p.uuid}`, { name: 'Noura Salem Ali', working_hours: {} });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().message).toBe('Updated successfully');
    expect(upd.json().data).toMatchObject({ name: 'Noura Salem Ali', label: null, working_hours: {}, service_ids: [serviceId], branch_id: branchId, clients_in_same_time: 1 });
    const cleared = await owner.client.put(`providers/${p.uuid}`, { name: 'Noura Salem Ali', service_ids: [], branch_id: null });
    expect(cleared.json().data).toMatchObject({ services_count: 0, service_ids: [], branch_id: null, branch: null });

    await owner.client.post(`providers/${p.uuid}/time-off`, { start_date: '2030-01-01', end_date: '2030-01-02' });
    const gone = await del(`providers/${p.uuid}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe('Deleted successfully');
    expect((await owner.client.get(`providers/${p.uuid}`)).statusCode).toBe(404);
    const left = await rows(t.db, sql`select 1 from provider_time_off where provider_id = ${p.uuid} union all select 1 from provider_services where provider_id = ${p.uuid}`);
    expect(left).toHaveLength(0);
  });

  it('gives each new provider the next palette colour, keeps a chosen one (upper-cased) and refuses a bad one', async () => {
    const { n } = await first<{ n: number }>(sql`select count(*)::int as n from providers where tenant_id = ${tenant}`);
    const a = await create({ name: 'Colour One' });
    expect(a.color).toBe(PROVIDER_COLORS[n % PROVIDER_COLORS.length]);
    const b = await create({ name: 'Colour Two' });
    expect(b.color).toBe(PROVIDER_COLORS[(n + 1) % PROVIDER_COLORS.length]);
    const c = await create({ name: 'Colour Three', color: '#12ab9f' });
    expect(c.color).toBe('#12AB9F');
    const bad = await owner.client.post('providers', { name: 'Colour Four', color: 'red' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.color).toBeDefined();
    const upd = await owner.client.put(`providers/${a.uuid}`, { name: 'Colour One', color: '#000000' });
    expect(upd.json().data.color).toBe('#000000');
    const kept = await owner.client.put(`providers/${b.uuid}`, { name: 'Colour Two b' });
    expect(kept.json().data.color).toBe(PROVIDER_COLORS[(n + 1) % PROVIDER_COLORS.length]);
    for (const p of [a, b, c]) await del(`providers/${p.uuid}`);
  });

  it('validates name, clients at the same time, assignment type and working hours', async () => {
    const res = await owner.client.post('providers', {
      name: 'Abc',
      clients_in_same_time: 51,
      assignment_type: 'crowd',
      working_hours: { '0': [['10:00', '10:00']], '1': [['09:00', '12:00'], ['11:00', '13:00']] },
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.name).toEqual(['Name must be more than 3 characters']);
    expect(errors.clients_in_same_time).toEqual(['Must be at most 50']);
    expect(errors.assignment_type).toEqual(['Invalid value']);
    expect(errors['working_hours.0']).toEqual(['A range cannot end when it starts (00:00–00:00 is the whole day)']);
    expect(errors['working_hours.1']).toEqual(['The time ranges overlap']);
    const zero = await owner.client.post('providers', { name: 'Valid Name', clients_in_same_time: 0 });
    expect(zero.json().errors.clients_in_same_time).toEqual(['Must be at least 1']);
  });

  it("starts a provider created without hours on its branch's hours, night shift included", async () => {
    // A branch open late: Thursday into Friday morning, Friday closed, Saturday two ranges.
    const nightHours = { '0': [['16:00', '02:00']], '4': [['10:00', '14:00'], ['18:00', '03:00']], '6': [['00:00', '00:00']] };
    const branch = await owner.client.post('branches', { name: 'Night Branch', working_hours: nightHours });
    expect(branch.statusCode, branch.body).toBe(201);
    const nightId = branch.json().data.uuid as string;

    const p = await create({ name: 'Night Shift One', branch_id: nightId });
    expect(p.working_hours).toEqual(nightHours);
    // The form prefills from the same source.
    const prefill = await owner.client.get(`providers/default-hours?branch_id=${nightId}`);
    expect(prefill.statusCode).toBe(200);
    expect(prefill.json().data).toEqual({ working_hours: nightHours });

    // Without a branch: the main branch's hours (the ones onboarding set).
    const main = await first<{ working_hours: unknown }>(sql`select working_hours from branches where tenant_id = ${tenant} and is_main`);
    const loose = await create({ name: 'No Branch One' });
    expect(loose.working_hours).toEqual(main.working_hours);
    expect((await owner.client.get('providers/default-hours')).json().data.working_hours).toEqual(main.working_hours);

    // Given hours win, empty ones included (closed all week); an update without hours keeps them.
    expect((await create({ name: 'Own Hours One', branch_id: nightId, working_hours: hours })).working_hours).toEqual(hours);
    expect((await create({ name: 'Closed Week One', branch_id: nightId, working_hours: {} })).working_hours).toEqual({});
    const kept = await owner.client.put(`providers/${p.uuid}`, { name: 'Night Shift One', branch_id: branchId });
    expect(kept.json().data.working_hours).toEqual(nightHours);

    const unknown = await owner.client.get('providers/default-hours?branch_id=00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.branch_id).toEqual(['This value does not exist']);
    const customersOnly = await staffAccount(t.db, tenant, { permissions: ['customers'] });
    expect((await owner.client.get('providers/default-hours', { token: customersOnly.token })).statusCode).toBe(403);
    const providersOnly = await staffAccount(t.db, tenant, { permissions: ['providers'] });
    expect((await owner.client.get(`providers/default-hours?branch_id=${nightId}`, { token: providersOnly.token })).json().data).toEqual({ working_hours: nightHours });
  });

  it("refuses another business's branch, services and account, and unknown ids", async () => {
    const theirService = (await first<{ id: string }>(sql`select id from services where tenant_id = ${other.user.tenant.uuid} limit 1`)).id;
    const theirBranch = (await first<{ id: string }>(sql`select id from branches where tenant_id = ${other.user.tenant.uuid} limit 1`)).id;
    const s = await owner.client.post('providers', { name: 'Cross Tenant', service_ids: [serviceId, theirService] });
    expect(s.statusCode).toBe(422);
    expect(s.json().errors.service_ids).toEqual(['This value does not exist']);
    const b = await owner.client.post('providers', { name: 'Cross Tenant', branch_id: theirBranch });
    expect(b.json().errors.branch_id).toEqual(['This value does not exist']);
    const u = await owner.client.post('providers', { name: 'Cross Tenant', user_id: other.user.uuid });
    expect(u.json().errors.user_id).toEqual(['This value does not exist']);
    const count = await first<{ n: number }>(sql`select count(*)::int as n from providers where tenant_id = ${tenant} and name = 'Cross Tenant'`);
    expect(Number(count.n)).toBe(0);
  });

  it('links an account of the business once, never to two providers, never a POS account', async () => {
    const staff = await staffAccount(t.db, tenant, { permissions: ['bookings'] });
    const p = await create({ name: 'Linked One', user_id: staff.userId });
    expect(p.user).toMatchObject({ uuid: staff.userId, name: expect.stringContaining('Staff') });
    const again = await owner.client.post('providers', { name: 'Linked Two', user_id: staff.userId });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.user_id).toEqual(['This account is already linked to another provider']);
    // Saving the same provider with its own account is fine.
    expect((await owner.client.put(`providers/${p.uuid}`, { name: 'Linked One', user_id: staff.userId })).statusCode).toBe(200);
    const pos = await staffAccount(t.db, tenant, { type: 'pos' });
    const posRes = await owner.client.post('providers', { name: 'Linked Pos', user_id: pos.userId });
    expect(posRes.json().errors.user_id).toEqual(['POS accounts cannot be linked to a provider']);
    const unlinked = await owner.client.put(`providers/${p.uuid}`, { name: 'Linked One', user_id: null });
    expect(unlinked.json().data.user).toBeNull();
  });

  it('keeps commission only with the commission plugin', async () => {
    const without = await create({ name: 'No Commission', commission_type: 'percentage', commission_value: 1500 });
    expect(without).toMatchObject({ commission_type: null, commission_value: 0 });
    await t.db.execute(sql`update tenants set plugins = array['commission'] where id = ${tenant}`);
    try {
      const pct = await create({ name: 'Percent Person', commission_type: 'percentage', commission_value: 1500 });
      expect(pct).toMatchObject({ commission_type: 'percentage', commission_value: 1500 });
      const tooMuch = await owner.client.post('providers', { name: 'Greedy Person', commission_type: 'percentage', commission_value: 10_001 });
      expect(tooMuch.statusCode).toBe(422);
      expect(tooMuch.json().errors.commission_value).toEqual(['Must be at most 10000']);
      const fixed = await owner.client.put(`providers/${pct.uuid}`, { name: 'Percent Person', commission_type: 'fixed', commission_value: 2500 });
      expect(fixed.json().data).toMatchObject({ commission_type: 'fixed', commission_value: 2500 });
      const negative = await owner.client.post('providers', { name: 'Negative One', commission_type: 'fixed', commission_value: -1 });
      expect(negative.json().errors.commission_value).toEqual(['Must be at least 0']);
      // The plugin removed: the stored commission stays, a new one is ignored.
      await t.db.execute(sql`update tenants set plugins = '{}' where id = ${tenant}`);
      const kept = await owner.client.put(`providers/${pct.uuid}`, { name: 'Percent Person', commission_type: 'percentage', commission_value: 100 });
      expect(kept.json().data).toMatchObject({ commission_type: 'fixed', commission_value: 2500 });
    } finally {
      await t.db.execute(sql`update tenants set plugins = '{}' where id = ${tenant}`);
    }
  });

  it('filters the list by search and branch, and follows the branch switch', async () => {
    const p = await create({ name: 'Filtered Branchy', branch_id: branchId });
    const none = await create({ name: 'Filtered Anywhere' });
    const search = (await owner.client.get('providers', { query: { search: 'filtered' } })).json().data.map((x: { uuid: string }) => x.uuid);
    expect(search.sort()).toEqual([p.uuid, none.uuid].sort());
    const exact = (await owner.client.get('providers', { query: { search: 'filtered', branch_id: branchId } })).json().data.map((x: { uuid: string }) => x.uuid);
    expect(exact).toEqual([p.uuid]);
    const bad = await owner.client.get('providers', { query: { branch_id: 'nope' } });
    expect(bad.statusCode).toBe(422);
  });

  it('manages time off: add, list in date order, validate, delete', async () => {
    const p = await create({ name: 'Holiday Person' });
    const res = await owner.client.post(`providers/${p.uuid}/time-off`, { start_date: '2030-05-10', end_date: '2030-05-12', note: 'Eid' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ start_date: '2030-05-10', end_date: '2030-05-12', note: 'Eid' });
    await owner.client.post(`providers/${p.uuid}/time-off`, { start_date: '2030-03-01', end_date: '2030-03-01' });
    const list = (await owner.client.get(`providers/${p.uuid}/time-off`)).json().data;
    expect(list.map((x: { start_date: string }) => x.start_date)).toEqual(['2030-03-01', '2030-05-10']);

    const backwards = await owner.client.post(`providers/${p.uuid}/time-off`, { start_date: '2030-05-10', end_date: '2030-05-09' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.end_date).toEqual(['The end date cannot be before the start date']);
    const badDate = await owner.client.post(`providers/${p.uuid}/time-off`, { start_date: '2030-02-30', end_date: 'tomorrow' });
    expect(badDate.json().errors).toMatchObject({ start_date: ['Invalid date'], end_date: ['Invalid date'] });

    const id = res.json().data.uuid;
    // The time off of another provider of the business is not this provider's.
    const q = await create({ name: 'Other Person' });
    expect((await del(`providers/${q.uuid}/time-off/${id}`)).statusCode).toBe(404);
    const gone = await del(`providers/${p.uuid}/time-off/${id}`);
    expect(gone.statusCode).toBe(200);
    expect((await owner.client.get(`providers/${p.uuid}/time-off`)).json().data).toHaveLength(1);
  });

  it('links and unlinks accounts only with settings.users, and never an account that outranks the caller', async () => {
    const staff = await staffAccount(t.db, tenant, { permissions: ['providers'] });
    const onlyProviders = await staffAccount(t.db, tenant, { permissions: ['providers'] });
    const denied = await owner.client.post('providers', { name: 'Linked By Staff', user_id: staff.userId }, { token: onlyProviders.token });
    expect(denied.statusCode).toBe(403);
    // Without touching the link, the same staff may create and edit providers.
    expect((await owner.client.post('providers', { name: 'Plain Provider' }, { token: onlyProviders.token })).statusCode).toBe(201);
    const manager = await staffAccount(t.db, tenant, { permissions: ['providers', 'settings.users'] });
    const ownerLink = await owner.client.post('providers', { name: 'Linked To Owner', user_id: owner.user.uuid }, { token: manager.token });
    expect(ownerLink.statusCode).toBe(403);
    const wider = await staffAccount(t.db, tenant, { permissions: ['bookings'] });
    expect((await owner.client.post('providers', { name: 'Linked Wider', user_id: wider.userId }, { token: manager.token })).statusCode).toBe(403);
    const ok = await owner.client.post('providers', { name: 'Linked By Manager', user_id: staff.userId }, { token: manager.token });
    expect(ok.statusCode).toBe(201);
    // Unlinking needs the same right.
    const unlink = await owner.client.put(`providers/${ok.json().data.uuid}`, { name: 'Linked By Manager', user_id: null }, { token: onlyProviders.token });
    expect(unlink.statusCode).toBe(403);
  });

  it("answers 404 for another business's provider and 403 without the key", async () => {
    const [theirs] = (await other.client.get('providers')).json().data;
    expect((await owner.client.get(`providers/${theirs.uuid}`)).statusCode).toBe(404);
    expect((await owner.client.put(`providers/${theirs.uuid}`, { name: 'Hijacked Name' })).statusCode).toBe(404);
    expect((await del(`providers/${theirs.uuid}`)).statusCode).toBe(404);
    const staff = await staffAccount(t.db, tenant, { permissions: ['customers'] });
    const res = await owner.client.get('providers', { token: staff.token });
    expect(res.statusCode).toBe(403);
    const allowed = await staffAccount(t.db, tenant, { permissions: ['providers'] });
    expect((await owner.client.get('providers', { token: allowed.token })).statusCode).toBe(200);
  });
});
