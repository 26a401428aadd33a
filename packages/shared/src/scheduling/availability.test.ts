import { describe, expect, it } from 'vitest';
import { type FreeSlotsInput, freeSlots, visitMinutes } from './availability';
import { localDayBounds, offsetAt, zonedToUtc } from './zoned';

const M = 60_000;
const H = 60 * M;
const everyDay = (ranges: [string, string][]) => Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, ranges]));

function base(over: Partial<FreeSlotsInput> = {}): FreeSlotsInput {
  return {
    zone: 'Asia/Riyadh',
    from: '2024-05-05',
    to: '2024-05-05',
    now: 0,
    slotStep: 30,
    services: [{ id: 's1', duration: 60 }],
    branchHours: everyDay([['09:00', '13:00']]),
    providers: [{ id: 'p1', hours: everyDay([['09:00', '13:00']]), clientsInSameTime: 1, serviceIds: ['s1', 's2'] }],
    ...over,
  };
}
/** Wall-clock "HH:MM" of an instant in a zone. */
const wall = (t: number, zone: string) => new Date(t + offsetAt(t, zone)).toISOString().slice(11, 16);
const starts = (input: FreeSlotsInput, day = 0) => freeSlots(input)[day]!.slots.map((s) => wall(s.start, input.zone));

describe('freeSlots: basics', () => {
  it('slots on the local grid inside the hours, end = start + visit', () => {
    const [day] = freeSlots(base());
    expect(day!.date).toBe('2024-05-05');
    expect(day!.slots.map((s) => wall(s.start, 'Asia/Riyadh'))).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00']);
    expect(day!.slots[0]).toEqual({ start: zonedToUtc('2024-05-05', '09:00', 'Asia/Riyadh'), end: zonedToUtc('2024-05-05', '10:00', 'Asia/Riyadh'), providerIds: ['p1'] });
  });

  it('several services are consecutive, buffers included (the last one too)', () => {
    const services = [
      { id: 's1', duration: 60, buffer: 15 },
      { id: 's2', duration: 30, buffer: 15 },
    ];
    expect(visitMinutes(services)).toBe(120);
    expect(starts(base({ services }))).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
  });

  it('intersects branch hours with provider hours, several ranges a day', () => {
    const input = base({
      branchHours: everyDay([['09:00', '13:00'], ['16:00', '22:00']]),
      providers: [{ id: 'p1', hours: everyDay([['12:00', '17:30']]), clientsInSameTime: 1, serviceIds: ['s1'] }],
    });
    expect(starts(input)).toEqual(['12:00', '16:00', '16:30']);
  });

  it('closed days, time off, service not offered, specific provider', () => {
    const p2 = { id: 'p2', hours: everyDay([['09:00', '10:00']]), clientsInSameTime: 1, serviceIds: ['s1'] };
    const days = freeSlots(base({ to: '2024-05-07', branchHours: { '0': [['09:00', '13:00']], '2': [['09:00', '10:00']] }, providers: [base().providers[0]!, p2] }));
    expect(days.map((d) => d.slots.length)).toEqual([7, 0, 1]); // Sunday open, Monday closed, Tuesday one slot
    expect(days[2]!.slots[0]!.providerIds).toEqual(['p1', 'p2']);
    const off = freeSlots(base({ providers: [{ ...base().providers[0]!, timeOff: [{ startDate: '2024-05-04', endDate: '2024-05-05' }] }] }));
    expect(off[0]!.slots).toEqual([]);
    expect(freeSlots(base({ services: [{ id: 'other', duration: 30 }] }))[0]!.slots).toEqual([]);
    expect(freeSlots(base({ providers: [base().providers[0]!, p2], providerId: 'p2' }))[0]!.slots.map((s) => s.providerIds)).toEqual([['p2']]);
  });

  it('bookings and capacity, blocks of a provider and of the branch, now', () => {
    const z = 'Asia/Riyadh';
    const at = (hhmm: string) => zonedToUtc('2024-05-05', hhmm, z);
    const booked = base({ bookings: [{ providerId: 'p1', start: at('10:00'), end: at('11:15') }] });
    expect(starts(booked)).toEqual(['09:00', '11:30', '12:00']);
    const two = { ...booked, providers: [{ ...booked.providers[0]!, clientsInSameTime: 2 }] };
    expect(starts(two)).toHaveLength(7);
    const full = { ...two, bookings: [...two.bookings!, { providerId: 'p1', start: at('11:00'), end: at('12:00') }] };
    expect(starts(full)).toEqual(['09:00', '09:30', '10:00', '11:30', '12:00']); // load 2 only in [11:00, 11:15)
    expect(starts(base({ blocks: [{ providerId: 'p1', start: at('09:30'), end: at('10:30') }] }))).toEqual(['10:30', '11:00', '11:30', '12:00']);
    expect(starts(base({ blocks: [{ providerId: null, start: at('11:00'), end: at('13:00') }] }))).toEqual(['09:00', '09:30', '10:00']);
    expect(starts(base({ blocks: [{ providerId: 'other', start: at('09:00'), end: at('13:00') }] }))).toHaveLength(7);
    expect(starts(base({ now: at('10:10') }))).toEqual(['10:30', '11:00', '11:30', '12:00']);
  });

  it('rejects bad input', () => {
    expect(() => freeSlots(base({ slotStep: 0 }))).toThrow(RangeError);
    expect(() => freeSlots(base({ services: [] }))).toThrow(RangeError);
    expect(() => freeSlots(base({ services: [{ id: 's1', duration: 0 }] }))).toThrow(RangeError);
    expect(() => freeSlots(base({ to: '2026-01-01' }))).toThrow(RangeError);
    expect(freeSlots(base({ from: '2024-05-06', to: '2024-05-05' }))).toEqual([]);
  });
});

