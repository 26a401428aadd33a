import { Alert, Badge, Button, Card, Group, PasswordInput, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changeEmailBody } from '@app/shared/schemas/auth';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { useResendEmailVerification } from '@/features/auth/api/email-verification';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useChangeEmail } from '../api/change-email';

const FIELDS = ['new_email', 'current_password'] as const;

export function EmailCard() {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const user = useCurrentUser();
  const resend = useResendEmailVerification();
  const change = useChangeEmail();
  const form = useForm({ initialValues: { new_email: '', current_password: '' }, validate: (v) => zodErrors(changeEmailBody, v, locale) });
  const props = (path: (typeof FIELDS)[number]) => clearOnBlur(form, path, form.getInputProps(path));

  const submit = form.onSubmit((v) =>
    change.mutate(changeEmailBody.parse(v), {
      onSuccess: () => form.reset(),
      onError: (e) => applyServerErrors(form, e, FIELDS),
    }),
  );

  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="md">
        {t('email.title')}
      </Title>
      <Group gap="sm" mb="md" wrap="wrap">
        <Text fw={600} className="ltr-value" data-testid="profile-email">
          {user.email}
        </Text>
        {user.email_verified ? (
          <Badge color="green" variant="light" data-testid="email-verified">
            {t('email.verified')}
          </Badge>
        ) : (
          <>
            <Badge color="orange" variant="light" data-testid="email-unverified">
              {t('email.unverified')}
            </Badge>
            <Button size="compact-sm" variant="light" onClick={() => resend.mutate(undefined)} loading={resend.isPending} data-testid="resend-verification">
              {t('email.resend')}
            </Button>
          </>
        )}
      </Group>
      {change.isSuccess && (
        <Alert color="brand" variant="light" icon={<IconMailForward size={18} />} mb="md" data-testid="email-pending">
          {change.data.message}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('email.newEmail')} name="new_email" type="email" dir="ltr" required {...props('new_email')} />
          <PasswordInput label={t('currentPassword')} name="current_password" autoComplete="current-password" required {...props('current_password')} />
        </SimpleGrid>
        <Button type="submit" mt="md" variant="light" loading={change.isPending} data-testid="change-email">
          {t('email.submit')}
        </Button>
      </form>
    </Card>
  );
}
