import { type BillingCycle, PLAN_LIMITS, type Plan } from '@app/shared/schemas/subscription';
import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconPuzzle, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/money';
import { formatMoney, formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { type PlanAction, priceOf } from '../lib/subscription';

/** A feature key's words, or the key itself (spaced) when the texts do not know it yet. */
export function useFeatureLabel() {
  const { t, i18n } = useTranslation('subscription');
  return (key: string) => (i18n.exists(`features.${key}`, { ns: 'subscription' }) ? t(`features.${key}`) : key.replace(/[_-]+/g, ' '));
}

/** A plugin slug's name (pos, commission, packages, boundaries), or the slug. */
export function usePluginLabel() {
  const { t, i18n } = useTranslation('subscription');
  return (slug: string) => (i18n.exists(`pluginNames.${slug}`, { ns: 'subscription' }) ? t(`pluginNames.${slug}`) : slug);
}

type PlanCardProps = {
  plan: Plan;
  cycle: BillingCycle;
  action: PlanAction;
  current: boolean;
  onChoose: () => void;
};

/** A plan on the plans page: its price for the cycle (VAT excluded), limits, features and plugins, and what choosing it does. */
export function PlanCard({ plan, cycle, action, current, onChoose }: PlanCardProps) {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const feature = useFeatureLabel();
  const plugin = usePluginLabel();
  const price = priceOf(plan, cycle);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-testid={`plan-card-${plan.id}`}
      data-current={current || undefined}
      style={{
        position: 'relative',
        overflow: 'visible',
        borderColor: plan.recommended ? 'var(--mantine-color-brand-5)' : current ? 'var(--mantine-color-green-5)' : undefined,
        borderWidth: plan.recommended || current ? 2 : undefined,
      }}
    >
      {plan.recommended && (
        <Badge
          color="brand"
          variant="filled"
          leftSection={<IconStarFilled size={12} />}
          style={{ position: 'absolute', insetBlockStart: -12, insetInlineEnd: 16 }}
          data-testid={`plan-recommended-${plan.id}`}
        >
          {t('plans.recommended')}
        </Badge>
      )}
      <Stack gap="md" h="100%">
        <div>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Title order={3} fz="lg">
              {plan.name}
            </Title>
            {current && (
              <Badge color="green" variant="light" data-testid="plan-current">
                {t('plans.yourPlan')}
              </Badge>
            )}
          </Group>
          {plan.description && (
            <Text c="dimmed" fz="sm" mt={4}>
              {plan.description}
            </Text>
          )}
        </div>
        <div>
          <Group gap={6} align="baseline" wrap="wrap">
            <Text fz={28} fw={800} lh={1.1} data-testid={`plan-price-${plan.id}`}>
              <Money amount={price} currency={plan.currency} />
            </Text>
            <Text c="dimmed" fz="sm">
              {t(cycle === 'yearly' ? 'plans.perYear' : 'plans.perMonth')}
            </Text>
          </Group>
          {cycle === 'yearly' && (
            <Text fz="xs" c="dimmed" data-testid={`plan-monthly-equivalent-${plan.id}`}>
              {t('plans.monthlyEquivalent', { amount: formatMoney(Math.round(price / 12), locale, plan.currency) })}
            </Text>
          )}
          <Text fz="xs" c="dimmed">
            {t('plans.excludeVat')}
          </Text>
        </div>
        <Stack gap={4}>
          {PLAN_LIMITS.map((limit) => {
            const value = plan.limits[limit];
            return (
              <Group key={limit} justify="space-between" gap="xs" wrap="nowrap">
                <Text fz="sm" c="dimmed">
                  {t(`limits.${limit}`)}
                </Text>
                <Text fz="sm" fw={600} data-testid={`plan-limit-${plan.id}-${limit}`}>
                  {value === null ? t('limits.unlimited') : formatNumber(value, locale)}
                </Text>
              </Group>
            );
          })}
        </Stack>
        {plan.features.length > 0 && (
          <List
            spacing={4}
            size="sm"
            icon={
              <ThemeIcon size={18} radius="xl" color="green" variant="light">
                <IconCheck size={12} />
              </ThemeIcon>
            }
          >
            {plan.features.map((f) => (
              <List.Item key={f}>{feature(f)}</List.Item>
            ))}
          </List>
        )}
        {plan.plugins.length > 0 && (
          <Stack gap={4}>
            <Text fz="xs" c="dimmed" fw={600}>
              {t('plans.plugins')}
            </Text>
            <Group gap={6}>
              {plan.plugins.map((p) => (
                <Badge key={p} variant="outline" color="gray" leftSection={<IconPuzzle size={12} />}>
                  {plugin(p)}
                </Badge>
              ))}
            </Group>
          </Stack>
        )}
        <Button
          mt="auto"
          fullWidth
          variant={action === 'current' ? 'light' : plan.recommended || action === 'upgrade' || action === 'renew' ? 'filled' : 'default'}
          disabled={action === 'current'}
          onClick={onChoose}
          data-testid={`plan-subscribe-${plan.id}`}
          data-action={action}
        >
          {action === 'switchCycle' ? t(`plans.switchTo.${cycle}`) : t(`plans.action.${action}`)}
        </Button>
      </Stack>
    </Card>
  );
}
