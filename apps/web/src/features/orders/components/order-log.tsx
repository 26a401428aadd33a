import { Card, Code, Group, Text, Timeline } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListSkeleton } from '@/components/list-states';
import { joinList } from '@/lib/format';
import { useOrderLogs } from '../api/orders';
import { describeChanges, type LogFormat } from '../lib/log';
import { useOrderFormat } from '../lib/use-format';

/** The order's change log: who did what, and when (newest first). */
export function OrderLog({ orderId, currency }: { orderId: string; currency: string }) {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  const { i18n } = useTranslation();
  const logs = useOrderLogs(orderId);
  const format: LogFormat = {
    money: (n) => fmt.money(n, currency),
    dateTime: fmt.dateTime,
    label: (key) => (i18n.exists(`orders:log.field.${key}`) ? t(`log.field.${key}`) : key),
    yesNo: (b) => t(b ? 'log.yes' : 'log.no'),
    list: (items) => joinList(items, fmt.locale),
  };
  if (logs.isPending) return <ListSkeleton rows={3} />;
  if (logs.isError) return <ListError text={{ title: t('log.error'), retry: t('states.retry') }} onRetry={() => void logs.refetch()} />;
  if (logs.data.length === 0)
    return (
      <Card withBorder padding={0}>
        <ListEmpty icon={IconHistory} title={t('log.none')} />
      </Card>
    );
  return (
    <Card withBorder padding="md" data-testid="order-log">
      <Timeline bulletSize={14} lineWidth={2}>
        {logs.data.map((entry) => {
          const details = describeChanges(entry.changes, format);
          return (
            <Timeline.Item key={entry.id} title={<Text fz="sm" fw={600}>{t(`log.action.${entry.action}`, { defaultValue: entry.action })}</Text>}>
              <Group gap={6} wrap="wrap">
                <Text fz="xs" c="dimmed">
                  {entry.user?.name ?? t('log.system')}
                </Text>
                <Text fz="xs" c="dimmed">
                  ·
                </Text>
                <Text fz="xs" c="dimmed">
                  {fmt.dateTime(entry.created_at)}
                </Text>
              </Group>
              {details.length > 0 && (
                <Code block mt={4} fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {details.join('\n')}
                </Code>
              )}
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Card>
  );
}
