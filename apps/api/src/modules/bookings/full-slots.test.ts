import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../test/deferred';
import { AppError, fieldError } from '../../lib/errors';
import { askForSeat, FULL_SLOT_MS, forgetFullSlots, fullSlotKey, knownFull, type SlotAsk, seatTaken } from './full-slots';

const ask: SlotAsk = { branchId: 'b1', staffId: 'p1', serviceIds: ['s1', 's2'], start: Date.UTC(2026, 11, 6, 8) };
const keyOf = (tenant: string, over: Partial<SlotAsk> = {}) => fullSlotKey(tenant, { ...ask, ...over });
const tick = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  forgetFullSlots();
  vi.useRealTimers();
});

describe('a full slot remembered for a moment (full-slots)', () => {
  it('remembers a refusal as taken, and answers the same ask from memory without running it', async () => {
    const key = keyOf('t1');
    await expect(askForSeat(key, () => seatTaken('p1'), async () => { throw seatTaken('p1'); })).rejects.toBeInstanceOf(AppError);
    expect(knownFull(key)).toBe(true);
    const run = vi.fn(async () => 'booked');
    const err = await askForSeat(key, () => seatTaken('p1'), run).catch((e: unknown) => e);
    expect(run).not.toHaveBeenCalled();
    expect((err as AppError).status).toBe(422);
    expect((err as AppError).options.fields).toEqual({ start_time: [{ key: 'time_slot_booked', params: undefined }] });
  });

  it('"any provider" is refused in its own words', () => {
    expect(seatTaken(null).options.fields).toEqual({ staff_id: [{ key: 'no_provider_available', params: undefined }] });
  });

  it('remembers only "taken": another refusal (outside the hours, a bad provider) or a failure is asked again', async () => {
    const key = keyOf('t1');
    await askForSeat(key, () => seatTaken('p1'), async () => { throw fieldError('start_time', 'outside_working_hours'); }).catch(() => undefined);
    await askForSeat(key, () => seatTaken('p1'), async () => { throw new Error('connection lost'); }).catch(() => undefined);
    expect(knownFull(key)).toBe(false);
  });

  it('tells asks apart: another business, branch, provider, service list or start is not the same ask', async () => {
    await askForSeat(keyOf('t1'), () => seatTaken('p1'), async () => { throw seatTaken('p1'); }).catch(() => undefined);
    expect(knownFull(keyOf('t1'))).toBe(true);
    for (const other of [keyOf('t2'), keyOf('t1', { branchId: 'b2' }), keyOf('t1', { staffId: null }), keyOf('t1', { serviceIds: ['s1'] }), keyOf('t1', { serviceIds: ['s2', 's1'] }), keyOf('t1', { start: ask.start + 15 * 60_000 })]) {
      expect(knownFull(other)).toBe(false);
    }
  });

  it('forgets after FULL_SLOT_MS, and a refusal from memory does not keep itself alive', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const key = keyOf('t1');
    await askForSeat(key, () => seatTaken('p1'), async () => { throw seatTaken('p1'); }).catch(() => undefined);
    vi.advanceTimersByTime(FULL_SLOT_MS - 1);
    await askForSeat(key, () => seatTaken('p1'), async () => 'booked').catch(() => undefined);
    expect(knownFull(key)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(knownFull(key)).toBe(false);
    await expect(askForSeat(key, () => seatTaken('p1'), async () => 'booked')).resolves.toBe('booked');
  });

  it('forgets one business (a write of its own), or every business', async () => {
    for (const t of ['t1', 't2']) await askForSeat(keyOf(t), () => seatTaken('p1'), async () => { throw seatTaken('p1'); }).catch(() => undefined);
    forgetFullSlots('t1');
    expect(knownFull(keyOf('t1'))).toBe(false);
    expect(knownFull(keyOf('t2'))).toBe(true);
    forgetFullSlots();
    expect(knownFull(keyOf('t2'))).toBe(false);
  });

  it('does not remember a refusal read before a write went through (it may have freed the seat meanwhile)', async () => {
    const key = keyOf('t1');
    await askForSeat(key, () => seatTaken('p1'), async () => {
      forgetFullSlots('t1');
      throw seatTaken('p1');
    }).catch(() => undefined);
    expect(knownFull(key)).toBe(false);
    await askForSeat(key, () => seatTaken('p1'), async () => {
      forgetFullSlots();
      throw seatTaken('p1');
    }).catch(() => undefined);
    expect(knownFull(key)).toBe(false);
    // Another business's write is not this one's.
    await askForSeat(key, () => seatTaken('p1'), async () => {
      forgetFullSlots('t2');
      throw seatTaken('p1');
    }).catch(() => undefined);
    expect(knownFull(key)).toBe(true);
  });

  it('runs the same ask one at a time; once one is refused as taken the waiting ones are refused without running', async () => {
    const key = keyOf('t1');
    let seats = 2;
    let running = 0;
    let most = 0;
    const runs: string[] = [];
    const attempt = (i: number) =>
      askForSeat(key, () => seatTaken('p1'), async () => {
        running++;
        most = Math.max(most, running);
        runs.push(`run ${i}`);
        await tick();
        running--;
        if (seats === 0) throw seatTaken('p1');
        seats--;
        return `seat ${i}`;
      });
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => attempt(i)));
    expect(most).toBe(1);
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<string>).value)).toEqual(['seat 0', 'seat 1']);
    // Two seats, one refusal from the database; the other 17 from memory.
    expect(runs).toEqual(['run 0', 'run 1', 'run 2']);
  });

  it('runs different asks side by side, and a request without a key (past visit, own hold) is never held back nor refused from memory', async () => {
    const order: string[] = [];
    const blocker = deferred();
    const first = askForSeat(keyOf('t1'), () => seatTaken('p1'), async () => {
      await blocker.promise;
      order.push('first');
    });
    await askForSeat(keyOf('t1', { start: ask.start + 3_600_000 }), () => seatTaken('p1'), async () => {
      order.push('other start');
    });
    await askForSeat(null, () => seatTaken('p1'), async () => {
      order.push('no key');
    });
    blocker.resolve();
    await first;
    expect(order).toEqual(['other start', 'no key', 'first']);
    await askForSeat(keyOf('t1'), () => seatTaken('p1'), async () => { throw seatTaken('p1'); }).catch(() => undefined);
    await expect(askForSeat(null, () => seatTaken('p1'), async () => 'booked')).resolves.toBe('booked');
  });
});
