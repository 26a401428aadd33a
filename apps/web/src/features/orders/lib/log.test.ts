import { describe, expect, it } from 'vitest';
import { describeChanges, type LogFormat } from './log';

const f: LogFormat = {
  money: (n) => `SAR ${(n / 100).toFixed(2)}`,
  dateTime: (iso) => `T(${iso.slice(0, 16)})`,
  label: (k) => k.toUpperCase(),
  yesNo: (b) => (b ? 'yes' : 'no'),
  list: (items) => items.join(', '),
};

describe('describeChanges', () => {
  it('money, from → to, discount values by type', () => {
    expect(describeChanges({ total: { from: 19400, to: 17300 } }, f)).toEqual(['TOTAL: SAR 194.00 → SAR 173.00']);
    expect(describeChanges({ type: 'percentage', value: 2000 }, f)).toEqual(['TYPE: percentage', 'VALUE: 20%']);
    expect(describeChanges({ type: 'fixed', value: 1550 }, f)).toEqual(['TYPE: fixed', 'VALUE: SAR 15.50']);
  });

  it('coded values (events, statuses, payment methods) read as their labels when known, else as they are', () => {
    const labelled: LogFormat = { ...f, label: (k) => ({ event_deleted_with_provider: 'Deleted with its provider', status_unpaid: 'Unpaid', method_online: 'Online' })[k] ?? (/^(event|status|method)_/.test(k) ? k : k.toUpperCase()) };
    expect(describeChanges({ event: 'deleted_with_provider', from: 'pending', to: 'unpaid', payment_method: 'online' }, labelled)).toEqual([
      'EVENT: Deleted with its provider',
      'FROM: pending',
      'TO: Unpaid',
      'PAYMENT_METHOD: Online',
    ]);
  });

  it('lines, appointments and fees read as people write them; ids, urls and paths are left out', () => {
    expect(describeChanges({ items: [{ name: 'Cut', quantity: 1 }, { name: 'Oil', quantity: 2 }], number: 7, is_draft: false }, f)).toEqual([
      'ITEMS: Cut × 1, Oil × 2',
      'NUMBER: #7',
      'IS_DRAFT: no',
    ]);
    expect(describeChanges({ bookings: [{ id: 'x', number: 3, start_time: '2026-11-23T06:15:00.000Z' }], booking_id: 'b', url: '/x' }, f)).toEqual([
      'BOOKINGS: #3 (T(2026-11-23T06:15))',
    ]);
    expect(describeChanges({ fees: [{ title: 'Wrap', amount: 500 }] }, f)).toEqual(['FEES: Wrap: SAR 5.00']);
    // The list separator is the reader's: the Arabic comma only in Arabic.
    expect(describeChanges({ items: [{ name: 'قص', quantity: 1 }, { name: 'زيت', quantity: 2 }] }, { ...f, list: (items) => items.join('، ') })).toEqual(['ITEMS: قص × 1، زيت × 2']);
  });

  it('times on the business clock, nulls as a dash, long text cut', () => {
    expect(describeChanges({ start_time: '2026-11-23T06:15:00.000Z', notes: { from: null, to: 'x'.repeat(300) } }, f)).toEqual([
      'START_TIME: T(2026-11-23T06:15)',
      `NOTES: — → ${'x'.repeat(139)}…`,
    ]);
    expect(describeChanges({ location: { from: null, to: { address: 'Olaya', lat: 1, lng: 2 } } }, f)).toEqual(['LOCATION: — → Olaya']);
  });

  it('nothing for an empty or missing change set', () => {
    expect(describeChanges({}, f)).toEqual([]);
    expect(describeChanges(null, f)).toEqual([]);
  });
});
