import type { Subscription } from '@app/shared/schemas/subscription';
import { Alert, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCrown, IconGift, IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { SettingsPageHeader } from '@/features/settings/components/settings-page-header';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useSubscription } from '../api/subscription';
import { ExtendTrial } from '../components/extend-trial';

const STATE_COLOR: Record<Subscription['state'], string> = {
  on_trial: 'brand',
  trial_ended: 'red',
  active: 'green',
  past_due: 'orange',
  expired: 'red',
};

/**
 * `/settings/subscriptions` (the current plan), `/plans` and `/current-plan`: one page until real
 * plans and checkout arrive. It works while the trial or the plan has ended: `GET subscription`
 * answers then, and the API client stays here quietly when the shell's other calls answer 402.
 */
export function SubscriptionPage() {
  const { t } = useTranslation('subscription');
  const query = useSubscription();
  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%" data-testid="subscription-page">
      <SettingsPageHeader title={t('title')} subtitle={t('subtitle')} />
      {query.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : query.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} data-testid="subscription-error">
          {t('loadFailed')}
        </Alert>
      ) : (
        <CurrentPlan sub={query.data} />
      )}
      <Card withBorder radius="md" padding="lg">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconCrown size={22} style={{ flexShrink: 0 }} />
          <div>
            <Title order={2} fz="lg">
              {t('plans.title')}
            </Title>
            <Text c="dimmed" fz="sm">
              {t('plans.soon')}
            </Text>
          </div>
        </Group>
      </Card>
    </Stack>
  );
}

function CurrentPlan({ sub }: { sub: Subscription }) {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const { tenant } = useCurrentUser();
  const date = (iso: string) => formatDate(iso, locale, { dateStyle: 'long', timeZone: tenant.timezone });
  const planName = sub.plan === 'demo' ? t('plan.names.demo') : sub.plan;
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`subscription-${sub.state}`}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} fz="lg">
            {t('current')}
          </Title>
          <Badge color={STATE_COLOR[sub.state]} variant="light" size="lg" data-testid="subscription-state">
            {t(`states.${sub.state}`)}
          </Badge>
        </Group>

        {sub.state === 'on_trial' && (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconGift size={22} style={{ flexShrink: 0 }} />
            <div>
              <Text fw={600}>{t('trial.daysLeft', { count: sub.trial_days_left })}</Text>
              {sub.trial_ends_at && (
                <Text c="dimmed" fz="sm">
                  {t('trial.endsOn', { date: date(sub.trial_ends_at) })}
                </Text>
              )}
            </div>
          </Group>
        )}

        {sub.state === 'trial_ended' && (
          <Alert color="red" variant="light" icon={<IconHourglassEmpty size={20} />} title={t('trial.ended')} data-testid="trial-ended">
            <Stack gap="sm">
              <Text fz="sm">{t('trial.endedBody')}</Text>
              {sub.trial_extendable ? (
                <>
                  <Text fz="sm">{t('trial.extendOnce')}</Text>
                  <ExtendTrial />
                </>
              ) : (
                <Text fz="sm" fw={600} data-testid="trial-already-extended">
                  {t('trial.alreadyExtended')}
                </Text>
              )}
            </Stack>
          </Alert>
        )}

        {sub.status && (
          <>
            {sub.state === 'active' && <Text fw={600}>{t('messages.active')}</Text>}
            {sub.state === 'past_due' && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />}>
                {t('messages.pastDue')}
              </Alert>
            )}
            {sub.state === 'expired' && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />}>
                {t('messages.expired')}
              </Alert>
            )}
            <Stack gap={6}>
              <Detail label={t('plan.name')} value={planName ?? '—'} testId="subscription-plan" />
              {sub.start_at && <Detail label={t('plan.startedOn')} value={date(sub.start_at)} />}
              <Detail label={t('plan.endsOn')} value={sub.ends_at ? date(sub.ends_at) : t('plan.noEnd')} testId="subscription-ends" />
            </Stack>
          </>
        )}
      </Stack>
    </Card>
  );
}

function Detail({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text c="dimmed" fz="sm" miw={90}>
        {label}
      </Text>
      <Text fw={600} fz="sm" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}
