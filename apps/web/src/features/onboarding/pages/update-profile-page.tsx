import { Checkbox, Chip, Group, Input, NativeSelect, Radio, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { EMPLOYEE_BANDS, FEATURES, OWNER_ROLES, SERVICE_TYPES, SYSTEM_TYPES } from '@app/shared/constants';
import { tenantProfileBody } from '@app/shared/schemas/onboarding';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { applyServerErrors } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useIndustries } from '../api/get-industries';
import { useOnboardingStatus } from '../api/get-onboarding-status';
import { useUpdateTenantProfile } from '../api/save-onboarding';
import { IndustryIcon } from '../components/industry-icon';
import { StepActions } from '../components/step-actions';

type Values = {
  industries: string[];
  system_type: string;
  service_types: string[];
  features: string[];
  owner_role: string;
  number_of_employees: string;
};
const FIELDS = ['industries', 'system_type', 'service_types', 'features', 'owner_role', 'number_of_employees'] as const;

const toBody = (v: Values) => ({ ...v, industries: v.industries.map(Number) });

/** A section title with the field's error under it. */
function Section({ label, error, children }: { label: string; error?: unknown; children: React.ReactNode }) {
  return (
    <Input.Wrapper label={label} required error={typeof error === 'string' ? error : undefined} labelProps={{ mb: 8, fw: 700 }}>
      {children}
    </Input.Wrapper>
  );
}

export function UpdateProfilePage() {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const navigate = useNavigate();
  const status = useOnboardingStatus();
  const industries = useIndustries();
  const save = useUpdateTenantProfile();
  const form = useForm<Values>({
    initialValues: { industries: [], system_type: '', service_types: [], features: [], owner_role: '', number_of_employees: '' },
    validate: (v) => zodErrors(tenantProfileBody, toBody(v), locale),
  });

  const prefilled = useRef(false);
  useEffect(() => {
    const p = status.data?.tenant_profile;
    if (!p || prefilled.current) return;
    prefilled.current = true;
    form.setValues({
      industries: p.industries.map(String),
      system_type: p.system_type ?? '',
      service_types: p.service_types,
      features: p.features,
      owner_role: p.owner_role ?? '',
      number_of_employees: p.number_of_employees ?? '',
    });
  }, [status.data, form]);

  if (status.isPending || industries.isPending) return <PageLoader />;

  const submit = form.onSubmit((v) =>
    save.mutate(tenantProfileBody.parse(toBody(v)), {
      onSuccess: () => navigate('/onboarding/complete-profile'),
      onError: (e) => applyServerErrors(form, e, FIELDS),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xl">
        <div>
          <Text fw={700} fz="lg">
            {t('profile.title')}
          </Text>
          <Text c="dimmed" fz="sm">
            {t('profile.subtitle')}
          </Text>
        </div>

        <Section label={t('profile.industries')} error={form.errors.industries}>
          <Checkbox.Group value={form.values.industries} onChange={(v) => form.setFieldValue('industries', v)}>
            <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="sm">
              {(industries.data ?? []).map((ind) => (
                <Checkbox.Card key={ind.id} value={String(ind.id)} className="choice-card" p="sm" radius="md" data-testid={`industry-${ind.slug}`}>
                  <Stack align="center" gap={6} ta="center">
                    <IndustryIcon name={ind.icon} />
                    <Text fz="sm" fw={600} lh={1.3}>
                      {ind.name}
                    </Text>
                  </Stack>
                </Checkbox.Card>
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        </Section>

        <Section label={t('profile.systemType')} error={form.errors.system_type}>
          <Radio.Group value={form.values.system_type} onChange={(v) => form.setFieldValue('system_type', v)}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {SYSTEM_TYPES.map((s) => (
                <Radio.Card key={s} value={s} className="choice-card" p="md" radius="md" data-testid={`system-${s}`}>
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator />
                    <div>
                      <Text fw={700}>{t(`systemTypes.${s}.title`)}</Text>
                      <Text fz="sm" c="dimmed">
                        {t(`systemTypes.${s}.description`)}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
        </Section>

        <Section label={t('profile.serviceTypes')} error={form.errors.service_types}>
          <Checkbox.Group value={form.values.service_types} onChange={(v) => form.setFieldValue('service_types', v)}>
            <Group gap="lg">
              {SERVICE_TYPES.map((s) => (
                <Checkbox key={s} value={s} label={t(`serviceTypes.${s}`)} data-testid={`service-type-${s}`} />
              ))}
            </Group>
          </Checkbox.Group>
        </Section>

        <Input.Wrapper label={t('profile.features')} labelProps={{ mb: 8, fw: 700 }} error={form.errors.features}>
          <Chip.Group multiple value={form.values.features} onChange={(v) => form.setFieldValue('features', v)}>
            <Group gap={8}>
              {FEATURES.map((f) => (
                <Chip key={f} value={f} wrapperProps={{ 'data-testid': `feature-${f}` }}>
                  {t(`features.${f}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <NativeSelect
            label={t('profile.ownerRole')}
            name="owner_role"
            data-testid="owner-role"
            required
            data={[{ value: '', label: t('profile.choose'), disabled: true }, ...OWNER_ROLES.map((r) => ({ value: r, label: t(`ownerRoles.${r}`) }))]}
            {...form.getInputProps('owner_role')}
          />
          <Section label={t('profile.employees')} error={form.errors.number_of_employees}>
            <SegmentedControl
              fullWidth
              data-testid="employees"
              value={form.values.number_of_employees}
              onChange={(v) => form.setFieldValue('number_of_employees', v)}
              data={EMPLOYEE_BANDS.map((b) => ({ value: b, label: (
                <span dir="ltr" data-testid={`employees-${b}`}>
                  {b}
                </span>
              ), }))}
            />
          </Section>
        </SimpleGrid>
      </Stack>
      <StepActions back="/onboarding/update-info" loading={save.isPending} />
    </form>
  );
}
