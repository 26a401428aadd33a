import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deferred } from '../../test/deferred';
import { buildTestApp, readyUser, type TestApp } from '../../test/helper';
import { asPrepared, Binds, type Executor, insertTogether, keptRowsTogether, preparedSelect, rowsOf, runCompiled, withTenant } from './client';
import { customers, services } from './schema/index';

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
    const held = deferred();
    const written = deferred();
    // The first transaction renames a service and keeps it uncommitted while the second reads.
    const first = withTenant(t.db, tenant, async (tx) => {
      await tx.execute(sql`update services set name = 'Uncommitted name' where tenant_id = ${tenant}`);
      const mine = await names(tx, { tenantId: tenant });
      written.resolve();
      await held.promise;
      return mine;
    });
    await written.promise;
    const second = await withTenant(t.db, tenant, (tx) => names(tx, { tenantId: tenant }));
    const others = await withTenant(t.db, other, (tx) => names(tx, { tenantId: tenant }));
    held.resolve();
    expect((await first).every((r) => r.name === 'Uncommitted name')).toBe(true);
    expect(second.some((r) => r.name === 'Uncommitted name')).toBe(false);
    expect(second.length).toBeGreaterThan(0);
    // Another business's transaction sees none of these rows (row-level security on its connection).
    expect(others).toEqual([]);
  });
});

/**
 * asPrepared runs a query built each time (its values in it) as a statement named by its shape: the
 * same shape with other values is the same statement answering for those values, another shape
 * another statement.
 */
describe('asPrepared', () => {
  const byName = (exec: Executor, tenantId: string, like?: string) =>
    exec
      .select({ name: services.name })
      .from(services)
      .where(like ? sql`${services.tenantId} = ${tenantId} and ${services.name} like ${like}` : eq(services.tenantId, tenantId))
      .orderBy(asc(services.name));

  it("answers what the query run as it is would, for each call's own values", async () => {
    for (const id of [tenant, other]) {
      const plain = await withTenant(t.db, id, (tx) => byName(tx, id));
      expect(plain.length).toBeGreaterThan(0);
      expect(await withTenant(t.db, id, (tx) => asPrepared(tx, 'test_asprepared', byName(tx, id)))).toEqual(plain);
    }
    const first = (await withTenant(t.db, tenant, (tx) => byName(tx, tenant)))[0]!.name;
    const some = await withTenant(t.db, tenant, (tx) => asPrepared(tx, 'test_asprepared', byName(tx, tenant, first)));
    expect(some).toEqual([{ name: first }]);
  });

  it.runIf(POSTGRES)('prepares one statement a shape on the connection, whatever its values', async () => {
    const prepared = await withTenant(t.db, tenant, async (tx) => {
      await asPrepared(tx, 'test_asprepared_shape', byName(tx, tenant));
      await asPrepared(tx, 'test_asprepared_shape', byName(tx, randomUUID()));
      await asPrepared(tx, 'test_asprepared_shape', byName(tx, tenant, 'x%'));
      return (await tx.execute(sql`select name from pg_prepared_statements where name like 'test_asprepared_shape_%'`)) as unknown as { rows: { name: string }[] };
    });
    expect(prepared.rows).toHaveLength(2);
  });
});

/**
 * insertTogether writes its rows from SQL built by hand (insertText), not by drizzle's insert: the
 * rows it writes must be the rows drizzle's insert would, value for value, defaults included.
 */
