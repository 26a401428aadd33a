import { SectionTabs } from '@/components/section-tabs';
import { hasAnyPermission } from '@app/shared/permissions';
import { useTranslation } from 'react-i18next';
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
  const sections = NOTIFICATION_SECTIONS.filter((s) => hasAnyPermission(user.permissions, s.permission));
  return <SectionTabs sections={sections} label={(key) => t(`tabs.${key}`)} testPrefix="notifications-tab" />;
}
