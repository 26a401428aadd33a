import type { Subscription } from '@app/shared/schemas/subscription';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconGift, IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { ExtendTrial } from './extend-trial';

type TrialFields = Pick<Subscription, 'state' | 'trial_days_left' | 'trial_ends_at' | 'trial_extendable'>;

/** A running trial: the days left and its last day. */
export function TrialRunning({ sub }: { sub: TrialFields }) {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const { tenant } = useCurrentUser();
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="trial-running">
      <IconGift size={22} style={{ flexShrink: 0 }} />
      <div>
        <Text fw={600}>{t('trial.daysLeft', { count: sub.trial_days_left })}</Text>
        {sub.trial_ends_at && (
          <Text c="dimmed" fz="sm">
            {t('trial.endsOn', { date: formatDate(sub.trial_ends_at, locale, { dateStyle: 'long', timeZone: tenant.timezone }) })}
          </Text>
        )}
      </div>
    </Group>
  );
}

/** An ended trial: the pages are locked; the extension once, or the word that it was used. */
export function TrialEnded({ sub }: { sub: TrialFields }) {
  const { t } = useTranslation('subscription');
  return (
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
  );
}
