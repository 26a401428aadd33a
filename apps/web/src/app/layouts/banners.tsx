import { hasAnyPermission } from '@app/shared/permissions';
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconGift, IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { ImpersonationBanner, ProviderMobileNotice } from '@/features/impersonation/components/impersonation-banner';
import { ExtendTrial } from '@/features/subscription/components/extend-trial';
import { PLANS_PATH, RENEW_PATH, SUBSCRIPTIONS_PATH } from '@/lib/api-client';

/** Impersonation, provider mobile-only notice, trial (days left, or ended with the extension) and renewal banners (spec §2). */
export function Banners() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { tenant, is_imp, type, permissions } = useCurrentUser();
  const renew = tenant.subscription?.show_renew_message;
  const mayManage = hasAnyPermission(permissions, ['settings.subscriptions']);
  // No status and the trial over (spec §4); the subscription page says the same in full, so not there.
  const trialEnded = !tenant.onTrial && !tenant.subscription && pathname !== SUBSCRIPTIONS_PATH && !pathname.startsWith(`${SUBSCRIPTIONS_PATH}/`);
  if (!tenant.onTrial && !trialEnded && !renew && !is_imp && type !== 'provider') return null;
  return (
    <Stack gap="xs" mb="md">
      <ImpersonationBanner />
      <ProviderMobileNotice />
      {tenant.onTrial && (
        <Alert color="brand" variant="light" icon={<IconGift size={20} />} data-testid="trial-banner" py="xs">
          <Text fz="sm" span>
            {t('banners.trial', { count: tenant.trial_days_left })}{' '}
          </Text>
          {mayManage && (
            <Anchor component={Link} to={PLANS_PATH} fz="sm" fw={700}>
              {t('banners.subscribe')}
            </Anchor>
          )}
        </Alert>
      )}
      {trialEnded && <TrialEndedBanner extendable={tenant.trial_extendable} mayManage={mayManage} />}
      {renew && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} py="xs">
          <Text fz="sm" span>
            {t('banners.renew')}{' '}
          </Text>
          <Anchor component={Link} to={RENEW_PATH} fz="sm" fw={700}>
            {t('banners.renewNow')}
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}

/** Spec §4: "trial banner shows remaining days if not negative, else offers extension". */
function TrialEndedBanner({ extendable, mayManage }: { extendable: boolean; mayManage: boolean }) {
  const { t } = useTranslation('subscription');
  return (
    <Alert color="red" variant="light" icon={<IconHourglassEmpty size={20} />} data-testid="trial-ended-banner" py="xs">
      <Group gap="sm" wrap="wrap" align="center">
        <Text fz="sm" fw={600}>
          {t('trial.ended')}
        </Text>
        {!mayManage ? (
          <Text fz="sm">{t('trial.askOwner')}</Text>
        ) : (
          <>
            {extendable && <ExtendTrial size="xs" />}
            <Anchor component={Link} to={PLANS_PATH} fz="sm" fw={700}>
              {t('open')}
            </Anchor>
          </>
        )}
      </Group>
    </Alert>
  );
}
