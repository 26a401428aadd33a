import { acceptInvitationBody } from '@app/shared/schemas/access';
import { Alert, Anchor, Badge, Button, Center, Group, Loader, PasswordInput, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconLinkOff, IconMailCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthHeader } from '@/features/auth/components/auth-header';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useAcceptInvitation, useInvitationPreview } from '../api/accept-invitation';

const FIELDS = ['token', 'name', 'password', 'password_confirmation'] as const;

/** A dead or incomplete link: say so, and offer the way to sign in. */
function InvalidLink() {
  const { t } = useTranslation('users');
  return (
    <Stack align="center" ta="center" gap="sm" data-testid="accept-invalid">
      <ThemeIcon size={64} radius={32} variant="light" color="red">
        <IconLinkOff size={32} />
      </ThemeIcon>
      <AuthHeader title={t('accept.invalidTitle')} subtitle={t('accept.invalidBody')} center />
      <Button component={Link} to="/login" fullWidth>
        {t('accept.toLogin')}
      </Button>
    </Stack>
  );
}

/** `/accept-invitation?token=…`: the invited person sets a name and password and is signed in. */
export function AcceptInvitationPage() {
  const { t } = useTranslation('users');
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const form = useForm({
    initialValues: { token, name: '', password: '', password_confirmation: '' },
    validate: (v) => zodErrors(acceptInvitationBody, v, locale),
  });
  const props = (path: (typeof FIELDS)[number]) => clearOnBlur(form, path, form.getInputProps(path));

  // The invitation may carry the name the inviter typed: offer it, the person can change it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once when the preview arrives
  useEffect(() => {
    if (preview.data?.name && !form.values.name) form.setFieldValue('name', preview.data.name);
  }, [preview.data]);

  if (!token) return <InvalidLink />;
  if (preview.isPending)
    return (
      <Center h={240} data-testid="accept-loading">
        <Loader />
      </Center>
    );
  if (preview.isError) {
    if (isApiError(preview.error) && (preview.error.status === 404 || preview.error.status === 422)) return <InvalidLink />;
    return (
      <Stack>
        <Alert color="red" icon={<IconAlertCircle size={20} />}>
          {t('accept.loadError')}
        </Alert>
        <Button variant="light" onClick={() => preview.refetch()}>
          {t('states.retry')}
        </Button>
      </Stack>
    );
  }
  if (form.errors.token) return <InvalidLink />;

  const invitation = preview.data;
  const submit = form.onSubmit((v) =>
    accept.mutate(acceptInvitationBody.parse(v), {
      onSuccess: () => navigate('/dashboard', { replace: true }),
      onError: (e) => applyServerErrors(form, e, FIELDS),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <AuthHeader
        title={invitation.business ? t('accept.title', { business: invitation.business }) : t('accept.titleNoBusiness')}
        subtitle={t('accept.subtitle')}
      />
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" p="sm" bg="var(--mantine-color-brand-0)" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <ThemeIcon size={36} radius="xl" variant="white">
            <IconMailCheck size={20} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fz="sm" fw={600} className="ltr-value" truncate data-testid="accept-email">
              {invitation.email}
            </Text>
            {invitation.role && (
              <Group gap={6}>
                <Text fz="xs" c="dimmed">
                  {t('accept.roleLabel')}
                </Text>
                <Badge size="sm" variant="light" data-testid="accept-role">
                  {invitation.role}
                </Badge>
              </Group>
            )}
          </Stack>
        </Group>
        <TextInput label={t('fields.name')} name="name" autoComplete="name" required data-testid="accept-name" {...props('name')} />
        <PasswordInput
          label={t('accept.password')}
          name="password"
          autoComplete="new-password"
          required
          data-testid="accept-password"
          {...props('password')}
        />
        <PasswordInput
          label={t('accept.passwordConfirmation')}
          name="password_confirmation"
          autoComplete="new-password"
          required
          data-testid="accept-password-confirmation"
          {...props('password_confirmation')}
        />
        <Button type="submit" size="md" fullWidth loading={accept.isPending} data-testid="accept-submit">
          {t('accept.submit')}
        </Button>
        <Text ta="center" fz="sm" c="dimmed">
          {t('accept.haveAccount')}{' '}
          <Anchor component={Link} to="/login" fz="sm" fw={600}>
            {t('accept.toLogin')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
