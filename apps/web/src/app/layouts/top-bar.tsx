import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconChevronDown, IconLogout, IconMail, IconUser, IconUserOff, IconUserShield } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Ltr } from '@/components/bidi';
import { NotificationBell } from '@/features/app-notifications/components/notification-bell';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { useLogout } from '@/features/auth/api/logout';
import { BranchSwitch } from '@/features/branches/components/branch-switch';
import { CustomerSearch } from '@/features/customers/components/customer-search';
import { useLocalDelivery } from '@/features/dev-outbox/api/get-outbox';
import { useStopImpersonation } from '@/features/impersonation/api/impersonation';
import { ImpersonateModal } from '@/features/impersonation/components/impersonate-modal';
import { LanguageSwitch } from '../language-switch';

export function TopBar({ burger }: { burger: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const logout = useLogout();
  const stopImpersonation = useStopImpersonation();
  const [impersonateOpen, setImpersonateOpen] = useState(false);
  const localDelivery = useLocalDelivery();

  return (
    <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {burger}
        <Text fw={700} truncate visibleFrom="xs">
          {user.tenant.name ?? t('brand')}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        {user.permissions.includes('customers') && <CustomerSearch />}
        <BranchSwitch />
        <LanguageSwitch />
        <NotificationBell />
        <Menu position="bottom-end" width={220} shadow="md">
          <Menu.Target>
            <UnstyledButton data-testid="profile-menu" aria-label={t('topBar.profileMenu')}>
              <Group gap={6} wrap="nowrap">
                <Avatar src={user.profile_photo} name={user.name} color="brand" radius="xl" size={34} />
                <Text fz="sm" fw={600} visibleFrom="md" maw={140} truncate>
                  {user.name}
                </Text>
                <IconChevronDown size={14} />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>
              <Text fz="xs" c="dimmed" truncate>
                <Ltr>{user.email}</Ltr>
              </Text>
            </Menu.Label>
            <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />} data-testid="menu-profile">
              {t('topBar.profile')}
            </Menu.Item>
            {user.can_imp && !user.is_imp && (
              <Menu.Item leftSection={<IconUserShield size={16} />} onClick={() => setImpersonateOpen(true)} data-testid="impersonate-open">
                {t('impersonation.open')}
              </Menu.Item>
            )}
            {user.can_imp && !user.is_imp && (
              <Menu.Item component={Link} to="/operator" leftSection={<IconBuildingStore size={16} />} data-testid="menu-operator">
                {t('subscription:operator.menu')}
              </Menu.Item>
            )}
            {user.can_imp && !user.is_imp && (localDelivery?.sms || localDelivery?.email) && (
              <Menu.Item component={Link} to="/dev/outbox" leftSection={<IconMail size={16} />} data-testid="menu-outbox">
                {t('topBar.outbox')}
              </Menu.Item>
            )}
            {user.is_imp && (
              <Menu.Item color="orange" leftSection={<IconUserOff size={16} />} onClick={() => stopImpersonation.mutate()} data-testid="impersonation-end-menu">
                {t('impersonation.endMenu')}
              </Menu.Item>
            )}
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => logout.mutate()} data-testid="sign-out">
              {t('signOut')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {user.can_imp && !user.is_imp && <ImpersonateModal opened={impersonateOpen} onClose={() => setImpersonateOpen(false)} />}
    </Group>
  );
}
