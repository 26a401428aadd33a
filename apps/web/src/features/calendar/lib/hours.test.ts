import { describe, expect, it } from 'vitest';
import { calendarHours } from './hours';

describe('calendar hours', () => {
  it('shows the whole day when no working hours are known', () => {
    expect(calendarHours([])).toEqual({ businessHours: [], slotMinTime: '00:00:00', slotMaxTime: '24:00:00', scrollTime: '08:00:00' });
    expect(calendarHours([null, {}])).toMatchObject({ slotMinTime: '00:00:00', slotMaxTime: '24:00:00' });
  });

  it("bounds the grid by a branch's hours, an hour either side, and shades the rest", () => {
    const hours = calendarHours([{ '0': [['09:00', '13:00'], ['16:30', '22:00']], '6': [['10:00', '14:00']] }]);
    expect(hours.slotMinTime).toBe('08:00:00');
    expect(hours.slotMaxTime).toBe('23:00:00');
    expect(hours.scrollTime).toBe('09:00:00');
    expect(hours.businessHours).toEqual([
      { daysOfWeek: [0], startTime: '09:00', endTime: '13:00' },
      { daysOfWeek: [0], startTime: '16:30', endTime: '22:00' },
      { daysOfWeek: [6], startTime: '10:00', endTime: '14:00' },
    ]);
  });

  it('never runs past midnight either way', () => {
    expect(calendarHours([{ '1': [['00:30', '24:00']] }])).toMatchObject({ slotMinTime: '00:00:00', slotMaxTime: '24:00:00', scrollTime: '00:00:00' });
  });

  it('a night shift runs to midnight and on into the next morning; the day view still opens at its start', () => {
    const hours = calendarHours([{ '4': [['18:00', '02:00']], '5': [['00:00', '00:00']] }]);
    expect(hours.businessHours).toEqual([
      { daysOfWeek: [4], startTime: '18:00', endTime: '24:00' },
      { daysOfWeek: [5], startTime: '00:00', endTime: '02:00' },
      { daysOfWeek: [5], startTime: '00:00', endTime: '24:00' },
    ]);
    expect(hours).toMatchObject({ slotMinTime: '00:00:00', slotMaxTime: '24:00:00' });
    expect(calendarHours([{ '4': [['18:00', '02:00']] }]).scrollTime).toBe('18:00:00');
  });

  it('shows nothing for a range ending where it starts (empty, as in the engine), except 00:00–00:00', () => {
    const hours = calendarHours([{ '2': [['20:16', '20:16']], '3': [['10:00', '12:00']] }]);
    expect(hours.businessHours).toEqual([{ daysOfWeek: [3], startTime: '10:00', endTime: '12:00' }]);
    expect(hours).toMatchObject({ slotMinTime: '09:00:00', slotMaxTime: '13:00:00', scrollTime: '10:00:00' });
    expect(calendarHours([{ '2': [['00:00', '00:00']] }]).businessHours).toEqual([{ daysOfWeek: [2], startTime: '00:00', endTime: '24:00' }]);
  });

  it('takes the union of several branches, without shading', () => {
    const hours = calendarHours([{ '1': [['09:00', '17:00']] }, { '1': [['12:00', '21:30']] }]);
    expect(hours).toMatchObject({ slotMinTime: '08:00:00', slotMaxTime: '23:00:00', businessHours: [] });
  });
});
