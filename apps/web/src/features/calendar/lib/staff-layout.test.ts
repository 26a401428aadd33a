import { describe, expect, it } from 'vitest';
import { boxOf, columnAt, dayWindow, dropMove, dropStart, isDayOff, minutesOnDay, minutesToClock, minuteAt, offMinutes, packLanes, snap, workingMinutes } from './staff-layout';

const RIYADH = 'Asia/Riyadh'; // UTC+3, no DST
const lanesOf = (events: { id: string; start: number; end: number }[], minLength = 0) =>
  Object.fromEntries(packLanes(events.map((e) => ({ item: e.id, start: e.start, end: e.end })), minLength).map((p) => [p.item, [p.lane, p.lanes, p.span]]));

describe('minutes and pixels', () => {
  it('reads an instant as minutes of the shown day on the business clock', () => {
    expect(minutesOnDay('2025-03-01T07:30:00Z', '2025-03-01', RIYADH)).toBe(630);
    // 23:30 the day before and 01:00 the day after fall outside [0, 1440).
    expect(minutesOnDay('2025-02-28T20:30:00Z', '2025-03-01', RIYADH)).toBe(-30);
    expect(minutesOnDay('2025-03-01T22:00:00Z', '2025-03-01', RIYADH)).toBe(1440 + 60);
    expect(minutesToClock(630)).toBe('10:30');
    expect(minutesToClock(0)).toBe('00:00');
  });

  it('places an event in the window and cuts it at the window edges', () => {
    const w = { start: 480, end: 1200 };
    expect(boxOf(600, 630, w, 2)).toEqual({ top: 240, height: 60 });
    expect(boxOf(420, 510, w, 2)).toEqual({ top: 0, height: 60 });
    expect(boxOf(1170, 1300, w, 2)).toEqual({ top: 1380, height: 60 });
    expect(boxOf(300, 400, w, 2)).toBeNull();
  });

  it('snaps a click down to its 15-minute slot and a drag to the nearest one', () => {
    expect(snap(607)).toBe(600);
    expect(snap(607, 15, 'round')).toBe(600);
    expect(snap(608, 15, 'round')).toBe(615);
    const w = { start: 480, end: 1200 };
    // 1.6 px a minute: 200 px down is 125 minutes after 08:00 → 10:05 → the 10:00 slot.
    expect(minuteAt(200, w, 1.6)).toBe(600);
    expect(minuteAt(-10, w, 1.6)).toBe(480);
    expect(minuteAt(99_999, w, 1.6)).toBe(1185);
  });
});

describe('drag and drop', () => {
  const w = { start: 480, end: 1200 };
  it('keeps where the event was taken hold of, snaps to 15 minutes and stays inside the window', () => {
    // Taken 10 minutes below its start, dropped with the pointer at 11:17 → starts 11:07 → 11:00 (nearest).
    expect(dropStart(677, 10, 30, w)).toBe(660);
    expect(dropStart(684, 10, 30, w)).toBe(675);
    expect(dropStart(300, 0, 30, w)).toBe(480);
    // A 60-minute booking cannot start after 19:00 in a grid ending at 20:00.
    expect(dropStart(1190, 0, 60, w)).toBe(1140);
    expect(dropStart(600, 0, 30, { start: 487, end: 1200 })).toBe(600);
    expect(dropStart(400, 0, 30, { start: 487, end: 1200 })).toBe(495);
  });

  it('finds the column under the pointer, also in right-to-left order, else the nearest', () => {
    // RTL: the first provider's column is the rightmost.
    const rects = [
      { left: 600, right: 800 },
      { left: 400, right: 600 },
      { left: 200, right: 400 },
    ];
    expect(columnAt(700, rects)).toBe(0);
    expect(columnAt(600, rects)).toBe(0);
    expect(columnAt(599, rects)).toBe(1);
    expect(columnAt(250, rects)).toBe(2);
    expect(columnAt(50, rects)).toBe(2); // over the time axis on the left
    expect(columnAt(900, rects)).toBe(0);
    expect(columnAt(10, [])).toBe(-1);
  });

  it('turns a drop into the new provider and time, or nothing when it did not move', () => {
    expect(dropMove({ staffId: 'a', start: 600 }, { staffId: 'a', start: 600 })).toBeNull();
    expect(dropMove({ staffId: 'a', start: 600 }, { staffId: 'a', start: 630 })).toEqual({ staffId: 'a', start: 630, reassigned: false });
    expect(dropMove({ staffId: 'a', start: 600 }, { staffId: 'b', start: 600 })).toEqual({ staffId: 'b', start: 600, reassigned: true });
  });
});

