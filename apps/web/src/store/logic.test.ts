import { describe, expect, it } from 'vitest';
import {
  addDays,
  backward,
  branchOf,
  canContinue,
  clockText,
  fieldMessages,
  formatMoney,
  forward,
  groupSlots,
  initialState,
  lastDay,
  minorToDecimal,
  pageOfDays,
  phoneCountry,
  providersFor,
  rangeChunks,
  secondsLeft,
  servicesFor,
  type Slot,
  type StoreProvider,
  type StoreService,
  todayOf,
  toggle,
  totals,
  withServices,
  zoneOf,
} from './logic';

const services: StoreService[] = [
  { id: 'cut', name: 'Cut', duration: 30, price: 5000, deposit: 1000, branch_id: null },
  { id: 'dye', name: 'Dye', duration: 90, price: 25050, deposit: 0, branch_id: 'b1' },
  { id: 'nails', name: 'Nails', duration: 45, price: 8000, deposit: 2500, branch_id: 'b2' },
];
const providers: StoreProvider[] = [
  { id: 'sara', name: 'Sara', branch_id: 'b1', service_ids: ['cut', 'dye'] },
  { id: 'huda', name: 'Huda', branch_id: 'b1', service_ids: ['cut'] },
  { id: 'mona', name: 'Mona', branch_id: 'b2', service_ids: ['cut', 'dye', 'nails'] },
];
const slot = (hhmm: string): Slot => ({ start_time: `2026-12-01T${hhmm}:00Z`, end_time: '', slot: hhmm, staff_ids: [], split_staff_ids: null });

describe('the choice', () => {
  it('sums price, deposit and duration of the chosen services in minor units', () => {
    expect(totals(services, ['cut', 'dye'])).toEqual({ price: 30050, deposit: 1000, duration: 120 });
    expect(totals(services, ['nails', 'cut'])).toEqual({ price: 13000, deposit: 3500, duration: 75 });
    expect(totals(services, [])).toEqual({ price: 0, deposit: 0, duration: 0 });
    expect(totals(services, ['gone'])).toEqual({ price: 0, deposit: 0, duration: 0 });
  });

  it('offers only providers who do every chosen service, in the chosen branch', () => {
    expect(providersFor(providers, ['cut'], null).map((p) => p.id)).toEqual(['sara', 'huda', 'mona']);
    expect(providersFor(providers, ['cut', 'dye'], null).map((p) => p.id)).toEqual(['sara', 'mona']);
    expect(providersFor(providers, ['cut', 'dye'], 'b1').map((p) => p.id)).toEqual(['sara']);
    expect(providersFor(providers, ['nails', 'dye'], 'b1')).toEqual([]);
  });

  it('lists the services of every branch and those of the chosen one', () => {
    expect(servicesFor(services, 'b1').map((s) => s.id)).toEqual(['cut', 'dye']);
    expect(servicesFor(services, null)).toHaveLength(3);
  });

  it('toggles a service in and out', () => {
    expect(toggle(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'a')).toEqual(['b']);
  });
});

describe('the steps', () => {
  it('goes forward only once the step is complete, and back', () => {
    let s = initialState();
    expect(canContinue(s)).toBe(false);
    expect(forward(s).step).toBe('services');
    s = forward({ ...s, serviceIds: ['cut'] });
    expect(s.step).toBe('provider');
    s = forward(s); // any provider
    expect(s.step).toBe('date');
    expect(forward(s).step).toBe('date');
    s = forward({ ...s, date: '2026-12-01' });
    expect(s.step).toBe('time');
    expect(forward(s).step).toBe('time');
    s = forward({ ...s, hold: { token: 'h', expiresAt: '', startTime: '', staffIds: [] } });
    expect(s.step).toBe('details');
    expect(forward(s).step).toBe('details');
    expect(backward(s).step).toBe('time');
    expect(backward(initialState()).step).toBe('services');
  });

  it('drops a provider who no longer offers all the services, the day and the hold', () => {
    const s = { ...initialState(['cut']), staffId: 'huda', date: '2026-12-01', hold: { token: 'h', expiresAt: '', startTime: '', staffIds: [] } };
    const changed = withServices(s, ['cut', 'dye'], providers);
    expect(changed).toMatchObject({ staffId: null, date: null, hold: null, serviceIds: ['cut', 'dye'] });
    expect(withServices({ ...s, staffId: 'sara' }, ['cut', 'dye'], providers).staffId).toBe('sara');
  });
});

