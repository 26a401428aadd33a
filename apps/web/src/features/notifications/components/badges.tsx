import type { NotificationChannel, NotificationStatus } from '@app/shared/schemas/notifications';
import { Badge, type BadgeProps } from '@mantine/core';
import { IconBellRinging, IconBrandWhatsapp, IconMail, IconMessage, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_STATUS_COLORS } from '../lib/status';

export const CHANNEL_ICONS: Record<NotificationChannel, Icon> = {
  sms: IconMessage,
  email: IconMail,
  whatsapp: IconBrandWhatsapp,
  push: IconBellRinging,
};

const CHANNEL_COLORS: Record<NotificationChannel, string> = { sms: 'blue', email: 'grape', whatsapp: 'teal', push: 'indigo' };

type Props<S> = { value: S } & Omit<BadgeProps, 'children' | 'color'>;

/** The channel with its icon: SMS, e-mail, WhatsApp, push. */
export function ChannelBadge({ value, ...props }: Props<NotificationChannel>) {
  const { t } = useTranslation('notifications');
  const ChannelIcon = CHANNEL_ICONS[value] ?? IconMessage;
  return (
    <Badge variant="light" color={CHANNEL_COLORS[value] ?? 'gray'} tt="none" leftSection={<ChannelIcon size={12} />} style={{ minWidth: 'max-content' }} {...props}>
      {t(`channels.${value}`, { defaultValue: value })}
    </Badge>
  );
}

/** A message's status: sent and delivered green, pending gray, retried yellow, failed red, not sent orange. */
export function NotificationStatusBadge({ value, ...props }: Props<NotificationStatus>) {
  const { t } = useTranslation('notifications');
  return (
    <Badge variant="light" color={NOTIFICATION_STATUS_COLORS[value] ?? 'gray'} tt="none" style={{ minWidth: 'max-content' }} {...props}>
      {t(`statuses.${value}`, { defaultValue: value })}
    </Badge>
  );
}
