import { describe, expect, it } from 'vitest';
import type { Offer } from '../api/offers';
import { emptyOfferValues, formField, offerRequest, offerValues } from './offer-form';

const message = (key: string) => key;
const ZONE = 'Asia/Riyadh';
const SERVICE = '0b6e1c1e-0000-4000-8000-000000000001';

describe('offer form', () => {
  it('starts now (to the minute) for a week on both channels, on the business clock', () => {
    const v = emptyOfferValues(ZONE, Date.parse('2026-03-01T06:00:30Z'));
    expect(v).toMatchObject({ start_at: '2026-03-01T09:00', end_at: '2026-03-08T09:00', channels: ['webapp', 'booking_page'], active: true });
  });

  it('sends basis points or minor units, the wall clock as instants, the code in capitals or null', () => {
    const base = { ...emptyOfferValues(ZONE), name: 'Eid offer', value: '12.5', start_at: '2026-03-01T09:00', end_at: '2026-03-02T00:00', service_ids: [SERVICE] };
    const pct = offerRequest({ ...base, code: 'eid12' }, message, 'SAR', ZONE, 'en');
    expect(pct.errors).toEqual({});
    expect(pct.body).toMatchObject({ code: 'EID12', type: 'percentage', amount: 1250, start_at: '2026-03-01T06:00:00.000Z', end_at: '2026-03-01T21:00:00.000Z', channels: ['booking_page', 'webapp'] });
    const fixed = offerRequest({ ...base, type: 'fixed', value: '10.5' }, message, 'SAR', ZONE, 'en');
    expect(fixed.body).toMatchObject({ code: null, type: 'fixed', amount: 1050 });
  });

  it('says what is wrong by field', () => {
    const v = { ...emptyOfferValues(ZONE), name: 'Eid offer', code: 'EID 1', value: '101', start_at: '2026-03-02T09:00', end_at: '2026-03-01T09:00', channels: [] };
    expect(offerRequest(v, message, 'SAR', ZONE, 'en').errors).toMatchObject({
      code: 'codeFormat',
      value: 'percentMax',
      end_at: 'endAfterStart',
      channels: 'channelsEmpty',
      service_ids: 'servicesEmpty',
    });
    expect(offerRequest({ ...v, type: 'fixed', value: '0' }, message, 'SAR', ZONE, 'en').errors.value).toBe('valuePositive');
  });

  it('fills the form from an offer and maps server paths to fields', () => {
    const offer: Offer = {
      id: 'o1',
      name: 'Eid',
      code: null,
      type: 'percentage',
      amount: 2500,
      start_at: '2026-03-01T06:00:00.000Z',
      end_at: '2026-03-05T18:00:00.000Z',
      status: 'inactive',
      channels: ['webapp'],
      service_ids: [SERVICE],
      running: false,
      created_at: '2026-02-01T00:00:00.000Z',
    };
    expect(offerValues(offer, 'SAR', ZONE)).toMatchObject({ code: '', value: '25', start_at: '2026-03-01T09:00', end_at: '2026-03-05T21:00', active: false });
    expect(formField('amount')).toBe('value');
    expect(formField('service_ids.2')).toBe('service_ids');
    expect(formField('status')).toBe('active');
    expect(formField('nope')).toBeNull();
  });
});
