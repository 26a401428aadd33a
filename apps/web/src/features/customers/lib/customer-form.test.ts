import { customerBody } from '@app/shared/schemas/customers';
import { describe, expect, it } from 'vitest';
import { collectedFields, emptyCustomerForm, formToCustomerBody, missingRequired, nationalNumber } from './customer-form';

const defs = [
  { uuid: 'a', html_tag: 'number', is_required: false, options: [] },
  { uuid: 'b', html_tag: 'select', is_required: true, options: ['x', 'y'] },
  { uuid: 'c', html_tag: 'file', is_required: true, options: [] },
];

describe('customer form', () => {
  it('collects text, number, date and select fields only', () => {
    expect(collectedFields(defs).map((d) => d.uuid)).toEqual(['a', 'b']);
  });

  it('builds the body: empty values are none, numbers are numbers', () => {
    const v = { ...emptyCustomerForm(), first_name: 'Khalid', last_name: 'Omar', phone: ' ', email: '', custom_fields: { a: '42', b: 'x', c: 'ignored' } };
    const body = formToCustomerBody(v, defs);
    expect(body).toMatchObject({ phone: null, email: null, phone_country: 'SA', custom_fields: { a: 42, b: 'x' } });
    expect(customerBody.safeParse(body).success).toBe(true);
  });

  it('flags required custom fields left empty (not file ones)', () => {
    expect(missingRequired({ ...emptyCustomerForm(), custom_fields: { b: '' } }, defs, 'required')).toEqual({ 'custom_fields.b': 'required' });
  });

  it('shows a stored number in its national form', () => {
    expect(nationalNumber('+966501234567', '966')).toBe('501234567');
    expect(nationalNumber(null, '966')).toBe('');
    expect(nationalNumber('+971501234567', '966')).toBe('+971501234567');
  });
});
