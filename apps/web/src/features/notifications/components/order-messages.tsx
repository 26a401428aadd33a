import { Badge, Box, Button, Card, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonName } from '@/components/bidi';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatDateTimeIn, formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useOrderNotifications } from '../api/notifications';
import { CHANNEL_ICONS, NotificationStatusBadge } from './badges';

/**
 * The order page's "Messages": what was sent about the order (`GET orders/{id}/notifications`),
 * newest first — the channel, who received it, the status and when — compact enough for the side
 * column; a line saying so when there is none.
 */
export function OrderMessages({ orderId }: { orderId: string }) {
  const { t } = useTranslation('notifications');
  const locale = useLocale();
  const user = useCurrentUser();
  const messages = useOrderNotifications(orderId);
  const count = messages.data?.length ?? 0;

  let body: ReactNode;
  if (messages.isPending)
    body = (
      <Stack gap={6}>
        <Skeleton h={28} />
        <Skeleton h={28} />
      </Stack>
    );
  else if (messages.isError)
    body = (
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text fz="sm" c="red.7">
          {t('order.loadError')}
        </Text>
        <Button size="compact-xs" variant="light" color="red" onClick={() => void messages.refetch()}>
          {t('retry')}
        </Button>
      </Group>
    );
  else if (count === 0)
    body = (
      <Text fz="sm" c="dimmed" data-testid="order-messages-empty">
        {t('order.none')}
      </Text>
    );
  else
    body = (
      <Stack gap={0}>
        {messages.data.map((n, i) => {
          const ChannelIcon = CHANNEL_ICONS[n.channel];
          return (
            <Fragment key={n.id}>
              {i > 0 && <Divider my={6} />}
              <Group gap="xs" wrap="nowrap" align="flex-start" data-testid={`order-message-${n.id}`}>
                <ChannelIcon size={18} aria-label={t(`channels.${n.channel}`)} role="img" style={{ flexShrink: 0, marginBlockStart: 2 }} />
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text fz="sm" fw={500} truncate>
                    {n.receiver_name ? <PersonName name={n.receiver_name} /> : t(`receivers.${n.receiver_type}`)}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {`${t(`channels.${n.channel}`)} · ${t(`receivers.${n.receiver_type}`)}`}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {formatDateTimeIn(n.sent_at ?? n.created_at, locale, user.tenant.time_format, user.tenant.timezone)}
                  </Text>
                </Stack>
                <Box style={{ flexShrink: 0 }}>
                  <NotificationStatusBadge value={n.status} size="sm" data-testid={`order-message-status-${n.id}`} />
                </Box>
              </Group>
            </Fragment>
          );
        })}
      </Stack>
    );

  return (
    <Card withBorder padding="md" data-testid="order-messages">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={700}>{t('order.title')}</Text>
        {count > 0 && (
          <Badge variant="light" color="gray" size="sm" circle={count < 10}>
            {formatNumber(count, locale)}
          </Badge>
        )}
      </Group>
      {body}
    </Card>
  );
}
