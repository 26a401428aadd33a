import { hasAnyPermission } from '@app/shared/permissions';
import { NOTIFICATION_CHANNELS, NOTIFICATION_STATUSES } from '@app/shared/schemas/notifications';
import { Alert, Box, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconMessages, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Ltr, PersonName } from '@/components/bidi';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { filterOf, SelectFilter } from '@/components/list-view/filter-fields';
import { ListView, type ListViewColumn } from '@/components/list-view/list-view';
import { listBindings, oneOf, useListParams } from '@/components/list-view/use-list-params';
import { RowAction } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatDateTimeIn } from '@/lib/format';
import { refusalMessage } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { type Notification, useNotificationLog, useResendNotification } from '../api/notifications';
import { ChannelBadge, NotificationStatusBadge } from '../components/badges';
import { NotificationsTabs } from '../components/notifications-tabs';
import { DEFAULT_LOG_DAYS, LOG_DAYS } from '../lib/status';

const FILTERS = ['status', 'channel', 'days'] as const;

/** The address the receiver was reached at on the message's channel (the phone for SMS and WhatsApp, else the e-mail). */
export const contactOf = (n: Pick<Notification, 'channel' | 'phone' | 'email'>): string | null =>
  n.channel === 'email' ? (n.email ?? n.phone) : n.channel === 'push' ? null : (n.phone ?? n.email);

/**
 * `/notifications/log` (`notifications`): the messages sent, newest first, the last 7 days unless a
 * longer span is chosen (spec §9), filtered by status and channel: when, the channel, who received
 * it and where, the text, its status with the reason it failed. A message can be sent again after
 * a confirmation (a new line in the log); the server's refusal stays in the dialog.
 */
