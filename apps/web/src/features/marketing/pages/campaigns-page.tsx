import { CAMPAIGN_EDITABLE, CAMPAIGN_STATUSES } from '@app/shared/schemas/campaigns';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconEdit, IconPlus, IconSpeakerphone, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { filterOf, SelectFilter } from '@/components/list-view/filter-fields';
import { ListView, type ListViewColumn } from '@/components/list-view/list-view';
import { listBindings, oneOf, useListParams } from '@/components/list-view/use-list-params';
import { RowAction } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatDateTimeIn, formatNumber } from '@/lib/format';
import { refusalMessage } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { type Campaign, useCampaigns, useDeleteCampaign } from '../api/campaigns';
import { CampaignChannelBadge, CampaignStatusBadge } from '../components/campaign-badges';
import { CampaignFormModal } from '../components/campaign-form-modal';
import { MarketingTabs } from '../components/marketing-tabs';

const FILTERS = ['status'] as const;
const editable = (c: Campaign) => CAMPAIGN_EDITABLE.includes(c.status);

/**
 * `/marketing/campaigns` (`marketing.campaigns`): the business's campaigns, newest first — status,
 * channel, how many it targets, how many were sent and failed, and when it goes (in the business's
 * time zone). A draft or scheduled one is edited or deleted (after a confirmation); a row opens the
 * campaign's page with its progress and results.
 */
export function CampaignsPage() {
  const { t } = useTranslation('campaigns');
  const locale = useLocale();
  const user = useCurrentUser();
  const list = useListParams(FILTERS);
  const status = oneOf(CAMPAIGN_STATUSES, list.filters.status);
  const campaigns = useCampaigns({ page: list.page, per_page: list.query.per_page, ...(status ? { status } : {}) });
  const remove = useDeleteCampaign();
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const when = (iso: string) => formatDateTimeIn(iso, locale, user.tenant.time_format, user.tenant.timezone);
  const n = (x: number) => formatNumber(x, locale);

  const closeDelete = () => {
    setDeleting(null);
    setRefusal(null);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: closeDelete,
      onError: (e) => {
        const message = refusalMessage(e);
        if (message) setRefusal(message);
        else closeDelete();
      },
    });
  };

  const columns: ListViewColumn<Campaign>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      card: 'title',
      cell: (c) => (
        <Text fz="sm" fw={600} lineClamp={2} data-testid={`campaign-name-${c.id}`}>
          {c.name}
        </Text>
      ),
    },
    { key: 'channel', header: t('columns.channel'), cell: (c) => <CampaignChannelBadge value={c.channel} /> },
    { key: 'status', header: t('columns.status'), card: 'aside', cell: (c) => <CampaignStatusBadge value={c.status} data-testid={`campaign-status-${c.id}`} /> },
    { key: 'targeted', header: t('columns.targeted'), cell: (c) => <Text fz="sm">{n(c.targeted_count)}</Text> },
    {
      key: 'results',
      header: t('columns.results'),
      cell: (c) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }} data-testid={`campaign-results-${c.id}`}>
          {t('results', { sent: n(c.counts.sent + c.counts.success), failed: n(c.counts.failed) })}
        </Text>
      ),
    },
    {
      key: 'scheduled',
      header: t('columns.scheduled'),
      cell: (c) => <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>{c.scheduled_at ? when(c.scheduled_at) : t('notScheduled')}</Text>,
    },
  ];

  return (
    <Stack gap="lg" data-testid="campaigns-page">
      <MarketingTabs />
      <PageHeader title={t('title')} subtitle={t('subtitle')}>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="campaigns-add">
          {t('add')}
        </Button>
      </PageHeader>
      <ListView
        query={campaigns}
        columns={columns}
        rowKey={(c) => c.id}
        minWidth={820}
        testId="campaigns-list"
        itemTestId={(c) => `campaign-row-${c.id}`}
        itemLink={(c) => `/marketing/campaigns/${c.id}`}
        openLabel={t('open')}
        actionsWidth={132}
        actions={(c) =>
          editable(c) ? (
            <>
              <RowAction label={t('actions.edit')} icon={IconEdit} color="gray" onClick={() => setEditing(c)} data-testid={`campaign-edit-${c.id}`} />
              <RowAction label={t('actions.delete')} icon={IconTrash} color="red" onClick={() => setDeleting(c)} data-testid={`campaign-delete-${c.id}`} />
            </>
          ) : null
        }
        filters={{
          active: list.active,
          fields: [
            <SelectFilter
              key="status"
              label={t('filters.status')}
              data={CAMPAIGN_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
              {...filterOf(list, 'status')}
              data-testid="campaigns-filter-status"
            />,
          ],
        }}
        {...listBindings(list)}
        errorTitle={t('loadError')}
        emptyFiltered={t('emptyFiltered')}
        empty={{
          icon: IconSpeakerphone,
          title: t('empty'),
          description: t('emptyHint'),
          action: (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="campaigns-add-first">
              {t('addFirst')}
            </Button>
          ),
        }}
      />
      <CampaignFormModal opened={editing !== null} campaign={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('deleteTitle')}
        message={deleting ? t('deleteBody', { name: deleting.name }) : ''}
        confirmLabel={t('actions.delete')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={closeDelete}
      >
        {refusal && (
          <Alert color="orange" variant="light" data-testid="campaign-delete-refused">
            {refusal}
          </Alert>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
