import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { loginBody } from '@app/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { applyServerErrors, clearOnBlur, zodErrors } from '@/lib/form-errors';
import { guessPhoneCountry } from '@/lib/phone-country';
import { useLocale } from '@/lib/use-locale';
import { useLogin } from '../api/login';
import { AuthHeader } from '../components/auth-header';

type Values = { email: string; password: string };

/** One box takes an e-mail or a phone: with an @ it is sent as `email`, otherwise as `phone`. */
function toBody(v: Values) {
  const id = v.email.trim();
  const phone_country = guessPhoneCountry(id);
  return id.includes('@') ? { email: id, phone_country, password: v.password } : { phone: id || undefined, phone_country, password: v.password };
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm<Values>({
    initialValues: { email: '', password: '' },
    validate: (v) => {
      const { phone, ...rest } = zodErrors(loginBody, toBody(v), locale);
      return phone && !rest.email ? { ...rest, email: phone } : rest;
    },
  });

  const submit = form.onSubmit((v) =>
    login.mutate(toBody(v), {
      onSuccess: () => navigate('/', { replace: true }),
      onError: (e) => applyServerErrors(form, e, ['email', 'password'], { phone: 'email' }),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <AuthHeader title={t('login.title')} subtitle={t('login.subtitle')} />
      <Stack gap="md">
        <TextInput
          label={t('fields.emailOrPhone')}
          name="email"
          autoComplete="username"
          required
          dir="auto"
          {...clearOnBlur(form, 'email', form.getInputProps('email'))}
        />
        <PasswordInput
          label={t('fields.password')}
          name="password"
          autoComplete="current-password"
          required
          {...clearOnBlur(form, 'password', form.getInputProps('password'))}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/forgot-password" fz="sm" data-testid="forgot-link">
            {t('login.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={login.isPending}>
          {t('login.submit')}
        </Button>
        <Text ta="center" fz="sm" c="dimmed">
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to="/signup" fw={600} data-testid="signup-link">
            {t('login.signupLink')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
