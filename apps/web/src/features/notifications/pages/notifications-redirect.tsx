import { hasAnyPermission } from '@app/shared/permissions';
import { Navigate } from 'react-router';
import { useCurrentUser } from '@/features/auth/api/get-me';

/** Where `/notifications` opens (spec §2): the WhatsApp screen, open to a holder of either notifications key. */
export function notificationsTarget(permissions: readonly string[]): string {
  return hasAnyPermission(permissions, ['notifications', 'settings.notifications']) ? '/notifications/whatsapp' : '/notifications/log';
}

/** `/notifications` opens the first notifications screen the user may open. */
export function NotificationsRedirect() {
  const user = useCurrentUser();
  return <Navigate to={notificationsTarget(user.permissions)} replace />;
}

/** `/settings/notifications`, the settings hub's card: the templates, which live with the notifications (spec §2 /notifications/settings). */
export function NotificationSettingsRedirect() {
  return <Navigate to="/notifications/settings" replace />;
}
