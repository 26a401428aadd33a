import { type ExpenseType, expenseTypeBody } from '@app/shared/schemas/settings';
import { Anchor, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCategory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormFooter } from '@/components/form-footer';
import { CrudSection } from '@/features/settings/components/crud-section';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useDeleteExpenseType, useExpenseTypes, useSaveExpenseType } from '../api/expenses';

/** Expense types (`/management/expense-types`); a type used by expenses cannot be deleted (spec §5). */
export function ExpenseTypesPage() {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  const types = useExpenseTypes();
  const remove = useDeleteExpenseType();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          {t('expenseTypes.title')}
        </Title>
        <Text c="dimmed">
          {t('expenseTypes.subtitle')}{' '}
          <Anchor component={Link} to="/management/expenses">
            {t('expenses.title')}
          </Anchor>
        </Text>
      </div>
      <CrudSection<ExpenseType>
        section="expenseTypes"
        testId="expense-types"
        query={types}
        remove={remove}
        nameOf={(x) => x.name}
        deleteMessage={(x) => (x.expenses_count > 0 ? t('expenseTypes.deleteUsed', { name: x.name, count: x.expenses_count }) : t('expenseTypes.deleteBody', { name: x.name }))}
        emptyIcon={IconCategory}
        minWidth={320}
        columns={[t('expenseTypes.fields.name'), t('expenseTypes.fields.expenses')]}
        cells={(x) => (
          <>
            <Table.Td fw={600}>{x.name}</Table.Td>
            <Table.Td>{formatNumber(x.expenses_count, locale)}</Table.Td>
          </>
        )}
        form={(x, done) => <ExpenseTypeForm type={x} onDone={done} />}
      />
    </Stack>
  );
}

function ExpenseTypeForm({ type, onDone }: { type: ExpenseType | null; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  const save = useSaveExpenseType();
  const form = useForm({ initialValues: { name: type?.name ?? '' }, validate: (v) => zodErrors(expenseTypeBody, v, locale) });
  const submit = form.onSubmit((v) =>
    save.mutate({ id: type?.uuid, body: expenseTypeBody.parse(v) }, { onSuccess: onDone, onError: (e) => applyServerErrors(form, e, ['name']) }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('expenseTypes.fields.name')} required data-autofocus data-testid="expense-type-name" {...clearOnBlur(form, 'name', form.getInputProps('name'))} />
        <FormFooter cancelLabel={t('common.cancel')} onCancel={onDone} submitLabel={type ? t('common.save') : t('common.add')} submitTestId="expense-type-save" loading={save.isPending} />
      </Stack>
    </form>
  );
}
