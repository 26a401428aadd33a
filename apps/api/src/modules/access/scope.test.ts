import { PERMISSION_KEYS } from '@app/shared/permissions';
import { describe, expect, it } from 'vitest';
import { dataScope } from './scope';

const subject = (type: string, permissions: string[], isOwner = false) => ({ user: { type, isOwner }, permissions });

describe('dataScope', () => {
  it('gives the owner everything', () => {
    expect(dataScope(subject('user', [...PERMISSION_KEYS], true))).toEqual({ bookings: 'all', orders: 'all', customerNotes: 'all' });
    // Even a stored list without the keys: the owner holds all.
    expect(dataScope(subject('user', [], true))).toEqual({ bookings: 'all', orders: 'all', customerNotes: 'all' });
  });

  it('limits calendar_only_staff without calendar.all to its own bookings', () => {
    expect(dataScope(subject('user', ['calendar_only_staff', 'bookings'])).bookings).toBe('own');
    expect(dataScope(subject('user', ['calendar_only_staff', 'calendar.all'])).bookings).toBe('all');
    expect(dataScope(subject('user', ['bookings'])).bookings).toBe('all');
  });

  it('limits a provider account to its own bookings and assigned orders, with its provider id', () => {
    const scope = dataScope(subject('provider', ['calendar.all', 'orders', 'customer_notes_show_all']), 'p-1');
    expect(scope).toEqual({ bookings: 'own', orders: 'assigned', customerNotes: 'all', providerId: 'p-1' });
    expect(dataScope(subject('provider', []))).toEqual({ bookings: 'own', orders: 'assigned', customerNotes: 'own' });
  });

  it('shows other people’s customer notes only with customer_notes_show_all', () => {
    expect(dataScope(subject('user', ['customers'])).customerNotes).toBe('own');
    expect(dataScope(subject('user', ['customer_notes_show_all'])).customerNotes).toBe('all');
  });

  it('leaves orders whole for staff and POS accounts', () => {
    expect(dataScope(subject('user', ['orders'])).orders).toBe('all');
    expect(dataScope(subject('pos', ['cashier'])).orders).toBe('all');
    expect(dataScope(subject('user', []), null)).not.toHaveProperty('providerId');
  });
});
