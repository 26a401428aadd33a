import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withSeed } from '../testing/property';
import { type Assignment, type BlockTime, type ExistingBooking, type FreeSlotsInput, freeSlots, type ProviderAvailability, type WeeklyHours } from './availability';
import { addDays, localDateOf, localDates, localDayBounds, naiveMidnight, offsetAt, zonedToUtc } from './zoned';

const M = 60_000;
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * 0–3 non-overlapping ranges of a day, minutes on a 5-minute grid or not, and sometimes a last one
 * that runs past midnight into the next day (its end before its start), or that ends where it starts
 * (refused by the schema, but old data may hold one: empty, except 00:00–00:00).
 */
const dayRanges = fc
  .tuple(fc.uniqueArray(fc.integer({ min: 0, max: 1439 }), { maxLength: 6 }), fc.option(fc.tuple(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 0, max: 1439 })), { nil: null }))
  .map(([pts, overnight]) => {
    const sorted = [...pts].sort((a, b) => a - b);
    const out: [string, string][] = [];
    for (let i = 0; i + 1 < sorted.length; i += 2) out.push([hhmm(sorted[i]!), hhmm(sorted[i + 1]!)]);
    const lastEnd = out.length ? sorted[out.length * 2 - 1]! : -1;
    if (overnight && overnight[0] > lastEnd && overnight[1] <= overnight[0]) out.push([hhmm(overnight[0]), hhmm(overnight[1])]);
    return out;
  });
const randomWeekly: fc.Arbitrary<WeeklyHours> = fc.array(fc.option(dayRanges, { nil: undefined }), { minLength: 7, maxLength: 7 }).map((days) => {
  const out: Record<string, [string, string][]> = {};
  days.forEach((r, i) => {
    if (r) out[String(i)] = r;
  });
  return out;
});
/** Often open all day, so that slots are frequent enough to exercise the other rules. */
const weekly: fc.Arbitrary<WeeklyHours> = fc.oneof(
  { arbitrary: randomWeekly, weight: 1 },
  { arbitrary: fc.constant<WeeklyHours>(Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [['00:00', '23:59'] as const]]))), weight: 1 },
  // Round the clock: every day 00:00 to 00:00 the next day, so visits run across midnight.
  { arbitrary: fc.constant<WeeklyHours>(Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [['00:00', '00:00'] as const]]))), weight: 1 },
  // A night shift: 18:00 to 02:00 the next day.
  { arbitrary: fc.constant<WeeklyHours>(Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [['18:00', '02:00'] as const]]))), weight: 1 },
);

