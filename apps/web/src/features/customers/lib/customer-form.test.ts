import { customerBody } from '@app/shared/schemas/customers';
import { describe, expect, it } from 'vitest';
import { collectedFields, emptyCustomerForm, formToCustomerBody, missingRequired, nationalNumber } from './customer-form';

const defs = [
  { uuid: 'a', html_tag: 'number', is_required: false, options: [] },
  { uuid: 'b', html_tag: 'select', is_required: true, options: ['x', 'y'] },
  { uuid: 'c', html_tag: 'file', is_required: true, options: [] },
  { uuid: 'd', html_tag: 'location', is_required: false, options: [] },
];

describe('customer form', () => {
  it('collects every kind of field', () => {
    expect(collectedFields(defs).map((d) => d.uuid)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('builds the body: empty values are none, numbers are numbers', () => {
    const v = { ...emptyCustomerForm(), first_name: 'Khalid', last_name: 'Omar', phone: ' ', email: '', custom_fields: { a: '42', b: 'x', c: 'att-1', d: '24.7136، 46.6753' } };
    const body = formToCustomerBody(v, defs);
    expect(body).toMatchObject({ phone: null, email: null, phone_country: 'SA', custom_fields: { a: 42, b: 'x', c: 'att-1', d: { lat: 24.7136, lng: 46.6753 } } });
    expect(customerBody.safeParse(body).success).toBe(true);
  });

  it('flags required custom fields left empty; a new customer fills its file fields later', () => {
    expect(missingRequired({ ...emptyCustomerForm(), custom_fields: { b: '' } }, defs, 'required', true)).toEqual({ 'custom_fields.b': 'required' });
    expect(missingRequired({ ...emptyCustomerForm(), custom_fields: { b: '' } }, defs, 'required')).toEqual({ 'custom_fields.b': 'required', 'custom_fields.c': 'required' });
  });

  it('shows a stored number in its national form', () => {
    expect(nationalNumber('+966501234567', '966')).toBe('501234567');
    expect(nationalNumber(null, '966')).toBe('');
    expect(nationalNumber('+971501234567', '966')).toBe('+971501234567');
  });
});
