import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, readyUser, rows, type TestApp } from '../../test/helper';
import { withTenant } from './client';
import { services, users } from './schema/index';
import { tenants } from './schema/tenants';

let t: TestApp;
let a: Awaited<ReturnType<typeof readyUser>>;
let b: Awaited<ReturnType<typeof readyUser>>;
beforeAll(async () => {
  t = await buildTestApp();
  a = await readyUser(t);
  b = await readyUser(t);
  // B gets a second service so the counts differ.
  await b.client.post('auth/complete-profile', { working_days: [1], service: { name: 'Second one', price: 100, duration: 15 } });
});
afterAll(async () => {
  await t?.close();
});

describe('tenant isolation through the API', () => {
  it('shows each token only its own user and tenant', async () => {
    const meA = (await a.client.get('auth/me')).json().data;
    const meB = (await b.client.get('auth/me')).json().data;
    expect(meA.uuid).toBe(a.user.uuid);
    expect(meB.uuid).toBe(b.user.uuid);
    expect(meA.tenant.uuid).not.toBe(meB.tenant.uuid);
    expect(meA.teams.map((x: { uuid: string }) => x.uuid)).not.toEqual(meB.teams.map((x: { uuid: string }) => x.uuid));
    expect(meA.tenant.booking_page.subdomain).toBe(a.subdomain);
  });

  it('counts only the own tenant on the dashboard and onboarding status', async () => {
    expect((await a.client.get('dashboard')).json().data).toMatchObject({ services_count: 1, providers_count: 1, branches_count: 1 });
    expect((await b.client.get('dashboard')).json().data).toMatchObject({ services_count: 2, providers_count: 1, branches_count: 1 });
    const sa = (await a.client.get('auth/onboarding-status')).json().data;
    const sb = (await b.client.get('auth/onboarding-status')).json().data;
    expect(sa.complete_profile.services_count).toBe(1);
    expect(sb.complete_profile.services_count).toBe(2);
    expect(sa.tenant_info.subdomain).toBe(a.subdomain);
    expect(sb.tenant_info.subdomain).toBe(b.subdomain);
  });
});

describe('row-level security', () => {
  it('shows only the tenant own rows inside withTenant', async () => {
    const tenantA = a.user.tenant.uuid;
    await withTenant(t.db, tenantA, async (tx) => {
      const u = await tx.select({ id: users.id, tenantId: users.tenantId }).from(users);
      expect(u).toEqual([{ id: a.user.uuid, tenantId: tenantA }]);
      const s = await tx.select({ tenantId: services.tenantId }).from(services);
      expect(s.length).toBe(1);
      expect(s.every((r) => r.tenantId === tenantA)).toBe(true);
      const tn = await tx.select({ id: tenants.id }).from(tenants);
      expect(tn).toEqual([{ id: tenantA }]);
    });
  });

  it('shows nothing for an unknown tenant', async () => {
    await withTenant(t.db, randomUUID(), async (tx) => {
      for (const table of ['users', 'services', 'providers', 'branches', 'roles', 'access_tokens', 'verification_codes', 'tenants', 'provider_services']) {
        const r = await rows(tx as never, sql.raw(`select count(*)::int as n from ${table}`));
        expect(Number((r[0] as { n: number }).n), table).toBe(0);
      }
    });
  });

  it('refuses to write another tenant rows', async () => {
    const tenantA = a.user.tenant.uuid;
    const tenantB = b.user.tenant.uuid;
    await expect(
      withTenant(t.db, tenantA, (tx) => tx.execute(sql`insert into services (tenant_id, name, price, duration) values (${tenantB}, 'Injected', 1, 15)`)),
    ).rejects.toThrow();
    const updated = await withTenant(t.db, tenantA, (tx) => tx.execute(sql`update users set name = 'Hacked' where tenant_id = ${tenantB} returning id`));
    expect((updated as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    const [row] = await rows<{ name: string }>(t.db, sql`select name from users where id = ${b.user.uuid}`);
    expect(row?.name).not.toBe('Hacked');
  });

  it('secures EVERY public table with a NOT NULL tenant_id (RLS enabled and forced, tenant_isolation policy)', async () => {
    const tables = await rows<{ table_name: string; rls: boolean; forced: boolean; policy: string | null }>(
      t.db,
      sql`select c.relname as table_name, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
                 (select p.policyname from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname and p.policyname = 'tenant_isolation') as policy
            from pg_class c
            join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
            join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and a.attnotnull and not a.attisdropped
           where c.relkind in ('r', 'p')
           order by 1`,
    );
    expect(tables.length).toBeGreaterThanOrEqual(8);
    for (const tb of tables) {
      expect({ table: tb.table_name, rls: tb.rls, forced: tb.forced, policy: tb.policy }).toEqual({ table: tb.table_name, rls: true, forced: true, policy: 'tenant_isolation' });
    }
    // The tenants table isolates on its id.
    const [tn] = await rows<{ rls: boolean; forced: boolean }>(t.db, sql`select relrowsecurity as rls, relforcerowsecurity as forced from pg_class where relname = 'tenants' and relnamespace = 'public'::regnamespace`);
    expect(tn).toEqual({ rls: true, forced: true });
  });

  it('runs the request queries as app_user, which cannot bypass RLS', async () => {
    const [role] = await rows<{ rolbypassrls: boolean; rolsuper: boolean }>(t.db, sql`select rolbypassrls, rolsuper from pg_roles where rolname = 'app_user'`);
    expect(role).toEqual({ rolbypassrls: false, rolsuper: false });
    await withTenant(t.db, a.user.tenant.uuid, async (tx) => {
      const r = await rows<{ u: string }>(tx as never, sql`select current_user as u`);
      expect(r[0]?.u).toBe('app_user');
    });
  });
});
