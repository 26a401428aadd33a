import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Client, readMailToken, readyUser, rows, type TestApp } from '../../../test/helper';

/** Test helpers of the access module (imported by its *.test.ts files only). */

export const uniqueEmail = (prefix = 'staff') => `${prefix}-${Date.now().toString(36)}${randomBytes(4).toString('hex')}@test.example`;
export const STAFF_PASSWORD = 'Staff#12345';

export type Owner = Awaited<ReturnType<typeof readyUser>> & { tenantId: string };

/** A signed-up, verified, onboarded owner (and so a business with a main branch). */
export async function newOwner(t: TestApp): Promise<Owner> {
  const u = await readyUser(t);
  return { ...u, tenantId: u.user.tenant.uuid };
}

export async function roleId(t: TestApp, tenantId: string, slug: string): Promise<string> {
  const [row] = await rows<{ id: string }>(t.db, sql`select id from roles where tenant_id = ${tenantId} and slug = ${slug}`);
  if (!row) throw new Error(`no role ${slug}`);
  return row.id;
}

export async function mainBranch(t: TestApp, tenantId: string): Promise<string> {
  const [row] = await rows<{ id: string }>(t.db, sql`select id from branches where tenant_id = ${tenantId} and is_main`);
  if (!row) throw new Error('no main branch');
  return row.id;
}

export async function addBranch(t: TestApp, tenantId: string, name = 'Second branch'): Promise<string> {
  const [row] = await rows<{ id: string }>(t.db, sql`insert into branches (tenant_id, name) values (${tenantId}, ${name}) returning id`);
  if (!row) throw new Error('branch insert failed');
  return row.id;
}

export async function enablePos(t: TestApp, tenantId: string, on = true) {
  await t.db.execute(
    on
      ? sql`update tenants set plugins = array_append(array_remove(plugins, 'pos'), 'pos') where id = ${tenantId}`
      : sql`update tenants set plugins = array_remove(plugins, 'pos') where id = ${tenantId}`,
  );
}

/** Sends an invitation as `by` and returns the link token read from the e-mail. */
export async function invite(t: TestApp, by: Client, body: { email?: string; role_id: string; branch_ids?: string[]; name?: string }) {
  const email = body.email ?? uniqueEmail();
  const res = await by.post('invitations', { ...body, email });
  if (res.statusCode !== 201) throw new Error(`invite failed: ${res.statusCode} ${res.body}`);
  return { email, id: res.json().data.uuid as string, token: await readMailToken(t.db, email) };
}

export type Staff = { client: Client; token: string; id: string; email: string };

/** A staff account of the owner's business with the given default role, through the invitation flow. */
export async function newStaff(t: TestApp, owner: Owner, slug = 'admin', opts: { branch_ids?: string[]; role_id?: string } = {}): Promise<Staff> {
  const role = opts.role_id ?? (await roleId(t, owner.tenantId, slug));
  const inv = await invite(t, owner.client, { role_id: role, ...(opts.branch_ids ? { branch_ids: opts.branch_ids } : {}) });
  const client = new Client(t.app);
  const res = await client.post('auth/accept-invitation', { token: inv.token, name: 'Staff Member', password: STAFF_PASSWORD, password_confirmation: STAFF_PASSWORD });
  if (res.statusCode !== 201) throw new Error(`accept failed: ${res.statusCode} ${res.body}`);
  const json = res.json();
  client.token = json.data.token;
  return { client, token: json.data.token, id: json.data.user.uuid, email: inv.email };
}

/** Signs in with e-mail and password through the API; returns the response. */
export function signIn(t: TestApp, email: string, password: string) {
  return new Client(t.app).post('auth/login', { email, password });
}