describe('insertTogether', () => {
  const serviceRows = (tenantId: string, tag: string) => [
    { tenantId, id: randomUUID(), name: `${tag} قص`, price: 4500, duration: 30, bufferTime: 5, depositEnabled: true, description: null, createdAt: new Date('2026-01-02T03:04:05.678Z') },
    // Leaves out what the first sets: those take the column's default.
    { tenantId, id: randomUUID(), name: `${tag} Beard`, price: 9_007_199_254, duration: 45 },
  ];
  const customerRow = (tenantId: string, tag: string) => ({
    tenantId,
    id: randomUUID(),
    firstName: `${tag} سارة`,
    lastName: "O'Neil",
    customFields: { note: 'قهوة "بلا سكر"', nested: [1, { a: null }] },
    blockedAt: new Date('2026-03-04T05:06:07.000Z'),
  });
  const read = (tx: Executor, ids: string[]) =>
    Promise.all([
      tx.select().from(services).where(inArray(services.id, ids)).orderBy(asc(services.price)),
      tx.select().from(customers).where(inArray(customers.id, ids)),
    ]);
  const shape = ([s, c]: Awaited<ReturnType<typeof read>>) => [
    s.map(({ id: _i, name, createdAt, updatedAt: _u, ...rest }) => ({ ...rest, name: name.slice(name.indexOf(' ')), createdAt: createdAt.getFullYear() >= 2026 })),
    c.map(({ id: _i, firstName, createdAt: _c, updatedAt: _u, ...rest }) => ({ ...rest, firstName: firstName.slice(firstName.indexOf(' ')) })),
  ];

  it("writes what drizzle's insert writes, defaults and JSON included, in one statement", async () => {
    const [mine, theirs] = await withTenant(t.db, tenant, async (tx) => {
      const a = [...serviceRows(tenant, 'A'), customerRow(tenant, 'A')];
      await insertTogether(tx, [rowsOf(services, a.slice(0, 2) as (typeof services.$inferInsert)[]), rowsOf(customers, [])
        , rowsOf(customers, a[2] as typeof customers.$inferInsert)]);
      const b = [...serviceRows(tenant, 'B'), customerRow(tenant, 'B')];
      await tx.insert(services).values(b.slice(0, 2) as (typeof services.$inferInsert)[]);
      await tx.insert(customers).values(b[2] as typeof customers.$inferInsert);
      return [await read(tx, a.map((r) => r.id)), await read(tx, b.map((r) => r.id))];
    });
    expect(mine[0]).toHaveLength(2);
    expect(mine[1]).toHaveLength(1);
    expect(mine[0][0]!.bufferTime).toBe(5);
    expect(mine[0][1]!.bufferTime).toBe(0);
    expect(mine[0][1]!.depositEnabled).toBe(false);
    expect(mine[1][0]!.customFields).toEqual({ note: 'قهوة "بلا سكر"', nested: [1, { a: null }] });
    expect(shape(mine)).toEqual(shape(theirs));
  });

  it('runs in the caller\'s transaction, under its business: a rollback takes the rows back, another business cannot be written', async () => {
    const rows = serviceRows(tenant, 'C');
    await expect(
      withTenant(t.db, tenant, async (tx) => {
        await insertTogether(tx, [rowsOf(services, rows)]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const left = await withTenant(t.db, tenant, (tx) => tx.select().from(services).where(inArray(services.id, rows.map((r) => r.id))));
    expect(left).toEqual([]);
    await expect(withTenant(t.db, tenant, (tx) => insertTogether(tx, [rowsOf(services, serviceRows(other, 'D'))]))).rejects.toThrow();
  });

  it('refuses a value given as SQL rather than writing it wrongly', async () => {
    const row = { ...serviceRows(tenant, 'E')[0]!, name: sql`'x'` as unknown as string };
    await expect(withTenant(t.db, tenant, (tx) => insertTogether(tx, [rowsOf(services, row)]))).rejects.toThrow(/plain values/);
  });
});

describe('keptRowsTogether with its values bound first', () => {
  /** The names of a business's services through a shape kept as `shape`, counting how often its statement is built. */
  const namesOf = (shape: string, tenantId: string, built: { n: number }, bindInside = false) =>
    withTenant(t.db, tenantId, async (tx) => {
      const binds = new Binds();
      const tenantValue = binds.v(tenantId);
      const [rows] = await keptRowsTogether(
        tx,
        shape,
        binds,
        () => {
          built.n++;
          const value = bindInside ? binds.v(tenantId) : tenantValue;
          return [{ name: 'test_kept_names', query: sql`select ${services.name} as name from ${services} where ${services.tenantId} = ${value} order by ${services.name}` }];
        },
        { bound: true },
      );
      return (rows as { name: string }[]).map((r) => r.name);
    });

  it('answers each business its own rows, and in production does not build a kept shape again', async () => {
    const shape = `test kept ${randomUUID()}`;
    const built = { n: 0 };
    const mine = (await withTenant(t.db, tenant, (tx) => tx.select({ name: services.name }).from(services).where(eq(services.tenantId, tenant)).orderBy(asc(services.name)))).map((r) => r.name);
    const theirs = (await withTenant(t.db, other, (tx) => tx.select({ name: services.name }).from(services).where(eq(services.tenantId, other)).orderBy(asc(services.name)))).map((r) => r.name);
    expect(await namesOf(shape, tenant, built)).toEqual(mine);
    expect(built.n).toBe(1);
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      expect(await namesOf(shape, other, built)).toEqual(theirs);
      expect(await namesOf(shape, tenant, built)).toEqual(mine);
    } finally {
      process.env.NODE_ENV = env;
    }
    // Kept on PostgreSQL: not built again. The embedded database runs what is built, each time.
    expect(built.n).toBe(POSTGRES ? 1 : 3);
    // Outside production a kept shape is built again, to check its text.
    expect(await namesOf(shape, other, built)).toEqual(theirs);
    expect(built.n).toBe(POSTGRES ? 2 : 4);
  });

  it('refuses a build that binds a value of its own', async () => {
    await expect(namesOf(`test kept ${randomUUID()}`, tenant, { n: 0 }, true)).rejects.toThrow(/bound values of its own/);
  });
});

describe('runCompiled under a view name', () => {
  /** The names of a business's services, newest name first or last (`desc`), through a statement named `view`. */
  const page = (view: string, tenantId: string, opts: { desc?: boolean; bindInShape?: boolean } = {}) =>
    withTenant(t.db, tenantId, async (tx) => {
      const binds = new Binds();
      const tenantValue = binds.v(tenantId);
      const ids = () =>
        tx
          .select({ id: services.id })
          .from(services)
          .where(eq(services.tenantId, opts.bindInShape ? binds.v(tenantId) : tenantValue))
          .orderBy(opts.desc ? sql`${services.name} desc` : asc(services.name))
          .limit(sql.raw('50') as unknown as number);
      const rows = await runCompiled(tx, 'test_view_page', ids, binds, () => tx.select({ name: services.name }).from(services).where(inArray(services.id, ids())).orderBy(opts.desc ? sql`${services.name} desc` : asc(services.name)), true, false, view);
      return (rows as { name: string }[]).map((r) => r.name);
    });

  it('refuses one name for two texts: the name must say everything the text depends on', async () => {
    const view = `test ${randomUUID()}`;
    const names = await page(view, tenant);
    expect(names.length).toBeGreaterThan(0);
    await expect(page(view, tenant, { desc: true })).rejects.toThrow(/names another statement/);
    expect(await page(`${view} desc`, tenant, { desc: true })).toEqual([...names].reverse());
  });

  it('refuses a shape that binds a value of its own', async () => {
    await expect(page(`test ${randomUUID()}`, tenant, { bindInShape: true })).rejects.toThrow(/bound values of its own/);
  });
});
