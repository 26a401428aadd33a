/**
 * Availability engine micro-benchmark (issue 5 §1): a branch with 50 providers, 30 days and 10,000
 * existing bookings, built synthetically in memory; prints the median time of `freeSlots` over 10
 * runs. The database half of bench/slots (fetch time vs compute time) comes with the bookings module.
 *
 *   npx tsx bench/slots/engine.ts
 */
import { type ExistingBooking, type FreeSlotsInput, freeSlots, type ProviderAvailability } from '@app/shared/scheduling/availability';
import { localDates, localDayBounds } from '@app/shared/scheduling/zoned';

const PROVIDERS = 50;
const DAYS = 30;
const BOOKINGS = 10_000;
const RUNS = 10;
const zone = 'Asia/Riyadh';
const from = '2025-03-01';
const dates = localDates(from, '2025-03-30');

// Deterministic pseudo-random numbers (mulberry32).
let seed = 42;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const week = (ranges: [string, string][]) => Object.fromEntries(['0', '1', '2', '3', '4', '6'].map((d) => [d, ranges])); // closed Friday
const providers: ProviderAvailability[] = Array.from({ length: PROVIDERS }, (_, i) => ({
  id: `provider-${i}`,
  hours: i % 2 ? week([['09:00', '13:00'], ['16:00', '22:00']]) : week([['10:00', '20:00']]),
  clientsInSameTime: i % 5 === 0 ? 2 : 1,
  serviceIds: ['cut', 'colour'],
  timeOff: i % 10 === 0 ? [{ startDate: '2025-03-10', endDate: '2025-03-12' }] : [],
}));
const bookings: ExistingBooking[] = Array.from({ length: BOOKINGS }, () => {
  const day = localDayBounds(dates[Math.floor(rand() * DAYS)]!, zone)[0];
  const start = day + (9 * 60 + Math.floor(rand() * 52) * 15) * 60_000;
  return { providerId: `provider-${Math.floor(rand() * PROVIDERS)}`, start, end: start + (30 + Math.floor(rand() * 4) * 15) * 60_000 };
});
const input: FreeSlotsInput = {
  zone,
  from,
  to: dates[DAYS - 1]!,
  now: localDayBounds(from, zone)[0] + 12 * 3_600_000,
  slotStep: 15,
  services: [
    { id: 'cut', duration: 45, buffer: 10 },
    { id: 'colour', duration: 30, buffer: 5 },
  ],
  branchHours: week([['09:00', '23:00']]),
  providers,
  bookings,
  blocks: [{ providerId: null, start: localDayBounds('2025-03-15', zone)[0], end: localDayBounds('2025-03-15', zone)[1] }],
};

const c0 = performance.now();
freeSlots(input); // warm-up (JIT, Intl formatter cache)
const cold = performance.now() - c0;
const times: number[] = [];
let slots = 0;
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  const days = freeSlots(input);
  times.push(performance.now() - t0);
  slots = days.reduce((n, d) => n + d.slots.length, 0);
}
times.sort((a, b) => a - b);
const median = (times[RUNS / 2 - 1]! + times[RUNS / 2]!) / 2;
console.log(`freeSlots: ${PROVIDERS} providers × ${DAYS} days × ${BOOKINGS} bookings → ${slots} slot starts`);
console.log(`median ${median.toFixed(2)} ms over ${RUNS} runs (min ${times[0]!.toFixed(2)}, max ${times[RUNS - 1]!.toFixed(2)}; first cold run ${cold.toFixed(2)} ms)`);
