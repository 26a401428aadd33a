import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { forgotPasswordBody } from '@app/shared/schemas/auth';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useForgotPassword } from '../api/password-reset';
import { AuthHeader } from '../components/auth-header';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const forgot = useForgotPassword();
  const form = useForm({ initialValues: { email: '' }, validate: (v) => zodErrors(forgotPasswordBody, v, locale) });

  const submit = form.onSubmit((v) => forgot.mutate(v.email.trim(), { onError: (e) => applyServerErrors(form, e, ['email']) }));

  return (
    <form onSubmit={submit} noValidate>
      <AuthHeader title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
      <Stack gap="md">
        {forgot.isSuccess && (
          <Alert color="green" icon={<IconMailCheck size={20} />} data-testid="forgot-success">
            {forgot.data.message}
          </Alert>
        )}
        <TextInput
          label={t('fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          dir="ltr"
          {...clearOnBlur(form, 'email', form.getInputProps('email'))}
        />
        <Button type="submit" size="md" fullWidth loading={forgot.isPending}>
          {t('forgot.submit')}
        </Button>
        <Anchor component={Link} to="/login" ta="center" fz="sm">
          {t('backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