describe('days and slots', () => {
  it('counts days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(lastDay('2026-12-01', 60)).toBe('2027-01-29');
  });

  it('shows a page of days, never past the window', () => {
    expect(pageOfDays('2026-12-01', 14, '2027-01-29')).toHaveLength(14);
    expect(pageOfDays('2027-01-25', 14, '2027-01-29')).toEqual(['2027-01-25', '2027-01-26', '2027-01-27', '2027-01-28', '2027-01-29']);
  });

  it('fetches at most 31 days per call', () => {
    expect(rangeChunks('2026-12-01', '2026-12-14')).toEqual([['2026-12-01', '2026-12-14']]);
    expect(rangeChunks('2026-12-01', '2027-01-31')).toEqual([
      ['2026-12-01', '2026-12-31'],
      ['2027-01-01', '2027-01-31'],
    ]);
    expect(rangeChunks('2026-12-01', '2027-02-01').at(-1)).toEqual(['2027-02-01', '2027-02-01']);
  });

  it('groups the slots by part of the day, keeping their order', () => {
    const groups = groupSlots([slot('09:00'), slot('11:30'), slot('12:00'), slot('16:45'), slot('17:00'), slot('21:15')]);
    expect(groups.map((g) => [g.period, g.slots.map((s) => s.slot)])).toEqual([
      ['morning', ['09:00', '11:30']],
      ['afternoon', ['12:00', '16:45']],
      ['evening', ['17:00', '21:15']],
    ]);
    expect(groupSlots([slot('18:00')]).map((g) => g.period)).toEqual(['evening']);
  });

  it('counts down to the hold’s expiry', () => {
    const now = Date.parse('2026-12-01T10:00:00Z');
    expect(secondsLeft('2026-12-01T10:10:00Z', now)).toBe(600);
    expect(secondsLeft('2026-12-01T09:59:00Z', now)).toBe(0);
    expect(clockText(600)).toBe('10:00');
    expect(clockText(65)).toBe('1:05');
  });
});

describe('formatting and errors', () => {
  it('writes minor units with the currency’s digits', () => {
    expect(minorToDecimal(30050, 2)).toBe('300.50');
    expect(minorToDecimal(1250, 3)).toBe('1.250');
    expect(minorToDecimal(1250, 0)).toBe('1250');
    expect(minorToDecimal(-5, 2)).toBe('-0.05');
    expect(formatMoney(30050, 'SAR', 2, 'en')).toMatch(/300\.50/);
    expect(formatMoney(30050, 'SAR', 2, 'ar')).toMatch(/300[.٫]50/);
    expect(formatMoney(1250, 'KWD', 3, 'en')).toMatch(/1\.250/);
  });

  it('places the server’s messages next to their fields, the rest on top', () => {
    const err = { status: 422, message: 'The phone is invalid', errors: { phone: ['The phone is invalid'] } };
    expect(fieldMessages(err, ['phone', 'first_name'])).toEqual({ byField: { phone: 'The phone is invalid' }, top: null });
    expect(fieldMessages({ ...err, errors: { hold_token: ['gone'] } }, ['phone'])).toEqual({ byField: {}, top: 'The phone is invalid' });
    expect(fieldMessages({ status: 409, message: 'Taken', errors: {} }, ['phone']).top).toBe('Taken');
  });
});

describe('the branch of a choice, its zone and day, the phone country', () => {
  const d = {
    timezone: 'Asia/Riyadh',
    today: '2026-12-01',
    branches: [
      { id: 'main', name: 'Main', timezone: 'Asia/Riyadh', today: '2026-12-01' },
      { id: 'dxb', name: 'Dubai', timezone: 'Asia/Dubai', today: '2026-12-02' },
      { id: 'old', name: 'Old data' },
    ],
    services: [
      { id: 'a', name: 'A', duration: 30, price: 1, deposit: 0, branch_id: 'dxb' },
      { id: 'b', name: 'B', duration: 30, price: 1, deposit: 0, branch_id: null },
      { id: 'c', name: 'C', duration: 30, price: 1, deposit: 0, branch_id: 'main' },
    ],
  };
  it('is the chosen branch, else the services’ one branch, else the main one', () => {
    expect(branchOf(d, 'dxb', [])?.id).toBe('dxb');
    expect(branchOf(d, null, ['a', 'b'])?.id).toBe('dxb');
    expect(branchOf(d, null, ['a', 'c'])?.id).toBe('main');
    expect(branchOf(d, null, [])?.id).toBe('main');
  });
  it("answers the branch's zone and today, the business's when the branch has none", () => {
    expect(zoneOf(d, null, ['a'])).toBe('Asia/Dubai');
    expect(todayOf(d, null, ['a'])).toBe('2026-12-02');
    expect(zoneOf(d, 'old', [])).toBe('Asia/Riyadh');
    expect(todayOf(d, 'old', [])).toBe('2026-12-01');
  });
  it('phone country: the business’s, else SA', () => {
    expect(phoneCountry({ country: 'AE' })).toBe('AE');
    expect(phoneCountry({})).toBe('SA');
    expect(phoneCountry({ country: 'bad' })).toBe('SA');
  });
});