const scenario = fc
  .record({
    zone: fc.constantFrom('Asia/Riyadh', 'Africa/Cairo', 'Asia/Beirut', 'UTC'),
    from: fc.constantFrom('2024-03-29', '2024-04-24', '2024-10-25', '2024-10-30', '2024-06-10'),
    span: fc.integer({ min: 0, max: 3 }),
    step: fc.constantFrom(5, 10, 15, 30, 60),
    services: fc.uniqueArray(fc.record({ id: fc.constantFrom('a', 'b'), duration: fc.integer({ min: 5, max: 120 }), buffer: fc.integer({ min: 0, max: 30 }) }), {
      minLength: 1,
      maxLength: 2,
      selector: (s) => s.id,
    }),
    branchHours: weekly,
    providers: fc.array(
      fc.record({
        hours: weekly,
        clientsInSameTime: fc.integer({ min: 1, max: 3 }),
        serviceIds: fc.oneof({ arbitrary: fc.constant(['a', 'b']), weight: 3 }, { arbitrary: fc.subarray(['a', 'b']), weight: 1 }),
        timeOff: fc.array(fc.tuple(fc.integer({ min: -1, max: 4 }), fc.integer({ min: 0, max: 1 })), { maxLength: 1 }),
        assignment: fc.constantFrom<Assignment>('single', 'multiple', 'team'),
        crew: fc.uniqueArray(fc.nat({ max: 3 }), { maxLength: 2 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    bookings: fc.array(fc.tuple(fc.nat(), fc.integer({ min: -180, max: 6000 }), fc.integer({ min: 5, max: 240 })), { maxLength: 30 }),
    blocks: fc.array(fc.tuple(fc.option(fc.nat(), { nil: null }), fc.integer({ min: -180, max: 6000 }), fc.integer({ min: 5, max: 600 })), { maxLength: 4 }),
    nowOffset: fc.integer({ min: -1440, max: 6000 }),
    pick: fc.nat(),
  })
  .map((g) => {
    const to = addDays(g.from, g.span);
    const rangeStart = localDayBounds(g.from, g.zone)[0];
    const providers: ProviderAvailability[] = g.providers.map((p, i) => ({
      id: `p${i}`,
      hours: p.hours,
      clientsInSameTime: p.clientsInSameTime,
      serviceIds: p.serviceIds,
      timeOff: p.timeOff.map(([s, l]) => ({ startDate: addDays(g.from, s), endDate: addDays(g.from, s + l) })),
      assignment: p.assignment,
      crew: p.crew.filter((c) => c !== i && c < g.providers.length).map((c) => `p${c}`),
    }));
    const bookings: ExistingBooking[] = g.bookings.map(([p, s, l]) => ({ providerId: `p${p % providers.length}`, start: rangeStart + s * M, end: rangeStart + (s + l) * M }));
    const blocks: BlockTime[] = g.blocks.map(([p, s, l]) => ({ providerId: p === null ? null : `p${p % providers.length}`, start: rangeStart + s * M, end: rangeStart + (s + l) * M }));
    const input: FreeSlotsInput = {
      zone: g.zone,
      from: g.from,
      to,
      now: rangeStart + g.nowOffset * M,
      slotStep: g.step,
      services: g.services,
      branchHours: g.branchHours,
      providers,
      bookings,
      blocks,
    };
    return { input, pick: g.pick };
  });

const overlaps = (s: number, e: number, x: { start: number; end: number }) => x.start < x.end && x.start < e && s < x.end;
/** Highest number of the provider's bookings overlapping at one instant of [s, e). */
function maxLoad(input: FreeSlotsInput, pid: string, s: number, e: number): number {
  const mine = (input.bookings ?? []).filter((b) => b.providerId === pid && overlaps(s, e, b));
  let max = 0;
  for (const p of [s, ...mine.map((b) => b.start).filter((t) => t > s && t < e)]) {
    max = Math.max(max, mine.filter((b) => b.start <= p && p < b.end).length);
  }
  return max;
}
const onTimeOff = (p: ProviderAvailability, date: string) => (p.timeOff ?? []).some((t) => t.startDate <= date && date <= t.endDate);
/**
 * [s, e) of a visit starting on local `date` lies inside the working time of `hours`: the wall-clock
 * ranges of the day before, the day and the day after, each converted independently with zonedToUtc,
 * touching ranges joined. `off`: days whose ranges do not count (a provider's time off).
 *
 * The documented rule (docs/decisions.md "Working hours past midnight"), written out here rather than
 * taken from the engine's `wallRangeEnd`: a range whose end is before its start ends the next day;
 * `00:00–00:00` is the whole day (to the next midnight); any other range ending where it starts is
 * empty (no working time).
 */
function inside(hours: WeeklyHours, date: string, zone: string, s: number, e: number, off?: (date: string) => boolean): boolean {
  const list: [number, number][] = [];
  for (const d of [addDays(date, -1), date, addDays(date, 1)]) {
    if (off?.(d)) continue;
    for (const [a, b] of hours[String(new Date(naiveMidnight(d)).getUTCDay())] ?? []) {
      if (a === b && a !== '00:00') continue; // empty
      const from = zonedToUtc(d, a, zone);
      // Before its start (or 00:00–00:00): ends on the next day.
      const to = b <= a ? zonedToUtc(addDays(d, 1), b, zone) : zonedToUtc(d, b, zone);
      if (to > from) list.push([from, to]);
    }
  }
  list.sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const r of list) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([...r]);
  }
  return merged.some(([a, b]) => a <= s && e <= b);
}
const offers = (input: FreeSlotsInput, p: ProviderAvailability) => input.services.every((s) => p.serviceIds.includes(s.id));
const byId = (input: FreeSlotsInput, id: string) => input.providers.find((x) => x.id === id)!;

/** The provider alone may take [s, e) of local day `date`: hours, branch hours, time off, blocks, capacity. */
function freeFor(input: FreeSlotsInput, p: ProviderAvailability, date: string, s: number, e: number): boolean {
  return (
    p.clientsInSameTime >= 1 &&
    inside(input.branchHours, date, input.zone, s, e) &&
    inside(p.hours, date, input.zone, s, e, (d) => onTimeOff(p, d)) &&
    !(input.blocks ?? []).some((b) => (b.providerId === null || b.providerId === p.id) && overlaps(s, e, b)) &&
    maxLoad(input, p.id, s, e) < p.clientsInSameTime
  );
}
/** A team provider's crew (without itself), else nobody. */
const crewOf = (input: FreeSlotsInput, p: ProviderAvailability) => (p.assignment === 'team' ? (p.crew ?? []).filter((c) => c !== p.id).map((c) => byId(input, c)) : []);
/** [offset, length] of each service's part of the visit, in ms from its start. */
function parts(input: FreeSlotsInput): [number, number][] {
  let at = 0;
  return input.services.map((s) => {
    const part: [number, number] = [at, (s.duration + (s.buffer ?? 0)) * M];
    at += part[1];
    return part;
  });
}

/** The engine's slots are exactly those of a brute-force scan of every 5-minute instant with the oracle above. */
function matchesBruteForce(input: FreeSlotsInput): void {
  const step = (input.slotStep ?? 15) * M;
  const total = input.services.reduce((n, s) => n + s.duration + (s.buffer ?? 0), 0) * M;
  const expected: string[] = [];
  for (const date of localDates(input.from, input.to)) {
    const [ds, de] = localDayBounds(date, input.zone);
    for (let t = Math.ceil(ds / (5 * M)) * 5 * M; t < de; t += 5 * M) {
      if (t < input.now || (t + offsetAt(t, input.zone) - naiveMidnight(date)) % step !== 0) continue;
      const e = t + total;
      if (!inside(input.branchHours, date, input.zone, t, e)) continue;
      const ids = input.providers
        .filter((p) => offers(input, p) && [p, ...crewOf(input, p)].every((q) => freeFor(input, q, date, t, e)))
        .map((p) => p.id);
      if (ids.length > 0) {
        expected.push(`${date} ${t} ${ids.join(',')}`);
        continue;
      }
      if (input.services.length < 2) continue;
      const split = parts(input).map(([off, len], i) =>
        input.providers.find(
          (p) => p.assignment === 'multiple' && p.serviceIds.includes(input.services[i]!.id) && freeFor(input, p, date, t + off, t + off + len),
        ),
      );
      if (split.every((p) => p)) expected.push(`${date} ${t} split:${split.map((p) => p!.id).join(',')}`);
    }
  }
  const actual = freeSlots(input).flatMap((d) => d.slots.map((s) => `${d.date} ${s.start} ${s.split ? `split:${s.split.join(',')}` : s.providerIds.join(',')}`));
  expect(actual).toEqual(expected);
}

describe('freeSlots properties', () => {
  it('(a)(b)(d) every slot is free, inside the working time (across midnight too), on the grid and not in the past', () => {
    fc.assert(
      fc.property(scenario, ({ input }) => {
        const step = (input.slotStep ?? 15) * M;
        for (const day of freeSlots(input)) {
          for (const slot of day.slots) {
            expect(slot.start).toBeGreaterThanOrEqual(input.now); // (d)
            expect(localDateOf(slot.start, input.zone)).toBe(day.date);
            expect((slot.start + offsetAt(slot.start, input.zone) - naiveMidnight(day.date)) % step).toBe(0);
            expect(inside(input.branchHours, day.date, input.zone, slot.start, slot.end)).toBe(true); // (b)
            const split = slot.split ?? [];
            expect(slot.providerIds.length > 0 !== split.length > 0).toBe(true);
            for (const pid of slot.providerIds) {
              const p = byId(input, pid);
              expect(offers(input, p)).toBe(true);
              // (a) (b) (c): hours, time off, blocks and capacity of the provider and of its crew
              for (const q of [p, ...crewOf(input, p)]) expect(freeFor(input, q, day.date, slot.start, slot.end)).toBe(true);
            }
            if (split.length > 0) {
              expect(split).toHaveLength(input.services.length);
              parts(input).forEach(([off, len], i) => {
                const p = byId(input, split[i]!);
                expect(p.assignment).toBe('multiple');
                expect(p.serviceIds).toContain(input.services[i]!.id);
                expect(freeFor(input, p, day.date, slot.start + off, slot.start + off + len)).toBe(true);
              });
            }
          }
        }
      }),
      withSeed({ numRuns: 100 }),
    );
  }, 60_000);

  it('(c) booking a returned slot for a provider of capacity 1 removes it for that provider', () => {
    fc.assert(
      fc.property(scenario, ({ input, pick }) => {
        const all = freeSlots(input).flatMap((d) => d.slots.flatMap((s) => s.providerIds.map((pid) => ({ s, pid }))));
        const single = all.filter(({ pid }) => input.providers.find((p) => p.id === pid)!.clientsInSameTime === 1);
        if (single.length === 0) return;
        const { s, pid } = single[pick % single.length]!;
        const after = freeSlots({ ...input, bookings: [...(input.bookings ?? []), { providerId: pid, start: s.start, end: s.end }] });
        for (const slot of after.flatMap((d) => d.slots)) {
          if (overlaps(slot.start, slot.end, s)) expect(slot.providerIds).not.toContain(pid);
        }
      }),
      withSeed({ numRuns: 100 }),
    );
  }, 60_000);

  it('returns exactly the slots of a brute-force scan of every 5-minute instant', () => {
    fc.assert(
      fc.property(scenario, ({ input }) => matchesBruteForce(input)),
      withSeed({ numRuns: 100 }),
    );
  }, 60_000);
});


/**
 * CI once failed by chance (seed -454418846): a provider's Saturday range 20:16–20:16, which the
 * engine read as empty and this oracle as 24 hours. The rule is now one (empty, except 00:00–00:00),
 * and the case is kept twice: as a plain input (the shrunk counterexample) and as a replay of the
 * recorded seed and path through `scenario` (meaningful while that generator is unchanged; if it
 * changes, the path lands elsewhere and only the plain case still pins this bug).
 */
describe('freeSlots: a range ending where it starts (regression)', () => {
  const night: WeeklyHours = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [['18:00', '02:00'] as const]]));
  const input: FreeSlotsInput = {
    zone: 'Asia/Riyadh',
    from: '2024-03-29',
    to: '2024-03-30', // Friday, Saturday
    now: 1711659600000, // 2024-03-29 00:00 Riyadh
    slotStep: 5,
    services: [{ id: 'a', duration: 5, buffer: 0 }],
    branchHours: night,
    providers: [
      { id: 'p0', hours: { '6': [['20:16', '20:16']] }, clientsInSameTime: 1, serviceIds: ['a', 'b'], timeOff: [], assignment: 'single', crew: [] },
      { id: 'p1', hours: night, clientsInSameTime: 1, serviceIds: ['a', 'b'], timeOff: [], assignment: 'single', crew: [] },
    ],
    bookings: [],
    blocks: [],
  };

  it('provider 20:16–20:16 on Saturday, Asia/Riyadh, night-shift branch: engine and oracle agree that it never works', () => {
    matchesBruteForce(input);
    const slots = freeSlots(input).flatMap((d) => d.slots);
    expect(slots.length).toBeGreaterThan(0); // p1's night shifts
    expect(slots.some((s) => s.providerIds.includes('p0'))).toBe(false);
  });

  it('replays the recorded seed and path', () => {
    fc.assert(
      fc.property(scenario, ({ input: generated }) => {
        expect(generated).toEqual(input); // still the same case: the replay is meaningful
        matchesBruteForce(generated);
      }),
      withSeed({ seed: -454418846, path: '89:0:1:1:1:2:2:2:2:2:2:3:25:25:25:25:25:25:25:25:25:25:25' }),
    );
  });
});
