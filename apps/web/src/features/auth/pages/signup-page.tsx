import { Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { registerBody } from '@app/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useRegister } from '../api/register';
import { AuthHeader } from '../components/auth-header';
import { PhoneField } from '../components/phone-field';

const FIELDS = ['name', 'email', 'phone', 'phone_country', 'password', 'password_confirmation'] as const;

export function SignupPage() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const navigate = useNavigate();
  const register = useRegister();
  const form = useForm({
    initialValues: { name: '', email: '', phone: '', phone_country: 'SA', password: '', password_confirmation: '' },
    validate: (v) => zodErrors(registerBody, { ...v, locale }, locale),
  });
  const props = (path: (typeof FIELDS)[number]) => clearOnBlur(form, path, form.getInputProps(path));

  const submit = form.onSubmit((v) =>
    register.mutate(registerBody.parse({ ...v, locale }), {
      onSuccess: () => navigate('/verify-otp', { replace: true }),
      onError: (e) => applyServerErrors(form, e, FIELDS),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <AuthHeader title={t('signup.title')} subtitle={t('signup.subtitle')} />
      <Stack gap="md">
        <TextInput label={t('fields.name')} name="name" autoComplete="name" required {...props('name')} />
        <TextInput label={t('fields.email')} name="email" type="email" autoComplete="email" required dir="ltr" {...props('email')} />
        <PhoneField
          country={form.values.phone_country}
          onCountryChange={(c) => form.setFieldValue('phone_country', c)}
          inputProps={props('phone')}
          error={(form.errors.phone ?? form.errors.phone_country) as string | undefined}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <PasswordInput label={t('fields.password')} name="password" autoComplete="new-password" required {...props('password')} />
          <PasswordInput
            label={t('fields.passwordConfirmation')}
            name="password_confirmation"
            autoComplete="new-password"
            required
            {...props('password_confirmation')}
          />
        </SimpleGrid>
        <Button type="submit" size="md" fullWidth loading={register.isPending}>
          {t('signup.submit')}
        </Button>
        <Text ta="center" fz="sm" c="dimmed">
          {t('signup.haveAccount')}{' '}
          <Anchor component={Link} to="/login" fw={600} data-testid="login-link">
            {t('signup.loginLink')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
