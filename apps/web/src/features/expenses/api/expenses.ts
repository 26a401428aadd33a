import type { ExpenseBody, ExpensesPage, ExpenseType, ExpenseTypeBody } from '@app/shared/schemas/settings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchData, useDeleteMutation, useSaveMutation } from '@/lib/query';

export type ExpenseFilters = { page: number; from: string; to: string; expense_type_id: string | null };

export const expenseKeys = {
  types: ['expense-types'] as const,
  all: ['expenses'] as const,
  list: (f: ExpenseFilters) => [...expenseKeys.all, f] as const,
};

export const useExpenseTypes = () => useQuery({ queryKey: expenseKeys.types, queryFn: fetchData<ExpenseType[]>('expense-types') });
/** Counts of expenses per type change with expenses, so expense writes refresh the types too. */
export const useSaveExpenseType = () => useSaveMutation<ExpenseTypeBody>('expense-types', [expenseKeys.types, expenseKeys.all]);
export const useDeleteExpenseType = () => useDeleteMutation('expense-types', [expenseKeys.types]);

export const useExpenses = (f: ExpenseFilters) =>
  useQuery({
    queryKey: expenseKeys.list(f),
    queryFn: ({ signal }) =>
      api.get<ExpensesPage>('expenses', { page: f.page, per_page: 25, from: f.from || undefined, to: f.to || undefined, expense_type_id: f.expense_type_id ?? undefined }, signal),
    placeholderData: keepPreviousData,
  });
export const useSaveExpense = () => useSaveMutation<ExpenseBody>('expenses', [expenseKeys.all, expenseKeys.types]);
export const useDeleteExpense = () => useDeleteMutation('expenses', [expenseKeys.all, expenseKeys.types]);
