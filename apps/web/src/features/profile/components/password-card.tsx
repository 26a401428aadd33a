import { Button, Card, PasswordInput, SimpleGrid, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { updatePasswordBody } from '@app/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useUpdatePassword } from '../api/update-password';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

export function PasswordCard() {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const update = useUpdatePassword();
  const form = useForm({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: (v) => zodErrors(updatePasswordBody, v, locale),
  });
  const props = (path: (typeof FIELDS)[number]) => clearOnBlur(form, path, form.getInputProps(path));

  const submit = form.onSubmit((v) =>
    update.mutate(v, { onSuccess: () => form.reset(), onError: (e) => applyServerErrors(form, e, FIELDS) }),
  );

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Title order={2} fz="lg" mb="md">
          {t('password.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <PasswordInput label={t('currentPassword')} name="current_password" autoComplete="current-password" required {...props('current_password')} />
          <PasswordInput label={t('password.new')} name="password" autoComplete="new-password" required {...props('password')} />
          <PasswordInput label={t('password.confirm')} name="password_confirmation" autoComplete="new-password" required {...props('password_confirmation')} />
        </SimpleGrid>
        <Button type="submit" mt="md" variant="light" loading={update.isPending} data-testid="update-password">
          {t('password.submit')}
        </Button>
      </form>
    </Card>
  );
}
