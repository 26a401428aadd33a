import { describe, expect, it } from 'vitest';
import { ANY_PROVIDER, addClock, type BookingFormValues, bookingBody, customFieldsBody, formPathOf, missingCustomFields } from './booking-form';

const defs = [
  { uuid: 'n', html_tag: 'number', is_required: false },
  { uuid: 'l', html_tag: 'location', is_required: false },
  { uuid: 's', html_tag: 'select', is_required: true },
];

const values = (over: Partial<BookingFormValues> = {}): BookingFormValues => ({
  branch_id: 'br1',
  customer: { id: 'c1', name: 'Khalid', phone: null },
  service_ids: ['sv1', 'sv2'],
  staff_id: ANY_PROVIDER,
  date: '2025-03-01',
  start_time: '2025-03-01T06:30:00.000Z',
  notes: '  ',
  custom_fields: {},
  status: 'confirmed',
  transport_fee: '',
  ...over,
});

describe('booking form', () => {
  it('builds the POST /bookings body: any provider is null, empty notes left out', () => {
    expect(bookingBody(values(), defs)).toEqual({
      customer_id: 'c1',
      branch_id: 'br1',
      staff_id: null,
      service_ids: ['sv1', 'sv2'],
      start_time: '2025-03-01T06:30:00.000Z',
      source: 'calendar',
    });
    expect(bookingBody(values({ staff_id: 'p1', notes: ' Late ', custom_fields: { n: '4' } }), defs)).toMatchObject({ staff_id: 'p1', notes: 'Late', custom_fields: { n: 4 } });
  });

  it('sends pending only when chosen, and the transport fee in minor units only for a home-service branch', () => {
    expect(bookingBody(values({ status: 'pending' }), defs)).toMatchObject({ status: 'pending' });
    expect(bookingBody(values(), defs)).not.toHaveProperty('status');
    expect(bookingBody(values({ transport_fee: '١٥٫٥' }), defs, { homeService: true, currency: 'SAR' })).toMatchObject({ transportation_fee_amount: 1550 });
    expect(bookingBody(values({ transport_fee: '2.125' }), defs, { homeService: true, currency: 'KWD' })).toMatchObject({ transportation_fee_amount: 2125 });
    expect(bookingBody(values({ transport_fee: '15' }), defs)).not.toHaveProperty('transportation_fee_amount');
    expect(bookingBody(values({ transport_fee: '0' }), defs, { homeService: true })).not.toHaveProperty('transportation_fee_amount');
    expect(formPathOf('transportation_fee_amount')).toBe('transport_fee');
  });

  it('converts custom field values by kind', () => {
    expect(customFieldsBody({ n: '12.5', l: '24.7, 46.6', s: 'x', other: 'y' }, defs)).toEqual({ n: 12.5, l: { lat: 24.7, lng: 46.6 }, s: 'x' });
    expect(customFieldsBody({ n: '', s: '' }, defs)).toEqual({});
  });

  it('flags required custom fields left empty', () => {
    expect(missingCustomFields({}, defs, 'Required')).toEqual({ 'custom_fields.s': 'Required' });
    expect(missingCustomFields({ s: 'x' }, defs, 'Required')).toEqual({});
  });

  it("puts the API's errors under the right fields", () => {
    expect(formPathOf('customer_id')).toBe('customer');
    expect(formPathOf('service_ids')).toBe('service_ids');
    expect(formPathOf('service_ids.1')).toBe('service_ids');
    expect(formPathOf('start_time')).toBe('start_time');
    expect(formPathOf('staff_id')).toBe('staff_id');
    expect(formPathOf('custom_fields.s')).toBe('custom_fields.s');
  });

  it('adds minutes to a wall clock, wrapping at midnight', () => {
    expect(addClock('09:30', 45)).toBe('10:15');
    expect(addClock('23:30', 60)).toBe('00:30');
    expect(addClock('bad', 10)).toBe('bad');
  });
});
