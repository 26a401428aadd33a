import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, injectAs, rows, type TestApp } from '../../../test/helper';
import { addBranch, enablePos, mainBranch, newOwner, newStaff, type Owner, roleId, STAFF_PASSWORD, signIn, uniqueEmail } from './access.fixtures';

let t: TestApp;
let owner: Owner;
let other: Owner;
let main: string;
let second: string;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOwner(t);
  other = await newOwner(t);
  main = await mainBranch(t, owner.tenantId);
  second = await addBranch(t, owner.tenantId, 'North branch');
});
afterAll(async () => {
  await t?.close();
});

const del = (c: Client, url: string) => c.request('DELETE', url);
type StaffJson = { uuid: string; is_owner: boolean; type: string; status: string; role: { slug: string; name: string } | null; branches: { uuid: string }[]; provider: { uuid: string; name: string } | null };

describe('GET /users', () => {
  it('lists the owner first, with role, branches, provider and paging', async () => {
    const a = await newStaff(t, owner, 'receptionist', { branch_ids: [second] });
    const b = await newStaff(t, owner, 'accountant');
    const res = await owner.client.get('users', { query: { per_page: '2' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 2 });
    expect(body.meta.total).toBeGreaterThanOrEqual(3);
    expect(body.meta.last_page).toBe(Math.ceil(body.meta.total / 2));
    expect(body.data[0]).toMatchObject({ uuid: owner.user.uuid, is_owner: true, role: { slug: 'owner', name: 'Owner' }, status: 'active', type: 'user' });
    expect(body.data[0].last_active_at).not.toBeNull();

    const byBranch = (await owner.client.get('users', { query: { branch_id: second } })).json().data as StaffJson[];
    expect(byBranch.map((u) => u.uuid)).toEqual([a.id]);
    expect(byBranch[0]?.branches).toEqual([{ uuid: second, name: 'North branch' }]);
    const byRole = (await owner.client.get('users', { query: { role_id: await roleId(t, owner.tenantId, 'accountant') } })).json().data as StaffJson[];
    expect(byRole.map((u) => u.uuid)).toEqual([b.id]);
    const bySearch = (await owner.client.get('users', { query: { search: b.email.slice(0, 20) } })).json().data as StaffJson[];
    expect(bySearch.map((u) => u.uuid)).toEqual([b.id]);
    const wild = (await owner.client.get('users', { query: { search: '%' } })).json().data as StaffJson[];
    expect(wild).toEqual([]);
    const byType = (await owner.client.get('users', { query: { type: 'pos' } })).json();
    expect(byType).toMatchObject({ data: [], meta: { total: 0, last_page: 1 } });
  });

  it('scopes the list to the branch chosen in the top bar: its accounts, every-branch accounts and the owner', async () => {
    const here = await newStaff(t, owner, 'receptionist', { branch_ids: [second] });
    const elsewhere = await newStaff(t, owner, 'receptionist', { branch_ids: [main] });
    const everywhere = await newStaff(t, owner, 'accountant');
    expect((await owner.client.put('auth/current-branch', { branch_id: second })).statusCode).toBe(200);
    const scoped = (await owner.client.get('users', { query: { per_page: '100' } })).json().data as (StaffJson & { all_branches: boolean })[];
    const ids = scoped.map((u) => u.uuid);
    expect(ids).toContain(here.id);
    expect(ids).toContain(everywhere.id);
    expect(ids).toContain(owner.user.uuid);
    expect(ids).not.toContain(elsewhere.id);
    expect(scoped.find((u) => u.uuid === everywhere.id)?.all_branches).toBe(true);
    expect(scoped.find((u) => u.uuid === here.id)?.all_branches).toBe(false);
    expect((await owner.client.put('auth/current-branch', { branch_id: null })).statusCode).toBe(200);
    const all = (await owner.client.get('users', { query: { per_page: '100' } })).json().data as StaffJson[];
    expect(all.map((u) => u.uuid)).toContain(elsewhere.id);
  });

  it('validates the query', async () => {
    const res = await owner.client.get('users', { query: { per_page: '500', status: 'nope' } });
    expect(res.statusCode).toBe(422);
  });

  it('needs settings.users', async () => {
    const staff = await newStaff(t, owner, 'receptionist');
    expect((await staff.client.get('users')).statusCode).toBe(403);
    expect((await staff.client.get(`users/${owner.user.uuid}`)).statusCode).toBe(403);
  });

  it("answers 404 for another tenant's user", async () => {
    expect((await owner.client.get(`users/${other.user.uuid}`)).statusCode).toBe(404);
    expect((await owner.client.post(`users/${other.user.uuid}/deactivate`)).statusCode).toBe(404);
    expect((await del(owner.client, `users/${other.user.uuid}`)).statusCode).toBe(404);
    expect((await owner.client.get(`users/${owner.user.uuid}`)).json().data.uuid).toBe(owner.user.uuid);
  });
});

describe('PUT /users/:id', () => {
  it('changes name, role and branches', async () => {
    const s = await newStaff(t, owner, 'receptionist', { branch_ids: [main] });
    const res = await owner.client.put(`users/${s.id}`, { name: 'Renamed Staff', role_id: await roleId(t, owner.tenantId, 'accountant'), branch_ids: [second, second] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Updated successfully', data: { name: 'Renamed Staff', role: { slug: 'accountant' }, branches: [{ uuid: second }] } });
    const me = await s.client.get('auth/me');
    expect(me.json().data.role[0].slug).toBe('accountant');
  });

  it("refuses another tenant's branch or role, the owner role, and a passcode for a non-POS account", async () => {
    const s = await newStaff(t, owner, 'receptionist');
    const foreignBranch = await mainBranch(t, other.tenantId);
    const r1 = await owner.client.put(`users/${s.id}`, { branch_ids: [main, foreignBranch] });
    expect(r1.statusCode).toBe(422);
    expect(r1.json().errors.branch_ids).toEqual(['This value does not exist']);
    const r2 = await owner.client.put(`users/${s.id}`, { role_id: await roleId(t, other.tenantId, 'admin') });
    expect(r2.statusCode).toBe(422);
    expect(r2.json().errors.role_id).toEqual(['This value does not exist']);
    const r3 = await owner.client.put(`users/${s.id}`, { role_id: await roleId(t, owner.tenantId, 'owner') });
    expect(r3.statusCode).toBe(422);
    expect(r3.json().errors).toHaveProperty('role_id');
    const r4 = await owner.client.put(`users/${s.id}`, { passcode: '1234' });
    expect(r4.statusCode).toBe(422);
    expect(r4.json().errors).toHaveProperty('passcode');
  });

  it("keeps the owner's role, and nobody changes their own role", async () => {
    const admin = await newStaff(t, owner, 'admin');
    const accountant = await roleId(t, owner.tenantId, 'accountant');
    const r1 = await admin.client.put(`users/${owner.user.uuid}`, { role_id: accountant });
    expect(r1.statusCode).toBe(422);
    expect(r1.json().message).toBe('The owner account cannot be changed this way');
    const r2 = await owner.client.put(`users/${owner.user.uuid}`, { role_id: accountant });
    expect(r2.statusCode).toBe(422);
    const same = await owner.client.put(`users/${owner.user.uuid}`, { role_id: await roleId(t, owner.tenantId, 'owner'), name: 'Owner Renamed' });
    expect(same.statusCode).toBe(200);
    const r3 = await admin.client.put(`users/${admin.id}`, { role_id: accountant });
    expect(r3.statusCode).toBe(422);
    expect(r3.json().message).toBe('You cannot do this to your own account');
  });
});

describe('activate / deactivate', () => {
  it('deactivation signs the user out at once; activation lets them back in', async () => {
    const s = await newStaff(t, owner, 'receptionist');
    const second = await signIn(t, s.email, STAFF_PASSWORD);
    expect(second.statusCode).toBe(200);
    const res = await owner.client.post(`users/${s.id}/deactivate`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Deactivated successfully', data: { status: 'inactive' } });
    expect((await s.client.get('auth/me')).statusCode).toBe(401);
    expect((await injectAs(t.app, second.json().data.token, { url: 'auth/me' })).statusCode).toBe(401);
    const [tokens] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from access_tokens where user_id = ${s.id}`);
    expect(tokens?.n).toBe(0);
    const again = await signIn(t, s.email, STAFF_PASSWORD);
    expect(again.statusCode).toBe(422);
    expect((await owner.client.post(`users/${s.id}/activate`)).json()).toMatchObject({ message: 'Activated successfully', data: { status: 'active' } });
    expect((await signIn(t, s.email, STAFF_PASSWORD)).statusCode).toBe(200);
    const inactive = await owner.client.post(`users/${s.id}/deactivate`);
    expect(inactive.statusCode).toBe(200);
    expect((await owner.client.get('users', { query: { status: 'inactive' } })).json().data.map((u: StaffJson) => u.uuid)).toContain(s.id);
  });

  it('refuses the owner and yourself', async () => {
    const admin = await newStaff(t, owner, 'admin');
    const r1 = await admin.client.post(`users/${owner.user.uuid}/deactivate`);
    expect(r1.statusCode).toBe(422);
    expect(r1.json().message).toBe('The owner account cannot be changed this way');
    const r2 = await admin.client.post(`users/${admin.id}/deactivate`);
    expect(r2.statusCode).toBe(422);
    expect(r2.json().message).toBe('You cannot do this to your own account');
    expect((await owner.client.post(`users/${owner.user.uuid}/deactivate`)).statusCode).toBe(422);
    expect((await admin.client.get('auth/me')).statusCode).toBe(200);
  });
});

describe('provider conversion and app access', () => {
  it('converts to a provider (new row on the first branch) and back (the row stays without a user)', async () => {
    const s = await newStaff(t, owner, 'receptionist', { branch_ids: [second] });
    const app1 = await owner.client.put(`users/${s.id}/app-access`, { enabled: false });
    expect(app1.statusCode).toBe(422);
    expect(app1.json().message).toBe('This user is not a provider');
    const res = await owner.client.post(`users/${s.id}/convert-to-provider`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as StaffJson;
    expect(data.type).toBe('provider');
    expect(data.provider?.name).toBe('Staff Member');
    const [p] = await rows<{ branch_id: string; user_id: string; hours: unknown; branch_hours: unknown; color: string | null }>(
      t.db,
      sql`select p.branch_id, p.user_id, p.working_hours as hours, b.working_hours as branch_hours, p.color from providers p join branches b on b.id = p.branch_id where p.id = ${data.provider?.uuid}`,
    );
    expect(p).toMatchObject({ branch_id: second, user_id: s.id });
    // It starts with its branch's hours and a calendar colour, as a provider made on the staff screen.
    expect(p?.hours).toEqual(p?.branch_hours);
    expect(p?.color).toMatch(/^#[0-9A-F]{6}$/);
    // Converting again keeps the same row.
    expect((await owner.client.post(`users/${s.id}/convert-to-provider`, {})).json().data.provider.uuid).toBe(data.provider?.uuid);
    const access = await owner.client.put(`users/${s.id}/app-access`, { enabled: false });
    expect(access.json()).toMatchObject({ data: { app_access: false } });

    const back = await owner.client.post(`users/${s.id}/convert-to-user`);
    expect(back.json()).toMatchObject({ message: 'User converted', data: { type: 'user', provider: null } });
    const [kept] = await rows<{ user_id: string | null }>(t.db, sql`select user_id from providers where id = ${data.provider?.uuid}`);
    expect(kept).toEqual({ user_id: null });

    // Links an existing unlinked provider row.
    const relink = await owner.client.post(`users/${s.id}/convert-to-provider`, { provider_id: data.provider?.uuid });
    expect(relink.json().data.provider.uuid).toBe(data.provider?.uuid);
    const foreign = await rows<{ id: string }>(t.db, sql`select id from providers where tenant_id = ${other.tenantId} limit 1`);
    const bad = await owner.client.post(`users/${s.id}/convert-to-provider`, { provider_id: foreign[0]?.id });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('provider_id');
  });

  it('refuses to convert the owner or yourself', async () => {
    const admin = await newStaff(t, owner, 'admin');
    expect((await admin.client.post(`users/${owner.user.uuid}/convert-to-provider`)).statusCode).toBe(422);
    expect((await admin.client.post(`users/${admin.id}/convert-to-provider`)).statusCode).toBe(422);
    expect((await owner.client.post(`users/${owner.user.uuid}/convert-to-user`)).statusCode).toBe(422);
  });
});

describe('DELETE /users/:id', () => {
  it('deletes a staff account (its provider row stays); never yourself; the owner only after a transfer', async () => {
    const admin = await newStaff(t, owner, 'admin');
    const s = await newStaff(t, owner, 'receptionist');
    const provider = (await owner.client.post(`users/${s.id}/convert-to-provider`)).json().data.provider.uuid;
    const toOwner = await del(admin.client, `users/${owner.user.uuid}`);
    expect(toOwner.statusCode).toBe(403);
    const self = await del(owner.client, `users/${owner.user.uuid}`);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('Transfer ownership to another user before deleting the owner account');
    expect((await del(admin.client, `users/${admin.id}`)).statusCode).toBe(422);
    const ok = await del(admin.client, `users/${s.id}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Deleted successfully');
    expect((await owner.client.get(`users/${s.id}`)).statusCode).toBe(404);
    expect((await s.client.get('auth/me')).statusCode).toBe(401);
    const [p] = await rows<{ user_id: string | null }>(t.db, sql`select user_id from providers where id = ${provider}`);
    expect(p).toEqual({ user_id: null });
  });
});

describe('POST /users (POS account)', () => {
  it('needs the pos plugin', async () => {
    const res = await owner.client.post('users', { name: 'Front Cashier', email: uniqueEmail('pos'), passcode: '1234', branch_ids: [main] });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('plugin-missing');
  });

  it('creates a POS account with a passcode, no phone and the cashier role', async () => {
    await enablePos(t, owner.tenantId);
    const email = uniqueEmail('pos');
    const res = await owner.client.post('users', { name: 'Front Cashier', email: email.toUpperCase(), passcode: '4321', branch_ids: [main] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Added successfully',
      data: { email, type: 'pos', phone: null, has_passcode: true, role: { slug: 'cashier' }, branches: [{ uuid: main }], status: 'active' },
    });
    const id = res.json().data.uuid;
    const [row] = await rows<{ password_hash: string; passcode_hash: string }>(t.db, sql`select password_hash, passcode_hash from users where id = ${id}`);
    expect(row?.passcode_hash).toMatch(/^\$argon2id\$/);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect((await signIn(t, email, '4321')).statusCode).toBe(422);
    const dup = await owner.client.post('users', { name: 'Other Cashier', email, passcode: '1234', branch_ids: [main] });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.email).toEqual(['This value already exists']);
    const badBranch = await owner.client.post('users', { name: 'Other Cashier', email: uniqueEmail('pos'), passcode: '1234', branch_ids: [await mainBranch(t, other.tenantId)] });
    expect(badBranch.statusCode).toBe(422);
    expect(badBranch.json().errors).toHaveProperty('branch_ids');
    const badCode = await owner.client.post('users', { name: 'Other Cashier', email: uniqueEmail('pos'), passcode: '12', branch_ids: [main] });
    expect(badCode.statusCode).toBe(422);
    // The passcode changes through PUT.
    const put = await owner.client.put(`users/${id}`, { passcode: '987654' });
    expect(put.statusCode).toBe(200);
  });
});

describe('POST /users/:id/transfer-ownership', () => {
  it('is for the owner only, checks the password, and swaps owner and admin', async () => {
    const o = await newOwner(t);
    const admin = await newStaff(t, o, 'admin');
    const target = await newStaff(t, o, 'receptionist');
    const notOwner = await admin.client.post(`users/${target.id}/transfer-ownership`, { password: 'whatever-123' });
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().code).toBe('owner-only');
    const wrong = await o.client.post(`users/${target.id}/transfer-ownership`, { password: 'wrong-password-1' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toEqual(['The password is incorrect']);
    const self = await o.client.post(`users/${o.user.uuid}/transfer-ownership`, { password: o.input.password });
    expect(self.statusCode).toBe(422);
    const ok = await o.client.post(`users/${target.id}/transfer-ownership`, { password: o.input.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'Ownership transferred', data: { uuid: target.id, is_owner: true, role: { slug: 'owner' } } });
    const old = (await target.client.get(`users/${o.user.uuid}`)).json().data as StaffJson;
    expect(old).toMatchObject({ is_owner: false, role: { slug: 'admin' } });
    // The new owner holds owner-only rights; the old one no longer does.
    expect((await o.client.post(`users/${target.id}/transfer-ownership`, { password: o.input.password })).statusCode).toBe(403);
    expect((await target.client.get('auth/me')).json().data.is_owner).toBe(true);
    const back = await target.client.post(`users/${o.user.uuid}/transfer-ownership`, { password: STAFF_PASSWORD });
    expect(back.statusCode).toBe(200);
    // The old owner, now admin, can be deleted by the new one; the new owner cannot be deleted by staff.
    const owners = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from users where tenant_id = ${o.tenantId} and is_owner`);
    expect(owners[0]?.n).toBe(1);
  });
});

describe('no key hand-out through accounts', () => {
  const managerRole = async (o: Owner, permissions: string[]) => (await o.client.post('roles', { name: `Managers ${Math.random().toString(36).slice(2, 8)}`, permissions })).json().data.uuid as string;

  it('lets a non-owner assign only roles within its own keys (invite, POS, role change)', async () => {
    const manager = await newStaff(t, owner, '', { role_id: await managerRole(owner, ['settings.users', 'bookings', 'customers']) });
    const small = await managerRole(owner, ['bookings']);
    const receptionist = await roleId(t, owner.tenantId, 'receptionist');

    const invite = await manager.client.post('invitations', { email: uniqueEmail('over'), role_id: receptionist });
    expect(invite.statusCode).toBe(422);
    expect(invite.json().errors.role_id).toEqual(['You can only grant permissions you hold yourself']);
    expect((await manager.client.post('invitations', { email: uniqueEmail('under'), role_id: small })).statusCode).toBe(201);

    await enablePos(t, owner.tenantId);
    const pos = await manager.client.post('users', { name: 'Front Cashier', email: uniqueEmail('pos'), passcode: '1234', branch_ids: [main] });
    expect(pos.statusCode).toBe(422);
    expect(pos.json().errors.role_id).toEqual(['You can only grant permissions you hold yourself']);
    expect((await manager.client.post('users', { name: 'Front Cashier', email: uniqueEmail('pos'), passcode: '1234', branch_ids: [main], role_id: small })).statusCode).toBe(201);

    const junior = await newStaff(t, owner, '', { role_id: small });
    const promote = await manager.client.put(`users/${junior.id}`, { role_id: await roleId(t, owner.tenantId, 'admin') });
    expect(promote.statusCode).toBe(422);
    expect(promote.json().errors.role_id).toEqual(['You can only grant permissions you hold yourself']);
    expect((await junior.client.get('auth/me')).json().data.role[0].uuid).toBe(small);
    // The owner hands out anything.
    expect((await owner.client.put(`users/${junior.id}`, { role_id: receptionist })).statusCode).toBe(200);
  });

  it('lets a non-owner act only on accounts whose keys it holds all of', async () => {
    const manager = await newStaff(t, owner, '', { role_id: await managerRole(owner, ['settings.users', 'bookings']) });
    const senior = await newStaff(t, owner, 'receptionist');
    const junior = await newStaff(t, owner, '', { role_id: await managerRole(owner, ['bookings']) });
    const calls: [string, string, unknown?][] = [
      ['PUT', `users/${senior.id}`, { name: 'Renamed Senior' }],
      ['POST', `users/${senior.id}/deactivate`],
      ['POST', `users/${senior.id}/activate`],
      ['POST', `users/${senior.id}/convert-to-provider`],
      ['POST', `users/${senior.id}/convert-to-user`],
      ['PUT', `users/${senior.id}/app-access`, { enabled: false }],
      ['DELETE', `users/${senior.id}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await manager.client.request(method as 'PUT' | 'POST' | 'DELETE', url, body === undefined ? {} : { body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await senior.client.get('auth/me')).statusCode).toBe(200);
    // A peer or junior is fair game.
    expect((await manager.client.put(`users/${junior.id}`, { name: 'Renamed Junior' })).statusCode).toBe(200);
    expect((await manager.client.post(`users/${junior.id}/deactivate`)).statusCode).toBe(200);
    expect((await del(manager.client, `users/${junior.id}`)).statusCode).toBe(200);

    // An admin (every key but settings.deleting_data) cannot even rename the owner.
    const admin = await newStaff(t, owner, 'admin');
    expect((await admin.client.put(`users/${owner.user.uuid}`, { name: 'Hijacked Owner' })).statusCode).toBe(403);
    expect((await owner.client.get('auth/me')).json().data.name).not.toBe('Hijacked Owner');
  });

  it('refuses a caller changing their own branches (any change), the owner included', async () => {
    const admin = await newStaff(t, owner, 'admin', { branch_ids: [main] });
    const widen = await admin.client.put(`users/${admin.id}`, { branch_ids: [] });
    expect(widen.statusCode).toBe(422);
    expect(widen.json().message).toBe('You cannot do this to your own account');
    expect((await admin.client.put(`users/${admin.id}`, { branch_ids: [main, second] })).statusCode).toBe(422);
    // The same list again is no change.
    expect((await admin.client.put(`users/${admin.id}`, { name: 'Same Branches', branch_ids: [main] })).statusCode).toBe(200);
    expect((await admin.client.get('auth/me')).json().data.teams.map((b: { uuid: string }) => b.uuid)).toEqual([main]);
    expect((await owner.client.put(`users/${owner.user.uuid}`, { branch_ids: [second] })).statusCode).toBe(422);
    expect((await owner.client.put(`users/${owner.user.uuid}`, { branch_ids: [] })).statusCode).toBe(200);
    // Others may still change the admin's branches.
    expect((await owner.client.put(`users/${admin.id}`, { branch_ids: [] })).statusCode).toBe(200);
    expect((await admin.client.get('auth/me')).json().data.teams.map((b: { uuid: string }) => b.uuid).sort()).toEqual([main, second].sort());
  });
});

describe('ownership transfer race', () => {
  it('two parallel transfers leave exactly one owner', async () => {
    const o = await newOwner(t);
    const a = await newStaff(t, o, 'receptionist');
    const b = await newStaff(t, o, 'accountant');
    const [r1, r2] = await Promise.all([
      o.client.post(`users/${a.id}/transfer-ownership`, { password: o.input.password }),
      o.client.post(`users/${b.id}/transfer-ownership`, { password: o.input.password }),
    ]);
    const codes = [r1.statusCode, r2.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const loser = r1.statusCode === 200 ? r2 : r1;
    if (loser.statusCode === 409) expect(loser.json().message).toBe('Ownership has just changed, refresh the page');
    const owners = await rows<{ id: string }>(t.db, sql`select id from users where tenant_id = ${o.tenantId} and is_owner`);
    expect(owners).toHaveLength(1);
    expect([a.id, b.id]).toContain(owners[0]?.id);
    const [old] = await rows<{ is_owner: boolean; slug: string }>(
      t.db,
      sql`select u.is_owner, r.slug from users u join roles r on r.tenant_id = u.tenant_id and r.id = u.role_id where u.id = ${o.user.uuid}`,
    );
    expect(old).toEqual({ is_owner: false, slug: 'admin' });
  });

  it('the database allows one owner per business', async () => {
    const o = await newOwner(t);
    const s = await newStaff(t, o, 'receptionist');
    await expect(t.db.execute(sql`update users set is_owner = true where id = ${s.id}`)).rejects.toThrow();
  });
});
