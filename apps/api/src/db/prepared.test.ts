import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, readyUser, type TestApp } from '../../test/helper';
import { type Executor, preparedSelect, withTenant } from './client';
import { services } from './schema/index';

/**
 * preparedSelect builds a select once and, on PostgreSQL, runs the query prepared for the first
 * connection on every later one with that one's connection in its place. These show it reads
 * through the caller's transaction: its uncommitted writes, its business, never another's.
 */
const POSTGRES = Boolean(process.env.DATABASE_URL);
let t: TestApp;
let tenant: string;
let other: string;
const names = preparedSelect('test_service_names', (exec: Executor) =>
  exec.select({ name: services.name }).from(services).where(eq(services.tenantId, sql.placeholder('tenantId'))).orderBy(asc(services.name)),
);

beforeAll(async () => {
  t = await buildTestApp();
  tenant = (await readyUser(t)).user.tenant.uuid;
  other = (await readyUser(t)).user.tenant.uuid;
});
afterAll(async () => {
  await t?.close();
});

describe('preparedSelect', () => {
  it('answers what a select built each time would', async () => {
    const built = await withTenant(t.db, tenant, (tx) => tx.select({ name: services.name }).from(services).where(eq(services.tenantId, tenant)).orderBy(asc(services.name)));
    expect(built.length).toBeGreaterThan(0);
    expect(await withTenant(t.db, tenant, (tx) => names(tx, { tenantId: tenant }))).toEqual(built);
    expect(await withTenant(t.db, tenant, (tx) => names(tx, { tenantId: tenant }))).toEqual(built);
  });

  it.runIf(POSTGRES)("runs on the caller's connection: two open transactions each see their own uncommitted rows", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let ready!: () => void;
    const written = new Promise<void>((r) => {
      ready = r;
    });
    // The first transaction renames a service and keeps it uncommitted while the second reads.
    const first = withTenant(t.db, tenant, async (tx) => {
      await tx.execute(sql`update services set name = 'Uncommitted name' where tenant_id = ${tenant}`);
      const mine = await names(tx, { tenantId: tenant });
      ready();
      await held;
      return mine;
    });
    await written;
    const second = await withTenant(t.db, tenant, (tx) => names(tx, { tenantId: tenant }));
    const others = await withTenant(t.db, other, (tx) => names(tx, { tenantId: tenant }));
    release();
    expect((await first).every((r) => r.name === 'Uncommitted name')).toBe(true);
    expect(second.some((r) => r.name === 'Uncommitted name')).toBe(false);
    expect(second.length).toBeGreaterThan(0);
    // Another business's transaction sees none of these rows (row-level security on its connection).
    expect(others).toEqual([]);
  });
});
