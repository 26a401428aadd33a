import { Alert, Badge, Box, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCreditCard, IconFlask, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Brand } from '@/components/brand';
import { Money } from '@/components/money';
import { SUBSCRIPTIONS_PATH } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { pageLocation, simulateCharge, useCharge } from '../api/subscription';
import { SummaryLine } from '../components/order-summary';
import { ChargeStatusBadge } from '../components/status-badge';

/**
 * `/subscription-checkout/:chargeId`: the local payment gateway (no real gateway configured). It shows
 * the charge and settles it as a gateway would, paid or declined (`POST subscription/charges/{id}/simulate`),
 * then the browser goes where the answer says (the outcome page). No money moves. Signed in, outside
 * the shell, and reachable while the subscription has ended.
 */
export function CheckoutSimulatorPage() {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const { chargeId = '' } = useParams();
  const charge = useCharge(chargeId);
  const [leaving, setLeaving] = useState(false);
  const simulate = useMutation({
    mutationFn: (outcome: 'paid' | 'failed') => simulateCharge(chargeId, outcome),
    onSuccess: (r) => {
      setLeaving(true);
      pageLocation.assign(r.redirect);
    },
  });
  const busy = simulate.isPending || leaving;

  let body: ReactNode;
  if (charge.isPending) body = <Loader mx="auto" display="block" my="xl" />;
  else if (charge.isError)
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} data-testid="simulator-error">
        {t('simulator.notFound')}
      </Alert>
    );
  else {
    const c = charge.data;
    const pending = c.status === 'pending';
    body = (
      <Stack gap="md">
        <Stack gap={6} data-testid="simulator-charge">
          <SummaryLine label={t('result.plan')} testId="simulator-plan">
            {c.plan_name ?? t(`charges.kind.${c.kind}`)}
          </SummaryLine>
          {c.cycle && <SummaryLine label={t('plan.cycle')}>{t(`cycle.${c.cycle}`)}</SummaryLine>}
          <SummaryLine label={t('simulator.created')}>{formatDateTime(c.created_at, locale)}</SummaryLine>
          <SummaryLine label={t('simulator.status')}>
            <ChargeStatusBadge status={c.status} />
          </SummaryLine>
          <SummaryLine label={t('summary.total')} strong testId="simulator-amount">
            <Money amount={c.total_amount} currency={c.currency} />
          </SummaryLine>
        </Stack>
        {pending ? (
          <Group grow gap="sm" wrap="wrap">
            <Button
              color="green"
              leftSection={<IconCreditCard size={18} />}
              loading={simulate.isPending && simulate.variables === 'paid'}
              disabled={busy}
              onClick={() => simulate.mutate('paid')}
              data-testid="simulator-pay"
            >
              {t('simulator.pay')}
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconX size={18} />}
              loading={simulate.isPending && simulate.variables === 'failed'}
              disabled={busy}
              onClick={() => simulate.mutate('failed')}
              data-testid="simulator-decline"
            >
              {t('simulator.decline')}
            </Button>
          </Group>
        ) : (
          <Alert color="gray" variant="light" data-testid="simulator-settled">
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{t('simulator.settled')}</Text>
              <Button component={Link} to={`${SUBSCRIPTIONS_PATH}/current-plan`} size="xs" variant="light">
                {t('result.toCurrentPlan')}
              </Button>
            </Stack>
          </Alert>
        )}
      </Stack>
    );
  }

  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-1)" px="md" py="xl">
      <Center>
        <Stack gap="md" w="100%" maw={460}>
          <Group justify="center">
            <Brand size="md" />
          </Group>
          <Card withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid="checkout-simulator">
            <Stack gap="md">
              <Stack gap={6} align="center" ta="center">
                <Badge color="grape" variant="light" leftSection={<IconFlask size={14} />}>
                  {t('simulator.badge')}
                </Badge>
                <Title order={1} fz={{ base: 20, sm: 24 }}>
                  {t('simulator.title')}
                </Title>
                <Text fz="sm" c="dimmed" data-testid="simulator-notice">
                  {t('simulator.notice')}
                </Text>
              </Stack>
              {body}
            </Stack>
          </Card>
        </Stack>
      </Center>
    </Box>
  );
}
