import { type Expense, expenseBody } from '@app/shared/schemas/settings';
import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconEdit, IconPlus, IconReceipt2, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '@/components/date-field';
import { DeleteConfirm } from '@/components/delete-confirm';
import { FormFooter } from '@/components/form-footer';
import { dateRangeFilters, filterOf, SelectFilter } from '@/components/list-view/filter-fields';
import { type ListViewColumn, ListView } from '@/components/list-view/list-view';
import { listBindings, useListParams } from '@/components/list-view/use-list-params';
import { RowAction } from '@/components/list-table';
import { Money } from '@/components/money';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { formatDay, formatMoney, minorToInput } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useDeleteExpense, useExpenses, useExpenseTypes, useSaveExpense } from '../api/expenses';
import { type ExpenseValues, todayIso, toExpenseBody } from '../lib/expense-form';

const FILTERS = ['from', 'to', 'expense_type_id'] as const;

/** Expenses (`/management/expenses`): a list by date with filters and its total, added and edited in a modal. */
export function ExpensesPage() {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  const user = useCurrentUser();
  const currency = user.tenant.currency;
  // Page and filters in the address, as every list keeps them.
  const list = useListParams(FILTERS);
  const f = list.filters;
  const expenses = useExpenses({ page: list.page, from: f.from, to: f.to, expense_type_id: f.expense_type_id || null });
  const types = useExpenseTypes();
  const remove = useDeleteExpense();
  const [editing, setEditing] = useState<Expense | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<Expense | null>(null);
  const meta = expenses.data?.meta;

  const columns: ListViewColumn<Expense>[] = [
    { key: 'spent_on', header: t('expenses.fields.spent_on'), cell: (e) => <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>{formatDay(e.spent_on, locale)}</Text> },
    {
      key: 'type',
      header: t('expenses.fields.type'),
      card: 'title',
      cell: (e) => (
        <div>
          <Text fw={600}>{e.expense_type.name}</Text>
          {e.branch && (
            <Text fz="xs" c="dimmed">
              {e.branch.name}
            </Text>
          )}
        </div>
      ),
    },
    { key: 'amount', header: t('expenses.fields.amount'), align: 'end', card: 'aside', cell: (e) => <Money amount={e.amount} currency={currency} data-testid="expense-amount" /> },
    {
      key: 'note',
      header: t('expenses.fields.note'),
      visibleFrom: 'sm',
      cell: (e) =>
        e.note ? (
          <Text fz="sm" c="dimmed" lineClamp={2}>
            {e.note}
          </Text>
        ) : null,
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {t('expenses.title')}
          </Title>
          <Text c="dimmed">{t('expenses.subtitle')}</Text>
        </div>
        <Group gap="sm">
          <Button component={Link} to="/management/expense-types" variant="default">
            {t('expenseTypes.title')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="expenses-add">
            {t('expenses.add')}
          </Button>
        </Group>
      </Group>

      <ListView
        query={expenses}
        columns={columns}
        rowKey={(e) => e.uuid}
        minWidth={640}
        testId="expenses-table"
        itemTestId={(e) => `expense-row-${e.uuid}`}
        actions={(e) => (
          <>
            <RowAction label={t('common.edit')} icon={IconEdit} color="gray" onClick={() => setEditing(e)} />
            <RowAction label={t('common.delete')} icon={IconTrash} color="red" onClick={() => setToDelete(e)} />
          </>
        )}
        actionsWidth={96}
        filters={{
          active: list.active,
          fields: [
            ...dateRangeFilters(list, t, 'expenses', { labels: 'expenses.filters.' }),
            <SelectFilter
              key="type"
              label={t('expenses.filters.allTypes')}
              data={(types.data ?? []).map((x) => ({ value: x.uuid, label: x.name }))}
              {...filterOf(list, 'expense_type_id')}
              data-testid="expenses-type-filter"
            />,
          ],
        }}
        {...listBindings(list)}
        errorTitle={t('common.loadError')}
        empty={{ icon: IconReceipt2, title: t('expenses.empty') }}
      />

      {meta && meta.total > 0 && (
        <Text fw={600} data-testid="expenses-total">
          {t('expenses.total', { amount: formatMoney(meta.total_amount, locale, currency), count: meta.total })}
        </Text>
      )}

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={<Text fw={700}>{t(editing === 'new' ? 'expenses.add' : 'expenses.edit')}</Text>} centered>
        {editing !== null && <ExpenseForm expense={editing === 'new' ? null : editing} currency={currency} onDone={() => setEditing(null)} />}
      </Modal>
      <DeleteConfirm
        item={toDelete}
        onClose={() => setToDelete(null)}
        remove={remove}
        title={t('expenses.deleteTitle')}
        message={toDelete ? t('expenses.deleteBody', { amount: formatMoney(toDelete.amount, locale, currency), type: toDelete.expense_type.name }) : ''}
        confirmLabel={t('common.delete')}
      />
    </Stack>
  );
}

const FIELDS = ['expense_type_id', 'amount', 'spent_on', 'branch_id', 'note'] as const;

function ExpenseForm({ expense, currency, onDone }: { expense: Expense | null; currency: string; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  const user = useCurrentUser();
  const types = useExpenseTypes();
  const save = useSaveExpense();
  const form = useForm<ExpenseValues>({
    initialValues: {
      expense_type_id: expense?.expense_type.uuid ?? null,
      amount: expense ? minorToInput(expense.amount, currency) : '',
      spent_on: expense?.spent_on ?? todayIso(),
      branch_id: expense?.branch?.uuid ?? null,
      note: expense?.note ?? '',
    },
    validate: (v) => zodErrors(expenseBody, toExpenseBody(v, currency), locale),
  });
  const submit = form.onSubmit((v) =>
    save.mutate({ id: expense?.uuid, body: expenseBody.parse(toExpenseBody(v, currency)) }, { onSuccess: onDone, onError: (e) => applyServerErrors(form, e, [...FIELDS]) }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label={t('expenses.fields.type')}
          required
          searchable
          data={(types.data ?? []).map((x) => ({ value: x.uuid, label: x.name }))}
          nothingFoundMessage={t('expenses.noTypes')}
          data-testid="expense-type"
          {...clearOnBlur(form, 'expense_type_id', form.getInputProps('expense_type_id'))}
        />
        <TextInput
          label={t('expenses.fields.amount')}
          required
          inputMode="decimal"
          dir="ltr"
          rightSection={<Text fz="xs" c="dimmed">{currency}</Text>}
          rightSectionWidth={48}
          data-testid="expense-amount-input"
          {...clearOnBlur(form, 'amount', form.getInputProps('amount'))}
        />
        <DateField label={t('expenses.fields.spent_on')} required clearable={false} data-testid="expense-date" {...clearOnBlur(form, 'spent_on', form.getInputProps('spent_on'))} />
        {user.teams.length > 1 && (
          <Select
            label={t('expenses.fields.branch')}
            clearable
            data={user.teams.map((b) => ({ value: b.uuid, label: b.name }))}
            data-testid="expense-branch"
            {...form.getInputProps('branch_id')}
          />
        )}
        <Textarea label={t('expenses.fields.note')} autosize minRows={2} data-testid="expense-note" {...clearOnBlur(form, 'note', form.getInputProps('note'))} />
        <FormFooter cancelLabel={t('common.cancel')} onCancel={onDone} submitLabel={expense ? t('common.save') : t('common.add')} submitTestId="expense-save" loading={save.isPending} />
      </Stack>
    </form>
  );
}
