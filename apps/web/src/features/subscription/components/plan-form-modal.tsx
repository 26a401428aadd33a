import { PLAN_LIMITS } from '@app/shared/schemas/subscription';
import { Button, Group, Modal, MultiSelect, NumberInput, SimpleGrid, Stack, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '@/lib/form-errors';
import { formatMoney } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { type OperatorPlan, useSavePlan } from '../api/operator';
import { defaultYearly, emptyPlanValues, PLAN_PLUGINS, type PlanFormValues, planRequest, planValues } from '../lib/plan-form';
import { usePluginLabel } from './plan-card';

const FIELDS = [
  'slug',
  'name_ar',
  'name_en',
  'description_ar',
  'description_en',
  'monthly',
  'yearly',
  ...PLAN_LIMITS.map((k) => `limits.${k}`),
  'features',
  'plugins',
  'recommended',
  'active',
  'sort',
];

/**
 * Creates (`plan` null) or edits a plan: slug, names and descriptions in both languages, the monthly
 * amount in riyals (sent in halalas), the yearly one (empty: 12 months less 10%), the limits (empty:
 * no limit), the included plugins, recommended, active and the order.
 */
export function PlanFormModal({ opened, plan, onClose }: { opened: boolean; plan: OperatorPlan | null; onClose: () => void }) {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const save = useSavePlan();
  const plugin = usePluginLabel();
  const currency = plan?.currency ?? 'SAR';
  const form = useForm<PlanFormValues>({ initialValues: emptyPlanValues(), validate: (values) => planRequest(values, locale, currency).errors });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens
  useEffect(() => {
    if (!opened) return;
    form.setValues(plan ? planValues(plan, locale) : emptyPlanValues());
    form.resetDirty();
    form.clearErrors();
    save.reset();
  }, [opened, plan]);

  const monthly = planRequest(form.values, locale, currency).body.monthly_amount;
  const submit = form.onSubmit((values) => {
    const { body } = planRequest(values, locale, currency);
    save.mutate(
      { id: plan?.uuid ?? null, body },
      { onSuccess: onClose, onError: (e) => applyServerErrors(form, e, FIELDS, { monthly_amount: 'monthly', yearly_amount: 'yearly' }) },
    );
  });
  const close = () => {
    if (!save.isPending) onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>{t(plan ? 'operator.plans.edit' : 'operator.plans.add')}</Text>} size="xl" centered data-testid="plan-form-modal">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('operator.plans.slug')} description={t('operator.plans.slugHint')} required dir="ltr" maxLength={40} data-testid="plan-slug" {...form.getInputProps('slug')} />
            <NumberInput label={t('operator.plans.sort')} min={0} max={1000} allowDecimal={false} data-testid="plan-sort" {...form.getInputProps('sort')} />
            <TextInput label={t('operator.plans.nameAr')} required dir="rtl" lang="ar" maxLength={80} data-testid="plan-name-ar" {...form.getInputProps('name_ar')} />
            <TextInput label={t('operator.plans.nameEn')} required dir="ltr" lang="en" maxLength={80} data-testid="plan-name-en" {...form.getInputProps('name_en')} />
            <Textarea label={t('operator.plans.descriptionAr')} dir="rtl" lang="ar" maxLength={300} autosize minRows={2} {...form.getInputProps('description_ar')} />
            <Textarea label={t('operator.plans.descriptionEn')} dir="ltr" lang="en" maxLength={300} autosize minRows={2} {...form.getInputProps('description_en')} />
            <TextInput
              label={t('operator.plans.monthly')}
              required
              inputMode="decimal"
              rightSection={<Text fz="xs">{currency}</Text>}
              rightSectionWidth={48}
              data-testid="plan-monthly"
              {...form.getInputProps('monthly')}
            />
            <TextInput
              label={t('operator.plans.yearly')}
              description={t('operator.plans.yearlyHint', { amount: formatMoney(defaultYearly(monthly), locale, currency) })}
              inputMode="decimal"
              rightSection={<Text fz="xs">{currency}</Text>}
              rightSectionWidth={48}
              data-testid="plan-yearly"
              {...form.getInputProps('yearly')}
            />
          </SimpleGrid>
          <Text fw={600} fz="sm" mt="xs">
            {t('operator.plans.limits')}
          </Text>
          <Text fz="xs" c="dimmed" mt={-8}>
            {t('operator.plans.limitsHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {PLAN_LIMITS.map((k) => (
              <TextInput key={k} label={t(`limits.${k}`)} placeholder={t('limits.unlimited')} inputMode="numeric" data-testid={`plan-limit-${k}`} {...form.getInputProps(`limits.${k}`)} />
            ))}
          </SimpleGrid>
          <MultiSelect
            label={t('operator.plans.plugins')}
            data={PLAN_PLUGINS.map((p) => ({ value: p, label: plugin(p) }))}
            clearable
            data-testid="plan-plugins"
            {...form.getInputProps('plugins')}
          />
          <TagsInput label={t('operator.plans.features')} description={t('operator.plans.featuresHint')} clearable maxTags={40} data-testid="plan-features" {...form.getInputProps('features')} />
          <Group gap="xl">
            <Switch label={t('operator.plans.recommended')} data-testid="plan-recommended" {...form.getInputProps('recommended', { type: 'checkbox' })} />
            <Switch label={t('operator.plans.active')} data-testid="plan-active" {...form.getInputProps('active', { type: 'checkbox' })} />
          </Group>
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              {t('payment.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="plan-save">
              {t('operator.plans.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
