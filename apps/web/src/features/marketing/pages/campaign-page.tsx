import { CAMPAIGN_EDITABLE, CAMPAIGN_RECIPIENT_STATUSES, type CampaignRecipientStatus } from '@app/shared/schemas/campaigns';
import { Alert, Anchor, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconEdit, IconPlayerStop, IconSend, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Ltr, PersonName } from '@/components/bidi';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { filterOf, SelectFilter } from '@/components/list-view/filter-fields';
import { ListView, type ListViewColumn } from '@/components/list-view/list-view';
import { listBindings, oneOf, useListParams } from '@/components/list-view/use-list-params';
import { PageLoader } from '@/components/page-loader';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { isApiError } from '@/lib/api-client';
import { formatDateTimeIn, formatNumber } from '@/lib/format';
import { toastRejected } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { type Campaign, type CampaignRecipient, useCampaign, useCampaignRecipients, useCancelCampaign, useSendCampaign } from '../api/campaigns';
import { CampaignChannelBadge, CampaignStatusBadge, RecipientStatusBadge } from '../components/campaign-badges';
import { CampaignFormModal } from '../components/campaign-form-modal';

const LIST = '/marketing/campaigns';
const FILTERS = ['status'] as const;
/** A recipient whose message is done with, one way or another (the progress bar's part). */
const DONE: readonly CampaignRecipientStatus[] = ['sent', 'success', 'failed', 'skipped', 'cancelled'];

/** `/marketing/campaigns/:id`: one campaign, its progress while it is sent, and the result per recipient. */
export function CampaignPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('campaigns');
  const campaign = useCampaign(id);
  if (campaign.isPending) return <PageLoader />;
  if (campaign.isError || !campaign.data) {
    const missing = isApiError(campaign.error) && campaign.error.status === 404;
    return (
      <Stack maw={900} mx="auto" w="100%">
        <Alert color="red" variant="light" title={t(missing ? 'page.notFound' : 'loadError')} data-testid="campaign-error">
          <Group gap="sm" mt="xs">
            {!missing && (
              <Button size="xs" variant="light" color="red" onClick={() => void campaign.refetch()}>
                {t('page.retry')}
              </Button>
            )}
            <Anchor component={Link} to={LIST} fz="sm">
              {t('page.back')}
            </Anchor>
          </Group>
        </Alert>
      </Stack>
    );
  }
  return <CampaignDetails campaign={campaign.data} />;
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={500} component="div" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

