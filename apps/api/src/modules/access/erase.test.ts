import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, rows, type TestApp } from '../../../test/helper';
import { invite, newOwner, newStaff, type Owner, roleId } from './access.fixtures';
import { KEPT_TABLES, WIPED_TABLES } from './erase.service';

let t: TestApp;
let owner: Owner;
let other: Owner;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOwner(t);
  other = await newOwner(t);
});
afterAll(async () => {
  await t?.close();
});

const countIn = async (table: string, tenantId: string) => {
  const [row] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.identifier(table)} where tenant_id = ${tenantId}`);
  return row?.n ?? 0;
};

describe('erase-data table lists', () => {
  it('decide every table with a tenant_id: wiped or kept', async () => {
    const tables = (
      await rows<{ table_name: string }>(
        t.db,
        sql`select distinct c.table_name from information_schema.columns c
              join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
             where c.table_schema = 'public' and c.column_name = 'tenant_id' and tb.table_type = 'BASE TABLE'
             order by 1`,
      )
    ).map((r) => r.table_name);
    const undecided = tables.filter((name) => !WIPED_TABLES.includes(name) && !KEPT_TABLES.includes(name));
    expect(undecided, 'add each new tenant table to WIPED or KEPT_TABLES in erase.service.ts').toEqual([]);
    expect(WIPED_TABLES.filter((name) => KEPT_TABLES.includes(name))).toEqual([]);
    // No stale names: every wiped table exists.
    for (const name of WIPED_TABLES) expect(tables).toContain(name);
  });
});

describe('POST /erase-data', () => {
  it("deletes the business's catalogue and keeps accounts, roles, branches and invitations", async () => {
    const staff = await newStaff(t, owner, 'admin');
    await invite(t, owner.client, { role_id: await roleId(t, owner.tenantId, 'receptionist') });
    const provider = (await owner.client.post(`users/${staff.id}/convert-to-provider`)).json().data.provider.uuid;
    await t.db.execute(sql`insert into provider_teams (tenant_id, title) values (${owner.tenantId}, 'Team A')`);
    await t.db.execute(
      sql`insert into provider_team_members (tenant_id, team_id, provider_id) select tenant_id, id, ${provider} from provider_teams where tenant_id = ${owner.tenantId}`,
    );
    await t.db.execute(
      sql`insert into supervisors (tenant_id, name, email, team_id) select tenant_id, 'Lead Person', 'lead@test.example', id from provider_teams where tenant_id = ${owner.tenantId}`,
    );
    // A customer with a private attachment: its file goes with the data.
    const customer = (await owner.client.post('customers', { first_name: 'Wiped', last_name: 'Customer' })).json().data.uuid as string;
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
    const boundary = 'xEraseBoundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await owner.client.request('POST', `attachments/customer/${customer}/store`, { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(up.statusCode).toBe(201);
    const [stored] = await rows<{ path: string }>(t.db, sql`select path from customer_attachments where customer_id = ${customer}`);
    const file = path.join(t.dataDir, 'uploads', (stored?.path ?? '').slice('/uploads/'.length));
    expect(existsSync(file)).toBe(true);
    expect(await countIn('services', owner.tenantId)).toBeGreaterThan(0);
    const keptBefore = Object.fromEntries(await Promise.all(['users', 'roles', 'branches', 'invitations'].map(async (tb) => [tb, await countIn(tb, owner.tenantId)])));
    const otherBefore = await countIn('services', other.tenantId);

    const wrong = await owner.client.post('erase-data', { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toEqual(['The password is incorrect']);
    expect(await countIn('services', owner.tenantId)).toBeGreaterThan(0);

    const res = await owner.client.post('erase-data', { password: owner.input.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Business data erased');
    for (const table of WIPED_TABLES) expect(await countIn(table, owner.tenantId), table).toBe(0);
    expect(existsSync(file)).toBe(false);
    for (const [table, n] of Object.entries(keptBefore)) expect(await countIn(table, owner.tenantId), table).toBe(n);
    expect(await countIn('services', other.tenantId)).toBe(otherBefore);
    expect((await staff.client.get('auth/me')).statusCode).toBe(200);
    expect((await owner.client.get('auth/me')).statusCode).toBe(200);
  });

  it('is for the owner only, even with the settings.deleting_data key', async () => {
    const role = (await owner.client.post('roles', { name: 'Data cleaners', permissions: ['settings.deleting_data'] })).json().data.uuid;
    const staff = await newStaff(t, owner, '', { role_id: role });
    const res = await staff.client.post('erase-data', { password: 'Staff#12345' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('owner-only');
    const admin = await newStaff(t, owner, 'admin');
    expect((await admin.client.post('erase-data', { password: 'Staff#12345' })).statusCode).toBe(403);
  });
});
