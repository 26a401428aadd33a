import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { ImpersonationBanner, ProviderMobileNotice } from '@/features/impersonation/components/impersonation-banner';

/** Impersonation, provider mobile-only notice, trial and renewal banners (spec §2). */
export function Banners() {
  const { t } = useTranslation();
  const { tenant, is_imp, type } = useCurrentUser();
  const renew = tenant.subscription?.show_renew_message;
  if (!tenant.onTrial && !renew && !is_imp && type !== 'provider') return null;
  return (
    <Stack gap="xs" mb="md">
      <ImpersonationBanner />
      <ProviderMobileNotice />
      {tenant.onTrial && (
        <Alert color="brand" variant="light" icon={<IconGift size={20} />} data-testid="trial-banner" py="xs">
          <Text fz="sm" span>
            {t('banners.trial', { count: tenant.trial_days_left })}{' '}
          </Text>
          <Anchor component={Link} to="/settings/subscriptions/plans" fz="sm" fw={700}>
            {t('banners.subscribe')}
          </Anchor>
        </Alert>
      )}
      {renew && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} py="xs">
          <Text fz="sm" span>
            {t('banners.renew')}{' '}
          </Text>
          <Anchor component={Link} to="/settings/subscriptions/current-plan?renewNow=true" fz="sm" fw={700}>
            {t('banners.renewNow')}
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}
