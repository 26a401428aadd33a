import type { NotificationStatus } from '@app/shared/schemas/notifications';

/** A log line's status colour: delivered green, waiting gray, trying again yellow, given up red, never sent orange. */
export const NOTIFICATION_STATUS_COLORS: Record<NotificationStatus, string> = {
  pending: 'gray',
  sent: 'green',
  success: 'green',
  retried: 'yellow',
  failed: 'red',
  'not-sent': 'orange',
};

/** The days the log looks back (the API's default 7, spec §9). */
export const LOG_DAYS = ['7', '30', '90'] as const;
export const DEFAULT_LOG_DAYS = 7;
