import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/deferred';
import { buildTestApp, injectAs, readyUser, type TestApp } from '../../test/helper';
import { withTenant } from '../db/client';
import { at, branch, customer, dayAhead, provider, service } from '../modules/bookings/bookings.fixtures';
import { nextNumber, reserveNumbers } from './numbers';

/**
 * Numbers without a queue (issue 15 §5): booking, order and payment numbers are taken outside the
 * request's transaction, so a transaction still open with a number does not hold back the next
 * booking; invoice numbers stay gapless, so the second invoice waits for the first to end and a
 * rolled-back invoice gives its number back. PGlite runs one transaction at a time: nothing can
 * wait for anything there, so this file runs on PostgreSQL (.ci/run runs it).
 */
const POSTGRES = Boolean(process.env.DATABASE_URL);

describe.skipIf(!POSTGRES)('numbers people see, on PostgreSQL', () => {
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

  /** A transaction that takes a number and stays open until `release` is called; resolves with the number once taken. */
  function holdOpen(name: 'booking' | 'invoice', rollback = false) {
    const gate = deferred();
    const taken = deferred<number>();
    const done = withTenant(t.db, tenant, async (tx) => {
      taken.resolve(await nextNumber(tx, tenant, name));
      await gate.promise;
      if (rollback) throw new Error('rolled back on purpose');
    }).catch((e: Error) => {
      if (!rollback) throw e;
    });
    return { number: taken.promise, release: gate.resolve, done };
  }

  it('a booking goes through while another transaction that took a booking number is still open', async () => {
    const b = await branch(t.db, tenant);
    const cut = await service(t.db, tenant, { name: 'Cut', duration: 30 });
    const p = await provider(t.db, tenant, { name: 'Open', branchId: b, serviceIds: [cut] });
    const cust = await customer(t.db, tenant);
    const held = holdOpen('booking');
    const first = await held.number;
    try {
      const booked = await Promise.race([
        injectAs(t.app, owner.token, { method: 'POST', url: 'bookings', body: { customer_id: cust, branch_id: b, staff_id: p, service_ids: [cut], start_time: at(dayAhead(3), '10:00') } }),
        new Promise<null>((r) => setTimeout(() => r(null), 5_000)),
      ]);
      expect(booked, 'the booking waited for the open transaction').not.toBeNull();
      expect(booked!.statusCode, booked!.body).toBe(201);
      expect(booked!.json().data.bookings[0].booking_number).toBeGreaterThan(first);
    } finally {
      held.release();
      await held.done;
    }
  });

  const wants = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? { order: 1, booking: 2 } : i % 3 === 1 ? { booking: 1 } : { transaction: 3, booking: 1 }));
  /** Each counter's ranges as handed out, in the order of `order` (the callers' by default). */
  const rangesOf = (got: Awaited<ReturnType<typeof reserveNumbers>>[], name: 'order' | 'booking' | 'transaction') =>
    wants.flatMap((w, i) => (w[name as keyof typeof w] ? [{ first: got[i]![name]!, count: w[name as keyof typeof w] as number }] : []));
  const sideBySide = (ranges: { first: number; count: number }[]) => {
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.first).toBe(ranges[i - 1]!.first + ranges[i - 1]!.count);
  };

  it('those who ask while a business is taking numbers are served together by the next statement, in the order they asked', async () => {
    // The server's own pg (the test file may load another copy of the module): the counters' pool is one of its pools.
    const pools = Object.getPrototypeOf((t.db as unknown as { $client: object }).$client) as { query: (...args: unknown[]) => unknown };
    const sent = vi.spyOn(pools, 'query');
    let got: Awaited<ReturnType<typeof reserveNumbers>>[];
    let statements: number;
    try {
      // All asked at once: the first's statement goes out, the 39 others wait for it and go in one more.
      got = await withTenant(t.db, tenant, (tx) => Promise.all(wants.map((w) => reserveNumbers(tx, tenant, w))));
      statements = sent.mock.calls.filter(([q]) => (q as { name?: string }).name === 'take_numbers').length;
    } finally {
      sent.mockRestore();
    }
    expect(statements).toBe(2);
    for (const name of ['order', 'booking', 'transaction'] as const) sideBySide(rangesOf(got, name));
  });

  it("a failed counter statement fails those who waited on it, and the business's next ask is served", async () => {
    const nobody = '00000000-0000-4000-8000-000000000000';
    const [failed, next] = await withTenant(t.db, tenant, async (tx) => {
      // No such business: its counter row cannot be written (foreign key). A second ask waits on the first.
      const asks = [reserveNumbers(tx, nobody, { booking: 1 }), reserveNumbers(tx, nobody, { order: 1 })].map((p) => p.then(() => 'served', () => 'failed'));
      return [await Promise.all(asks), await reserveNumbers(tx, nobody, { booking: 1 }).then(() => 'served', () => 'failed')];
    });
    expect(failed).toEqual(['failed', 'failed']);
    expect(next).toBe('failed');
    // The queue was not left stuck: the real business is served at once.
    const got = await withTenant(t.db, tenant, (tx) => reserveNumbers(tx, tenant, { booking: 1 }));
    expect(got.booking).toBeGreaterThan(0);
  });

  it('requests taking numbers at once each get their own, none shared and none skipped', async () => {
    const got = await Promise.all(wants.map((w) => withTenant(t.db, tenant, (tx) => reserveNumbers(tx, tenant, w))));
    for (const name of ['order', 'booking', 'transaction'] as const) sideBySide(rangesOf(got, name).sort((a, b) => a.first - b.first));
  });

  it('invoice numbers wait for each other and a rolled-back one is given back', async () => {
    const a = holdOpen('invoice', true);
    const n = await a.number;
    let secondTaken = false;
    const b = holdOpen('invoice');
    void b.number.then(() => {
      secondTaken = true;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(secondTaken, 'the second invoice number was taken while the first transaction was open').toBe(false);
    a.release();
    await a.done;
    // The first rolled back: the second gets its number.
    expect(await b.number).toBe(n);
    b.release();
    await b.done;
  });
});