describe('freeSlots: time zones', () => {
  it('Riyadh: a slot across UTC midnight belongs to its local day', () => {
    const input = base({ from: '2024-05-05', to: '2024-05-06', branchHours: everyDay([['02:00', '04:00']]), providers: [{ id: 'p1', hours: everyDay([['00:00', '23:59']]), clientsInSameTime: 1, serviceIds: ['s1'] }] });
    const [d1, d2] = freeSlots(input);
    expect(d1!.slots.map((s) => new Date(s.start).toISOString())).toEqual(['2024-05-04T23:00:00.000Z', '2024-05-04T23:30:00.000Z', '2024-05-05T00:00:00.000Z']);
    expect(new Date(d1!.slots[1]!.end).toISOString()).toBe('2024-05-05T00:30:00.000Z'); // crosses UTC midnight
    expect(d2!.slots).toHaveLength(3);
    // A booking on the previous UTC day still blocks the local slot.
    const booked = freeSlots({ ...input, bookings: [{ providerId: 'p1', start: Date.UTC(2024, 4, 4, 23, 45), end: Date.UTC(2024, 4, 5, 0, 15) }] });
    expect(booked[0]!.slots.map((s) => wall(s.start, 'Asia/Riyadh'))).toEqual([]);
    const late = freeSlots({ ...input, bookings: [{ providerId: 'p1', start: Date.UTC(2024, 4, 5, 0, 30), end: Date.UTC(2024, 4, 5, 1) }] });
    expect(late[0]!.slots.map((s) => wall(s.start, 'Asia/Riyadh'))).toEqual(['02:00', '02:30']);
  });

  it('Cairo spring-forward day (23 h): wall-clock hours hold, the gap has no slots', () => {
    const zone = 'Africa/Cairo';
    const hours = everyDay([['00:00', '03:00'], ['09:00', '11:00']]);
    const input = base({ zone, from: '2024-04-25', to: '2024-04-27', branchHours: hours, providers: [{ id: 'p1', hours, clientsInSameTime: 1, serviceIds: ['s1'] }] });
    const [before, gap, after] = freeSlots(input);
    const [s, e] = localDayBounds('2024-04-26', zone);
    expect(e - s).toBe(23 * H);
    expect(before!.slots.map((x) => wall(x.start, zone))).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00', '09:00', '09:30', '10:00']);
    // 00:00–01:00 does not exist: the range starts at 01:00 new time, so 2 hours remain.
    expect(gap!.slots.map((x) => wall(x.start, zone))).toEqual(['01:00', '01:30', '02:00', '09:00', '09:30', '10:00']);
    expect(gap!.slots[0]!.start).toBe(Date.UTC(2024, 3, 25, 22));
    expect(gap!.slots[3]!.start).toBe(Date.UTC(2024, 3, 26, 6)); // 09:00 at UTC+3
    expect(after!.slots).toHaveLength(8);
  });

  it('Cairo fall-back day (25 h): 09:00 stays 09:00 local on both sides', () => {
    const zone = 'Africa/Cairo';
    const input = base({ zone, from: '2024-10-31', to: '2024-11-01', branchHours: everyDay([['09:00', '10:00'], ['22:00', '23:59']]), providers: [{ id: 'p1', hours: everyDay([['00:00', '23:59']]), clientsInSameTime: 1, serviceIds: ['s1'] }] });
    const [d1, d2] = freeSlots(input);
    const [s, e] = localDayBounds('2024-10-31', zone);
    expect(e - s).toBe(25 * H);
    expect(d1!.slots[0]!.start).toBe(Date.UTC(2024, 9, 31, 6));
    expect(d2!.slots[0]!.start).toBe(Date.UTC(2024, 10, 1, 7));
    // 22:00–23:59 on the ambiguous evening is taken at its earlier occurrence (UTC+3).
    expect(d1!.slots.map((x) => new Date(x.start).toISOString().slice(11, 16))).toEqual(['06:00', '19:00', '19:30']);
  });

  it('Beirut 23 h and 25 h days keep wall-clock hours', () => {
    const zone = 'Asia/Beirut';
    const hours = everyDay([['09:00', '12:00']]);
    const input = (from: string, to: string) => base({ zone, from, to, slotStep: 60, branchHours: hours, providers: [{ id: 'p1', hours, clientsInSameTime: 1, serviceIds: ['s1'] }] });
    for (const [from, to] of [['2024-03-30', '2024-04-01'], ['2024-10-25', '2024-10-28']] as const) {
      for (const day of freeSlots(input(from, to))) {
        expect(day.slots.map((x) => wall(x.start, zone))).toEqual(['09:00', '10:00', '11:00']);
        expect(day.slots.map((x) => x.start)).toEqual(['09:00', '10:00', '11:00'].map((h) => zonedToUtc(day.date, h, zone)));
      }
    }
    const [s1, e1] = localDayBounds('2024-03-31', zone);
    const [s2, e2] = localDayBounds('2024-10-26', zone);
    expect([e1 - s1, e2 - s2]).toEqual([23 * H, 25 * H]);
  });

  it('a 3-hour visit on the Beirut spring-forward night lasts 3 real hours', () => {
    const zone = 'Asia/Beirut';
    const input = base({ zone, from: '2024-03-30', to: '2024-03-31', slotStep: 60, services: [{ id: 's1', duration: 180 }], branchHours: everyDay([['00:00', '04:00']]), providers: [{ id: 'p1', hours: everyDay([['00:00', '04:00']]), clientsInSameTime: 1, serviceIds: ['s1'] }] });
    const [normal, short] = freeSlots(input);
    expect(normal!.slots.map((x) => wall(x.start, zone))).toEqual(['00:00', '01:00']);
    expect(short!.slots.map((x) => wall(x.start, zone))).toEqual(['01:00']); // 01:00–04:00 is 3 h
    expect(short!.slots[0]!.end - short!.slots[0]!.start).toBe(3 * H);
  });
});

