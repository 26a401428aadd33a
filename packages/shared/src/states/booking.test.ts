import { describe, expect, it } from 'vitest';
import { REASON_TYPES } from '../schemas/settings';
import {
  ACTIVE_BOOKING_STATUSES,
  assertTransition,
  BOOKING_CANCEL_NOTE_MAX,
  BOOKING_CANCEL_REASON_TYPE,
  BOOKING_PAYMENT_STATUSES,
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  BOOKING_TRANSITIONS,
  type BookingStatus,
  canReschedule,
  canTransition,
  isActiveBookingStatus,
  isBookingPaymentStatus,
  isBookingSource,
  releasesCapacity,
  requiresCancelReason,
  TERMINAL_BOOKING_STATUSES,
} from './booking';

const reason = { reasonId: 'b7d1c1a0-0000-4000-8000-000000000001' };

/** Written out independently of the table: a change to booking.ts must change this too. */
const ALLOWED: [BookingStatus, BookingStatus][] = [
  ['pending', 'confirmed'],
  ['pending', 'rejected'],
  ['pending', 'cancelled'],
  ['pending', 'unpaid'],
  ['unapproved', 'confirmed'],
  ['unapproved', 'rejected'],
  ['unapproved', 'cancelled'],
  ['unapproved', 'unpaid'],
  ['unpaid', 'confirmed'],
  ['unpaid', 'cancelled'],
  ['confirmed', 'completed'],
  ['confirmed', 'no-show'],
  ['confirmed', 'cancelled'],
  ['completed', 'no-show'],
  ['no-show', 'completed'],
];
const key = (from: string, to: string) => `${from}→${to}`;
const allowedKeys = new Set(ALLOWED.map(([f, t]) => key(f, t)));
const FORBIDDEN = BOOKING_STATUSES.flatMap((from) => BOOKING_STATUSES.filter((to) => to !== from && !allowedKeys.has(key(from, to))).map((to) => [from, to] as const));

describe('booking statuses', () => {
  it('lists the statuses, payment statuses and sources of the spec', () => {
    expect([...BOOKING_STATUSES].sort()).toEqual(['cancelled', 'completed', 'confirmed', 'no-show', 'pending', 'rejected', 'unapproved', 'unpaid']);
    expect(BOOKING_PAYMENT_STATUSES).toEqual(['paid', 'unpaid', 'partially-paid']);
    expect(BOOKING_SOURCES).toEqual(['calendar', 'booking-page', 'pos']);
    expect(isBookingSource('pos')).toBe(true);
    expect(isBookingSource('web')).toBe(false);
    expect(isBookingPaymentStatus('partially-paid')).toBe(true);
    expect(isBookingPaymentStatus('partial')).toBe(false);
  });

  it('has a transition entry for every status and nothing else', () => {
    expect(Object.keys(BOOKING_TRANSITIONS).sort()).toEqual([...BOOKING_STATUSES].sort());
    for (const s of BOOKING_STATUSES) expect(Array.isArray(BOOKING_TRANSITIONS[s])).toBe(true);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(BOOKING_TRANSITIONS)).toBe(true);
    for (const s of BOOKING_STATUSES) expect(Object.isFrozen(BOOKING_TRANSITIONS[s])).toBe(true);
  });

  it('matches the written-out table exactly', () => {
    const actual = BOOKING_STATUSES.flatMap((from) => BOOKING_TRANSITIONS[from].map((to) => key(from, to))).sort();
    expect(actual).toEqual([...allowedKeys].sort());
    expect(ALLOWED.length + FORBIDDEN.length).toBe(BOOKING_STATUSES.length * (BOOKING_STATUSES.length - 1));
  });

  it.each(ALLOWED)('allows %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
    expect(assertTransition(from, to, reason)).toBeNull();
  });

  it.each(FORBIDDEN)('refuses %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
    expect(assertTransition(from, to, reason)).toBe('transition_not_allowed');
  });

  it.each([
    ['cancelled', 'confirmed', 'a cancelled booking is not reopened (its seat may be sold)'],
    ['rejected', 'pending', 'a rejected request is final'],
    ['completed', 'confirmed', 'an outcome is not undone into an active status'],
    ['no-show', 'cancelled', 'a past visit is not cancelled'],
    ['pending', 'completed', 'an outcome needs a confirmed booking'],
    ['unpaid', 'rejected', 'a failed payment is not the business refusing'],
    ['confirmed', 'pending', 'no way back'],
  ] as const)('refuses %s → %s (%s)', (from, to, _why) => {
    expect(assertTransition(from, to, reason)).toBe('transition_not_allowed');
  });

  it('treats the same status and unknown values as errors, not transitions', () => {
    for (const s of BOOKING_STATUSES) expect(assertTransition(s, s, reason)).toBe('same_status');
    expect(assertTransition('pending', 'canceled')).toBe('unknown_status');
    expect(assertTransition('done', 'confirmed')).toBe('unknown_status');
    expect(assertTransition('__proto__', 'confirmed')).toBe('unknown_status');
    expect(assertTransition('pending', 'constructor')).toBe('unknown_status');
    expect(canTransition('', '')).toBe(false);
  });

  it('has rejected and cancelled as the only terminal statuses', () => {
    expect([...TERMINAL_BOOKING_STATUSES].sort()).toEqual(['cancelled', 'rejected']);
  });
});

