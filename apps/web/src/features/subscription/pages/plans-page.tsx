import { type BillingCycle, type Product, YEARLY_DISCOUNT_BPS } from '@app/shared/schemas/subscription';
import { Alert, Button, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDevices, IconShoppingCart } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/money';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { usePlans, useProducts, useSubscription } from '../api/subscription';
import { type PaymentTarget, PaymentModal } from '../components/payment-modal';
import { PlanCard } from '../components/plan-card';
import { SubscriptionShell } from '../components/subscription-shell';
import { TrialEnded } from '../components/trial-status';
import { isCurrentPlan, planAction } from '../lib/subscription';

/**
 * `/settings/subscriptions/plans`: the plans of `GET pricing`, monthly or yearly (yearly saves 10%),
 * each with what choosing it does against the plan in force (subscribe, upgrade, downgrade, renew);
 * choosing opens the payment dialog. Devices the platform sells follow. Works while the trial or the
 * plan has ended (the way out of the 402 lock).
 */
export function PlansPage() {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const sub = useSubscription();
  const plans = usePlans();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const [target, setTarget] = useState<PaymentTarget | null>(null);
  const saving = formatNumber(YEARLY_DISCOUNT_BPS / 100, locale);

  return (
    <SubscriptionShell tab="plans">
      {sub.data?.state === 'trial_ended' && <TrialEnded sub={sub.data} />}
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <div>
          <Title order={2} fz="lg">
            {t('plans.title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('plans.subtitle')}
          </Text>
        </div>
        <SegmentedControl
          value={cycle}
          onChange={(v) => setCycle(v as BillingCycle)}
          data={[
            { value: 'monthly', label: t('cycle.monthly') },
            {
              value: 'yearly',
              label: (
                <Group gap={6} wrap="nowrap" justify="center">
                  <span>{t('cycle.yearly')}</span>
                  <Text span fz="xs" fw={700} c="green.8" style={{ whiteSpace: 'nowrap' }} data-testid="cycle-save">
                    {t('cycle.save', { percent: saving })}
                  </Text>
                </Group>
              ),
            },
          ]}
          aria-label={t('cycle.label')}
          data-testid="cycle-switch"
        />
      </Group>
      {plans.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="plans-loading">
          <Skeleton h={420} radius="md" />
          <Skeleton h={420} radius="md" />
          <Skeleton h={420} radius="md" />
        </SimpleGrid>
      ) : plans.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} data-testid="plans-error">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{t('plans.loadFailed')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void plans.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : plans.data.length === 0 ? (
        <Alert color="gray" variant="light" data-testid="plans-empty">
          {t('plans.empty')}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" verticalSpacing="xl" pt="xs" data-testid="plans-grid">
          {plans.data.map((plan) => {
            const action = planAction(plan, cycle, sub.data, plans.data);
            return (
              <PlanCard
                key={plan.uuid}
                plan={plan}
                cycle={cycle}
                action={action}
                current={isCurrentPlan(plan, sub.data)}
                onChoose={() =>
                  setTarget(
                    action === 'renew'
                      ? { mode: 'renew', plan: plan.id, planName: plan.name, cycle: sub.data?.cycle ?? cycle }
                      : { mode: 'subscribe', plan: plan.id, planName: plan.name, cycle },
                  )
                }
              />
            );
          })}
        </SimpleGrid>
      )}
      {plans.isSuccess && plans.data.length > 0 && (
        <Text c="dimmed" fz="xs" ta="center">
          {t('plans.vatNote', { rate: formatNumber((plans.data[0]?.vat_rate_bps ?? 1500) / 100, locale) })}
        </Text>
      )}
      <Products onBuy={(product) => setTarget({ mode: 'product', product })} />
      <PaymentModal target={target} onClose={() => setTarget(null)} />
    </SubscriptionShell>
  );
}

/** What the platform sells besides plans (`GET cashier-products`); nothing shows when there is none. */
function Products({ onBuy }: { onBuy: (product: Product) => void }) {
  const { t } = useTranslation('subscription');
  const products = useProducts();
  if (!products.data?.length) return null;
  return (
    <Stack gap="sm" data-testid="products">
      <Group gap="xs" wrap="nowrap">
        <IconDevices size={22} />
        <Title order={2} fz="lg">
          {t('products.title')}
        </Title>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {products.data.map((p) => (
          <Card key={p.id} withBorder radius="md" padding="md" data-testid={`product-card-${p.id}`}>
            <Stack gap="xs" h="100%">
              <Text fw={700}>{p.name}</Text>
              {p.description && (
                <Text fz="sm" c="dimmed">
                  {p.description}
                </Text>
              )}
              <Text fw={700}>
                <Money amount={p.price} currency={p.currency} />
              </Text>
              <Button mt="auto" variant="light" leftSection={<IconShoppingCart size={16} />} onClick={() => onBuy(p)} data-testid={`product-buy-${p.id}`}>
                {t('products.buy')}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
