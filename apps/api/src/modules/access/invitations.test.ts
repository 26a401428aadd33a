import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, latestMessage, readMailToken, rows, type TestApp } from '../../../test/helper';
import { addBranch, invite, mainBranch, newOwner, newStaff, type Owner, roleId, STAFF_PASSWORD, signIn, uniqueEmail } from './access.fixtures';

let t: TestApp;
let owner: Owner;
let other: Owner;
let main: string;
beforeAll(async () => {
  t = await buildTestApp({ env: { APP_URL: 'https://app.khidma.test' } });
  owner = await newOwner(t);
  other = await newOwner(t);
  main = await mainBranch(t, owner.tenantId);
});
afterAll(async () => {
  await t?.close();
});

const del = (c: Client, url: string) => c.request('DELETE', url);
const accept = (token: string, overrides: Record<string, unknown> = {}) =>
  new Client(t.app).post('auth/accept-invitation', { token, name: 'Invited Person', password: STAFF_PASSWORD, password_confirmation: STAFF_PASSWORD, ...overrides });

describe('invitation flow', () => {
  it('invites, e-mails a link, previews it and accepts it into a signed-in account', async () => {
    const receptionist = await roleId(t, owner.tenantId, 'receptionist');
    const email = uniqueEmail('invitee');
    const res = await owner.client.post('invitations', { email: email.toUpperCase(), name: 'Huda Salem', role_id: receptionist, branch_ids: [main] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Invitation sent',
      data: { email, name: 'Huda Salem', status: 'sent', role: { uuid: receptionist, name: 'Receptionist' }, branches: [{ uuid: main }], invited_by: owner.input.name, accepted_at: null },
    });
    const expires = Date.parse(res.json().data.expires_at) - Date.now();
    expect(expires).toBeGreaterThan(6.9 * 86_400_000);
    expect(expires).toBeLessThan(7.1 * 86_400_000);

    const mail = await latestMessage(t.db, 'email', email);
    expect(mail?.body).toContain('https://app.khidma.test/accept-invitation?token=');
    expect(mail?.subject).toBe('Invitation to join Lamsa Beauty');
    const token = await readMailToken(t.db, email);
    const [stored] = await rows<{ token_hash: string }>(t.db, sql`select token_hash from invitations where email = ${email}`);
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.token_hash).not.toContain(token);

    const preview = await new Client(t.app).get(`auth/invitations/${encodeURIComponent(token)}`, { lang: 'ar' });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toEqual({ email, name: 'Huda Salem', business: 'Lamsa Beauty', role: 'موظف استقبال' });

    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(201);
    const { user, token: bearer } = accepted.json().data;
    expect(user).toMatchObject({ email, name: 'Invited Person', phone: null, phone_verified: true, email_verified: true, is_owner: false, type: 'user' });
    expect(user.role[0].slug).toBe('receptionist');
    expect(user.teams.map((b: { uuid: string }) => b.uuid)).toEqual([main]);
    const me = await new Client(t.app).get('auth/me', { token: bearer });
    expect(me.statusCode).toBe(200);
    expect((await signIn(t, email, STAFF_PASSWORD)).statusCode).toBe(200);

    const list = (await owner.client.get('invitations')).json().data as { email: string; status: string; accepted_at: string | null }[];
    expect(list.find((i) => i.email === email)).toMatchObject({ status: 'accepted' });
    expect(list.find((i) => i.email === email)?.accepted_at).not.toBeNull();
    // The link is dead now.
    expect((await new Client(t.app).get(`auth/invitations/${encodeURIComponent(token)}`)).statusCode).toBe(404);
    const twice = await accept(token);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toHaveProperty('token');
  });

  it('keeps only the branches that still exist', async () => {
    const gone = await addBranch(t, owner.tenantId, 'Closing branch');
    const inv = await invite(t, owner.client, { role_id: await roleId(t, owner.tenantId, 'accountant'), branch_ids: [main, gone] });
    await t.db.execute(sql`delete from branches where id = ${gone}`);
    const res = await accept(inv.token);
    expect(res.statusCode).toBe(201);
    const [links] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from user_branches where user_id = ${res.json().data.user.uuid}`);
    expect(links?.n).toBe(1);
  });

  it('lists open invitations first', async () => {
    const o = await newOwner(t);
    const role = await roleId(t, o.tenantId, 'cashier');
    const a = await invite(t, o.client, { role_id: role });
    const b = await invite(t, o.client, { role_id: role });
    await del(o.client, `invitations/${b.id}`);
    const c = await invite(t, o.client, { role_id: role });
    const list = (await o.client.get('invitations')).json().data as { uuid: string; status: string }[];
    expect(list.map((i) => [i.uuid, i.status])).toEqual([
      [c.id, 'sent'],
      [a.id, 'sent'],
      [b.id, 'deleted'],
    ]);
  });
});

describe('invitation rules', () => {
  it("refuses an address that already has an account, another tenant's role or branch, and the owner role", async () => {
    const role = await roleId(t, owner.tenantId, 'receptionist');
    const r1 = await owner.client.post('invitations', { email: other.input.email, role_id: role });
    expect(r1.statusCode).toBe(422);
    expect(r1.json().errors.email).toEqual(['This value already exists']);
    const r2 = await owner.client.post('invitations', { email: uniqueEmail(), role_id: await roleId(t, other.tenantId, 'receptionist') });
    expect(r2.statusCode).toBe(422);
    expect(r2.json().errors).toHaveProperty('role_id');
    const r3 = await owner.client.post('invitations', { email: uniqueEmail(), role_id: role, branch_ids: [await mainBranch(t, other.tenantId)] });
    expect(r3.statusCode).toBe(422);
    expect(r3.json().errors).toHaveProperty('branch_ids');
    const r4 = await owner.client.post('invitations', { email: uniqueEmail(), role_id: await roleId(t, owner.tenantId, 'owner') });
    expect(r4.statusCode).toBe(422);
    const r5 = await owner.client.post('invitations', { email: 'not-an-email', role_id: role });
    expect(r5.statusCode).toBe(422);
  });

  it('replaces an open invitation to the same address; resend makes a new link and kills the old one', async () => {
    const role = await roleId(t, owner.tenantId, 'receptionist');
    const email = uniqueEmail();
    const first = await invite(t, owner.client, { email, role_id: role });
    const second = await invite(t, owner.client, { email, role_id: role });
    expect(second.id).not.toBe(first.id);
    expect((await new Client(t.app).get(`auth/invitations/${first.token}`)).statusCode).toBe(404);
    expect((await new Client(t.app).get(`auth/invitations/${second.token}`)).statusCode).toBe(200);
    const [old] = await rows<{ status: string }>(t.db, sql`select status from invitations where id = ${first.id}`);
    expect(old?.status).toBe('deleted');

    const resent = await owner.client.post(`invitations/${second.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe('Invitation sent');
    const third = await readMailToken(t.db, email);
    expect(third).not.toBe(second.token);
    expect((await new Client(t.app).get(`auth/invitations/${second.token}`)).statusCode).toBe(404);
    expect((await accept(second.token)).statusCode).toBe(422);
    expect((await accept(third)).statusCode).toBe(201);
    // Accepted: neither resent nor deleted.
    expect((await owner.client.post(`invitations/${second.id}/resend`)).statusCode).toBe(422);
    expect((await del(owner.client, `invitations/${second.id}`)).statusCode).toBe(422);
  });

  it('deleting an invitation kills its link', async () => {
    const inv = await invite(t, owner.client, { role_id: await roleId(t, owner.tenantId, 'receptionist') });
    const res = await del(owner.client, `invitations/${inv.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Invitation deleted');
    expect((await new Client(t.app).get(`auth/invitations/${inv.token}`)).statusCode).toBe(404);
    expect((await accept(inv.token)).statusCode).toBe(422);
    expect((await owner.client.post(`invitations/${inv.id}/resend`)).statusCode).toBe(422);
  });

  it('an expired link is dead', async () => {
    const inv = await invite(t, owner.client, { role_id: await roleId(t, owner.tenantId, 'receptionist') });
    await t.db.execute(sql`update invitations set expires_at = now() - interval '1 second' where id = ${inv.id}`);
    expect((await new Client(t.app).get(`auth/invitations/${inv.token}`)).statusCode).toBe(404);
    const res = await accept(inv.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.token).toEqual(['This invitation link is invalid or has expired']);
  });

  it('refuses to accept when the address became an account meanwhile', async () => {
    const inv = await invite(t, owner.client, { role_id: await roleId(t, owner.tenantId, 'receptionist') });
    await t.db.execute(sql`update users set pending_email = ${inv.email} where id = ${other.user.uuid}`);
    const res = await accept(inv.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['This value already exists']);
    await t.db.execute(sql`update users set pending_email = null where id = ${other.user.uuid}`);
  });

  it('validates the accept body', async () => {
    const res = await accept('whatever', { password_confirmation: 'different-1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('password_confirmation');
    expect((await new Client(t.app).get('auth/invitations/unknown-token')).statusCode).toBe(404);
  });

  it('needs settings.users, and 404s for another tenant’s invitation', async () => {
    const staff = await newStaff(t, owner, 'receptionist');
    expect((await staff.client.get('invitations')).statusCode).toBe(403);
    expect((await staff.client.post('invitations', { email: uniqueEmail(), role_id: await roleId(t, owner.tenantId, 'receptionist') })).statusCode).toBe(403);
    const foreign = await invite(t, other.client, { role_id: await roleId(t, other.tenantId, 'receptionist') });
    expect((await owner.client.post(`invitations/${foreign.id}/resend`)).statusCode).toBe(404);
    expect((await del(owner.client, `invitations/${foreign.id}`)).statusCode).toBe(404);
    const admin = await newStaff(t, owner, 'admin');
    expect((await admin.client.get('invitations')).statusCode).toBe(200);
  });
});

describe('branches of an invited account', () => {
  it('invited to branches that are deleted before acceptance: works in none of them, never in all', async () => {
    const receptionist = await roleId(t, owner.tenantId, 'receptionist');
    const b = await addBranch(t, owner.tenantId, 'Short-lived branch');
    const inv = await invite(t, owner.client, { role_id: receptionist, branch_ids: [b] });
    expect((await del(owner.client, `branches/${b}`)).statusCode).toBe(200);
    const res = await accept(inv.token);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user.teams).toEqual([]);
    const [row] = await rows<{ all_branches: boolean }>(t.db, sql`select all_branches from users where email = ${inv.email}`);
    expect(row?.all_branches).toBe(false);
    const client = new Client(t.app);
    const sw = await client.put('auth/current-branch', { branch_id: main }, { token: res.json().data.token });
    expect(sw.statusCode).toBe(422);
  });

  it('invited with no branch chosen: every branch', async () => {
    await addBranch(t, owner.tenantId, 'Another branch');
    const inv = await invite(t, owner.client, { role_id: await roleId(t, owner.tenantId, 'receptionist') });
    const res = await accept(inv.token);
    expect(res.statusCode).toBe(201);
    const all = await rows<{ id: string }>(t.db, sql`select id from branches where tenant_id = ${owner.tenantId}`);
    expect(res.json().data.user.teams).toHaveLength(all.length);
  });
});
