import type { PermissionKey } from '@app/shared/permissions';
import { Stack, Tabs } from '@mantine/core';
import { IconMail, IconShieldLock, IconUserShield, IconUsers, IconUsersGroup, type Icon } from '@tabler/icons-react';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { SettingsPageHeader } from '@/features/settings/components/settings-page-header';
import { InvitationsPanel } from '../components/invitations-panel';
import { RolesPanel } from '../components/roles-panel';
import { UsersPanel } from '../components/users-panel';
import { useCan } from '../lib/use-can';

const TeamsPanel = lazy(() => import('@/features/branches/components/teams-panel').then((m) => ({ default: m.TeamsPanel })));
const SupervisorsPanel = lazy(() => import('@/features/branches/components/supervisors-panel').then((m) => ({ default: m.SupervisorsPanel })));

type Tab = { value: string; icon: Icon; permissions: readonly PermissionKey[]; Panel: ComponentType };

/** Tabs in order; each shows only to a user holding one of its keys (as the API checks them). */
const TABS: readonly Tab[] = [
  { value: 'users', icon: IconUsers, permissions: ['settings.users'], Panel: UsersPanel },
  { value: 'roles', icon: IconShieldLock, permissions: ['settings.roles'], Panel: RolesPanel },
  { value: 'invitations', icon: IconMail, permissions: ['settings.users'], Panel: InvitationsPanel },
  { value: 'teams', icon: IconUsersGroup, permissions: ['providers'], Panel: TeamsPanel },
  { value: 'supervisors', icon: IconUserShield, permissions: ['settings.users'], Panel: SupervisorsPanel },
];

/** Users, roles, invitations, provider teams and supervisors on one page; `?tab=` keeps the tab. */
export function UsersAndRolesPage() {
  const { t } = useTranslation('users');
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((tab) => can(tab.permissions));
  const requested = params.get('tab');
  const active = tabs.find((tab) => tab.value === requested)?.value ?? tabs[0]?.value ?? null;

  return (
    <Stack gap="lg">
      <SettingsPageHeader title={t('usersAndRoles.title')} subtitle={t('usersAndRoles.subtitle')} />
      <Tabs value={active} onChange={(v) => v && setParams({ tab: v }, { replace: true })} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map(({ value, icon: IconComp }) => (
            <Tabs.Tab key={value} value={value} leftSection={<IconComp size={16} />} px={{ base: 'xs', sm: 'md' }} data-testid={`tab-${value}`}>
              {t(`usersAndRoles.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map(({ value, Panel }) => (
          <Tabs.Panel key={value} value={value}>
            <Suspense fallback={<PageLoader />}>
              <Panel />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
