import { BANK_TRANSFER_REVIEW_HOURS } from '@app/shared/schemas/subscription';
import { Button, Card, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClockHour4 } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '@/components/money';
import { meQueryOptions } from '@/features/auth/api/get-me';
import { PLANS_PATH, SUBSCRIPTIONS_PATH } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { getToken } from '@/lib/storage';
import { useLocale } from '@/lib/use-locale';
import { subscriptionKeys, useCharge } from '../api/subscription';
import type { SubscriptionOutcome } from '../lib/subscription';
import { SummaryLine } from './order-summary';

/**
 * `/payment-success` and `/payment-failure` for the business's own plan (the query carries
 * `charge_id` and `plan`): the plan is active (or, after a transfer, the receipt waits for review),
 * or the payment did not go through with the server's word and the way back to the plans. On arrival
 * the signed-in user and the subscription are fetched again, so the 402 lock lifts at once.
 */
export function SubscriptionResult({ kind, outcome }: { kind: 'success' | 'failure'; outcome: SubscriptionOutcome }) {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const signedIn = Boolean(getToken());
  const charge = useCharge(outcome.chargeId, signedIn, kind === 'success');
  // The charge's own status, once read, outranks the address: a success page for a charge the
  // gateway has not confirmed yet waits for it (asking again), and a refused one says so.
  const status = charge.data?.status;
  const confirming = kind === 'success' && status === 'pending';
  const ok = status ? status === 'paid' || status === 'awaiting_review' : kind === 'success';
  const review = ok && (status ? status === 'awaiting_review' : outcome.transfer);

  // Once the charge is known (and settled), the profile and the subscription are read again.
  const settling = charge.isLoading || confirming;
  useEffect(() => {
    if (!signedIn || settling) return;
    void queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }).catch(() => undefined);
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
  }, [signedIn, settling, queryClient]);

  // A product bought from the platform (a cashier device) comes back without a plan.
  const purchase = outcome.plan === null || charge.data?.kind === 'product';
  const planName = charge.data?.plan_name ?? outcome.plan;
  const cycle = charge.data?.cycle ?? outcome.cycle;
  const total = outcome.total ?? charge.data?.total_amount ?? null;
  const currency = charge.data?.currency ?? outcome.currency;
  let title = t('result.failureTitle');
  let body = (status ? charge.data?.failure_message : outcome.message) ?? outcome.message ?? t('result.failureBody');
  if (confirming) {
    title = t('result.confirmingTitle');
    body = t('result.confirmingBody');
  } else if (review) {
    title = t('result.transferTitle');
    body = t('result.transferBody', { hours: BANK_TRANSFER_REVIEW_HOURS });
  } else if (ok && purchase) {
    title = t('result.purchaseTitle');
    body = t('result.purchaseBody');
  } else if (ok) {
    title = t('result.successTitle');
    body = t('result.successBody');
  }

  return (
    <Center py={{ base: 'md', sm: 40 }}>
      <Card withBorder shadow="sm" p={{ base: 'lg', sm: 32 }} w="100%" maw={480} data-testid={`subscription-payment-${confirming ? 'confirming' : review ? 'review' : ok ? 'success' : 'failure'}`}>
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={72} radius={36} variant="light" color={confirming || review ? 'blue' : ok ? 'green' : 'red'}>
            {confirming ? <Loader size={36} color="blue" /> : review ? <IconClockHour4 size={40} /> : ok ? <IconCircleCheck size={40} /> : <IconCircleX size={40} />}
          </ThemeIcon>
          <Title order={1} fz={{ base: 22, sm: 26 }} data-testid="subscription-result-title">
            {title}
          </Title>
          <Text c={ok ? 'dimmed' : 'red.8'} data-testid="subscription-result-body">
            {body}
          </Text>
          <Stack gap={6} w="100%" mt="sm" ta="start" data-testid="subscription-result-summary">
            {planName && (
              <SummaryLine label={t('result.plan')} testId="subscription-result-plan">
                {planName}
              </SummaryLine>
            )}
            {cycle && <SummaryLine label={t('plan.cycle')}>{t(`cycle.${cycle}`)}</SummaryLine>}
            {outcome.quantity !== null && (purchase || outcome.quantity !== 1) && (
              <SummaryLine label={t('summary.quantity')}>{formatNumber(outcome.quantity, locale)}</SummaryLine>
            )}
            {outcome.discount !== null && outcome.discount > 0 && (
              <SummaryLine label={outcome.coupon ? t('summary.discountCoupon', { code: outcome.coupon }) : t('summary.discount')}>
                <Money amount={outcome.discount} currency={currency} negative />
              </SummaryLine>
            )}
            {total !== null && (
              <SummaryLine label={t('summary.total')} strong testId="subscription-result-total">
                <Money amount={total} currency={currency} />
              </SummaryLine>
            )}
          </Stack>
          {confirming ? null : ok ? (
            <>
              <Button component={Link} to="/" fullWidth mt="md" data-testid="result-dashboard">
                {t('result.toDashboard')}
              </Button>
              <Button component={Link} to={`${SUBSCRIPTIONS_PATH}/current-plan`} variant="default" fullWidth data-testid="result-current-plan">
                {t('result.toCurrentPlan')}
              </Button>
            </>
          ) : (
            <>
              <Button component={Link} to={PLANS_PATH} fullWidth mt="md" data-testid="result-retry">
                {t('result.retry')}
              </Button>
              <Button component={Link} to={`${SUBSCRIPTIONS_PATH}/current-plan`} variant="default" fullWidth>
                {t('result.toCurrentPlan')}
              </Button>
            </>
          )}
        </Stack>
      </Card>
    </Center>
  );
}
