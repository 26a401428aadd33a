import { Alert, Chip, Group, Input, NativeSelect, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { WEEKDAYS } from '@app/shared/constants';
import { completeProfileBody } from '@app/shared/schemas/onboarding';
import { IconInfoCircle, IconScissors, IconUser } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { formatDuration, toMinorUnits } from '@/lib/format';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useOnboardingStatus } from '../api/get-onboarding-status';
import { useCompleteProfile } from '../api/save-onboarding';
import { StepActions } from '../components/step-actions';

type Values = {
  working_days: string[];
  opens_at: string;
  closes_at: string;
  service: { name: string; price: number | string; duration: string };
  provider: { name: string };
};
const FIELDS = ['working_days', 'opens_at', 'closes_at', 'service', 'service.name', 'service.price', 'service.duration', 'provider', 'provider.name'] as const;
const DURATIONS = Array.from({ length: 19 }, (_, i) => (i + 1) * 15);

/** Form values → API body: riyals become halalas; a blank service or provider is left out. */
function toBody(v: Values) {
  const s = v.service;
  const hasService = Boolean(s.name.trim() || s.price !== '');
  return {
    working_days: v.working_days.map(Number).sort(),
    opens_at: v.opens_at,
    closes_at: v.closes_at,
    ...(hasService
      ? { service: { name: s.name, price: s.price === '' ? undefined : (toMinorUnits(s.price) ?? undefined), duration: Number(s.duration) } }
      : {}),
    ...(v.provider.name.trim() ? { provider: { name: v.provider.name } } : {}),
  };
}

export function CompleteProfilePage() {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const navigate = useNavigate();
  const status = useOnboardingStatus();
  const save = useCompleteProfile();
  const form = useForm<Values>({
    initialValues: {
      working_days: ['0', '1', '2', '3', '4'],
      opens_at: '09:00',
      closes_at: '21:00',
      service: { name: '', price: '', duration: '30' },
      provider: { name: '' },
    },
    validate: (v) => zodErrors(completeProfileBody, toBody(v), locale),
  });
  const props = (path: (typeof FIELDS)[number]) => clearOnBlur(form, path, form.getInputProps(path));

  const prefilled = useRef(false);
  useEffect(() => {
    const c = status.data?.complete_profile;
    if (!c || prefilled.current) return;
    prefilled.current = true;
    if (c.working_days.length) form.setFieldValue('working_days', c.working_days.map(String));
    if (c.opens_at) form.setFieldValue('opens_at', c.opens_at.slice(0, 5));
    if (c.closes_at) form.setFieldValue('closes_at', c.closes_at.slice(0, 5));
  }, [status.data, form]);

  if (status.isPending) return <PageLoader />;

  const submit = form.onSubmit((v) =>
    save.mutate(completeProfileBody.parse(toBody(v)), {
      onSuccess: () => navigate('/launch-profile'),
      onError: (e) => applyServerErrors(form, e, FIELDS),
    }),
  );
  const eitherError = form.errors.service ?? form.errors.provider;
  const dayNames = t('days', { returnObjects: true }) as string[];
  const counts = status.data?.complete_profile;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xl">
        <div>
          <Text fw={700} fz="lg">
            {t('complete.title')}
          </Text>
          <Text c="dimmed" fz="sm">
            {t('complete.subtitle')}
          </Text>
        </div>

        <Input.Wrapper label={t('complete.workingDays')} required error={form.errors.working_days} labelProps={{ mb: 8, fw: 700 }}>
          <Chip.Group multiple value={form.values.working_days} onChange={(v) => form.setFieldValue('working_days', v)}>
            <Group gap={8}>
              {WEEKDAYS.map((d) => (
                <Chip key={d} value={String(d)} wrapperProps={{ 'data-testid': `day-${d}` }}>
                  {dayNames[d]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>

        <SimpleGrid cols={2} spacing="md">
          <TextInput type="time" label={t('complete.opensAt')} name="opens_at" required {...props('opens_at')} />
          <TextInput type="time" label={t('complete.closesAt')} name="closes_at" required {...props('closes_at')} />
        </SimpleGrid>

        <Stack gap="xs">
          <Text fw={700}>{t('complete.firstTitle')}</Text>
          <Text c="dimmed" fz="sm" mt={-6}>
            {t('complete.firstHint')}
          </Text>
          {counts && (counts.services_count > 0 || counts.providers_count > 0) && (
            <Alert variant="light" color="brand" icon={<IconInfoCircle size={18} />} py="xs">
              {t('complete.existing', { services: counts.services_count, providers: counts.providers_count })}
            </Alert>
          )}
          {eitherError && (
            <Alert variant="light" color="red" py="xs" data-testid="service-or-provider-error">
              {eitherError}
            </Alert>
          )}
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Paper withBorder p="md" radius="md">
            <Group gap={8} mb="sm">
              <IconScissors size={20} />
              <Text fw={700}>{t('complete.service')}</Text>
            </Group>
            <Stack gap="sm">
              <TextInput label={t('complete.serviceName')} name="service.name" placeholder={t('complete.serviceNamePlaceholder')} {...props('service.name')} />
              <SimpleGrid cols={2} spacing="sm">
                <NumberInput
                  label={t('complete.price')}
                  name="service.price"
                  min={0}
                  decimalScale={2}
                  hideControls
                  rightSection={<Text fz="xs" c="dimmed">{t('common:currency.SAR')}</Text>}
                  rightSectionWidth={44}
                  {...props('service.price')}
                />
                <NativeSelect
                  label={t('complete.duration')}
                  name="service.duration"
                  data={DURATIONS.map((m) => ({ value: String(m), label: formatDuration(m, locale) }))}
                  {...props('service.duration')}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Group gap={8} mb="sm">
              <IconUser size={20} />
              <Text fw={700}>{t('complete.provider')}</Text>
            </Group>
            <TextInput label={t('complete.providerName')} name="provider.name" placeholder={t('complete.providerNamePlaceholder')} {...props('provider.name')} />
          </Paper>
        </SimpleGrid>
      </Stack>
      <StepActions back="/onboarding/update-profile" loading={save.isPending} submitLabel={t('complete.submit')} />
    </form>
  );
}
