import { describe, expect, it } from 'vitest';
import { todayIso, toExpenseBody } from './expense-form';

const base = { expense_type_id: 'x', amount: '12.5', spent_on: '2025-01-02', branch_id: null, note: ' ' };

describe('expense form', () => {
  it('turns the typed amount into minor units with the currency digits', () => {
    expect(toExpenseBody(base, 'SAR')).toEqual({ expense_type_id: 'x', amount: 1250, spent_on: '2025-01-02', branch_id: null, note: null });
    expect(toExpenseBody({ ...base, amount: '1.250' }, 'KWD').amount).toBe(1250);
    expect(toExpenseBody({ ...base, amount: '1,5' }, 'SAR').amount).toBe(150);
    expect(toExpenseBody({ ...base, amount: '1.234' }, 'SAR').amount).toBeNaN();
    expect(toExpenseBody({ ...base, amount: '' }, 'SAR').amount).toBeUndefined();
  });

  it('formats today as an ISO date', () => {
    expect(todayIso(new Date(2025, 0, 5))).toBe('2025-01-05');
  });
});
