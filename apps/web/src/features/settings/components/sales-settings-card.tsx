import { salesSettingsBody } from '@app/shared/schemas/settings';
import { Button, Card, Group, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeNumber } from '@/features/orders/lib/money-input';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useSaveSalesSettings, useSalesSettings } from '../api/settings';

type Values = { vat_number: string; complete_visit_on_checkout: boolean };

/**
 * The receipt and checkout settings (`settings/sales`): the VAT registration number every receipt
 * shows (15 digits, 3…3; empty: none) and whether Checkout starts with "complete the visit" ticked.
 */
export function SalesSettingsCard() {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  const settings = useSalesSettings();
  const save = useSaveSalesSettings();
  const form = useForm<Values>({
    initialValues: { vat_number: '', complete_visit_on_checkout: true },
    // Arabic-Indic digits typed on an Arabic keyboard count as digits.
    validate: (v) => zodErrors(salesSettingsBody, { ...v, vat_number: normalizeNumber(v.vat_number) }, locale),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once the settings arrive
  useEffect(() => {
    if (!settings.data) return;
    form.setValues({ vat_number: settings.data.vat_number ?? '', complete_visit_on_checkout: settings.data.complete_visit_on_checkout });
    form.resetDirty();
  }, [settings.data]);
  const submit = form.onSubmit((v) =>
    save.mutate({ vat_number: normalizeNumber(v.vat_number), complete_visit_on_checkout: v.complete_visit_on_checkout }, { onError: (e) => applyServerErrors(form, e, ['vat_number', 'complete_visit_on_checkout']) }),
  );
  return (
    <Card withBorder padding="lg" data-testid="sales-settings">
      <Text fw={700}>{t('sales.title')}</Text>
      <Text fz="sm" c="dimmed" mb="md">
        {t('sales.subtitle')}
      </Text>
      {settings.isPending ? (
        <Skeleton h={80} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md" maw={480}>
            <TextInput
              label={t('sales.vatNumber')}
              description={t('sales.vatHint')}
              inputMode="numeric"
              maxLength={15}
              styles={{ input: { direction: 'ltr' } }}
              data-testid="sales-vat-number"
              {...clearOnBlur(form, 'vat_number', form.getInputProps('vat_number'))}
            />
            <Switch
              label={t('sales.completeVisit')}
              description={t('sales.completeVisitHint')}
              data-testid="sales-complete-visit"
              {...form.getInputProps('complete_visit_on_checkout', { type: 'checkbox' })}
            />
            <Group>
              <Button type="submit" loading={save.isPending} data-testid="sales-save">
                {t('sales.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
