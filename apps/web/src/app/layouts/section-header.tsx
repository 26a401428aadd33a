import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '@/components/brand';
import { useLogout } from '@/features/auth/api/logout';
import { LanguageSwitch } from '../language-switch';

/**
 * The header of the pages without the top bar (settings and profile, spec §2): the section's name,
 * and the two things nobody should have to leave settings for, the language switch and sign-out.
 */
export function SectionHeader({ burger, title }: { burger: ReactNode; title: string }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap" data-testid="section-header">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {burger}
        <Group hiddenFrom="sm">
          <Brand size="md" compact />
        </Group>
        <Text fw={700} truncate>
          {title}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <LanguageSwitch />
        <Button
          variant="subtle"
          color="red"
          size="compact-md"
          leftSection={<IconLogout size={18} />}
          visibleFrom="xs"
          loading={logout.isPending}
          onClick={() => logout.mutate()}
          data-testid="header-sign-out"
        >
          {t('signOut')}
        </Button>
        <Tooltip label={t('signOut')}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            hiddenFrom="xs"
            aria-label={t('signOut')}
            loading={logout.isPending}
            onClick={() => logout.mutate()}
            data-testid="header-sign-out-icon"
          >
            <IconLogout size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
