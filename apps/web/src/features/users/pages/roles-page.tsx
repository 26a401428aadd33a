import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingsPageHeader } from '@/features/settings/components/settings-page-header';
import { RolesPanel } from '../components/roles-panel';

export function RolesPage() {
  const { t } = useTranslation('users');
  return (
    <Stack gap="lg">
      <SettingsPageHeader title={t('roles.title')} subtitle={t('roles.subtitle')} />
      <RolesPanel />
    </Stack>
  );
}
