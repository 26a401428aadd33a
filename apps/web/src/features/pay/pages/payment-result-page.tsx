import { Button, Card, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Money } from '@/components/money';
import { SubscriptionResult } from '@/features/subscription/components/subscription-result';
import { subscriptionOutcome } from '@/features/subscription/lib/subscription';
import { getToken } from '@/lib/storage';

/** The details a result page shows, read from its query (what the pay page passed on). */
export function resultDetails(params: URLSearchParams) {
  const amount = Number(params.get('amount'));
  const order = Number(params.get('order_number'));
  return {
    token: params.get('token') ?? '',
    business: params.get('business') ?? '',
    orderNumber: Number.isSafeInteger(order) && order > 0 ? order : null,
    amount: Number.isSafeInteger(amount) && amount > 0 ? amount : null,
    currency: /^[A-Z]{3}$/.test(params.get('currency') ?? '') ? (params.get('currency') as string) : null,
  };
}

/** The business's own plan paid (the query carries `charge_id` and `plan`), or a customer's payment link. */
function ResultPage({ kind }: { kind: 'success' | 'failure' }) {
  const [params] = useSearchParams();
  const outcome = subscriptionOutcome(params);
  return outcome ? <SubscriptionResult kind={kind} outcome={outcome} /> : <PaymentLinkResult kind={kind} params={params} />;
}

function PaymentLinkResult({ kind, params }: { kind: 'success' | 'failure'; params: URLSearchParams }) {
  const { t } = useTranslation('sales');
  const d = resultDetails(params);
  const ok = kind === 'success';
  const signedIn = Boolean(getToken());
  return (
    <Center py={{ base: 'md', sm: 40 }}>
      <Card withBorder shadow="sm" p={{ base: 'lg', sm: 32 }} w="100%" maw={460} data-testid={`payment-${kind}`}>
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={72} radius={36} variant="light" color={ok ? 'green' : 'red'}>
            {ok ? <IconCircleCheck size={40} /> : <IconCircleX size={40} />}
          </ThemeIcon>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {t(ok ? 'result.successTitle' : 'result.failureTitle')}
          </Title>
          <Text c="dimmed">{t(ok ? 'result.successBody' : 'result.failureBody')}</Text>
          {(d.business || d.orderNumber !== null || d.amount !== null) && (
            <Stack gap={6} w="100%" mt="sm">
              {d.business && (
                <Group justify="space-between">
                  <Text c="dimmed" fz="sm">
                    {t('pay.payTo')}
                  </Text>
                  <Text fz="sm" fw={600}>
                    {d.business}
                  </Text>
                </Group>
              )}
              {d.orderNumber !== null && (
                <Group justify="space-between">
                  <Text c="dimmed" fz="sm">
                    {t('pay.order')}
                  </Text>
                  <Text fz="sm" fw={600} className="ltr-value" data-testid="payment-result-order">
                    #{d.orderNumber}
                  </Text>
                </Group>
              )}
              {d.amount !== null && d.currency && (
                <Group justify="space-between">
                  <Text c="dimmed" fz="sm">
                    {t('pay.amount')}
                  </Text>
                  <Text fz="sm" fw={600} data-testid="payment-result-amount">
                    <Money amount={d.amount} currency={d.currency} />
                  </Text>
                </Group>
              )}
            </Stack>
          )}
          {!ok && d.token && (
            <Button component={Link} to={`/pay/${encodeURIComponent(d.token)}`} fullWidth mt="md" data-testid="payment-retry">
              {t('result.retry')}
            </Button>
          )}
          {signedIn && (
            <Button component={Link} to="/dashboard" variant={ok ? 'filled' : 'default'} fullWidth mt={ok ? 'md' : 0}>
              {t('result.toDashboard')}
            </Button>
          )}
        </Stack>
      </Card>
    </Center>
  );
}

/** `/payment-success`: the payment went through (public: the customer of a payment link is not signed in; a business back from paying its plan is). */
export const PaymentSuccessPage = () => <ResultPage kind="success" />;

/** `/payment-failure`: it did not; a way back to try again. */
export const PaymentFailurePage = () => <ResultPage kind="failure" />;
