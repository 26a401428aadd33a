import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, readyUser, type TestApp } from '../../test/helper';
import { withTenant } from '../db/client';
import { at, branch, customer, dayAhead, provider, service } from '../modules/bookings/bookings.fixtures';
import { nextNumber } from './numbers';

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
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let taken!: (n: number) => void;
    const number = new Promise<number>((r) => {
      taken = r;
    });
    const done = withTenant(t.db, tenant, async (tx) => {
      taken(await nextNumber(tx, tenant, name));
      await gate;
      if (rollback) throw new Error('rolled back on purpose');
    }).catch((e: Error) => {
      if (!rollback) throw e;
    });
    return { number, release, done };
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
