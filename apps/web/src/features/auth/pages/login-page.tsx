import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { applyServerErrors } from '@/lib/form-errors';
import { useLocale } from '@/lib/use-locale';
import { useLogin } from '../api/login';
import { AuthHeader } from '../components/auth-header';
import type { LoginValues } from '../lib/login-rules';

type Field = keyof LoginValues;
type Errors = Partial<Record<Field, string>>;

/**
 * The form's rules and the body it sends (the shared zod schema, the phone countries): fetched as the
 * visitor starts filling the form in, and awaited on submit, so the page itself carries neither.
 */
const loadRules = () => import('../lib/login-rules');

/**
 * The sign-in page. Its two fields are plain state rather than a form library's: this is the first
 * page most visitors load (issue 15 §6 keeps it small), and the rules are the same as everywhere: the
 * shared schema's messages on submit, the server's 422 under its field, and a message cleared when its
 * field is edited or left (spec §5).
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const navigate = useNavigate();
  const login = useLogin();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});

  const clear = (name: Field) => setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      clear(name);
    },
    onBlur: () => clear(name),
  });
  const form = {
    setErrors: (next: Record<string, string>) => setErrors(next),
    setFieldError: (path: string, message: string | null) => setErrors((e) => ({ ...e, [path]: message ?? undefined })),
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const rules = await loadRules();
    const found = rules.loginErrors(values, locale);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    login.mutate(rules.toLoginInput(values), {
      onSuccess: () => navigate('/', { replace: true }),
      onError: (e) => applyServerErrors(form, e, ['email', 'password'], { phone: 'email' }),
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)} onFocus={() => void loadRules()} noValidate>
      <AuthHeader title={t('login.title')} subtitle={t('login.subtitle')} />
      <Stack gap="md">
        <TextInput label={t('fields.emailOrPhone')} autoComplete="username" required dir="auto" {...field('email')} />
        <PasswordInput label={t('fields.password')} autoComplete="current-password" required {...field('password')} />
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
