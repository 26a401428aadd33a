import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, readyUser, rows, type TestApp } from '../../../test/helper';
import { staffAccount } from './staff.fixture';

let t: TestApp;
let owner: Awaited<ReturnType<typeof readyUser>>;
let other: Awaited<ReturnType<typeof readyUser>>;
/** Providers of the owner's business: the one made at onboarding and two more. */
let providerIds: string[];

async function providersOf(tenantId: string) {
  return rows<{ id: string; name: string }>(t.db, sql`select id, name from providers where tenant_id = ${tenantId} order by name`);
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await readyUser(t);
  other = await readyUser(t);
  const tenant = owner.user.tenant.uuid;
  await t.db.execute(sql`insert into providers (tenant_id, name) values (${tenant}, 'Amal Saeed'), (${tenant}, 'Huda Nasser')`);
  providerIds = (await providersOf(tenant)).map((p) => p.id);
});
afterAll(async () => {
  await t?.close();
});

const del = (url: string) => owner.client.request('DELETE', url);

async function createTeam(title: string, ids: string[]) {
  const res = await owner.client.post('provider-teams', { title, provider_ids: ids });
  if (res.statusCode !== 201) throw new Error(`create team failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { uuid: string; title: string; providers: { uuid: string; name: string }[] };
}

describe('provider teams', () => {
  it('creates, lists, reads, updates and deletes a team with its providers', async () => {
    const [amal, huda] = providerIds;
    const res = await owner.client.post('provider-teams', { title: 'Morning shift', provider_ids: [huda, amal, amal] });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Added successfully');
    const team = res.json().data;
    expect(team).toMatchObject({ title: 'Morning shift', providers: [{ uuid: amal, name: 'Amal Saeed' }, { uuid: huda, name: 'Huda Nasser' }] });
    expect(typeof team.created_at).toBe('string');

    expect((await owner.client.get(`provider-teams/${team.uuid}`)).json().data).toEqual(team);
    const list = await owner.client.get('provider-teams');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual(team);

    const upd = await owner.client.put(`provider-teams/${team.uuid}`, { title: 'Evening shift', provider_ids: [huda] });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().message).toBe('Updated successfully');
    expect(upd.json().data).toMatchObject({ uuid: team.uuid, title: 'Evening shift', providers: [{ uuid: huda, name: 'Huda Nasser' }] });

    const emptied = await owner.client.put(`provider-teams/${team.uuid}`, { title: 'Evening shift', provider_ids: [] });
    expect(emptied.json().data.providers).toEqual([]);

    const gone = await del(`provider-teams/${team.uuid}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe('Deleted successfully');
    expect((await owner.client.get(`provider-teams/${team.uuid}`)).statusCode).toBe(404);
  });

  it("rejects providers that are not the business's", async () => {
    const [theirs] = (await providersOf(other.user.tenant.uuid)).map((p) => p.id);
    const res = await owner.client.post('provider-teams', { title: 'Mixed', provider_ids: [providerIds[0], theirs] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.provider_ids).toEqual(['This value does not exist']);
    const team = await createTeam('Clean', [providerIds[0] as string]);
    const upd = await owner.client.put(`provider-teams/${team.uuid}`, { title: 'Clean', provider_ids: ['00000000-0000-4000-8000-000000000000'] });
    expect(upd.statusCode).toBe(422);
    expect(upd.json().errors.provider_ids).toEqual(['This value does not exist']);
    // Nothing changed.
    expect((await owner.client.get(`provider-teams/${team.uuid}`)).json().data.providers).toHaveLength(1);
  });

  it('validates the title and the ids', async () => {
    const empty = await owner.client.post('provider-teams', { title: '  ', provider_ids: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.title).toEqual(['This field is required']);
    const bad = await owner.client.post('provider-teams', { title: 'Team', provider_ids: ['x'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['provider_ids.0']).toEqual(['Invalid value']);
  });

  it("answers 404 for another tenant's team", async () => {
    const theirs = await other.client.post('provider-teams', { title: 'Theirs', provider_ids: [] });
    const id = theirs.json().data.uuid;
    expect((await owner.client.get(`provider-teams/${id}`)).statusCode).toBe(404);
    expect((await owner.client.put(`provider-teams/${id}`, { title: 'Mine now', provider_ids: [] })).statusCode).toBe(404);
    expect((await del(`provider-teams/${id}`)).statusCode).toBe(404);
    expect((await other.client.get(`provider-teams/${id}`)).statusCode).toBe(200);
  });
});

describe('supervisors', () => {
  it('creates, lists, reads, updates and deletes a supervisor with team and staff count', async () => {
    const team = await createTeam('Supervised', providerIds.slice(0, 2));
    const res = await owner.client.post('supervisors', { name: 'Reem Khalid', email: 'Reem@Example.com', team_id: team.uuid });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Added successfully');
    const sup = res.json().data;
    expect(sup).toMatchObject({ name: 'Reem Khalid', email: 'reem@example.com', team: { uuid: team.uuid, title: 'Supervised' }, staff_count: 2, status: 'active' });

    expect((await owner.client.get(`supervisors/${sup.uuid}`)).json().data).toEqual(sup);
    expect((await owner.client.get('supervisors')).json().data).toContainEqual(sup);

    const upd = await owner.client.put(`supervisors/${sup.uuid}`, { name: 'Reem K. Khalid', email: 'reem@example.com', team_id: null, status: 'inactive' });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().message).toBe('Updated successfully');
    expect(upd.json().data).toMatchObject({ name: 'Reem K. Khalid', team: null, staff_count: 0, status: 'inactive' });

    const gone = await del(`supervisors/${sup.uuid}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe('Deleted successfully');
    expect((await owner.client.get(`supervisors/${sup.uuid}`)).statusCode).toBe(404);
  });

  it('keeps e-mails unique in a business, not across businesses', async () => {
    const first = await owner.client.post('supervisors', { name: 'Lama Fahad', email: 'lama@example.com' });
    expect(first.statusCode).toBe(201);
    const dup = await owner.client.post('supervisors', { name: 'Lama Again', email: 'LAMA@example.com' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.email).toEqual(['This value already exists']);
    expect((await other.client.post('supervisors', { name: 'Lama Fahad', email: 'lama@example.com' })).statusCode).toBe(201);

    const second = await owner.client.post('supervisors', { name: 'Maha Omar', email: 'maha@example.com' });
    const clash = await owner.client.put(`supervisors/${second.json().data.uuid}`, { name: 'Maha Omar', email: 'lama@example.com' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.email).toEqual(['This value already exists']);
    // Its own address is no clash.
    expect((await owner.client.put(`supervisors/${first.json().data.uuid}`, { name: 'Lama F.', email: 'lama@example.com' })).statusCode).toBe(200);
  });

  it('needs an existing team of the business', async () => {
    const theirs = (await other.client.post('provider-teams', { title: 'Foreign', provider_ids: [] })).json().data.uuid;
    for (const team_id of [theirs, '00000000-0000-4000-8000-000000000000']) {
      const res = await owner.client.post('supervisors', { name: 'Sara Ali', email: `sara-${team_id.slice(0, 4)}@example.com`, team_id });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.team_id).toEqual(['This value does not exist']);
    }
  });

  it('validates name, e-mail and status', async () => {
    const res = await owner.client.post('supervisors', { name: 'Abc', email: 'not-an-email', status: 'sleeping' });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.name).toEqual(['Name must be more than 3 characters']);
    expect(errors.email).toEqual(['Invalid e-mail address']);
    expect(errors.status).toEqual(['Invalid value']);
  });

  it('stays when its team is deleted, with no team', async () => {
    const team = await createTeam('Short lived', [providerIds[0] as string]);
    const sup = (await owner.client.post('supervisors', { name: 'Dana Saad', email: 'dana@example.com', team_id: team.uuid })).json().data;
    expect(sup.staff_count).toBe(1);
    expect((await del(`provider-teams/${team.uuid}`)).statusCode).toBe(200);
    const after = (await owner.client.get(`supervisors/${sup.uuid}`)).json().data;
    expect(after).toMatchObject({ team: null, staff_count: 0 });
  });

  it("answers 404 for another tenant's supervisor", async () => {
    const theirs = (await other.client.post('supervisors', { name: 'Foreign Sup', email: 'foreign@example.com' })).json().data.uuid;
    expect((await owner.client.get(`supervisors/${theirs}`)).statusCode).toBe(404);
    expect((await owner.client.put(`supervisors/${theirs}`, { name: 'Taken Over', email: 'x@example.com' })).statusCode).toBe(404);
    expect((await del(`supervisors/${theirs}`)).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('provider teams need providers; supervisors need settings.users', async () => {
    const tenant = owner.user.tenant.uuid;
    const providersOnly = await staffAccount(t.db, tenant, { permissions: ['providers'] });
    expect((await injectAs(t.app, providersOnly.token, { url: 'provider-teams' })).statusCode).toBe(200);
    expect((await injectAs(t.app, providersOnly.token, { method: 'POST', url: 'provider-teams', body: { title: 'By staff' } })).statusCode).toBe(201);
    const denied = await injectAs(t.app, providersOnly.token, { url: 'supervisors' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('You do not have permission');
    expect((await injectAs(t.app, providersOnly.token, { method: 'POST', url: 'supervisors', body: { name: 'Nope Nope', email: 'nope@example.com' } })).statusCode).toBe(403);

    const usersOnly = await staffAccount(t.db, tenant, { permissions: ['settings.users'] });
    expect((await injectAs(t.app, usersOnly.token, { url: 'supervisors' })).statusCode).toBe(200);
    expect((await injectAs(t.app, usersOnly.token, { url: 'provider-teams' })).statusCode).toBe(403);
  });
});
