import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, injectAs, readyUser, registerUser, rows, tenantInfo, type TestApp, verifyPhone } from '../../../test/helper';
import { staffAccount } from './staff.fixture';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Owner = Awaited<ReturnType<typeof readyUser>>;

const branch = (overrides: Record<string, unknown> = {}) => ({
  name: 'Olaya Branch',
  type: 'on-site',
  address: 'Olaya St, Riyadh',
  location: { lat: 24.69, lng: 46.68 },
  timezone: 'Asia/Riyadh',
  working_hours: { '0': [['09:00', '13:00'], ['16:00', '22:00']], '1': [['09:00', '17:00']] },
  ...overrides,
});

async function createBranch(owner: Owner, overrides: Record<string, unknown> = {}) {
  const res = await owner.client.post('branches', branch(overrides));
  if (res.statusCode !== 201) throw new Error(`create branch failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { uuid: string; name: string };
}

async function mainBranchId(owner: Owner): Promise<string> {
  const [row] = await rows<{ id: string }>(t.db, sql`select id from branches where tenant_id = ${owner.user.tenant.uuid} and is_main`);
  if (!row) throw new Error('no main branch');
  return row.id;
}

const del = (c: Client, url: string) => c.request('DELETE', url);

describe('branches CRUD', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await readyUser(t);
  });

  it('answers 401 signed out', async () => {
    expect((await new Client(t.app).get('branches')).statusCode).toBe(401);
  });

  it('lists the main branch made at onboarding', async () => {
    const res = await owner.client.get('branches');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ is_main: true, users_count: 0, timezone: 'Asia/Riyadh', type: 'on-site', location: null });
    expect(data[0].working_hours['0']).toEqual([['09:00', '21:00']]);
  });

  it('creates, reads, updates a branch; the main branch stays first', async () => {
    const created = await owner.client.post('branches', branch());
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Added successfully');
    const b = created.json().data;
    expect(b).toMatchObject({
      name: 'Olaya Branch',
      type: 'on-site',
      address: 'Olaya St, Riyadh',
      location: { lat: 24.69, lng: 46.68 },
      timezone: 'Asia/Riyadh',
      is_main: false,
      users_count: 0,
    });
    expect(b.working_hours['0']).toEqual([
      ['09:00', '13:00'],
      ['16:00', '22:00'],
    ]);
    const [stored] = await rows<{ lat: number; lng: number }>(t.db, sql`select lat, lng from branches where id = ${b.uuid}`);
    expect(stored).toEqual({ lat: 24.69, lng: 46.68 });

    const one = await owner.client.get(`branches/${b.uuid}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(b);

    const list = (await owner.client.get('branches')).json().data;
    expect(list[0].is_main).toBe(true);
    expect(list.map((x: { uuid: string }) => x.uuid)).toContain(b.uuid);

    const upd = await owner.client.put(`branches/${b.uuid}`, branch({ name: 'Olaya North', type: 'home-service', timezone: 'Africa/Cairo', location: null, working_hours: {} }));
    expect(upd.statusCode).toBe(200);
    expect(upd.json().message).toBe('Updated successfully');
    expect(upd.json().data).toMatchObject({ name: 'Olaya North', type: 'home-service', timezone: 'Africa/Cairo', location: null, working_hours: {}, address: 'Olaya St, Riyadh' });

    // Left out, the address and location stay.
    const { address: _a, location: _l, ...rest } = branch({ name: 'Olaya South', location: { lat: 1, lng: 2 } });
    await owner.client.put(`branches/${b.uuid}`, branch({ location: { lat: 1, lng: 2 } }));
    const kept = await owner.client.put(`branches/${b.uuid}`, rest);
    expect(kept.json().data).toMatchObject({ name: 'Olaya South', address: 'Olaya St, Riyadh', location: { lat: 1, lng: 2 } });
  });

  it('validates: name over 3 characters, time zone, overlapping hours, latitude', async () => {
    const short = await owner.client.post('branches', branch({ name: 'abc' }));
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.name).toEqual(['Name must be more than 3 characters']);

    const tz = await owner.client.post('branches', branch({ timezone: 'Mars/Olympus' }));
    expect(tz.statusCode).toBe(422);
    expect(tz.json().errors.timezone).toEqual(['Invalid value']);

    const overlap = await owner.client.post('branches', branch({ working_hours: { '1': [['09:00', '13:00'], ['12:00', '18:00']] } }));
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().errors['working_hours.1']).toContain('The time ranges overlap');

    const empty = await owner.client.post('branches', branch({ working_hours: { '2': [['09:00', '09:00']] } }));
    expect(empty.json().errors['working_hours.2']).toContain('A range cannot end when it starts (00:00–00:00 is the whole day)');
    // A night shift (ends after midnight) is the last range of its day: one starting after it overlaps it.
    const lateOverlap = await owner.client.post('branches', branch({ working_hours: { '4': [['18:00', '02:00'], ['22:00', '23:00']] } }));
    expect(lateOverlap.json().errors['working_hours.4']).toContain('The time ranges overlap');
    const night = await owner.client.post('branches', branch({ working_hours: { '2': [['09:00', '12:00'], ['18:00', '02:00']], '3': [['00:00', '00:00']] } }));
    expect(night.statusCode, night.body).toBe(201);
    expect(night.json().data.working_hours).toEqual({ '2': [['09:00', '12:00'], ['18:00', '02:00']], '3': [['00:00', '00:00']] });

    const lat = await owner.client.post('branches', branch({ location: { lat: 91, lng: 46 } }));
    expect(lat.statusCode).toBe(422);
    expect(lat.json().errors['location.lat']).toEqual(['Latitude is between -90 and 90']);

    const type = await owner.client.post('branches', branch({ type: 'floating' }));
    expect(type.json().errors.type).toEqual(['Invalid value']);

    const ar = await owner.client.post('branches', branch({ name: 'ab' }), { lang: 'ar' });
    expect(ar.json().errors.name).toEqual(['يجب أن يكون الاسم أكثر من 3 أحرف']);
    expect((await owner.client.get('branches')).json().data.filter((x: { name: string }) => x.name === 'ab')).toHaveLength(0);
  });

  it('refuses to delete the main branch', async () => {
    const res = await del(owner.client, `branches/${await mainBranchId(owner)}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The main branch cannot be deleted');
  });

  it('refuses to delete a branch with services or providers', async () => {
    const tenant = owner.user.tenant.uuid;
    const withService = await createBranch(owner, { name: 'Service Branch' });
    await t.db.execute(sql`insert into services (tenant_id, name, price, duration, branch_id) values (${tenant}, 'Cut', 1000, 30, ${withService.uuid})`);
    const a = await del(owner.client, `branches/${withService.uuid}`);
    expect(a.statusCode).toBe(422);
    expect(a.json().message).toBe('A branch with services or providers cannot be deleted');

    const withProvider = await createBranch(owner, { name: 'Provider Branch' });
    await t.db.execute(sql`insert into providers (tenant_id, name, branch_id) values (${tenant}, 'Noura', ${withProvider.uuid})`);
    expect((await del(owner.client, `branches/${withProvider.uuid}`)).statusCode).toBe(422);
    expect((await owner.client.get(`branches/${withProvider.uuid}`)).statusCode).toBe(200);
  });

  it('deletes a branch: links go, current branches pointing at it are cleared', async () => {
    const tenant = owner.user.tenant.uuid;
    const b = await createBranch(owner, { name: 'Short Lived' });
    const staff = await staffAccount(t.db, tenant, { branchIds: [b.uuid] });
    expect((await owner.client.get(`branches/${b.uuid}`)).json().data.users_count).toBe(1);
    expect((await owner.client.put('auth/current-branch', { branch_id: b.uuid })).statusCode).toBe(200);
    expect((await injectAs(t.app, staff.token, { method: 'PUT', url: 'auth/current-branch', body: { branch_id: b.uuid } })).statusCode).toBe(200);
    const main = await mainBranchId(owner);
    await t.db.execute(
      sql`insert into invitations (tenant_id, email, token_hash, expires_at, branch_ids) values (${tenant}, ${`inv-${b.uuid}@test.example`}, ${`hash-${b.uuid}`}, now() + interval '1 day', ${`{${b.uuid},${main}}`}::uuid[])`,
    );

    const res = await del(owner.client, `branches/${b.uuid}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Deleted successfully');
    expect((await owner.client.get(`branches/${b.uuid}`)).statusCode).toBe(404);
    const current = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from users where tenant_id = ${tenant} and current_branch_id = ${b.uuid}`);
    expect(Number(current[0]?.n)).toBe(0);
    const links = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from user_branches where branch_id = ${b.uuid}`);
    expect(Number(links[0]?.n)).toBe(0);
    expect((await owner.client.get('auth/me')).json().data.current_branch).toBeNull();
    const [inv] = await rows<{ branch_ids: string[] }>(t.db, sql`select branch_ids::text[] as branch_ids from invitations where token_hash = ${`hash-${b.uuid}`}`);
    expect(inv?.branch_ids).toEqual([main]);
  });

  it('counts the staff linked to a branch', async () => {
    const b = await createBranch(owner, { name: 'Counted Branch' });
    await staffAccount(t.db, owner.user.tenant.uuid, { branchIds: [b.uuid] });
    await staffAccount(t.db, owner.user.tenant.uuid, { branchIds: [b.uuid, await mainBranchId(owner)] });
    const list = (await owner.client.get('branches')).json().data as { uuid: string; users_count: number; is_main: boolean }[];
    expect(list.find((x) => x.uuid === b.uuid)?.users_count).toBe(2);
    expect(list.find((x) => x.is_main)?.users_count).toBeGreaterThanOrEqual(1);
  });

  it("answers 404 for another tenant's branch, and for an id that is no uuid", async () => {
    const other = await readyUser(t);
    const theirs = await mainBranchId(other);
    expect((await owner.client.get(`branches/${theirs}`)).statusCode).toBe(404);
    expect((await owner.client.put(`branches/${theirs}`, branch())).statusCode).toBe(404);
    expect((await del(owner.client, `branches/${theirs}`)).statusCode).toBe(404);
    expect((await owner.client.get('branches/not-a-uuid')).statusCode).toBe(404);
    expect((await other.client.get(`branches/${theirs}`)).statusCode).toBe(200);
  });

  it('needs settings.branches: 403 without it, 200 with it', async () => {
    const tenant = owner.user.tenant.uuid;
    const without = await staffAccount(t.db, tenant, { permissions: ['providers'] });
    const res = await injectAs(t.app, without.token, { url: 'branches' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission');
    expect((await injectAs(t.app, without.token, { method: 'POST', url: 'branches', body: branch() })).statusCode).toBe(403);
    expect((await injectAs(t.app, without.token, { method: 'DELETE', url: `branches/${await mainBranchId(owner)}` })).statusCode).toBe(403);

    const withKey = await staffAccount(t.db, tenant, { permissions: ['settings.branches'] });
    expect((await injectAs(t.app, withKey.token, { url: 'branches' })).statusCode).toBe(200);
    expect((await injectAs(t.app, withKey.token, { method: 'POST', url: 'branches', body: branch({ name: 'Staff Made' }) })).statusCode).toBe(201);
  });
});

