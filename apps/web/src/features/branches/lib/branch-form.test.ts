import { branchBody } from '@app/shared/schemas/access';
import { describe, expect, it } from 'vitest';
import { zodErrors } from '@/lib/zod-errors';
import { branchFieldFor, branchToForm, emptyBranchForm, formToBranchBody, toFormErrors } from './branch-form';

describe('branch form', () => {
  it('a blank location is null; an address of spaces is null', () => {
    const body = formToBranchBody({ ...emptyBranchForm(), name: 'فرع جدة', address: '   ' });
    expect(body.location).toBeNull();
    expect(body.address).toBeNull();
    expect(branchBody.safeParse(body).success).toBe(true);
  });

  it('sends coordinates as numbers', () => {
    const body = formToBranchBody({ ...emptyBranchForm(), name: 'فرع جدة', lat: '21.5433', lng: 39.1728 });
    expect(body.location).toEqual({ lat: 21.5433, lng: 39.1728 });
  });

  it('maps schema and server paths onto form fields', () => {
    expect(branchFieldFor('location.lat')).toBe('lat');
    expect(branchFieldFor('location.lng')).toBe('lng');
    expect(branchFieldFor('working_hours.3')).toBe('days.3');
    expect(branchFieldFor('working_hours.3.0.1')).toBe('days.3');
    expect(branchFieldFor('name')).toBe('name');
  });

  it('reports out-of-range coordinates and overlapping ranges on their fields', () => {
    const v = emptyBranchForm();
    v.name = 'فرع الدمام';
    v.lat = 120;
    v.lng = 50;
    v.days[1] = { open: true, ranges: [{ from: '09:00', to: '13:00' }, { from: '12:00', to: '15:00' }] };
    const errors = toFormErrors(zodErrors(branchBody, formToBranchBody(v), 'en'));
    expect(errors['lat']).toBe('Latitude is between -90 and 90');
    expect(errors['days.1']).toBe('The time ranges overlap');
  });

  it('fills the form from a branch', () => {
    const form = branchToForm({
      uuid: 'x',
      name: 'الفرع الرئيسي',
      type: 'online',
      address: null,
      location: null,
      timezone: 'Asia/Dubai',
      working_hours: { '6': [['10:00', '14:00']] },
      is_main: true,
      users_count: 2,
      created_at: '2026-01-01T00:00:00Z',
    });
    expect(form).toMatchObject({ type: 'online', address: '', lat: '', lng: '', timezone: 'Asia/Dubai' });
    expect(form.days[6]).toEqual({ open: true, ranges: [{ from: '10:00', to: '14:00' }] });
  });
});
