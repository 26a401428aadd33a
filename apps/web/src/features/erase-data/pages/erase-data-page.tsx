import { passwordConfirmBody } from '@app/shared/schemas/access';
import { Alert, Button, Card, Checkbox, List, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { SettingsPageHeader } from '@/features/settings/components/settings-page-header';
import { api, toast } from '@/lib/api-client';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import type { WriteResult } from '@/lib/query';
import { useLocale } from '@/lib/use-locale';

const WIPED = ['services', 'providers', 'teams', 'supervisors'] as const;
const KEPT = ['accounts', 'roles', 'branches', 'settings'] as const;

/**
 * `/settings/erase-data`: the owner deletes the business's catalogue and activity data after typing
 * the account password and confirming twice (spec §5: the password and the owner account).
 */
export function EraseDataPage() {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [understood, setUnderstood] = useState(false);
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const form = useForm({ initialValues: { password: '' }, validate: (v) => zodErrors(passwordConfirmBody, v, locale) });

  const ask = () => {
    if (!form.validate().hasErrors) setAsking(true);
  };
  const erase = async () => {
    setPending(true);
    try {
      const res = await api.post<WriteResult>('erase-data', { password: form.values.password });
      toast(res.message);
      form.reset();
      setUnderstood(false);
      await queryClient.invalidateQueries();
    } catch (error) {
      applyServerErrors(form, error, ['password']);
    } finally {
      setPending(false);
      setAsking(false);
    }
  };

  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%">
      <SettingsPageHeader title={t('erase.title')} subtitle={t('erase.subtitle')} />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={t('erase.warningTitle')}>
            {t('erase.warning')}
          </Alert>
          <div>
            <Title order={3} fz="md" mb={6}>
              {t('erase.wipedTitle')}
            </Title>
            <List spacing={4} fz="sm">
              {WIPED.map((k) => (
                <List.Item key={k}>{t(`erase.wiped.${k}`)}</List.Item>
              ))}
            </List>
          </div>
          <div>
            <Title order={3} fz="md" mb={6}>
              {t('erase.keptTitle')}
            </Title>
            <List spacing={4} fz="sm">
              {KEPT.map((k) => (
                <List.Item key={k}>{t(`erase.kept.${k}`)}</List.Item>
              ))}
            </List>
          </div>
          {user.is_owner ? (
            <>
              <PasswordInput
                label={t('erase.password')}
                autoComplete="current-password"
                required
                maw={360}
                data-testid="erase-password"
                {...clearOnBlur(form, 'password', form.getInputProps('password'))}
              />
              <Checkbox
                checked={understood}
                onChange={(e) => setUnderstood(e.currentTarget.checked)}
                label={t('erase.understand')}
                data-testid="erase-understand"
              />
              <div>
                <Button color="red" disabled={!understood} onClick={ask} data-testid="erase-submit">
                  {t('erase.submit')}
                </Button>
              </div>
            </>
          ) : (
            <Text c="dimmed" fz="sm" data-testid="erase-owner-only">
              {t('erase.ownerOnly')}
            </Text>
          )}
        </Stack>
      </Card>
      <ConfirmDialog
        opened={asking}
        title={t('erase.confirmTitle')}
        message={t('erase.confirmBody')}
        confirmLabel={t('erase.submit')}
        loading={pending}
        onConfirm={erase}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
