import { hasAnyPermission } from '@app/shared/permissions';
import { Box, ScrollArea, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '@/features/auth/api/get-me';

/** The notifications screens (spec §2 /notifications children built so far), each with its key. */
export const NOTIFICATION_SECTIONS = [
  { path: '/notifications/whatsapp', key: 'whatsapp', permission: ['notifications', 'settings.notifications'] },
  { path: '/notifications/log', key: 'log', permission: ['notifications'] },
  { path: '/notifications/settings', key: 'settings', permission: ['settings.notifications'] },
] as const;

/** Tabs between the messages sent and the templates, for a user who may open both. */
export function NotificationsTabs() {
  const { t } = useTranslation('notifications');
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const sections = NOTIFICATION_SECTIONS.filter((s) => hasAnyPermission(user.permissions, s.permission));
  if (sections.length < 2) return null;
  return (
    <Box>
      <ScrollArea type="never" offsetScrollbars={false}>
        <Tabs value={pathname.replace(/\/+$/, '')} onChange={(v) => v && navigate(v)} variant="pills" radius="md">
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {sections.map((s) => (
              <Tabs.Tab key={s.path} value={s.path} data-testid={`notifications-tab-${s.key}`}>
                {t(`tabs.${s.key}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      </ScrollArea>
    </Box>
  );
}
