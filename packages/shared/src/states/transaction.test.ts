import { describe, expect, it } from 'vitest';
import {
  assertTransition,
  canTransition,
  countsAsPaid,
  INITIAL_TRANSACTION_STATUS,
  PAYMENT_METHODS,
  paymentStatus,
  RECEIPT_MIME_TYPES,
  remainingAmount,
  requiresOperator,
  TERMINAL_TRANSACTION_STATUSES,
  TRANSACTION_STATUSES,
  TRANSACTION_TRANSITIONS,
  type TransactionStatus,
} from './transaction';

const ALLOWED: [TransactionStatus, TransactionStatus][] = [
  ['pending', 'confirmed'],
  ['pending', 'refused'],
  ['pending', 'wait'],
  ['wait', 'confirmed'],
  ['wait', 'refused'],
];
const key = (from: string, to: string) => `${from}→${to}`;
const allowedKeys = new Set(ALLOWED.map(([f, t]) => key(f, t)));
const FORBIDDEN = TRANSACTION_STATUSES.flatMap((from) =>
  TRANSACTION_STATUSES.filter((to) => to !== from && !allowedKeys.has(key(from, to))).map((to) => [from, to] as const),
);

describe('transaction statuses', () => {
  it('lists the statuses and payment methods', () => {
    expect([...TRANSACTION_STATUSES].sort()).toEqual(['confirmed', 'pending', 'refused', 'wait']);
    expect([...PAYMENT_METHODS].sort()).toEqual(['bank_transfer', 'card', 'cash', 'online']);
    expect(RECEIPT_MIME_TYPES).toEqual(['image/jpeg', 'image/gif', 'image/png', 'application/pdf']);
  });

  it('has a transition entry for every status and an initial status for every method', () => {
    expect(Object.keys(TRANSACTION_TRANSITIONS).sort()).toEqual([...TRANSACTION_STATUSES].sort());
    expect(Object.keys(INITIAL_TRANSACTION_STATUS).sort()).toEqual([...PAYMENT_METHODS].sort());
    for (const m of PAYMENT_METHODS) expect(TRANSACTION_STATUSES).toContain(INITIAL_TRANSACTION_STATUS[m]);
  });

  it('matches the written-out table exactly', () => {
    const actual = TRANSACTION_STATUSES.flatMap((from) => TRANSACTION_TRANSITIONS[from].map((to) => key(from, to))).sort();
    expect(actual).toEqual([...allowedKeys].sort());
  });

  it.each(ALLOWED)('allows %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
    expect(assertTransition(from, to)).toBeNull();
  });

  it.each(FORBIDDEN)('refuses %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
    expect(assertTransition(from, to)).toBe('transition_not_allowed');
  });

  it('treats the same status and unknown values as errors', () => {
    for (const s of TRANSACTION_STATUSES) expect(assertTransition(s, s)).toBe('same_status');
    expect(assertTransition('wait', 'approved')).toBe('unknown_status');
    expect(assertTransition('waiting', 'confirmed')).toBe('unknown_status');
  });

  it('ends in confirmed or refused', () => {
    expect([...TERMINAL_TRANSACTION_STATUSES].sort()).toEqual(['confirmed', 'refused']);
  });

  it('needs an operator to decide on a receipt under review', () => {
    expect(ALLOWED.filter(([f, t]) => requiresOperator(f, t))).toEqual([
      ['wait', 'confirmed'],
      ['wait', 'refused'],
    ]);
  });

  it('counts only confirmed payments as paid', () => {
    expect(TRANSACTION_STATUSES.filter(countsAsPaid)).toEqual(['confirmed']);
  });

  it('starts cash and card confirmed, bank transfers under review, online payments pending', () => {
    expect(INITIAL_TRANSACTION_STATUS).toEqual({ cash: 'confirmed', card: 'confirmed', bank_transfer: 'wait', online: 'pending' });
  });
});

describe('paymentStatus on integer minor units', () => {
  it.each([
    [10_000, 0, 'unpaid', 10_000],
    [10_000, 1, 'partially-paid', 9_999],
    [10_000, 5_000, 'partially-paid', 5_000],
    [10_000, 9_999, 'partially-paid', 1],
    [10_000, 10_000, 'paid', 0],
    [10_000, 10_001, 'paid', 0],
    [10_000, 25_000, 'paid', 0],
    [0, 0, 'paid', 0],
    [0, 500, 'paid', 0],
    [1, 0, 'unpaid', 1],
    [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER - 1, 'partially-paid', 1],
  ] as const)('total %i, paid %i → %s, remaining %i', (total, paid, status, remaining) => {
    expect(paymentStatus(total, paid)).toBe(status);
    expect(remainingAmount(total, paid)).toBe(remaining);
  });

  it.each([
    [12.5, 0],
    [1000, 0.5],
    [-1, 0],
    [1000, -1],
    [Number.NaN, 0],
    [1000, Number.POSITIVE_INFINITY],
    [2 ** 53, 0],
  ])('refuses total %s, paid %s', (total, paid) => {
    expect(() => paymentStatus(total, paid)).toThrow(RangeError);
    expect(() => remainingAmount(total, paid)).toThrow(RangeError);
  });
});
