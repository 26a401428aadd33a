import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { resetPasswordBody } from '@app/shared/schemas/auth';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useResetPassword } from '../api/password-reset';
import { AuthHeader } from '../components/auth-header';

const FIELDS = ['email', 'token', 'password', 'password_confirmation'] as const;

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const form = useForm({
    initialValues: { email: params.get('email') ?? '', token, password: '', password_confirmation: '' },
    validate: (v) => zodErrors(resetPasswordBody, v, locale),
  });
  const props = (path: (typeof FIELDS)[number]) => clearOnBlur(form, path, form.getInputProps(path));

  if (reset.isSuccess) {
    return (
      <Stack>
        <AuthHeader title={t('reset.title')} />
        <Alert color="green" icon={<IconCircleCheck size={20} />} data-testid="reset-success">
          {reset.data.message}
        </Alert>
        <Button component={Link} to="/login" fullWidth>
          {t('backToLogin')}
        </Button>
      </Stack>
    );
  }

  const submit = form.onSubmit((v) => reset.mutate(v, { onError: (e) => applyServerErrors(form, e, FIELDS) }));

  return (
    <form onSubmit={submit} noValidate>
      <AuthHeader title={t('reset.title')} subtitle={t('reset.subtitle')} />
      <Stack gap="md">
        {(!token || form.errors.token) && (
          <Alert color="red" icon={<IconAlertCircle size={20} />}>
            {form.errors.token ?? t('reset.invalidLink')}
          </Alert>
        )}
        <TextInput label={t('fields.email')} name="email" type="email" required dir="ltr" {...props('email')} />
        <PasswordInput label={t('fields.newPassword')} name="password" autoComplete="new-password" required {...props('password')} />
        <PasswordInput
          label={t('fields.passwordConfirmation')}
          name="password_confirmation"
          autoComplete="new-password"
          required
          {...props('password_confirmation')}
        />
        <Button type="submit" size="md" fullWidth loading={reset.isPending} disabled={!token}>
          {t('reset.submit')}
        </Button>
        <Anchor component={Link} to="/login" ta="center" fz="sm">
          {t('backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