export function NotificationLogPage() {
  const { t } = useTranslation('notifications');
  const locale = useLocale();
  const user = useCurrentUser();
  const list = useListParams(FILTERS);
  const f = list.filters;
  const days = Number(oneOf(LOG_DAYS, f.days) ?? DEFAULT_LOG_DAYS);
  const log = useNotificationLog({
    page: list.page,
    per_page: list.query.per_page,
    days,
    ...(oneOf(NOTIFICATION_STATUSES, f.status) ? { status: oneOf(NOTIFICATION_STATUSES, f.status) } : {}),
    ...(oneOf(NOTIFICATION_CHANNELS, f.channel) ? { channel: oneOf(NOTIFICATION_CHANNELS, f.channel) } : {}),
  });
  const resend = useResendNotification();
  const [resending, setResending] = useState<Notification | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const when = (iso: string) => formatDateTimeIn(iso, locale, user.tenant.time_format, user.tenant.timezone);
  const canEditTemplates = hasAnyPermission(user.permissions, ['settings.notifications']);

  const closeResend = () => {
    setResending(null);
    setRefusal(null);
  };
  const confirmResend = () => {
    if (!resending) return;
    resend.mutate(resending.id, {
      onSuccess: closeResend,
      onError: (e) => {
        // Unreachable on the channel: the server's message stays in the dialog.
        const message = refusalMessage(e);
        if (message) setRefusal(message);
        else closeResend();
      },
    });
  };

  const receiver = (n: Notification) => {
    const contact = contactOf(n);
    return (
      <Stack gap={0} miw={0}>
        <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid={`notification-receiver-${n.id}`}>
          {n.receiver_name ? <PersonName name={n.receiver_name} /> : t(`receivers.${n.receiver_type}`)}
        </Text>
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {n.receiver_name && <span data-testid={`notification-receiver-type-${n.id}`}>{t(`receivers.${n.receiver_type}`)}</span>}
          {n.receiver_name && contact && ' · '}
          {contact && <Ltr data-testid={`notification-contact-${n.id}`}>{contact}</Ltr>}
        </Text>
      </Stack>
    );
  };
  const message = (n: Notification) => (
    <Box maw={420} miw={0}>
      {n.title && (
        <Text fz="sm" fw={600} lineClamp={1} dir="auto">
          {n.title}
        </Text>
      )}
      <Text fz="sm" lineClamp={2} dir="auto" style={{ overflowWrap: 'anywhere' }} data-testid={`notification-body-${n.id}`}>
        {n.body}
      </Text>
    </Box>
  );
  const status = (n: Notification) => (
    <Stack gap={2} align="flex-start">
      <NotificationStatusBadge value={n.status} data-testid={`notification-status-${n.id}`} />
      {n.fail_reason && (
        <Text fz="xs" c="dimmed" maw={200} style={{ overflowWrap: 'anywhere' }} data-testid={`notification-reason-${n.id}`}>
          {n.fail_reason}
        </Text>
      )}
    </Stack>
  );

  const columns: ListViewColumn<Notification>[] = [
    { key: 'created', header: t('log.columns.created'), cell: (n) => <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>{when(n.created_at)}</Text> },
    { key: 'channel', header: t('log.columns.channel'), cell: (n) => <ChannelBadge value={n.channel} /> },
    { key: 'receiver', header: t('log.columns.receiver'), cell: receiver },
    { key: 'message', header: t('log.columns.message'), cell: message },
    { key: 'status', header: t('log.columns.status'), cell: status },
  ];

  /** On a phone: who and the status on the first line, then the text, then when and how. */
  const card = (n: Notification) => (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        {receiver(n)}
        <Box style={{ flexShrink: 0 }}>
          <NotificationStatusBadge value={n.status} data-testid={`notification-status-${n.id}`} />
        </Box>
      </Group>
      {message(n)}
      {n.fail_reason && (
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid={`notification-reason-${n.id}`}>
          {n.fail_reason}
        </Text>
      )}
      <Group gap="xs" wrap="wrap">
        <ChannelBadge value={n.channel} size="sm" />
        <Text fz="xs" c="dimmed">
          {when(n.created_at)}
        </Text>
      </Group>
    </Stack>
  );

  return (
    <Stack gap="lg" maw={1280} mx="auto" w="100%" data-testid="notification-log-page">
      <NotificationsTabs />
      <PageHeader title={t('log.title')} subtitle={t('log.subtitle', { count: days })} />
      <ListView
        query={log}
        columns={columns}
        card={card}
        rowKey={(n) => n.id}
        minWidth={960}
        testId="notification-log"
        itemTestId={(n) => `notification-row-${n.id}`}
        actionsWidth={56}
        actions={(n) => <RowAction label={t('log.resend')} icon={IconSend} color="blue" onClick={() => setResending(n)} data-testid={`notification-resend-${n.id}`} />}
        filters={{
          active: list.active,
          fields: [
            <SelectFilter
              key="status"
              label={t('log.filters.status')}
              data={NOTIFICATION_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
              {...filterOf(list, 'status')}
              data-testid="notification-log-filter-status"
            />,
            <SelectFilter
              key="channel"
              label={t('log.filters.channel')}
              data={NOTIFICATION_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))}
              {...filterOf(list, 'channel')}
              data-testid="notification-log-filter-channel"
            />,
            <Select
              key="days"
              aria-label={t('log.filters.days')}
              data={LOG_DAYS.map((d) => ({ value: d, label: t('log.lastDays', { count: Number(d) }) }))}
              value={String(days)}
              allowDeselect={false}
              onChange={(d) => list.setFilter('days', d && d !== String(DEFAULT_LOG_DAYS) ? d : null)}
              data-testid="notification-log-filter-days"
            />,
          ],
        }}
        {...listBindings(list)}
        errorTitle={t('log.loadError')}
        emptyFiltered={t('log.emptyFiltered')}
        empty={{
          icon: IconMessages,
          title: t('log.empty', { count: days }),
          description: t('log.emptyHint'),
          action: canEditTemplates ? (
            <Button component={Link} to="/notifications/settings" variant="light" data-testid="notification-log-templates">
              {t('log.toTemplates')}
            </Button>
          ) : undefined,
        }}
      />
      <ConfirmDialog
        opened={resending !== null}
        title={t('log.resendTitle')}
        message={
          resending
            ? t('log.resendBody', {
                name: resending.receiver_name ?? t(`receivers.${resending.receiver_type}`),
                channel: t(`channels.${resending.channel}`),
              })
            : ''
        }
        confirmLabel={t('log.resend')}
        color="blue"
        loading={resend.isPending}
        onConfirm={confirmResend}
        onClose={closeResend}
      >
        {refusal && (
          <Alert color="orange" variant="light" data-testid="notification-resend-refused">
            {refusal}
          </Alert>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