describe('booking cancellation reason', () => {
  it('is required only for → cancelled, from the booking-cancel list', () => {
    expect(REASON_TYPES).toContain(BOOKING_CANCEL_REASON_TYPE);
    expect(BOOKING_STATUSES.filter(requiresCancelReason)).toEqual(['cancelled']);
  });

  it.each(ALLOWED.filter(([, to]) => to === 'cancelled'))('%s → %s needs a reason id', (from, to) => {
    expect(assertTransition(from, to)).toBe('reason_required');
    expect(assertTransition(from, to, { reasonId: null })).toBe('reason_required');
    expect(assertTransition(from, to, { reasonId: '  ' })).toBe('reason_required');
    expect(assertTransition(from, to, { note: 'customer called' })).toBe('reason_required');
    expect(assertTransition(from, to, reason)).toBeNull();
    expect(assertTransition(from, to, { ...reason, note: 'customer called' })).toBeNull();
    expect(assertTransition(from, to, { ...reason, note: 'x'.repeat(BOOKING_CANCEL_NOTE_MAX) })).toBeNull();
    expect(assertTransition(from, to, { ...reason, note: 'x'.repeat(BOOKING_CANCEL_NOTE_MAX + 1) })).toBe('reason_note_too_long');
  });

  it('is not asked for other transitions, and a refused transition is reported first', () => {
    expect(assertTransition('pending', 'rejected')).toBeNull();
    expect(assertTransition('confirmed', 'completed')).toBeNull();
    expect(assertTransition('rejected', 'cancelled')).toBe('transition_not_allowed');
  });
});

describe('active bookings', () => {
  it('are pending, confirmed, unapproved and unpaid', () => {
    expect([...ACTIVE_BOOKING_STATUSES].sort()).toEqual(['confirmed', 'pending', 'unapproved', 'unpaid']);
    expect(BOOKING_STATUSES.filter(isActiveBookingStatus).sort()).toEqual([...ACTIVE_BOOKING_STATUSES].sort());
    expect(isActiveBookingStatus('nope')).toBe(false);
  });

  it('may be rescheduled, others not', () => {
    for (const s of BOOKING_STATUSES) expect(canReschedule(s)).toBe(isActiveBookingStatus(s));
  });

  it('never come back once left: capacity is claimed only through the slot check', () => {
    for (const [from, to] of ALLOWED) if (!isActiveBookingStatus(from)) expect(isActiveBookingStatus(to)).toBe(false);
  });

  it('release their seat when they leave the active statuses', () => {
    expect(releasesCapacity('confirmed', 'cancelled')).toBe(true);
    expect(releasesCapacity('confirmed', 'completed')).toBe(true);
    expect(releasesCapacity('unapproved', 'confirmed')).toBe(false);
    expect(releasesCapacity('completed', 'no-show')).toBe(false);
  });
});
