import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '@/features/auth/api/logout';
import { PushCard } from '@/features/notifications/components/push-card';
import { EmailCard } from '../components/email-card';
import { LanguageCard } from '../components/language-card';
import { PasswordCard } from '../components/password-card';
import { PersonalInfoCard } from '../components/personal-info-card';

export function ProfilePage() {
  const { t } = useTranslation('profile');
  const logout = useLogout();
  return (
    <Stack gap="lg" maw={900} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {t('title')}
          </Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </div>
        <Button variant="subtle" color="red" leftSection={<IconLogout size={16} />} onClick={() => logout.mutate()}>
          {t('common:signOut')}
        </Button>
      </Group>
      <PersonalInfoCard />
      <EmailCard />
      <PasswordCard />
      <LanguageCard />
      <PushCard />
    </Stack>
  );
}
