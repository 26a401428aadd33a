import { type SQL, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, readyUser, rows, type TestApp } from '../../../test/helper';

/**
 * Races between a service's check and its write: another request removes (or adds) the row the
 * write depends on in between, and the foreign key refuses. A trigger stands in for the other
 * request, doing its change inside the very statement that writes; the answer must be the 422 the
 * check would have given, never a 500.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof readyUser>>;
let tenant: string;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await readyUser(t);
  tenant = owner.user.tenant.uuid;
});
afterAll(async () => {
  await t?.close();
});

const installed: { table: string; name: string }[] = [];

/** A BEFORE trigger on `table` running `body` (plpgsql) once per row, as the request's role. */
async function race(table: string, timing: 'INSERT' | 'UPDATE' | 'DELETE' | 'INSERT OR UPDATE', body: string) {
  const name = `race_${table}_${installed.length}`;
  const ret = timing === 'DELETE' ? 'OLD' : 'NEW';
  await t.db.execute(sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body}; RETURN ${ret}; END $$`));
  await t.db.execute(sql.raw(`CREATE TRIGGER ${name} BEFORE ${timing} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`));
  installed.push({ table, name });
}

afterEach(async () => {
  for (const { table, name } of installed.splice(0)) {
    await t.db.execute(sql.raw(`DROP TRIGGER IF EXISTS ${name} ON ${table}`));
    await t.db.execute(sql.raw(`DROP FUNCTION IF EXISTS ${name}()`));
  }
});

const one = async <T>(q: SQL) => (await rows<T>(t.db, q))[0] as T;

describe('foreign key races answer 422, not 500', () => {
  it('branch delete: a service given the branch after the in-use check', async () => {
    const created = await owner.client.post('branches', { name: 'Racing Branch', type: 'on-site', timezone: 'Asia/Riyadh', working_hours: {} });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.uuid as string;
    await race('branches', 'DELETE', `INSERT INTO services (tenant_id, name, price, duration, branch_id) VALUES (OLD.tenant_id, 'Late service', 1000, 30, OLD.id)`);
    const res = await owner.client.request('DELETE', `branches/${id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('A branch with services or providers cannot be deleted');
    expect((await owner.client.get(`branches/${id}`)).statusCode).toBe(200);
  });

  it('team save: a provider deleted after the providers check', async () => {
    const p = await one<{ id: string }>(sql`insert into providers (tenant_id, name) values (${tenant}, 'Leaving Provider') returning id`);
    await race('provider_team_members', 'INSERT', 'DELETE FROM providers WHERE tenant_id = NEW.tenant_id AND id = NEW.provider_id');
    const res = await owner.client.post('provider-teams', { title: 'Racing team', provider_ids: [p.id] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.provider_ids).toEqual(['This value does not exist']);
    const teams = await rows(t.db, sql`select id from provider_teams where tenant_id = ${tenant} and title = 'Racing team'`);
    expect(teams).toEqual([]);

    const team = await owner.client.post('provider-teams', { title: 'Steady team', provider_ids: [] });
    expect(team.statusCode).toBe(201);
    const q = await one<{ id: string }>(sql`insert into providers (tenant_id, name) values (${tenant}, 'Leaving Too') returning id`);
    const upd = await owner.client.put(`provider-teams/${team.json().data.uuid}`, { title: 'Steady team', provider_ids: [q.id] });
    expect(upd.statusCode).toBe(422);
    expect(upd.json().errors.provider_ids).toEqual(['This value does not exist']);
  });

  it('supervisor save: the team deleted after the team check', async () => {
    const team = await owner.client.post('provider-teams', { title: 'Doomed team', provider_ids: [] });
    expect(team.statusCode).toBe(201);
    await race('supervisors', 'INSERT OR UPDATE', 'DELETE FROM provider_teams WHERE tenant_id = NEW.tenant_id AND id = NEW.team_id');
    const res = await owner.client.post('supervisors', { name: 'Racing Supervisor', email: 'racing-supervisor@test.example', team_id: team.json().data.uuid, status: 'active' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.team_id).toEqual(['This value does not exist']);
  });

  it('role delete: a user given the role after the in-use check', async () => {
    const role = await owner.client.post('roles', { name: 'Racing role', permissions: ['bookings'] });
    expect(role.statusCode).toBe(201);
    await race('roles', 'DELETE', `UPDATE users SET role_id = OLD.id WHERE tenant_id = OLD.tenant_id AND id = '${owner.user.uuid}'`);
    const res = await owner.client.request('DELETE', `roles/${role.json().data.uuid}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('A role in use by users or invitations cannot be deleted');
    expect((await owner.client.get(`roles/${role.json().data.uuid}`)).statusCode).toBe(200);
  });

  it('POS account: its branch deleted after the branches check', async () => {
    await t.db.execute(sql`update tenants set plugins = array_append(array_remove(plugins, 'pos'), 'pos') where id = ${tenant}`);
    const b = await one<{ id: string }>(sql`insert into branches (tenant_id, name) values (${tenant}, 'Vanishing Branch') returning id`);
    await race('user_branches', 'INSERT', 'DELETE FROM branches WHERE tenant_id = NEW.tenant_id AND id = NEW.branch_id');
    const res = await owner.client.post('users', { name: 'Racing Cashier', email: 'racing-cashier@test.example', passcode: '2468', branch_ids: [b.id] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.branch_ids).toEqual(['This value does not exist']);
    expect(await rows(t.db, sql`select id from users where email = 'racing-cashier@test.example'`)).toEqual([]);
  });
});
