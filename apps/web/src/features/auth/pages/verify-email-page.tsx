import { Alert, Button, Loader, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { emailField } from '@app/shared/schemas/common';
import { IconCircleCheck, IconCircleX, IconMail } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { getToken } from '@/lib/storage';
import { useMe } from '../api/get-me';
import { useResendEmailVerification, useVerifyEmail } from '../api/email-verification';
import { AuthHeader } from '../components/auth-header';

/** With ?token= it confirms the e-mailed link; otherwise it asks the user to check their inbox. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  const verify = useVerifyEmail();
  const sent = useRef(false);

  useEffect(() => {
    if (token && !sent.current) {
      sent.current = true;
      verify.mutate(token);
    }
  }, [token, verify]);

  const next = getToken() ? '/dashboard' : '/login';

  if (token) {
    return (
      <Stack align="center" ta="center" gap="md" data-testid="verify-email-result">
        {verify.isPending || verify.isIdle ? (
          <>
            <Loader />
            <Text>{t('verifyEmail.checking')}</Text>
          </>
        ) : verify.isSuccess ? (
          <>
            <ThemeIcon size={64} radius={32} color="green" variant="light">
              <IconCircleCheck size={36} />
            </ThemeIcon>
            <AuthHeader title={t('verifyEmail.successTitle')} subtitle={verify.data.message} />
            <Button component={Link} to={next} fullWidth>
              {t('verifyEmail.continue')}
            </Button>
          </>
        ) : (
          <>
            <ThemeIcon size={64} radius={32} color="red" variant="light">
              <IconCircleX size={36} />
            </ThemeIcon>
            <AuthHeader title={t('verifyEmail.failureTitle')} subtitle={verify.error?.message} />
            <Button component={Link} to="/verify-your-email" variant="light" fullWidth>
              {t('verifyEmail.resendLink')}
            </Button>
          </>
        )}
      </Stack>
    );
  }
  return <CheckInbox next={next} />;
}

function CheckInbox({ next }: { next: string }) {
  const { t } = useTranslation('auth');
  const me = useMe();
  const resend = useResendEmailVerification();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signedIn = Boolean(me.data);

  const onResend = () => {
    if (signedIn) return resend.mutate(undefined);
    if (!emailField.safeParse(email).success) return setError(t('verifyEmail.emailInvalid'));
    setError(null);
    resend.mutate(email.trim());
  };

  return (
    <Stack gap="md">
      <Stack align="center">
        <ThemeIcon size={64} radius={32} variant="light">
          <IconMail size={34} />
        </ThemeIcon>
      </Stack>
      <AuthHeader title={t('verifyEmail.title')} subtitle={t('verifyEmail.subtitle')} center />
      {me.data && (
        <Alert color="brand" variant="light">
          <Text span className="ltr-value" fw={700}>
            {me.data.email}
          </Text>
        </Alert>
      )}
      {!signedIn && (
        <TextInput
          label={t('fields.email')}
          name="email"
          type="email"
          dir="ltr"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={error}
        />
      )}
      <Button onClick={onResend} loading={resend.isPending} fullWidth data-testid="resend-email">
        {t('verifyEmail.resend')}
      </Button>
      <Button component={Link} to={next} variant="subtle">
        {signedIn ? t('verifyEmail.continue') : t('backToLogin')}
      </Button>
    </Stack>
  );
}