describe('freeSlots: working time across local midnight', () => {
  const night = everyDay([['18:00', '02:00']]);
  const nightInput = (over: Partial<FreeSlotsInput> = {}) =>
    base({ from: '2024-05-05', to: '2024-05-06', branchHours: night, providers: [{ id: 'p1', hours: night, clientsInSameTime: 1, serviceIds: ['s1'] }], ...over });
  const evening = ['18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00', '22:30', '23:00', '23:30'];

  it('a range that ends before its start runs into the next day; a start belongs to the day it falls on', () => {
    const [d1, d2] = freeSlots(nightInput());
    // 00:00–01:00 of the first day come from the night before (Saturday's 18:00–02:00).
    expect(d1!.slots.map((x) => wall(x.start, 'Asia/Riyadh'))).toEqual(['00:00', '00:30', '01:00', ...evening]);
    expect(d2!.slots.map((x) => wall(x.start, 'Asia/Riyadh'))).toEqual(['00:00', '00:30', '01:00', ...evening]);
    const last = d1!.slots.at(-1)!;
    expect(new Date(last.start).toISOString()).toBe('2024-05-05T20:30:00.000Z'); // 23:30 Riyadh
    expect(last.end - last.start).toBe(H); // ends 00:30 on the 6th
  });

  it('a booking after midnight takes the late slots of the evening before', () => {
    const after = zonedToUtc('2024-05-06', '00:15', 'Asia/Riyadh');
    const [d1] = freeSlots(nightInput({ bookings: [{ providerId: 'p1', start: after, end: after + 30 * M }] }));
    expect(d1!.slots.map((x) => wall(x.start, 'Asia/Riyadh')).slice(-3)).toEqual(['22:00', '22:30', '23:00']);
  });

  it("a day off takes that day's ranges, the part past its midnight too, not the night before's", () => {
    const off = (date: string) => nightInput({ providers: [{ id: 'p1', hours: night, clientsInSameTime: 1, serviceIds: ['s1'], timeOff: [{ startDate: date, endDate: date }] }] });
    const [d1, d2] = freeSlots(off('2024-05-06'));
    expect(d1!.slots.map((x) => wall(x.start, 'Asia/Riyadh'))).toEqual(['00:00', '00:30', '01:00', ...evening]);
    expect(d2!.slots.map((x) => wall(x.start, 'Asia/Riyadh'))).toEqual(['00:00', '00:30', '01:00']); // the night of the 5th
    const [e1, e2] = freeSlots(off('2024-05-05'));
    expect(e1!.slots.map((x) => wall(x.start, 'Asia/Riyadh'))).toEqual(['00:00', '00:30', '01:00']); // the night of the 4th
    expect(e2!.slots.map((x) => wall(x.start, 'Asia/Riyadh'))).toEqual(evening);
  });

  it('a range ending where it starts is empty, except 00:00–00:00 (the whole day)', () => {
    const only = (hours: Record<string, [string, string][]>) => base({ branchHours: everyDay([['00:00', '00:00']]), providers: [{ id: 'p1', hours, clientsInSameTime: 1, serviceIds: ['s1'] }] });
    expect(freeSlots(only(everyDay([['10:00', '10:00']])))[0]!.slots).toEqual([]);
    expect(freeSlots(only(everyDay([['00:00', '00:00']])))[0]!.slots).toHaveLength(48);
    // Not a 24-hour night shift either: nothing on its day nor on the next morning (old data; the schema refuses it).
    const sat = freeSlots(nightInput({ from: '2024-03-30', to: '2024-03-31', providers: [{ id: 'p1', hours: { '6': [['20:16', '20:16']] }, clientsInSameTime: 1, serviceIds: ['s1'] }] }));
    expect(sat.flatMap((d) => d.slots)).toEqual([]);
    // Beside other ranges it takes nothing away from them.
    const beside = nightInput({ providers: [{ id: 'p1', hours: everyDay([['18:00', '02:00'], ['12:00', '12:00']]), clientsInSameTime: 1, serviceIds: ['s1'] }] });
    expect(freeSlots(beside)).toEqual(freeSlots(nightInput()));
  });

  it('ranges that meet at midnight join: a visit runs from one into the other', () => {
    const split = { '0': [['16:00', '00:00']] as [string, string][], '1': [['00:00', '02:00']] as [string, string][] };
    const [sunday, monday] = freeSlots(base({ from: '2024-05-05', to: '2024-05-06', branchHours: everyDay([['00:00', '00:00']]), providers: [{ id: 'p1', hours: split, clientsInSameTime: 1, serviceIds: ['s1'] }] }));
    expect(sunday!.slots.map((x) => wall(x.start, 'Asia/Riyadh')).slice(-2)).toEqual(['23:00', '23:30']);
    expect(monday!.slots.map((x) => wall(x.start, 'Asia/Riyadh'))).toEqual(['00:00', '00:30', '01:00']);
  });

  it('Beirut spring-forward night: 22:00–02:00 across the missing hour is 3 real hours', () => {
    const zone = 'Asia/Beirut';
    const hours = everyDay([['22:00', '02:00']]);
    const [sat, sun] = freeSlots(base({ zone, from: '2024-03-30', to: '2024-03-31', slotStep: 60, branchHours: hours, providers: [{ id: 'p1', hours, clientsInSameTime: 1, serviceIds: ['s1'] }] }));
    expect(sat!.slots.map((x) => wall(x.start, zone))).toEqual(['00:00', '01:00', '22:00', '23:00']);
    // 00:00 of the 31st does not exist (clocks go to 01:00): the night of the 30th goes on at 01:00.
    expect(sun!.slots.map((x) => wall(x.start, zone))).toEqual(['01:00', '22:00', '23:00']);
    const [a, b] = [sat!.slots.at(-1)!, sun!.slots[0]!];
    expect(b.start - a.start).toBe(H); // 23:00 then 01:00 new time: one real hour apart
  });
});

