import { BOOKING_STATUSES, type BookingStatus, isBookingStatus } from '../schemas/settings';
import { checkTransition, defineTransitions, isOneOf, type TransitionError, type TransitionMap, terminalStatuses } from './machine';

/**
 * Booking (appointment) statuses of spec §3–4 and the transitions between them. The spec lists the
 * statuses and says "allowed transitions: not shown", so the table below is our decision (issue 5 §2).
 * The status list itself lives with its default labels and colours in `schemas/settings` and is
 * re-exported here so there is one list.
 *
 * The two rules that shape the table:
 * - Capacity is claimed only when a booking is created or rescheduled, inside the booking transaction
 *   that checks the slot against the database. So nothing that has left the active statuses (released
 *   its seat) may come back to one: a cancelled, rejected, completed or no-show booking is never
 *   reopened; the customer is booked again, through the slot check.
 * - The outcome of a visit (completed or no-show) is a fact recorded by a person and may be corrected
 *   in either direction, because a receptionist marks a late customer no-show and then sees them walk
 *   in, or clicks the wrong button. Neither is active, so the correction does not touch capacity.
 */
export { BOOKING_STATUSES, type BookingStatus, isBookingStatus };

/** Payment status of a booking (that of its order; see `paymentStatus` in ./transaction). */
export const BOOKING_PAYMENT_STATUSES = ['paid', 'unpaid', 'partially-paid'] as const;
export type BookingPaymentStatus = (typeof BOOKING_PAYMENT_STATUSES)[number];
export const isBookingPaymentStatus = (v: unknown): v is BookingPaymentStatus => isOneOf(BOOKING_PAYMENT_STATUSES, v);

/** Where a booking was made: the dashboard calendar, the public booking page, the cashier. */
export const BOOKING_SOURCES = ['calendar', 'booking-page', 'pos'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];
export const isBookingSource = (v: unknown): v is BookingSource => isOneOf(BOOKING_SOURCES, v);

export const BOOKING_TRANSITIONS: TransitionMap<BookingStatus> = defineTransitions(BOOKING_STATUSES, {
  // Made by staff but not yet confirmed: the business confirms it, refuses it (rejected, the business's
  // decision, no reason list) or it is called off (cancelled, with a reason). Not straight to completed
  // or no-show: the outcome of a visit is recorded on a confirmed booking, so the calendar never shows a
  // visit that nobody confirmed as having happened.
  // A payment asked for it (a payment link of its order) that fails makes it unpaid (spec §4).
  pending: ['confirmed', 'rejected', 'cancelled', 'unpaid'],
  // Made on the booking page while the business approves booking-page bookings by hand: the same
  // ways out as pending; approving it is confirming it.
  unapproved: ['confirmed', 'rejected', 'cancelled', 'unpaid'],
  // The online payment failed (spec §4). It keeps its seat while the customer retries: a later payment
  // (or staff accepting it without one) confirms it, otherwise it is cancelled with a reason. Not
  // rejected: nothing was wrong with the request itself, the business did not turn it down.
  unpaid: ['confirmed', 'cancelled'],
  // The visit is due: it happens (completed), the customer does not come (no-show), or it is called off
  // before (cancelled, with a reason).
  confirmed: ['completed', 'no-show', 'cancelled'],
  // Corrections of the recorded outcome, see above; never back to confirmed (capacity, and the visit
  // time is past anyway; to move it, cancel and book again).
  completed: ['no-show'],
  'no-show': ['completed'],
  // Final: the seat is released and may already be sold again.
  rejected: [],
  cancelled: [],
});

/**
 * What staff book with (`POST /bookings`): confirmed (the default), or pending — pencilled in, to be
 * confirmed (or refused) later, e.g. while the customer's payment by link is awaited. The booking page
 * and the cashier decide their own (unapproved when the business approves bookings by hand).
 */
export const NEW_BOOKING_STATUSES = ['confirmed', 'pending'] as const satisfies readonly BookingStatus[];
export type NewBookingStatus = (typeof NEW_BOOKING_STATUSES)[number];

/** Statuses that occupy capacity (a seat of the provider's `clients_in_same_time`) in the availability engine. */
export const ACTIVE_BOOKING_STATUSES = Object.freeze(['pending', 'confirmed', 'unapproved', 'unpaid'] as const satisfies readonly BookingStatus[]);
export const isActiveBookingStatus = (v: unknown): boolean => isOneOf(ACTIVE_BOOKING_STATUSES, v);

/** Only an active booking may be rescheduled (dragged to a new time): its seat moves with it. */
export const canReschedule = (status: unknown): boolean => isActiveBookingStatus(status);

/** No way out at all: rejected and cancelled. (Completed and no-show only correct each other.) */
export const TERMINAL_BOOKING_STATUSES = terminalStatuses(BOOKING_STATUSES, BOOKING_TRANSITIONS);

/** The reason list (settings, `REASON_TYPES`) a cancellation reason must come from. */
export const BOOKING_CANCEL_REASON_TYPE = 'booking-cancel' as const;
/** The optional free text that goes with the reason. */
export const BOOKING_CANCEL_NOTE_MAX = 500;

/**
 * Only → cancelled needs a reason (spec §4); rejected is the business turning a request down and takes
 * none. The reason is an id of the tenant's `booking-cancel` list; that it exists and has that type is
 * checked by the API against the database, here only that one is given.
 */
export const requiresCancelReason = (to: unknown): boolean => to === 'cancelled';

/** A move that takes the booking out of the active statuses frees its seat (the slot is offered again). */
export const releasesCapacity = (from: unknown, to: unknown): boolean => isActiveBookingStatus(from) && !isActiveBookingStatus(to);

export type BookingTransitionError = TransitionError | 'reason_required' | 'reason_note_too_long';

export interface BookingCancellation {
  /** Id of a reason of the `booking-cancel` list. */
  reasonId?: string | null;
  /** Optional free text. */
  note?: string | null;
}

export const canTransition = (from: string, to: string): boolean => checkTransition(BOOKING_STATUSES, BOOKING_TRANSITIONS, from, to) === null;

/** null when the change is allowed with what was given, else the error code the API answers with. */
export function assertTransition(from: string, to: string, cancellation: BookingCancellation = {}): BookingTransitionError | null {
  const error = checkTransition(BOOKING_STATUSES, BOOKING_TRANSITIONS, from, to);
  if (error) return error;
  if (requiresCancelReason(to)) {
    if (typeof cancellation.reasonId !== 'string' || cancellation.reasonId.trim() === '') return 'reason_required';
    if (cancellation.note != null && cancellation.note.length > BOOKING_CANCEL_NOTE_MAX) return 'reason_note_too_long';
  }
  return null;
}