describe('a business that skipped onboarding', () => {
  it('gets its first branch as the main one', async () => {
    const u = await registerUser(t.app);
    await verifyPhone(t.db, u);
    expect((await u.client.post('auth/update-tenant-info', tenantInfo())).statusCode).toBe(200);
    expect((await u.client.post('auth/onboarding-skip')).statusCode).toBe(200);
    expect((await u.client.get('branches')).json().data).toEqual([]);
    const first = await u.client.post('branches', branch());
    expect(first.json().data.is_main).toBe(true);
    const second = await u.client.post('branches', branch({ name: 'Second One' }));
    expect(second.json().data.is_main).toBe(false);
  });
});

describe('PUT /api/v1/auth/current-branch', () => {
  let owner: Owner;
  let second: { uuid: string; name: string };
  beforeAll(async () => {
    owner = await readyUser(t);
    second = await createBranch(owner, { name: 'Second Branch' });
  });

  it('switches the owner to any branch, shown in auth/me; null clears it', async () => {
    const res = await owner.client.put('auth/current-branch', { branch_id: second.uuid });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Branch switched');
    expect(res.json().data.current_branch).toEqual({ uuid: second.uuid, name: 'Second Branch' });
    expect((await owner.client.get('auth/me')).json().data.current_branch).toEqual({ uuid: second.uuid, name: 'Second Branch' });

    const cleared = await owner.client.put('auth/current-branch', { branch_id: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.current_branch).toBeNull();
    expect((await owner.client.get('auth/me')).json().data.current_branch).toBeNull();
  });

  it("refuses another tenant's branch, a missing branch and a malformed id", async () => {
    const other = await readyUser(t);
    const res = await owner.client.put('auth/current-branch', { branch_id: await mainBranchId(other) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.branch_id).toEqual(['You are not a member of this branch']);
    expect((await owner.client.put('auth/current-branch', { branch_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(422);
    const bad = await owner.client.put('auth/current-branch', { branch_id: 'nope' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.branch_id).toBeDefined();
    expect((await owner.client.put('auth/current-branch', {})).statusCode).toBe(422);
  });

  it('limits a staff account to its branches; one with none may pick any; no permission key needed', async () => {
    const tenant = owner.user.tenant.uuid;
    const main = await mainBranchId(owner);
    const linked = await staffAccount(t.db, tenant, { branchIds: [second.uuid] });
    const put = (token: string, branch_id: string | null) => injectAs(t.app, token, { method: 'PUT', url: 'auth/current-branch', body: { branch_id } });

    const denied = await put(linked.token, main);
    expect(denied.statusCode).toBe(422);
    expect(denied.json().errors.branch_id).toEqual(['You are not a member of this branch']);
    const ok = await put(linked.token, second.uuid);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.current_branch).toEqual({ uuid: second.uuid, name: 'Second Branch' });
    expect(ok.json().data.teams.map((b: { uuid: string }) => b.uuid)).toEqual([second.uuid]);
    const me = await injectAs(t.app, linked.token, { url: 'auth/me' });
    expect(me.json().data.current_branch?.uuid).toBe(second.uuid);

    const unlinked = await staffAccount(t.db, tenant);
    expect((await put(unlinked.token, main)).statusCode).toBe(200);
    expect((await put(unlinked.token, second.uuid)).statusCode).toBe(200);
    expect((await put(unlinked.token, null)).statusCode).toBe(200);
  });
});

describe('branch membership (users.all_branches)', () => {
  it('an account whose last branch is deleted sees no branch, not every branch', async () => {
    const owner = await readyUser(t);
    const tenant = owner.user.tenant.uuid;
    const main = await mainBranchId(owner);
    const only = await createBranch(owner, { name: 'Only Branch' });
    const staff = await staffAccount(t.db, tenant, { branchIds: [only.uuid] });
    const me = async () => (await injectAs(t.app, staff.token, { url: 'auth/me' })).json().data as { teams: { uuid: string }[] };
    expect((await me()).teams.map((b) => b.uuid)).toEqual([only.uuid]);

    expect((await del(owner.client, `branches/${only.uuid}`)).statusCode).toBe(200);
    expect((await me()).teams).toEqual([]);
    const sw = await injectAs(t.app, staff.token, { method: 'PUT', url: 'auth/current-branch', body: { branch_id: main } });
    expect(sw.statusCode).toBe(422);
    expect(sw.json().errors.branch_id).toEqual(['You are not a member of this branch']);
  });

  it('is set by the branch list an account is given: empty means every branch', async () => {
    const owner = await readyUser(t);
    const tenant = owner.user.tenant.uuid;
    const main = await mainBranchId(owner);
    const second = await createBranch(owner, { name: 'Second Branch' });
    const staff = await staffAccount(t.db, tenant);
    const teams = async () => ((await injectAs(t.app, staff.token, { url: 'auth/me' })).json().data.teams as { uuid: string }[]).map((b) => b.uuid).sort();
    const flag = async () => (await rows<{ all_branches: boolean }>(t.db, sql`select all_branches from users where id = ${staff.userId}`))[0]?.all_branches;
    expect(await teams()).toEqual([main, second.uuid].sort());
    expect(await flag()).toBe(true);

    expect((await owner.client.put(`users/${staff.userId}`, { branch_ids: [second.uuid] })).statusCode).toBe(200);
    expect(await flag()).toBe(false);
    expect(await teams()).toEqual([second.uuid]);

    expect((await owner.client.put(`users/${staff.userId}`, { branch_ids: [] })).statusCode).toBe(200);
    expect(await flag()).toBe(true);
    expect(await teams()).toEqual([main, second.uuid].sort());
  });
});

describe('GET /api/docs/json', () => {
  it('documents the branch, team, supervisor and branch-switch routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/api/v1/branches', '/api/v1/branches/{id}', '/api/v1/auth/current-branch', '/api/v1/provider-teams/{id}', '/api/v1/supervisors/{id}']) {
      expect(paths).toContain(p);
    }
  });
});
