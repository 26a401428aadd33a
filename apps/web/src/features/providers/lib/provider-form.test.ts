import { providerBody } from '@app/shared/schemas/providers';
import { describe, expect, it } from 'vitest';
import { emptyProviderForm, formToProviderBody, providerFieldFor, providerToForm, toProviderFormErrors } from './provider-form';

describe('provider form', () => {
  it('turns a percentage into basis points and a fixed amount into minor units', () => {
    const v = { ...emptyProviderForm(), name: 'Noura Salem', commission_type: 'percentage' as const, commission_amount: '12.5' };
    expect(formToProviderBody(v, { currency: 'SAR', commission: true })).toMatchObject({ commission_type: 'percentage', commission_value: 1250 });
    const fixed = { ...v, commission_type: 'fixed' as const, commission_amount: 3.25 };
    expect(formToProviderBody(fixed, { currency: 'KWD', commission: true }).commission_value).toBe(3250);
    expect(formToProviderBody({ ...v, commission_type: 'none' }, { currency: 'SAR', commission: true })).toMatchObject({ commission_type: null, commission_value: 0 });
  });

  it('leaves the commission out without the plugin and flags a bad amount', () => {
    const v = { ...emptyProviderForm(), name: 'Noura Salem', commission_type: 'fixed' as const, commission_amount: '1.234' };
    expect(formToProviderBody(v, { currency: 'SAR', commission: false })).not.toHaveProperty('commission_type');
    const body = formToProviderBody(v, { currency: 'SAR', commission: true });
    expect(Number.isNaN(body.commission_value)).toBe(true);
    expect(providerBody.safeParse(body).success).toBe(false);
  });

  it('round-trips working hours with several ranges and closed days', () => {
    const provider = {
      uuid: 'p',
      name: 'Noura Salem',
      label: null,
      branch_id: null,
      branch: null,
      user_id: null,
      user: null,
      commission_type: 'percentage' as const,
      commission_value: 1500,
      clients_in_same_time: 2,
      assignment_type: 'team' as const,
      working_hours: { '0': [['09:00', '12:00'], ['16:00', '20:00']] as [string, string][] },
      service_ids: [],
      services: [],
      services_count: 0,
      color: '#2F9E44',
      created_at: '',
    };
    const form = providerToForm(provider, 'SAR');
    expect(form.commission_amount).toBe(15);
    expect(form.days[0]?.ranges).toHaveLength(2);
    expect(form.days[1]?.open).toBe(false);
    const body = formToProviderBody(form, { currency: 'SAR', commission: true });
    expect(body.working_hours).toEqual(provider.working_hours);
    expect(body.commission_value).toBe(1500);
    expect(body.color).toBe('#2F9E44');
  });

  it('sends the calendar colour when one is chosen, and leaves it out when empty', () => {
    const v = { ...emptyProviderForm(), name: 'Noura Salem' };
    expect(formToProviderBody(v, { currency: 'SAR', commission: false })).not.toHaveProperty('color');
    const body = formToProviderBody({ ...v, color: '#AE3EC9' }, { currency: 'SAR', commission: false });
    expect(body.color).toBe('#AE3EC9');
    expect(providerBody.safeParse(body).success).toBe(true);
    expect(providerBody.safeParse({ ...body, color: 'purple' }).success).toBe(false);
  });

  it('maps API error paths to the form', () => {
    expect(providerFieldFor('working_hours.3')).toBe('days.3');
    expect(providerFieldFor('commission_value')).toBe('commission_amount');
    expect(providerFieldFor('service_ids.2')).toBe('service_ids');
    expect(toProviderFormErrors({ 'working_hours.1': 'a', name: 'b' })).toEqual({ 'days.1': 'a', name: 'b' });
  });
});