function CampaignDetails({ campaign: c }: { campaign: Campaign }) {
  const { t } = useTranslation('campaigns');
  const locale = useLocale();
  const user = useCurrentUser();
  const list = useListParams(FILTERS);
  const status = oneOf(CAMPAIGN_RECIPIENT_STATUSES, list.filters.status);
  const recipients = useCampaignRecipients(c.id, { page: list.page, per_page: list.query.per_page, ...(status ? { status } : {}) }, c.status === 'sending');
  const cancel = useCancelCampaign();
  const send = useSendCampaign();
  const [cancelling, setCancelling] = useState(false);
  const [sending, setSending] = useState(false);
  const [editing, setEditing] = useState(false);
  const when = (iso: string | null) => (iso ? formatDateTimeIn(iso, locale, user.tenant.time_format, user.tenant.timezone) : '—');
  const n = (x: number) => formatNumber(x, locale);

  const total = CAMPAIGN_RECIPIENT_STATUSES.reduce((sum, s) => sum + c.counts[s], 0);
  const done = DONE.reduce((sum, s) => sum + c.counts[s], 0);
  const percent = total ? Math.round((done / total) * 100) : 0;
  const cancellable = c.status === 'draft' || c.status === 'scheduled' || c.status === 'sending';
  const editable = CAMPAIGN_EDITABLE.includes(c.status);

  const columns: ListViewColumn<CampaignRecipient>[] = [
    {
      key: 'name',
      header: t('recipients.columns.name'),
      card: 'title',
      cell: (r) => (
        <Text fz="sm" fw={600}>
          <PersonName name={r.name} />
        </Text>
      ),
    },
    {
      key: 'address',
      header: t('recipients.columns.address'),
      cell: (r) => {
        const address = c.channel === 'email' ? r.email : r.phone;
        return address ? <Ltr>{address}</Ltr> : <Text fz="sm" c="dimmed">—</Text>;
      },
    },
    {
      key: 'status',
      header: t('recipients.columns.status'),
      card: 'aside',
      cell: (r) => <RecipientStatusBadge value={r.status} data-testid={`recipient-status-${r.id}`} />,
    },
    {
      key: 'reason',
      header: t('recipients.columns.reason'),
      cell: (r) =>
        r.fail_reason ? (
          <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {r.fail_reason}
          </Text>
        ) : null,
    },
    { key: 'sent', header: t('recipients.columns.sentAt'), cell: (r) => <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>{r.sent_at ? when(r.sent_at) : '—'}</Text> },
  ];

  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%" data-testid="campaign-page">
      <div>
        <Anchor component={Link} to={LIST} fz="sm" c="dimmed">
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowBackUp size={16} />
            {t('page.back')}
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mt={4}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} fz={{ base: 22, sm: 28 }} data-testid="campaign-title">
              {c.name}
            </Title>
            <CampaignStatusBadge value={c.status} size="lg" data-testid="campaign-status" />
            <CampaignChannelBadge value={c.channel} size="lg" />
          </Group>
          <Group gap="sm">
            {editable && (
              <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)} data-testid="campaign-edit">
                {t('actions.edit')}
              </Button>
            )}
            {c.status === 'draft' && (
              <Button leftSection={<IconSend size={16} />} onClick={() => setSending(true)} data-testid="campaign-send">
                {t('form.sendNow')}
              </Button>
            )}
            {cancellable && (
              <Button color="red" variant="light" leftSection={<IconPlayerStop size={16} />} onClick={() => setCancelling(true)} data-testid="campaign-cancel">
                {t('actions.cancel')}
              </Button>
            )}
          </Group>
        </Group>
      </div>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Fact label={t('page.targeted')} testId="campaign-targeted-count">
              {n(c.targeted_count)}
            </Fact>
            <Fact label={t('page.scheduledAt')}>{c.scheduled_at ? when(c.scheduled_at) : t('notScheduled')}</Fact>
            <Fact label={t('page.startedAt')}>{when(c.started_at)}</Fact>
            <Fact label={c.status === 'cancelled' ? t('page.cancelledAt') : t('page.finishedAt')}>{when(c.status === 'cancelled' ? c.cancelled_at : c.finished_at)}</Fact>
          </SimpleGrid>
          {total > 0 && (
            <Stack gap={4}>
              <Group justify="space-between">
                <Text fz="sm" fw={500}>
                  {t('page.progress')}
                </Text>
                <Text fz="sm" c="dimmed" data-testid="campaign-progress-text">
                  {t('page.progressText', { done: n(done), total: n(total) })}
                </Text>
              </Group>
              <Progress value={percent} size="lg" radius="xl" animated={c.status === 'sending'} aria-label={t('page.progress')} data-testid="campaign-progress" />
              <Group gap="xs" wrap="wrap" data-testid="campaign-counts">
                {CAMPAIGN_RECIPIENT_STATUSES.filter((s) => c.counts[s] > 0).map((s) => (
                  <Group key={s} gap={4} wrap="nowrap">
                    <RecipientStatusBadge value={s} />
                    <Text fz="sm" data-testid={`campaign-count-${s}`}>
                      {n(c.counts[s])}
                    </Text>
                  </Group>
                ))}
              </Group>
            </Stack>
          )}
          <Stack gap={2}>
            <Text fz="xs" c="dimmed">
              {t('page.content')}
            </Text>
            {c.title && (
              <Text fz="sm" fw={700} dir="auto">
                {c.title}
              </Text>
            )}
            <Text fz="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="campaign-content-text">
              {c.content}
            </Text>
          </Stack>
        </Stack>
      </Paper>

      <Title order={2} fz="lg">
        {t('recipients.title')}
      </Title>
      <ListView
        query={recipients}
        columns={columns}
        rowKey={(r) => r.id}
        minWidth={760}
        testId="campaign-recipients"
        itemTestId={(r) => `recipient-row-${r.id}`}
        filters={{
          active: list.active,
          fields: [
            <SelectFilter
              key="status"
              label={t('recipients.filterStatus')}
              data={CAMPAIGN_RECIPIENT_STATUSES.map((s) => ({ value: s, label: t(`recipientStatuses.${s}`) }))}
              {...filterOf(list, 'status')}
              data-testid="campaign-recipients-filter-status"
            />,
          ],
        }}
        {...listBindings(list)}
        errorTitle={t('recipients.loadError')}
        emptyFiltered={t('recipients.emptyFiltered')}
        empty={{ icon: IconUsers, title: t(c.started_at ? 'recipients.empty' : 'recipients.notStarted'), description: c.started_at ? undefined : t('recipients.notStartedHint') }}
      />

      <CampaignFormModal opened={editing} campaign={c} onClose={() => setEditing(false)} />
      <ConfirmDialog
        opened={cancelling}
        title={t('cancelTitle')}
        message={t(c.status === 'sending' ? 'cancelBodySending' : 'cancelBody', { name: c.name })}
        confirmLabel={t('actions.cancel')}
        cancelLabel={t('actions.keep')}
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(c.id, { onSettled: () => setCancelling(false), onError: toastRejected })}
        onClose={() => !cancel.isPending && setCancelling(false)}
      />
      <ConfirmDialog
        opened={sending}
        title={t('sendTitle')}
        message={t('sendBody', { count: c.targeted_count, n: n(c.targeted_count), channel: t(`channels.${c.channel}`) })}
        confirmLabel={t('form.sendNow')}
        color="blue"
        loading={send.isPending}
        onConfirm={() => send.mutate({ id: c.id, scheduled_at: null }, { onSettled: () => setSending(false), onError: toastRejected })}
        onClose={() => !send.isPending && setSending(false)}
      />
    </Stack>
  );
}
