import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDb, rows, type TestDb } from '../../test/helper';
import { deferred } from '../../test/deferred';
import { insertTogether, rowsOf, type Tx, withTenant } from './client';
import { isPlainRead, isPlannedOnce, planOnce, sendTogether } from './pipeline';
import { services } from './schema/index';

/**
 * Statements sent together (db/pipeline.ts): a tenant transaction's opening goes out with its first
 * statement, a booking's writes with the read after them, a lock with the read it guards. What must
 * hold: each statement runs in order and answers its own rows; after an error nothing later runs
 * (the opening's guarantee: no statement ever runs outside its business); a write sent with the next
 * statement fails that statement and its transaction, or is committed with the commit; a transaction
 * that sends nothing sends nothing. PostgreSQL only (the embedded database sends nothing over a socket).
 */
const POSTGRES = Boolean(process.env.DATABASE_URL);

describe.skipIf(!POSTGRES)('statements sent together, on PostgreSQL', () => {
  let db: TestDb;
  let tenant: string;
  let other: string;

  beforeAll(async () => {
    db = await openTestDb();
    [tenant, other] = (await rows<{ id: string }>(db.db, sql`insert into tenants (name, subdomain) values ('Pipe A', ${`pipe-a-${Date.now()}`}), ('Pipe B', ${`pipe-b-${Date.now()}`}) returning id`)).map(
      (r) => r.id,
    ) as [string, string];
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  const clientOf = (tx: Tx) => (tx as unknown as { session: { client: pg.PoolClient } }).session.client;
  /** The round trips a function makes on its transaction's connection (each one query of node-postgres). */
  const roundTrips = async <T>(tx: Tx, fn: () => Promise<T>): Promise<[T, number]> => {
    const spy = vi.spyOn(Object.getPrototypeOf(clientOf(tx)) as { query: (...a: unknown[]) => unknown }, 'query');
    try {
      const out = await fn();
      return [out, spy.mock.calls.length];
    } finally {
      spy.mockRestore();
    }
  };
  const service = (tenantId: string, name: string) => ({ tenantId, id: randomUUID(), name, price: 100, duration: 30 });
  const named = (id: string) => withTenant(db.db, tenant, (tx) => tx.select({ name: services.name }).from(services).where(sql`${services.id} = ${id}`));

  it("opens the transaction with its first statement, in the business's context, in one round trip", async () => {
    const [context, trips] = await withTenant(db.db, tenant, (tx) =>
      roundTrips(tx, async () => ((await tx.execute(sql`select current_setting('app.tenant_id') as tenant, current_user as role`)) as unknown as { rows: unknown[] }).rows),
    );
    expect(trips).toBe(1);
    // Inside the transaction: the opening's settings are local to it (they would be gone by now otherwise).
    expect(context).toEqual([{ tenant, role: 'app_user' }]);
    // Another business's rows stay hidden (row-level security) in a transaction opened this way.
    const mine = service(tenant, 'Mine');
    await withTenant(db.db, tenant, (tx) => tx.insert(services).values(mine));
    expect(await withTenant(db.db, other, (tx) => tx.select().from(services).where(sql`${services.id} = ${mine.id}`))).toEqual([]);
  });

  it('sends nothing for a transaction that sends nothing', async () => {
    let trips = -1;
    await withTenant(db.db, tenant, async (tx) => {
      const counted = vi.spyOn(Object.getPrototypeOf(clientOf(tx)) as { query: (...a: unknown[]) => unknown }, 'query');
      await Promise.resolve();
      trips = counted.mock.calls.length;
      counted.mockRestore();
    });
    expect(trips).toBe(0);
  });

  it('runs statements in order, each answering its own rows, and skips every one after an error', async () => {
    const a = service(tenant, 'Before the error');
    const b = service(tenant, 'After the error');
    const c = service(tenant, 'Rolled back');
    const results = await withTenant(db.db, tenant, async (tx) => {
      await insertTogether(tx, [rowsOf(services, a)]);
      return sendTogether(clientOf(tx), [
        { text: 'select $1::int + 1 as n', values: [41] },
        { text: 'select name from services where id = $1', values: [a.id] },
        { text: `select 1 as none where false` },
      ]);
    });
    expect(results.map((r) => r.rows)).toEqual([[{ n: 42 }], [{ name: 'Before the error' }], []]);

    await expect(
      withTenant(db.db, tenant, (tx) =>
        sendTogether(clientOf(tx), [
          { text: `insert into services (tenant_id, id, name, price, duration) values ($1, $2, $3, 100, 30)`, values: [tenant, c.id, c.name] },
          { text: 'select 1 / 0' },
          { text: `insert into services (tenant_id, id, name, price, duration) values ($1, $2, $3, 100, 30)`, values: [tenant, b.id, b.name] },
        ]),
      ),
    ).rejects.toThrow(/division by zero/);
    // The statement after the error never ran; the one before it went with the rollback.
    expect(await named(b.id)).toEqual([]);
    expect(await named(c.id)).toEqual([]);
  });

  it('a write sent with the next statement goes in the same round trip, and fails that statement when it fails', async () => {
    const s = service(tenant, 'Sent with the next');
    const [read, trips] = await withTenant(db.db, tenant, async (tx) => {
      await tx.execute(sql`select 1`);
      return roundTrips(tx, async () => {
        await insertTogether(tx, [rowsOf(services, s)], { withNext: true });
        return ((await tx.execute(sql`select name from services where id = ${s.id}`)) as unknown as { rows: unknown[] }).rows;
      });
    });
    expect(trips).toBe(1);
    expect(read).toEqual([{ name: 'Sent with the next' }]);

    // A duplicate key: the next statement fails in its place, and the transaction rolls back.
    const again = { ...service(tenant, 'Never written'), id: s.id };
    const fresh = service(tenant, 'Written before the failure');
    const failed = await withTenant(db.db, tenant, async (tx) => {
      await tx.insert(services).values(fresh);
      await insertTogether(tx, [rowsOf(services, again)], { withNext: true });
      await tx.execute(sql`select 1`);
    }).catch((e: Error & { cause?: { code?: string } }) => e);
    // The read reports the insert's error (drizzle names the statement it sent).
    expect((failed as { cause?: { code?: string } }).cause?.code).toBe('23505');
    expect(await named(fresh.id)).toEqual([]);
  });

  it('a write sent with the next statement is committed with the commit when nothing follows it', async () => {
    const s = service(tenant, 'Sent with the commit');
    await withTenant(db.db, tenant, (tx) => insertTogether(tx, [rowsOf(services, s)], { withNext: true }));
    expect(await named(s.id)).toEqual([{ name: 'Sent with the commit' }]);
    // And dropped with a rollback.
    const dropped = service(tenant, 'Dropped');
    await expect(
      withTenant(db.db, tenant, async (tx) => {
        await insertTogether(tx, [rowsOf(services, dropped)], { withNext: true });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await named(dropped.id)).toEqual([]);
  });

  it('a named statement parsed in a pipeline that fails can be used again afterwards', async () => {
    const name = `pipe_test_${Date.now()}`;
    for (let i = 0; i < 3; i++) {
      await expect(
        withTenant(db.db, tenant, (tx) =>
          sendTogether(clientOf(tx), [
            { name, text: 'select $1::int as n', values: [i] },
            { text: 'select 1 / 0' },
          ]),
        ),
      ).rejects.toThrow(/division by zero/);
    }
    // Every connection of the pool, the failed ones' replacements included, runs it.
    const got = await Promise.all(
      Array.from({ length: 12 }, (_, i) => withTenant(db.db, tenant, async (tx) => (await sendTogether<{ n: number }>(clientOf(tx), [{ name, text: 'select $1::int as n', values: [i] }]))[0]!.rows[0]!.n)),
    );
    expect(got).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it('a value that cannot be sent fails its own query only: the opening still goes with the next, in the business', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const [bad, context] = await withTenant(db.db, tenant, async (tx) => {
      const failing = sendTogether(clientOf(tx), [{ text: 'select $1::jsonb as j', values: [circular] }]).then(
        () => null,
        (e: Error) => e,
      );
      const read = tx.execute(sql`select current_setting('app.tenant_id', true) as tenant, current_user as role`);
      return [await failing, ((await read) as unknown as { rows: unknown[] }).rows];
    });
    expect(bad).toBeInstanceOf(Error);
    expect(context).toEqual([{ tenant, role: 'app_user' }]);
  });

  it('after a statement that carried the opening fails, nothing more is sent in that transaction, its commit included', async () => {
    const s = service(tenant, 'Never outside its business');
    const outcome: string[] = [];
    await expect(
      withTenant(db.db, tenant, async (tx) => {
        // Not a plain read: it carries the opening (`begin` and the business's context).
        outcome.push(await tx.execute(sql`select set_config('app.note', (1 / 0)::text, true)`).then(() => 'ran', () => 'failed'));
        outcome.push(
          await tx
            .insert(services)
            .values(s)
            .then(
              () => 'ran',
              (e: Error & { cause?: Error }) => (/earlier failed statement/.test(`${e.message} ${e.cause?.message}`) ? 'refused' : e.message),
            ),
        );
      }),
    ).rejects.toThrow(/earlier failed statement/);
    expect(outcome).toEqual(['failed', 'refused']);
    expect(await named(s.id)).toEqual([]);
  });

  it('a savepoint after a failed statement keeps the statements the server parsed: the same name runs again', async () => {
    const name = `pipe_sp_${Date.now()}`;
    const got = await withTenant(db.db, tenant, async (tx) => {
      await tx
        .transaction(async (sp) =>
          sendTogether(clientOf(sp as unknown as Tx), [
            { name, text: 'select $1::int as n', values: [1] },
            { text: 'select 1 / 0' },
          ]),
        )
        .catch(() => null);
      return (await sendTogether<{ n: number }>(clientOf(tx), [{ name, text: 'select $1::int as n', values: [2] }]))[0]!.rows;
    });
    expect(got).toEqual([{ n: 2 }]);
  });

  it('a write waiting to go out goes alone before a savepoint, and its failure fails the transaction', async () => {
    const s = service(tenant, 'Before the savepoint');
    const again = { ...service(tenant, 'Duplicate'), id: s.id };
    await withTenant(db.db, tenant, (tx) => tx.insert(services).values(s));
    const kept = service(tenant, 'Inside the savepoint');
    await expect(
      withTenant(db.db, tenant, async (tx) => {
        await insertTogether(tx, [rowsOf(services, again)], { withNext: true });
        await tx.transaction(async (sp) => {
          await sp.insert(services).values(kept);
        });
      }),
    ).rejects.toThrow();
    expect(await named(kept.id)).toEqual([]);
  });

  /** What `fn` sends on any connection: each round trip's statements (a pipeline's, or a single query's text). */
  const sent = async <T>(fn: () => Promise<T>): Promise<[T, string[][]]> => {
    const spy = vi.spyOn(pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown }, 'query');
    try {
      const out = await fn();
      const trips = spy.mock.calls.map(([config]) => {
        const c = config as { statements?: { text: string }[]; text?: string } | string;
        return typeof c === 'string' ? [c] : c.statements ? c.statements.map((st) => st.text) : [c.text ?? ''];
      });
      return [out, trips];
    } finally {
      spy.mockRestore();
    }
  };

  it('a transaction that only reads sends no begin and no commit: each read goes scoped to the business in a round trip of its own', async () => {
    const mine = service(tenant, 'Read without a transaction');
    await withTenant(db.db, tenant, (tx) => tx.insert(services).values(mine));
    const [answers, trips] = await sent(() =>
      withTenant(db.db, tenant, async (tx) => {
        const first = ((await tx.execute(sql`select current_setting('app.tenant_id') as tenant, current_user as role`)) as unknown as { rows: unknown[] }).rows;
        const second = await tx.select({ name: services.name }).from(services).where(sql`${services.id} = ${mine.id}`);
        return { first, second };
      }),
    );
    expect(answers.first).toEqual([{ tenant, role: 'app_user' }]);
    expect(answers.second).toEqual([{ name: 'Read without a transaction' }]);
    expect(trips).toHaveLength(2);
    expect(trips.flat().filter((t) => /^(begin|commit)$/.test(t))).toEqual([]);
    // Each read carried the business's context: another business's rows stay hidden the same way.
    expect(await withTenant(db.db, other, (tx) => tx.select().from(services).where(sql`${services.id} = ${mine.id}`))).toEqual([]);
  });

  it('the first write, or a read that locks, begins the transaction: what follows commits or rolls back with it', async () => {
    const s = service(tenant, 'Written after a read');
    const [, trips] = await sent(() =>
      withTenant(db.db, tenant, async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.insert(services).values(s);
        await tx.execute(sql`select 2`);
      }),
    );
    expect(trips.map((t) => t[0])).toEqual(["select set_config('app.tenant_id', $1, true), set_config('role', 'app_user', true)", 'begin', 'select 2', 'commit']);
    expect(await named(s.id)).toEqual([{ name: 'Written after a read' }]);

    const dropped = service(tenant, 'Rolled back after a read');
    await expect(
      withTenant(db.db, tenant, async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.insert(services).values(dropped);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await named(dropped.id)).toEqual([]);

    // A locking read holds its lock to the end of the transaction, not only to its own Sync.
    const held = deferred();
    const locked = deferred();
    const holder = withTenant(db.db, tenant, async (tx) => {
      await tx.execute(sql`select id from services where id = ${s.id} for update`);
      locked.resolve();
      await held.promise;
    });
    await locked.promise;
    const tried = await withTenant(db.db, tenant, (tx) => tx.execute(sql`select id from services where id = ${s.id} for update nowait`)).catch(
      (e: { cause?: { code?: string } }) => e,
    );
    held.resolve();
    await holder;
    expect((tried as { cause?: { code?: string } }).cause?.code).toBe('55P03');
  });

  it('a read that fails before anything began refuses what follows, as a failed statement does in a transaction, and ends without a commit', async () => {
    const s = service(tenant, 'After a failed read');
    const outcome: string[] = [];
    const [, trips] = await sent(() =>
      withTenant(db.db, tenant, async (tx) => {
        outcome.push(await tx.execute(sql`select 1 / 0`).then(() => 'ran', () => 'failed'));
        outcome.push(await tx.insert(services).values(s).then(() => 'ran', (e: Error) => (/earlier failed statement/.test(e.message + (e.cause as Error | undefined)?.message) ? 'refused' : e.message)));
        outcome.push(await tx.execute(sql`select 2`).then(() => 'ran', () => 'refused'));
      }),
    );
    expect(outcome).toEqual(['failed', 'refused', 'refused']);
    expect(trips).toHaveLength(1);
    expect(await named(s.id)).toEqual([]);
  });

  it("counts a call of any of the schema's functions that may write as not a plain read", async () => {
    // Volatile functions of the app's own schema (trigger functions aside: a select cannot call them).
    const volatile = await rows<{ name: string }>(
      db.db,
      sql`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and p.provolatile = 'v' and p.prorettype <> 'trigger'::regtype`,
    );
    expect(volatile.length).toBeGreaterThan(0);
    for (const { name } of volatile) expect(isPlainRead(`select ${name}($1)`), name).toBe(false);
  });

  it('a read of statements planned once asks for their generic plans, for that read only', async () => {
    const text = 'select count(*)::int as n from services where tenant_id = $1 and price > $2';
    const once = `test_once_${Date.now()}`;
    const plain = `test_plain_${Date.now()}`;
    planOnce(once);
    expect([isPlannedOnce(once), isPlannedOnce(plain)]).toEqual([true, false]);
    const seen = await withTenant(db.db, tenant, async (tx) => {
      const client = clientOf(tx);
      const [a] = await sendTogether<{ n: number }>(client, [{ name: once, text, values: [tenant, 0] }]);
      const [b] = await sendTogether<{ n: number }>(client, [{ name: plain, text, values: [tenant, 0] }]);
      const [plans] = await sendTogether(client, [{ text: 'select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = any($1) order by name', values: [[once, plain]] }]);
      const [after] = await sendTogether(client, [{ text: "select current_setting('plan_cache_mode') as mode, current_setting('app.tenant_id') as tenant" }]);
      return { counted: [a!.rows[0]!.n, b!.rows[0]!.n], plans: plans!.rows, after: after!.rows[0] };
    });
    // Both answered in the business (row-level security applied alike).
    expect(seen.counted[0]).toBe(seen.counted[1]);
    expect(seen.plans).toEqual([
      { name: once, generic: 1, custom: 0 },
      { name: plain, generic: 0, custom: 1 },
    ]);
    // The setting ended with the read that asked for it.
    expect(seen.after).toEqual({ mode: 'auto', tenant });
  });

  it('tells a plain read from a statement that locks, writes or changes the session', () => {
    for (const read of [
      'select 1',
      '  SELECT "updated_at", "deleted_at" from orders where status = $1',
      '(select $1::text as list from bookings limit 10) union all (select $2::text from bookings limit 5)',
      "select count(*) from orders where created_at > now() - interval '1 day'",
    ])
      expect(isPlainRead(read), read).toBe(true);
    for (const write of [
      'select * from orders where id = $1 for update',
      'select * from orders for no key update',
      'select * from orders where id = $1 for share',
      'select * from orders for key share skip locked',
      'select pg_advisory_xact_lock($1)',
      "select set_config('app.tenant_id', $1, true)",
      "select nextval('s')",
      'select * into copy from orders',
      'with w as (insert into services default values returning id) select id from w',
      'insert into services default values',
      'update services set name = $1',
      'delete from services',
      'set local enable_seqscan = off',
      "select pg_notify('c', 'x')",
      'select pg_terminate_backend($1)',
      'select txid_current()',
      'select lo_unlink($1)',
      'select setseed(0.5)',
      'select dash_rebuild($1)',
      'savepoint a',
    ])
      expect(isPlainRead(write), write).toBe(false);
  });
});
