import { Alert, Button, Group, Text } from '@mantine/core';
import { IconDeviceMobile, IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { useStopImpersonation } from '../api/impersonation';

/** Shown on every page while support staff act as this account, with the way back. */
export function ImpersonationBanner() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const stop = useStopImpersonation();
  if (!user.is_imp) return null;
  return (
    <Alert color="orange" variant="filled" icon={<IconUserShield size={20} />} py="xs" data-testid="impersonation-banner">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fz="sm" span>
          {t('impersonation.banner', { name: user.name })}{' '}
          <Text span fz="sm" className="ltr-value">
            ({user.email})
          </Text>
        </Text>
        <Button size="compact-sm" variant="white" color="orange" loading={stop.isPending || stop.isSuccess} onClick={() => stop.mutate()} data-testid="impersonation-end">
          {t('impersonation.end')}
        </Button>
      </Group>
    </Alert>
  );
}

/** Providers work in the mobile app (spec §2); the dashboard tells them so. */
export function ProviderMobileNotice() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (user.type !== 'provider') return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconDeviceMobile size={20} />} py="xs" data-testid="provider-mobile-notice">
      <Text fz="sm">{t('banners.providerMobile')}</Text>
    </Alert>
  );
}
