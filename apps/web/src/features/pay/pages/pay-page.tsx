import { Alert, Button, Card, Center, Divider, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconCreditCard, IconLinkOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { usePaymentLink, useSimulatePayment } from '../api/pay';

/** Where the pay page sends the customer once the gateway has answered. */
export function resultPath(kind: 'success' | 'failure', data: { token: string; business?: string; order_number?: number; amount?: number; currency?: string }): string {
  const q = new URLSearchParams();
  if (kind === 'failure') q.set('token', data.token);
  if (data.business) q.set('business', data.business);
  if (data.order_number !== undefined) q.set('order_number', String(data.order_number));
  if (data.amount !== undefined) q.set('amount', String(data.amount));
  if (data.currency) q.set('currency', data.currency);
  return `/payment-${kind}?${q.toString()}`;
}

function Invalid() {
  const { t } = useTranslation('sales');
  return (
    <Stack align="center" ta="center" gap="sm" py="xl" data-testid="pay-invalid">
      <ThemeIcon size={64} radius={32} variant="light" color="red">
        <IconLinkOff size={32} />
      </ThemeIcon>
      <Title order={2} fz={22}>
        {t('pay.invalidTitle')}
      </Title>
      <Text c="dimmed">{t('pay.invalidBody')}</Text>
    </Stack>
  );
}

/**
 * `/pay/:token`: the customer's payment page (no sign-in). It shows the business, the order and the
 * amount; with the local gateway simulator, Pay and Fail stand for the customer at the gateway.
 */
export function PayPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('sales');
  const locale = useLocale();
  const navigate = useNavigate();
  const link = usePaymentLink(token);
  const simulate = useSimulatePayment(token);

  let body: ReactNode;
  if (link.isPending) {
    body = (
      <Center h={220} data-testid="pay-loading">
        <Loader />
      </Center>
    );
  } else if (link.isError) {
    const invalid = isApiError(link.error) && (link.error.status === 422 || link.error.status === 404);
    body = invalid ? (
      <Invalid />
    ) : (
      <Stack data-testid="pay-error">
        <Alert color="red" icon={<IconAlertCircle size={20} />}>
          {t('pay.loadError')}
        </Alert>
        <Button variant="light" onClick={() => void link.refetch()}>
          {t('states.retry')}
        </Button>
      </Stack>
    );
  } else {
    const p = link.data;
    const amount = formatMoney(p.amount, locale, p.currency);
    const details = { token, business: p.business, order_number: p.order_number, amount: p.amount, currency: p.currency };
    const run = (outcome: 'paid' | 'failed') =>
      simulate.mutate(
        { outcome },
        {
          onSuccess: (res) => navigate(resultPath('success', { ...details, amount: res.amount }), { replace: true }),
          onError: (e) => {
            if (isApiError(e) && e.status === 422 && e.code === 'payment-failed') navigate(resultPath('failure', details));
            else void link.refetch();
          },
        },
      );
    body = (
      <Stack gap="lg" data-testid="pay-details">
        <Stack gap={4} align="center" ta="center">
          <ThemeIcon size={56} radius={28} variant="light">
            <IconCreditCard size={28} />
          </ThemeIcon>
          <Text c="dimmed" fz="sm">
            {t('pay.payTo')}
          </Text>
          <Title order={1} fz={{ base: 22, sm: 26 }} data-testid="pay-business">
            {p.business}
          </Title>
        </Stack>
        <Divider />
        <Group justify="space-between">
          <Text c="dimmed">{t('pay.order')}</Text>
          <Text fw={600} className="ltr-value" data-testid="pay-order-number">
            #{p.order_number}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text c="dimmed">{t('pay.amount')}</Text>
          <Text fw={800} fz={24} className="ltr-value" data-testid="pay-amount">
            {amount}
          </Text>
        </Group>
        {p.status === 'paid' ? (
          <Alert color="green" icon={<IconCircleCheck size={20} />} data-testid="pay-already-paid">
            {t('pay.alreadyPaid')}
          </Alert>
        ) : (
          <Stack gap="sm">
            <Button size="md" fullWidth loading={simulate.isPending && simulate.variables?.outcome === 'paid'} disabled={simulate.isPending} onClick={() => run('paid')} data-testid="pay-submit">
              {t('pay.pay', { amount })}
            </Button>
            <Button
              size="md"
              fullWidth
              variant="default"
              loading={simulate.isPending && simulate.variables?.outcome === 'failed'}
              disabled={simulate.isPending}
              onClick={() => run('failed')}
              data-testid="pay-fail"
            >
              {t('pay.fail')}
            </Button>
            <Text fz="xs" c="dimmed" ta="center">
              {t('pay.simulatorNote')}
            </Text>
          </Stack>
        )}
        {p.booking_url && (
          <Button component="a" href={p.booking_url} variant={p.status === 'paid' ? 'filled' : 'subtle'} fullWidth data-testid="pay-booking-link">
            {t('pay.backToBooking')}
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Center py={{ base: 'md', sm: 40 }}>
      <Card withBorder shadow="sm" p={{ base: 'lg', sm: 32 }} w="100%" maw={460}>
        {body}
      </Card>
    </Center>
  );
}
