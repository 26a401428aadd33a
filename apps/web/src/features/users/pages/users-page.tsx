import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingsPageHeader } from '@/features/settings/components/settings-page-header';
import { UsersPanel } from '../components/users-panel';

export function UsersPage() {
  const { t } = useTranslation('users');
  return (
    <Stack gap="lg">
      <SettingsPageHeader title={t('users.title')} subtitle={t('users.subtitle')} />
      <UsersPanel />
    </Stack>
  );
}
