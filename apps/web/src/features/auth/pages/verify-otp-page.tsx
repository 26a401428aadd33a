import { Anchor, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '@app/shared/constants';
import { IconDeviceMobileMessage } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalDelivery } from '@/features/dev-outbox/api/get-outbox';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '../api/get-me';
import { useLogout } from '../api/logout';
import { useResendOtp, useVerifyOtp } from '../api/verify-otp';
import { AuthHeader } from '../components/auth-header';
import { OtpInput } from '../components/otp-input';

const empty = () => Array.from({ length: OTP_LENGTH }, () => '');

export function VerifyOtpPage() {
  const { t } = useTranslation('auth');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const logout = useLogout();
  const localSms = useLocalDelivery()?.sms;
  const [digits, setDigits] = useState<string[]>(empty);
  const [error, setError] = useState<string | null>(null);
  const [wait, setWait] = useState(OTP_RESEND_SECONDS);

  useEffect(() => {
    if (wait <= 0) return;
    const id = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(id);
  }, [wait]);

  const submit = (code: string) => {
    if (verify.isPending) return;
    setError(null);
    verify.mutate(code, {
      onSuccess: () => navigate('/', { replace: true }),
      onError: (e) => {
        if (isApiError(e) && e.status === 422) setError(e.fieldErrors['code'] ?? e.message);
        setDigits(empty());
      },
    });
  };

  const onChange = (next: string[]) => {
    setDigits(next);
    setError(null);
    if (next.every(Boolean)) submit(next.join(''));
  };

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => setWait(OTP_RESEND_SECONDS),
      onError: (e) => isApiError(e) && e.retryAfter && setWait(e.retryAfter),
    });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (digits.every(Boolean)) submit(digits.join(''));
        else setError(t('otp.incomplete'));
      }}
      noValidate
    >
      <Stack align="center" gap={0} mb="xs">
        <ThemeIcon size={56} radius={28} variant="light" mb="sm">
          <IconDeviceMobileMessage size={30} />
        </ThemeIcon>
      </Stack>
      <AuthHeader title={t('otp.title')} center />
      <Text c="dimmed" mt={-12} mb="lg" ta="center">
        {t('otp.sentTo')}{' '}
        <Text span fw={700} c="dark" className="ltr-value">
          {user.phone}
        </Text>
      </Text>
      <Stack gap="md">
        <OtpInput length={OTP_LENGTH} value={digits} onChange={onChange} disabled={verify.isPending} error={Boolean(error)} />
        {error && (
          <Text c="red" fz="sm" ta="center" data-testid="otp-error">
            {error}
          </Text>
        )}
        <Button type="submit" size="md" fullWidth loading={verify.isPending}>
          {t('otp.submit')}
        </Button>
        <Group justify="center" gap={6}>
          <Text fz="sm" c="dimmed">
            {t('otp.noCode')}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={onResend} disabled={wait > 0} loading={resend.isPending} data-testid="resend-otp">
            {wait > 0 ? t('otp.resendIn', { seconds: wait }) : t('otp.resend')}
          </Button>
        </Group>
        {localSms && (
          <Text fz="xs" c="dimmed" ta="center" data-testid="otp-local-hint">
            {t('otp.outboxHint')}
          </Text>
        )}
        <Anchor component="button" type="button" fz="sm" ta="center" onClick={() => logout.mutate()} data-testid="sign-out">
          {t('otp.signOut')}
        </Anchor>
      </Stack>
    </form>
  );
}