describe('packing overlapping events into lanes', () => {
  it('gives events that do not overlap the whole width', () => {
    expect(
      lanesOf([
        { id: 'a', start: 600, end: 630 },
        { id: 'b', start: 630, end: 660 },
      ]),
    ).toEqual({ a: [0, 1, 1], b: [0, 1, 1] });
  });

  it('puts overlapping events side by side, reusing a lane once it is free', () => {
    expect(
      lanesOf([
        { id: 'a', start: 600, end: 690 },
        { id: 'b', start: 600, end: 630 },
        { id: 'c', start: 630, end: 660 },
        { id: 'd', start: 645, end: 700 },
      ]),
    ).toEqual({ a: [0, 3, 1], b: [1, 3, 2], c: [1, 3, 1], d: [2, 3, 1] });
  });

  it('widens an event into free lanes to its inline end', () => {
    // b and c overlap a; d overlaps only a: it spans the two lanes left of a.
    expect(
      lanesOf([
        { id: 'a', start: 600, end: 720 },
        { id: 'b', start: 600, end: 630 },
        { id: 'c', start: 610, end: 640 },
        { id: 'd', start: 660, end: 700 },
      ]),
    ).toEqual({ a: [0, 3, 1], b: [1, 3, 1], c: [2, 3, 1], d: [1, 3, 2] });
  });

  it('gives a very short event room of its own (minimum length)', () => {
    expect(
      lanesOf(
        [
          { id: 'a', start: 600, end: 605 },
          { id: 'b', start: 610, end: 640 },
        ],
        15,
      ),
    ).toEqual({ a: [0, 2, 1], b: [1, 2, 1] });
  });

  it('keeps the events of separate groups apart', () => {
    const placed = packLanes([
      { item: 'a', start: 600, end: 660 },
      { item: 'b', start: 620, end: 640 },
      { item: 'c', start: 700, end: 760 },
    ]);
    expect(placed.find((p) => p.item === 'c')).toMatchObject({ lane: 0, lanes: 1, span: 1 });
  });
});

describe('working minutes and shading', () => {
  const week = { '0': [['09:00', '13:00'] as const, ['16:00', '21:00'] as const], '6': [['20:00', '02:00'] as const] };
  // 2025-03-02 is a Sunday; 2025-03-01 a Saturday.
  it('takes the provider hours of the weekday, with the small hours of the night before', () => {
    expect(workingMinutes('2025-03-02', week, null, [])).toEqual([
      [0, 120],
      [540, 780],
      [960, 1260],
    ]);
    expect(workingMinutes('2025-03-01', week, null, [])).toEqual([[1200, 1440]]);
  });

  it('keeps them inside the branch hours and drops the days off (a night shift with its day)', () => {
    const branch = { '0': [['10:00', '20:00'] as const] };
    expect(workingMinutes('2025-03-02', week, branch, [])).toEqual([
      [600, 780],
      [960, 1200],
    ]);
    // Saturday off: Saturday night's shift (into Sunday 02:00) goes too.
    expect(workingMinutes('2025-03-02', week, null, [{ start_date: '2025-03-01', end_date: '2025-03-01' }])).toEqual([
      [540, 780],
      [960, 1260],
    ]);
    expect(workingMinutes('2025-03-02', week, null, [{ start_date: '2025-02-20', end_date: '2025-03-05' }])).toEqual([]);
    expect(isDayOff([{ start_date: '2025-03-01', end_date: '2025-03-03' }], '2025-03-03')).toBe(true);
  });

  it('shades the rest of the window', () => {
    expect(
      offMinutes(
        [
          [540, 780],
          [960, 1260],
        ],
        { start: 480, end: 1320 },
      ),
    ).toEqual([
      [480, 540],
      [780, 960],
      [1260, 1320],
    ]);
    expect(offMinutes([], { start: 480, end: 600 })).toEqual([[480, 600]]);
  });

  it('shows the usual hours, widened to whole hours around an event outside them', () => {
    expect(dayWindow({ slotMinTime: '08:00:00', slotMaxTime: '21:00:00' }, [])).toEqual({ start: 480, end: 1260 });
    expect(dayWindow({ slotMinTime: '08:00:00', slotMaxTime: '21:00:00' }, [{ start: 445, end: 475 }, { start: 1290, end: 1500 }])).toEqual({ start: 420, end: 1440 });
    expect(dayWindow({ slotMinTime: '00:00:00', slotMaxTime: '24:00:00' }, [])).toEqual({ start: 0, end: 1440 });
  });
});
