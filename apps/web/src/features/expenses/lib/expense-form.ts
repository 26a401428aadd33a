import { toMinor } from '@app/shared/money';

export type ExpenseValues = { expense_type_id: string | null; amount: string; spent_on: string; branch_id: string | null; note: string };

/**
 * Form values → the API body: the amount typed in major units becomes minor units with the
 * currency's digits ("1.250" KWD → 1250); an amount with too many decimals or not a number is left
 * as NaN so the shared schema reports it.
 */
export function toExpenseBody(v: ExpenseValues, currency: string) {
  const amount = v.amount.trim() === '' ? undefined : (toMinor(v.amount.trim().replace(',', '.'), currency) ?? Number.NaN);
  return {
    expense_type_id: v.expense_type_id ?? '',
    amount,
    spent_on: v.spent_on,
    branch_id: v.branch_id || null,
    note: v.note.trim() ? v.note.trim() : null,
  };
}

/** Today as YYYY-MM-DD in the browser's time zone. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
