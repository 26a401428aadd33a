import { describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToIso, todayIn } from './dates';

describe('business-time inputs', () => {
  it('shows an instant on the business wall clock and reads it back', () => {
    expect(isoToLocalInput('2025-03-01T11:30:00.000Z', 'Asia/Riyadh')).toBe('2025-03-01T14:30');
    expect(localInputToIso('2025-03-01T14:30', 'Asia/Riyadh')).toBe('2025-03-01T11:30:00.000Z');
    expect(localInputToIso(isoToLocalInput('2025-07-10T21:05:00.000Z', 'Africa/Cairo'), 'Africa/Cairo')).toBe('2025-07-10T21:05:00.000Z');
  });

  it('empty or invalid values are none', () => {
    expect(isoToLocalInput(null, 'Asia/Riyadh')).toBe('');
    expect(isoToLocalInput('nope', 'Asia/Riyadh')).toBe('');
    expect(localInputToIso('', 'Asia/Riyadh')).toBeNull();
  });

  it('today is the business’s local day', () => {
    expect(todayIn('Asia/Riyadh', Date.parse('2025-03-01T22:30:00Z'))).toBe('2025-03-02');
    expect(todayIn('UTC', Date.parse('2025-03-01T22:30:00Z'))).toBe('2025-03-01');
  });
});
