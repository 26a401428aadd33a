import { type Tax, taxBody } from '@app/shared/schemas/settings';
import { NumberInput, Stack, Table, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconReceiptTax } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '@/components/form-footer';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useDeleteTax, useSaveTax, useTaxes } from '../api/settings';
import { CrudSection } from '../components/crud-section';
import { SalesSettingsCard } from '../components/sales-settings-card';
import { SettingsPageHeader } from '../components/settings-page-header';

/** Taxes (spec §3 Tax): a name and a rate in percent, used by services and invoices. */
export function TaxesPage() {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  const taxes = useTaxes();
  const remove = useDeleteTax();
  return (
    <Stack gap="lg">
      <SettingsPageHeader title={t('taxes.title')} subtitle={t('taxes.subtitle')} />
      <CrudSection<Tax>
        section="taxes"
        testId="taxes"
        query={taxes}
        remove={remove}
        nameOf={(tax) => tax.name}
        deleteMessage={(tax) => (tax.services_count > 0 ? t('taxes.deleteUsed', { name: tax.name, count: tax.services_count }) : t('taxes.deleteBody', { name: tax.name }))}
        emptyIcon={IconReceiptTax}
        minWidth={420}
        columns={[t('taxes.fields.name'), t('taxes.fields.rate'), { label: t('taxes.fields.services'), visibleFrom: 'sm' }]}
        cells={(tax) => (
          <>
            <Table.Td fw={600}>{tax.name}</Table.Td>
            <Table.Td>{formatNumber(tax.rate, locale)}%</Table.Td>
            <Table.Td visibleFrom="sm">{formatNumber(tax.services_count, locale)}</Table.Td>
          </>
        )}
        form={(tax, done) => <TaxForm tax={tax} onDone={done} />}
      />
      <SalesSettingsCard />
    </Stack>
  );
}

function TaxForm({ tax, onDone }: { tax: Tax | null; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  const save = useSaveTax();
  const form = useForm<{ name: string; rate: number | string }>({
    initialValues: { name: tax?.name ?? '', rate: tax?.rate ?? '' },
    validate: (v) => zodErrors(taxBody, { ...v, rate: v.rate === '' ? undefined : Number(v.rate) }, locale),
  });
  const submit = form.onSubmit((v) =>
    save.mutate({ id: tax?.uuid, body: taxBody.parse({ ...v, rate: Number(v.rate) }) }, { onSuccess: onDone, onError: (e) => applyServerErrors(form, e, ['name', 'rate']) }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('taxes.fields.name')} required data-autofocus data-testid="tax-name" {...clearOnBlur(form, 'name', form.getInputProps('name'))} />
        <NumberInput
          label={t('taxes.fields.rate')}
          description={t('taxes.rateHint')}
          required
          min={0}
          max={100}
          decimalScale={2}
          suffix="%"
          data-testid="tax-rate"
          {...clearOnBlur(form, 'rate', form.getInputProps('rate'))}
        />
        <FormFooter cancelLabel={t('common.cancel')} onCancel={onDone} submitLabel={tax ? t('common.save') : t('common.add')} submitTestId="tax-save" loading={save.isPending} />
      </Stack>
    </form>
  );
}
