import { describe, expect, it } from 'vitest';
import { timeZoneOptions, timeZoneOptionsWith, zoneOffset } from './time-zones';

describe('time zones', () => {
  it('lists Riyadh first with its offset', () => {
    const options = timeZoneOptions();
    expect(options[0]).toEqual({ value: 'Asia/Riyadh', label: 'Asia/Riyadh (GMT+03:00)' });
    expect(options.length).toBeGreaterThan(100);
  });

  it('names UTC with a zero offset', () => {
    expect(zoneOffset('UTC')).toBe('GMT+00:00');
  });

  it('keeps a saved zone the browser does not list', () => {
    expect(timeZoneOptionsWith('Mars/Olympus')[0]).toEqual({ value: 'Mars/Olympus', label: 'Mars/Olympus' });
  });
});
