import { describe, expect, it } from 'vitest';
import { reachableFrom } from './machine';
import {
  assertTransition,
  canTransition,
  ORDER_INITIAL_STATUSES,
  ORDER_STATUS_EFFECTS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatus,
  orderDeletable,
  orderEditable,
  TERMINAL_ORDER_STATUSES,
  transitionEffects,
} from './order';

const ALLOWED: [OrderStatus, OrderStatus][] = [
  ['waiting-review', 'confirmed'],
  ['waiting-review', 'canceled'],
  ['confirmed', 'completed'],
  ['confirmed', 'no-show'],
  ['confirmed', 'canceled'],
  ['confirmed', 'invoiced'],
  ['completed', 'invoiced'],
  ['no-show', 'completed'],
  ['no-show', 'invoiced'],
  ['invoiced', 'refunded'],
];
const key = (from: string, to: string) => `${from}→${to}`;
const allowedKeys = new Set(ALLOWED.map(([f, t]) => key(f, t)));
const FORBIDDEN = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => to !== from && !allowedKeys.has(key(from, to))).map((to) => [from, to] as const));

describe('order statuses', () => {
  it('lists the statuses of the spec', () => {
    expect([...ORDER_STATUSES].sort()).toEqual(['canceled', 'completed', 'confirmed', 'invoiced', 'no-show', 'refunded', 'waiting-review']);
    for (const s of ORDER_INITIAL_STATUSES) expect(ORDER_STATUSES).toContain(s);
  });

  it('has a transition and an effects entry for every status and nothing else', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(Object.keys(ORDER_STATUS_EFFECTS).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(Object.isFrozen(ORDER_TRANSITIONS)).toBe(true);
    expect(Object.isFrozen(ORDER_STATUS_EFFECTS)).toBe(true);
  });

  it('matches the written-out table exactly', () => {
    const actual = ORDER_STATUSES.flatMap((from) => ORDER_TRANSITIONS[from].map((to) => key(from, to))).sort();
    expect(actual).toEqual([...allowedKeys].sort());
  });

  it.each(ALLOWED)('allows %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
    expect(assertTransition(from, to)).toBeNull();
    expect(transitionEffects(from, to)).toBe(ORDER_STATUS_EFFECTS[to]);
  });

  it.each(FORBIDDEN)('refuses %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
    expect(assertTransition(from, to)).toBe('transition_not_allowed');
    expect(transitionEffects(from, to)).toBeNull();
  });

  it.each([
    ['canceled', 'confirmed', 'a canceled order stays canceled (its appointments are gone)'],
    ['invoiced', 'confirmed', 'an invoice locks the order'],
    ['invoiced', 'canceled', 'an invoiced sale is undone only by a refund'],
    ['completed', 'canceled', 'cancelling would cancel appointments that took place'],
    ['completed', 'refunded', 'a credit note needs an invoice'],
    ['refunded', 'invoiced', 'final'],
    ['waiting-review', 'completed', 'review first'],
  ] as const)('refuses %s → %s (%s)', (from, to, _why) => {
    expect(assertTransition(from, to)).toBe('transition_not_allowed');
  });

  it('treats the same status and unknown values as errors', () => {
    for (const s of ORDER_STATUSES) expect(assertTransition(s, s)).toBe('same_status');
    expect(assertTransition('confirmed', 'cancelled')).toBe('unknown_status');
    expect(assertTransition('waiting_review', 'confirmed')).toBe('unknown_status');
    expect(assertTransition('draft', 'confirmed')).toBe('unknown_status');
  });

  it('has canceled and refunded as the terminal statuses', () => {
    expect([...TERMINAL_ORDER_STATUSES].sort()).toEqual(['canceled', 'refunded']);
  });
});

describe('order side effects', () => {
  it.each([
    ['confirmed', 'canceled', { cancelAppointments: true, createCreditNote: false, issueInvoice: false }],
    ['waiting-review', 'canceled', { cancelAppointments: true, createCreditNote: false, issueInvoice: false }],
    ['invoiced', 'refunded', { cancelAppointments: false, createCreditNote: true, issueInvoice: false }],
    ['confirmed', 'invoiced', { cancelAppointments: false, createCreditNote: false, issueInvoice: true }],
    ['completed', 'invoiced', { cancelAppointments: false, createCreditNote: false, issueInvoice: true }],
    ['confirmed', 'completed', { cancelAppointments: false, createCreditNote: false, issueInvoice: false }],
    ['waiting-review', 'confirmed', { cancelAppointments: false, createCreditNote: false, issueInvoice: false }],
  ] as const)('%s → %s has %o', (from, to, effects) => {
    expect(transitionEffects(from, to)).toEqual(effects);
  });

  it('cancels appointments only on → canceled and creates a credit note only on → refunded', () => {
    for (const s of ORDER_STATUSES) {
      expect(ORDER_STATUS_EFFECTS[s].cancelAppointments).toBe(s === 'canceled');
      expect(ORDER_STATUS_EFFECTS[s].createCreditNote).toBe(s === 'refunded');
      expect(ORDER_STATUS_EFFECTS[s].issueInvoice).toBe(s === 'invoiced');
    }
  });
});

describe('drafts, editing and deleting', () => {
  it('a draft changes no status until it is placed', () => {
    for (const [from, to] of ALLOWED) expect(assertTransition(from, to, { draft: true })).toBe('draft_order');
    expect(assertTransition('confirmed', 'completed', { draft: false })).toBeNull();
    // A refused transition is reported as such, draft or not.
    expect(assertTransition('canceled', 'confirmed', { draft: true })).toBe('transition_not_allowed');
  });

  it.each([
    ['waiting-review', true, true],
    ['confirmed', true, true],
    ['completed', true, true],
    ['no-show', true, true],
    ['canceled', false, true],
    ['invoiced', false, false],
    ['refunded', false, false],
  ] as const)('%s: editable %s, deletable %s', (status, editable, deletable) => {
    expect(orderEditable(status)).toBe(editable);
    expect(orderDeletable(status)).toBe(deletable);
  });

  it('stays locked after the invoice, whatever follows', () => {
    for (const s of reachableFrom(ORDER_TRANSITIONS, 'invoiced')) {
      expect(orderEditable(s)).toBe(false);
      expect(orderDeletable(s)).toBe(false);
    }
  });

  it('refuses unknown statuses', () => {
    expect(orderEditable('draft')).toBe(false);
    expect(orderDeletable(undefined)).toBe(false);
  });
});
