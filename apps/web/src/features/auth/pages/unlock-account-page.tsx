import { Button, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleX, IconLockOpen } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { useUnlockAccount } from '../api/unlock-account';
import { AuthHeader } from '../components/auth-header';

/** The link e-mailed when an account locks: lifts the lock once and lets this browser sign in. */
export function UnlockAccountPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  const unlock = useUnlockAccount();
  const sent = useRef(false);

  useEffect(() => {
    if (token && !sent.current) {
      sent.current = true;
      unlock.mutate(token);
    }
  }, [token, unlock]);

  if (token && (unlock.isPending || unlock.isIdle)) {
    return (
      <Stack align="center" ta="center" gap="md" data-testid="unlock-result">
        <Loader />
        <Text>{t('unlock.checking')}</Text>
      </Stack>
    );
  }
  if (unlock.isSuccess) {
    return (
      <Stack align="center" ta="center" gap="md" data-testid="unlock-result">
        <ThemeIcon size={64} radius={32} color="green" variant="light">
          <IconLockOpen size={36} />
        </ThemeIcon>
        <AuthHeader title={t('unlock.successTitle')} subtitle={unlock.data.message} center />
        <Button component={Link} to="/login" fullWidth data-testid="unlock-sign-in">
          {t('unlock.signIn')}
        </Button>
      </Stack>
    );
  }
  const error = unlock.error;
  const failure = error ? ((isApiError(error) && error.fieldErrors['token']) || error.message) : t('unlock.noToken');
  return (
    <Stack align="center" ta="center" gap="md" data-testid="unlock-result">
      <ThemeIcon size={64} radius={32} color="red" variant="light">
        <IconCircleX size={36} />
      </ThemeIcon>
      <AuthHeader title={t('unlock.failureTitle')} subtitle={failure} center />
      <Text fz="sm" c="dimmed">
        {t('unlock.failureHint')}
      </Text>
      <Button component={Link} to="/forgot-password" variant="light" fullWidth>
        {t('unlock.reset')}
      </Button>
      <Button component={Link} to="/login" variant="subtle">
        {t('backToLogin')}
      </Button>
    </Stack>
  );
}
