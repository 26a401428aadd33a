import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';

/** Where toasts show (loaded with the first one: see `providers.tsx`). */
export function NotificationsHost() {
  return <Notifications position="top-center" autoClose={5000} zIndex={1000} />;
}
