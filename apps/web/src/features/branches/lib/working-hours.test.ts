import { branchBody } from '@app/shared/schemas/access';
import { describe, expect, it } from 'vitest';
import { copyDayToAll, defaultWeek, formToHours, hoursToForm, nextRange, runsPastMidnight } from './working-hours';

describe('working hours form ↔ API', () => {
  it('turns API hours into seven days, missing days closed with a ready range', () => {
    const days = hoursToForm({ '0': [['09:00', '13:00'], ['16:00', '22:00']], '5': [] });
    expect(days).toHaveLength(7);
    expect(days[0]).toEqual({ open: true, ranges: [{ from: '09:00', to: '13:00' }, { from: '16:00', to: '22:00' }] });
    expect(days[5]).toEqual({ open: false, ranges: [{ from: '09:00', to: '17:00' }] });
    expect(days[6]?.open).toBe(false);
  });

  it('normalizes "9:00:00" style times', () => {
    expect(hoursToForm({ '1': [['9:00:00', '17:30:00']] })[1]?.ranges).toEqual([{ from: '09:00', to: '17:30' }]);
  });

  it('sends only open days, ranges sorted by start', () => {
    const days = defaultWeek();
    days[0] = { open: true, ranges: [{ from: '16:00', to: '22:00' }, { from: '09:00', to: '13:00' }] };
    days[1] = { open: false, ranges: [{ from: '10:00', to: '11:00' }] };
    const hours = formToHours(days);
    expect(hours['0']).toEqual([['09:00', '13:00'], ['16:00', '22:00']]);
    expect(hours['1']).toBeUndefined();
    expect(Object.keys(hours).sort()).toEqual(['0', '2', '3', '4']);
  });

  it('round-trips API hours', () => {
    const api = { '0': [['08:00', '12:00'], ['13:00', '18:00']], '3': [['10:00', '20:00']] } as Record<string, [string, string][]>;
    expect(formToHours(hoursToForm(api))).toEqual(api);
  });

  it('a default week and a night shift pass the shared schema; a range ending where it starts does not', () => {
    expect(branchBody.safeParse({ name: 'الفرع الرئيسي', working_hours: formToHours(defaultWeek()) }).success).toBe(true);
    const days = defaultWeek();
    days[2] = { open: true, ranges: [{ from: '18:00', to: '02:00' }] };
    expect(branchBody.safeParse({ name: 'الفرع الرئيسي', working_hours: formToHours(days) }).success).toBe(true);
    days[2] = { open: true, ranges: [{ from: '00:00', to: '00:00' }] };
    expect(branchBody.safeParse({ name: 'الفرع الرئيسي', working_hours: formToHours(days) }).success).toBe(true);
    days[2] = { open: true, ranges: [{ from: '09:00', to: '09:00' }] };
    const result = branchBody.safeParse({ name: 'الفرع الرئيسي', working_hours: formToHours(days) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['working_hours', '2']);
    expect(result.error?.issues[0]?.message).toBe('time_range_empty');
  });

  it('tells a range that runs past midnight', () => {
    expect(runsPastMidnight({ from: '18:00', to: '02:00' })).toBe(true);
    expect(runsPastMidnight({ from: '00:00', to: '00:00' })).toBe(true);
    expect(runsPastMidnight({ from: '09:00', to: '17:00' })).toBe(false);
    expect(runsPastMidnight({ from: '20:16', to: '20:16' })).toBe(false); // empty (refused), not 24 hours: no badge
    expect(runsPastMidnight({ from: '18:00', to: '' })).toBe(false);
  });

  it('the next range starts where the last ends', () => {
    expect(nextRange([{ from: '09:00', to: '13:00' }])).toEqual({ from: '13:00', to: '14:00' });
    expect(nextRange([{ from: '22:00', to: '23:30' }])).toEqual({ from: '23:30', to: '23:59' });
    expect(nextRange([{ from: '22:00', to: '23:59' }])).toEqual({ from: '09:00', to: '17:00' });
    expect(nextRange([])).toEqual({ from: '09:00', to: '17:00' });
    expect(nextRange([{ from: '18:00', to: '02:00' }])).toEqual({ from: '09:00', to: '17:00' }); // after a night shift
  });
});

describe('copy to all days', () => {
  it("gives every day, days off included, a copy of the day's ranges", () => {
    const days = hoursToForm({ '0': [['09:00', '17:00']], '4': [['10:00', '14:00'], ['18:00', '02:00']] });
    const copied = copyDayToAll(days, 4);
    expect(copied).toHaveLength(7);
    for (const day of copied) expect(day).toEqual({ open: true, ranges: [{ from: '10:00', to: '14:00' }, { from: '18:00', to: '02:00' }] });
    expect(formToHours(copied)['6']).toEqual([['10:00', '14:00'], ['18:00', '02:00']]);
    // Copies, not shared objects: editing one day afterwards leaves the others alone.
    expect(copied[0]?.ranges[0]).not.toBe(copied[1]?.ranges[0]);
    expect(copied[4]?.ranges[0]).not.toBe(days[4]?.ranges[0]);
    // The source is unchanged.
    expect(days[5]?.open).toBe(false);
  });

  it('changes nothing for an unknown day', () => {
    const days = defaultWeek();
    expect(copyDayToAll(days, 9)).toEqual(days);
  });
});
