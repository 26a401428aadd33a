import { checkTransition, defineTransitions, isOneOf, type TransitionError, type TransitionMap, terminalStatuses } from './machine';

/**
 * Order statuses of spec §3–4, the transitions between them (ours: the spec lists the statuses and the
 * side effects only) and the side effects as data, for the API's change-status handler to execute in
 * the same database transaction as the change.
 *
 * Drafts are a flag (`draft`), not a status. A draft is an order being put together: it has the status
 * it will be placed with (confirmed, or waiting-review), but holds no appointment seat, moves no stock,
 * takes no payment and never changes status until it is placed (the flag cleared, which is when the
 * appointments are booked through the slot check). A `draft` status would instead need a transition to
 * each starting status and would mix "not placed yet" into reports and filters that count orders by
 * status; the trash (deleted_at, spec §4) is a flag for the same reason.
 */
export const ORDER_STATUSES = ['confirmed', 'completed', 'canceled', 'refunded', 'no-show', 'waiting-review', 'invoiced'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const isOrderStatus = (v: unknown): v is OrderStatus => isOneOf(ORDER_STATUSES, v);

/** The statuses an order is placed with: confirmed by staff and the cashier; waiting-review when it needs a look first (a booking-page or store order, a bank-transfer receipt). */
export const ORDER_INITIAL_STATUSES = Object.freeze(['confirmed', 'waiting-review'] as const satisfies readonly OrderStatus[]);
export type OrderInitialStatus = (typeof ORDER_INITIAL_STATUSES)[number];

export const ORDER_TRANSITIONS: TransitionMap<OrderStatus> = defineTransitions(ORDER_STATUSES, {
  // Reviewed: accepted (confirmed) or turned down (canceled). Nothing has happened yet, so nothing else.
  'waiting-review': ['confirmed', 'canceled'],
  // The open order: done (completed), the customer did not come (no-show), called off (canceled), or
  // invoiced straight away (paid and invoiced at the cashier before the service).
  confirmed: ['completed', 'no-show', 'canceled', 'invoiced'],
  // A completed sale is undone only through an invoice and its credit note (refunded), never by
  // cancelling: cancelling would also cancel appointments that did take place.
  completed: ['invoiced'],
  // Correction (the customer came late): completed, like the booking's no-show → completed. Or a no-show
  // fee is invoiced.
  'no-show': ['completed', 'invoiced'],
  // Issuing an invoice locks the order (spec §4); the only way on is the refund, which covers the whole
  // invoice (spec §5).
  invoiced: ['refunded'],
  // Final. A canceled order's seats are released; a refunded one has its credit note.
  canceled: [],
  refunded: [],
});

export const TERMINAL_ORDER_STATUSES = terminalStatuses(ORDER_STATUSES, ORDER_TRANSITIONS);

export interface OrderTransitionEffects {
  /**
   * Cancel every active appointment of the order (spec §4). Appointments already completed or no-show
   * keep their outcome. Cancelling an appointment needs a `booking-cancel` reason (./booking), so the
   * request that cancels an order with active appointments carries one, recorded on each of them.
   */
  cancelAppointments: boolean;
  /** Create the credit-note (refund) invoice for the order's invoice (spec §4), for the amount paid (spec §5). */
  createCreditNote: boolean;
  /** Issue the invoice; from here on the order cannot be edited or deleted (`orderEditable`). */
  issueInvoice: boolean;
}

const NO_EFFECTS: OrderTransitionEffects = Object.freeze({ cancelAppointments: false, createCreditNote: false, issueInvoice: false });

/** The side effects depend only on the status reached; every allowed transition into it has them. */
export const ORDER_STATUS_EFFECTS: Readonly<Record<OrderStatus, OrderTransitionEffects>> = Object.freeze({
  'waiting-review': NO_EFFECTS,
  confirmed: NO_EFFECTS,
  completed: NO_EFFECTS,
  'no-show': NO_EFFECTS,
  canceled: Object.freeze({ ...NO_EFFECTS, cancelAppointments: true }),
  refunded: Object.freeze({ ...NO_EFFECTS, createCreditNote: true }),
  invoiced: Object.freeze({ ...NO_EFFECTS, issueInvoice: true }),
});

export type OrderTransitionError = TransitionError | 'draft_order';

export const canTransition = (from: string, to: string): boolean => checkTransition(ORDER_STATUSES, ORDER_TRANSITIONS, from, to) === null;

/** null when allowed, else the error code. A draft changes no status until it is placed. */
export function assertTransition(from: string, to: string, order: { draft?: boolean } = {}): OrderTransitionError | null {
  const error = checkTransition(ORDER_STATUSES, ORDER_TRANSITIONS, from, to);
  if (error) return error;
  return order.draft ? 'draft_order' : null;
}

/** The side effects of an allowed transition, null for one that is not allowed. */
export function transitionEffects(from: string, to: string): OrderTransitionEffects | null {
  return canTransition(from, to) ? ORDER_STATUS_EFFECTS[to as OrderStatus] : null;
}

/**
 * Whether items, discount, fees, customer, notes and location may still change. Not once an invoice exists (invoiced, and refunded which only follows it;
 * every status reachable from invoiced is locked, a test checks it) and not when canceled, whose
 * appointments are gone. Editing items also deletes the order's appointments (spec §4), which the API
 * does; that is an effect of the edit, not of a status.
 */
export const ORDER_LOCKED_STATUSES = Object.freeze(['invoiced', 'refunded', 'canceled'] as const satisfies readonly OrderStatus[]);
export const orderEditable = (status: unknown): boolean => isOrderStatus(status) && !isOneOf(ORDER_LOCKED_STATUSES, status);

/** Deleting is refused only once an invoice exists (spec §4); a canceled order may go to the trash. */
export const orderDeletable = (status: unknown): boolean => isOrderStatus(status) && status !== 'invoiced' && status !== 'refunded';