describe('freeSlots: assignment types', () => {
  const at = (hm: string) => zonedToUtc('2024-05-05', hm, 'Asia/Riyadh');
  const hours = everyDay([['09:00', '13:00']]);

  it('team: the provider and every member of its crew must be free for the whole visit', () => {
    const input = base({
      providers: [
        { id: 'lead', assignment: 'team', crew: ['helper'], hours, clientsInSameTime: 1, serviceIds: ['s1'] },
        // The helper does not offer the service itself, and works from 10:00 only.
        { id: 'helper', hours: everyDay([['10:00', '13:00']]), clientsInSameTime: 1, serviceIds: [] },
      ],
      bookings: [{ providerId: 'helper', start: at('11:00'), end: at('12:00') }],
    });
    expect(starts(input)).toEqual(['10:00', '12:00']);
    // Nobody can book the helper alone: it offers nothing.
    expect(freeSlots(input)[0]!.slots.every((s) => s.providerIds.join() === 'lead')).toBe(true);
  });

  it('team: a crew member missing from the input (or unable to take a client) makes the team unavailable', () => {
    const missing = base({ providers: [{ id: 'lead', assignment: 'team', crew: ['ghost'], hours, clientsInSameTime: 1, serviceIds: ['s1'] }] });
    expect(starts(missing)).toEqual([]);
    const asSingle = base({ providers: [{ id: 'lead', assignment: 'single', crew: ['ghost'], hours, clientsInSameTime: 1, serviceIds: ['s1'] }] });
    expect(starts(asSingle)).toHaveLength(7);
  });

  it('multiple: a visit nobody can do whole is split between providers of type multiple, one per service', () => {
    const services = [
      { id: 'cut', duration: 60 },
      { id: 'nails', duration: 30 },
    ];
    const input = base({
      services,
      providers: [
        { id: 'barber', assignment: 'multiple', hours, clientsInSameTime: 1, serviceIds: ['cut'] },
        { id: 'single-nails', assignment: 'single', hours, clientsInSameTime: 1, serviceIds: ['nails'] },
        { id: 'nail-artist', assignment: 'multiple', hours: everyDay([['10:00', '13:00']]), clientsInSameTime: 1, serviceIds: ['nails'] },
      ],
    });
    const [day] = freeSlots(input);
    // The nails part (after an hour of haircut) needs the nail artist, who starts at 10:00.
    expect(day!.slots.map((s) => wall(s.start, 'Asia/Riyadh'))).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
    expect(day!.slots[0]).toEqual({ start: at('09:00'), end: at('10:30'), providerIds: [], split: ['barber', 'nail-artist'] });
  });

  it('multiple: a provider doing the whole visit wins; a chosen provider is never split', () => {
    const services = [
      { id: 'cut', duration: 60 },
      { id: 'nails', duration: 30 },
    ];
    const providers = [
      { id: 'all-round', assignment: 'multiple' as const, hours: everyDay([['11:00', '13:00']]), clientsInSameTime: 1, serviceIds: ['cut', 'nails'] },
      { id: 'barber', assignment: 'multiple' as const, hours, clientsInSameTime: 1, serviceIds: ['cut'] },
    ];
    const [day] = freeSlots(base({ services, providers }));
    // 09:00–10:30: the all-rounder is not working yet, but can do the nails part from 11:00 (10:00 start).
    expect(day!.slots.map((s) => [wall(s.start, 'Asia/Riyadh'), s.providerIds.join() || `split:${s.split?.join()}`])).toEqual([
      ['10:00', 'split:barber,all-round'],
      ['10:30', 'split:barber,all-round'],
      ['11:00', 'all-round'],
      ['11:30', 'all-round'],
    ]);
    expect(freeSlots(base({ services, providers, providerId: 'barber' }))[0]!.slots).toEqual([]);
  });
});
