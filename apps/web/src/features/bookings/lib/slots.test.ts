import { describe, expect, it } from 'vitest';
import type { Slot } from '@app/shared/schemas/bookings';
import { dayPartOf, findSlot, groupSlots, providersFor, slotsOf } from './slots';

const slot = (hhmm: string): Slot => ({ slot: hhmm, start_time: `2025-03-01T${hhmm}:00Z`, end_time: `2025-03-01T${hhmm}:30Z`, staff_ids: ['s1'], split_staff_ids: null });

describe('slot grouping', () => {
  it('puts a start in the morning, afternoon or evening', () => {
    expect(dayPartOf('00:00')).toBe('morning');
    expect(dayPartOf('11:59')).toBe('morning');
    expect(dayPartOf('12:00')).toBe('afternoon');
    expect(dayPartOf('16:45')).toBe('afternoon');
    expect(dayPartOf('17:00')).toBe('evening');
    expect(dayPartOf('23:30')).toBe('evening');
  });

  it('groups in start order and leaves out empty parts', () => {
    const groups = groupSlots([slot('18:00'), slot('09:00'), slot('08:30'), slot('19:30')]);
    expect(groups.map((g) => [g.part, g.slots.map((s) => s.slot)])).toEqual([
      ['morning', ['08:30', '09:00']],
      ['evening', ['18:00', '19:30']],
    ]);
    expect(groupSlots([])).toEqual([]);
  });

  it("finds a day's slots and the clicked time when it is free", () => {
    const days = [{ date: '2025-03-01', slots: [slot('09:00'), slot('09:30')] }];
    expect(slotsOf(days, '2025-03-01')).toHaveLength(2);
    expect(slotsOf(days, '2025-03-02')).toEqual([]);
    expect(slotsOf(undefined, '2025-03-01')).toEqual([]);
    const list = slotsOf(days, '2025-03-01');
    expect(findSlot(list, '09:30')?.slot).toBe('09:30');
    expect(findSlot(list, '10:00')).toBeUndefined();
    expect(findSlot(list, null)).toBeUndefined();
  });

  it('offers providers who give every chosen service at the branch', () => {
    const providers = [
      { uuid: 'p1', name: 'A', branch_id: 'b1', service_ids: ['s1', 's2'] },
      { uuid: 'p2', name: 'B', branch_id: 'b2', service_ids: ['s1', 's2'] },
      { uuid: 'p3', name: 'C', branch_id: null, service_ids: ['s1'] },
    ];
    expect(providersFor(providers, ['s1'], 'b1').map((p) => p.uuid)).toEqual(['p1', 'p3']);
    expect(providersFor(providers, ['s1', 's2'], 'b1').map((p) => p.uuid)).toEqual(['p1']);
    expect(providersFor(providers, ['s1', 's2'], null).map((p) => p.uuid)).toEqual(['p1', 'p2']);
    expect(providersFor(providers, [], 'b2').map((p) => p.uuid)).toEqual(['p2', 'p3']);
  });
});
