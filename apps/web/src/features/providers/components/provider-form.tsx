import { PROVIDER_COLORS } from '@app/shared/constants';
import { ASSIGNMENT_TYPES, CLIENTS_IN_SAME_TIME_MAX, type Provider, providerBody } from '@app/shared/schemas/providers';
import { Alert, ColorInput, MultiSelect, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '@/components/form-footer';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { WorkingHoursField } from '@/features/branches/components/working-hours-editor';
import { apiRequest, isApiError } from '@/lib/api-client';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useSaveProvider, useServiceOptions } from '../api/providers';
import { useBranchHoursPrefill } from '../lib/branch-hours-prefill';
import {
  emptyProviderForm,
  formToProviderBody,
  PROVIDER_FORM_FIELDS,
  type ProviderFormValues,
  providerFieldFor,
  providerToForm,
  toProviderFormErrors,
} from '../lib/provider-form';

type Account = { uuid: string; name: string; email: string | null; type: string };

/** The accounts a provider can be linked to (the users API needs `settings.users`; without it: none, quietly). */
function useAccountOptions() {
  return useQuery({
    queryKey: ['users', 'provider-link-options'],
    queryFn: async (): Promise<Account[] | null> => {
      try {
        const body = await apiRequest<{ data?: Account[] }>('users', { query: { per_page: 100 }, quiet: true });
        return Array.isArray(body?.data) ? body.data.filter((u) => u.type !== 'pos') : null;
      } catch {
        return null;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
}

/** Adds or edits a provider: details, commission (plugin), working hours, services, linked account. */
export function ProviderForm({ provider, onDone, onCancel }: { provider: Provider | null; onDone: (saved: Provider | null) => void; onCancel: () => void }) {
  const { t } = useTranslation('providers');
  const locale = useLocale();
  const me = useCurrentUser();
  const currency = me.tenant.currency ?? 'SAR';
  const commission = me.tenant.plugins.includes('commission');
  const services = useServiceOptions();
  const accounts = useAccountOptions();
  const save = useSaveProvider();
  const narrow = useMediaQuery('(max-width: 36em)');
  const opts = { currency, commission };
  const form = useForm<ProviderFormValues>({
    initialValues: provider ? providerToForm(provider, currency) : emptyProviderForm(),
    validate: (v) => toProviderFormErrors(zodErrors(providerBody, formToProviderBody(v, opts), locale)),
  });
  // A new provider starts with its branch's hours and follows a branch change until they are edited.
  const prefill = useBranchHoursPrefill({ enabled: !provider, branchId: form.values.branch_id, setDays: (days) => form.setFieldValue('days', days) });

  const submit = form.onSubmit((v) =>
    save.mutate(
      { id: provider?.uuid, body: providerBody.parse(formToProviderBody(v, opts)) },
      {
        onSuccess: (res) => onDone(((res as { data?: Provider }).data ?? null) as Provider | null),
        onError: (e) => {
          if (!isApiError(e)) return;
          const rename = Object.fromEntries(Object.keys(e.fieldErrors).map((k) => [k, providerFieldFor(k)]));
          applyServerErrors(form, e, PROVIDER_FORM_FIELDS, rename);
        },
      },
    ),
  );
  const props = (path: 'name' | 'label' | 'clients_in_same_time' | 'commission_amount') => clearOnBlur(form, path, form.getInputProps(path));

  const serviceChoices = (() => {
    const all = new Map((services.data ?? []).map((s) => [s.uuid, s.name]));
    for (const s of provider?.services ?? []) if (!all.has(s.uuid)) all.set(s.uuid, s.name);
    return [...all].map(([value, label]) => ({ value, label }));
  })();
  const accountChoices = (() => {
    const list = (accounts.data ?? []).map((a) => ({ value: a.uuid, label: a.email ? `${a.name} — ${a.email}` : a.name }));
    if (provider?.user && !list.some((x) => x.value === provider.user?.uuid)) list.push({ value: provider.user.uuid, label: provider.user.name });
    return list;
  })();

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Paper withBorder p="md">
          <Title order={2} fz="md" mb="sm">
            {t('form.details')}
          </Title>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t('fields.name')} required data-autofocus data-testid="provider-name" {...props('name')} />
              <TextInput label={t('fields.label')} placeholder={t('fields.labelPlaceholder')} data-testid="provider-label" {...props('label')} />
              <Select
                label={t('fields.branch')}
                placeholder={t('allBranches')}
                data={me.teams.map((b) => ({ value: b.uuid, label: b.name }))}
                clearable
                data-testid="provider-branch"
                {...clearOnBlur(form, 'branch_id', form.getInputProps('branch_id'))}
              />
              <NumberInput
                label={t('fields.clients')}
                description={t('fields.clientsHint')}
                min={1}
                max={CLIENTS_IN_SAME_TIME_MAX}
                allowDecimal={false}
                data-testid="provider-clients"
                {...props('clients_in_same_time')}
              />
              <ColorInput
                label={t('fields.color')}
                description={t('fields.colorHint')}
                placeholder={t('fields.colorAuto')}
                format="hex"
                swatches={[...PROVIDER_COLORS]}
                swatchesPerRow={10}
                withEyeDropper={false}
                styles={{ input: { direction: 'ltr' } }}
                data-testid="provider-color"
                {...clearOnBlur(form, 'color', form.getInputProps('color'))}
              />
            </SimpleGrid>
            <Stack gap={4}>
              <Text fz="sm" fw={500}>
                {t('fields.assignment')}
              </Text>
              <SegmentedControl
                data={ASSIGNMENT_TYPES.map((a) => ({ value: a, label: t(`assignment.${a}`) }))}
                value={form.values.assignment_type}
                onChange={(v) => form.setFieldValue('assignment_type', v as ProviderFormValues['assignment_type'])}
                fullWidth
                orientation={narrow ? 'vertical' : 'horizontal'}
                data-testid="provider-assignment"
              />
              <Text fz="xs" c="dimmed" data-testid="provider-assignment-hint">
                {t(`assignmentHint.${form.values.assignment_type}`)}
              </Text>
            </Stack>
            {accounts.data !== null && (
              <Select
                label={t('fields.user')}
                description={t('fields.userHint')}
                placeholder={t('fields.noUser')}
                data={accountChoices}
                searchable
                clearable
                nothingFoundMessage={t('fields.noUserFound')}
                data-testid="provider-user"
                {...clearOnBlur(form, 'user_id', form.getInputProps('user_id'))}
              />
            )}
          </Stack>
        </Paper>

        {commission && (
          <Paper withBorder p="md" data-testid="provider-commission">
            <Title order={2} fz="md" mb="sm">
              {t('form.commission')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label={t('fields.commissionType')}
                data={[
                  { value: 'none', label: t('commission.none') },
                  { value: 'percentage', label: t('commission.percentage') },
                  { value: 'fixed', label: t('commission.fixed') },
                ]}
                allowDeselect={false}
                data-testid="provider-commission-type"
                {...form.getInputProps('commission_type')}
              />
              {form.values.commission_type !== 'none' && (
                <NumberInput
                  label={form.values.commission_type === 'percentage' ? t('fields.commissionPercent') : t('fields.commissionAmount', { currency })}
                  min={0}
                  max={form.values.commission_type === 'percentage' ? 100 : undefined}
                  decimalScale={2}
                  hideControls
                  styles={{ input: { direction: 'ltr' } }}
                  data-testid="provider-commission-value"
                  {...props('commission_amount')}
                />
              )}
            </SimpleGrid>
          </Paper>
        )}

        <Paper withBorder p="md">
          <Title order={2} fz="md" mb={4}>
            {t('form.services')}
          </Title>
          {services.isPending ? (
            <Skeleton h={60} />
          ) : (
            <Stack gap="xs">
              <MultiSelect
                aria-label={t('form.services')}
                placeholder={t('fields.servicesPlaceholder')}
                data={serviceChoices}
                searchable
                clearable
                nothingFoundMessage={t('fields.noServiceFound')}
                data-testid="provider-services"
                {...form.getInputProps('service_ids')}
              />
              {form.values.service_ids.length === 0 && (
                <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} py="xs">
                  <Text fz="sm">{t('noServicesRow')}</Text>
                </Alert>
              )}
            </Stack>
          )}
        </Paper>

        <Paper withBorder p="md">
          <Title order={2} fz="md" mb={4}>
            {t('form.hours')}
          </Title>
          <Text c="dimmed" fz="sm" mb="sm">
            {t('form.hoursHint')}
          </Text>
          {!provider && (
            <Text c="dimmed" fz="sm" mb="sm" data-testid="provider-hours-from-branch">
              {t('form.hoursFromBranch')}
            </Text>
          )}
          {prefill.loading ? <Skeleton h={240} data-testid="provider-hours-loading" /> : <WorkingHoursField form={form} onEdit={prefill.markEdited} />}
        </Paper>

        <FormFooter cancelLabel={t('form.cancel')} onCancel={onCancel} submitLabel={provider ? t('form.save') : t('form.create')} submitTestId="provider-save" loading={save.isPending} />
      </Stack>
    </form>
  );
}
