import { ZATCA_STATUSES } from '@app/shared/schemas/invoices';
import type { SyncedInvoice } from '@app/shared/schemas/invoices';
import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SelectFilter } from '@/components/list-view/filter-fields';
import { type ListViewColumn, ListView } from '@/components/list-view/list-view';
import { listBindings, oneOf, useListParams } from '@/components/list-view/use-list-params';
import { Money } from '@/components/money';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { SettingsPageHeader } from '@/features/settings/components/settings-page-header';
import { formatDateTimeIn } from '@/lib/format';
import { toastRejected } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { useSubmitToZatca, useSyncedInvoices } from '../api/zatca';
import { ZATCA_COLORS } from '../components/order-invoices';

/** `/settings/syncedInvoices`: each document with what ZATCA made of it, filtered by status; send one again. */
export function SyncedInvoicesPage() {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  const user = useCurrentUser();
  const list = useListParams(['syncStatus'] as const);
  const status = oneOf(ZATCA_STATUSES, list.filters.syncStatus ?? '');
  const docs = useSyncedInvoices({ page: list.query.page, per_page: list.query.per_page, ...(list.query.cursor ? { cursor: list.query.cursor } : {}), ...(status ? { syncStatus: status } : {}) });
  const send = useSubmitToZatca();

  const columns: ListViewColumn<SyncedInvoice>[] = [
    {
      key: 'number',
      header: t('zatca.synced.number'),
      card: 'title',
      interactive: true,
      cell: (d) => (
        <Anchor component={Link} to={`/preview-invoices/${d.id}`} fz="sm" fw={600}>
          {t(`type.${d.type}`)} <span className="ltr-value">#{d.number}</span>
        </Anchor>
      ),
    },
    { key: 'icv', header: t('zatca.synced.icv'), cell: (d) => <span className="ltr-value">{d.icv ?? '—'}</span> },
    { key: 'customer', header: t('zatca.synced.customer'), cell: (d) => <Text fz="sm">{d.customer_name ?? '—'}</Text> },
    { key: 'total', header: t('zatca.synced.total'), cell: (d) => <Money amount={d.total} currency={d.currency} /> },
    {
      key: 'status',
      header: t('zatca.synced.status'),
      // On a phone a labelled row: beside the title and the send button it would crowd both.
      card: 'row',
      cell: (d) => (
        <Badge variant="light" color={ZATCA_COLORS[d.zatca_status] ?? 'gray'} data-testid={`synced-status-${d.number}`}>
          {t(`zatca.${d.zatca_status}`)}
        </Badge>
      ),
    },
    {
      key: 'errors',
      header: t('zatca.synced.errors'),
      cell: (d) => (
        <Text fz="xs" c={d.zatca_status === 'rejected' ? 'red' : 'dimmed'} lineClamp={2} maw={280}>
          {d.zatca_errors?.map((e) => `${e.code} ${e.message}`).join(' · ') ?? '—'}
        </Text>
      ),
    },
    { key: 'date', header: t('zatca.synced.date'), cell: (d) => <Text fz="sm">{formatDateTimeIn(d.created_at, locale, user.tenant.time_format, user.tenant.timezone)}</Text> },
  ];

  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%">
      <SettingsPageHeader title={t('zatca.synced.title')} subtitle={t('zatca.synced.subtitle')} />
      <ListView
        query={docs}
        columns={columns}
        rowKey={(d) => d.id}
        minWidth={960}
        testId="synced"
        itemTestId={(d) => `synced-row-${d.number}`}
        actions={(d) =>
          d.template !== 'trial' && !['reported', 'cleared'].includes(d.zatca_status) ? (
            <Button size="compact-xs" variant="light" leftSection={<IconCloudUpload size={14} />} loading={send.isPending && send.variables === d.id} onClick={() => send.mutate(d.id, { onError: toastRejected })} data-testid={`synced-send-${d.number}`}>
              {t('zatca.synced.send')}
            </Button>
          ) : null
        }
        actionsWidth={130}
        filters={{
          active: list.active,
          fields: [
            <SelectFilter
              key="status"
              label={t('zatca.synced.filter')}
              data={ZATCA_STATUSES.map((s) => ({ value: s, label: t(`zatca.${s}`) }))}
              value={list.filters.syncStatus ?? null}
              onChange={(v: string | null) => list.patch({ syncStatus: v })}
              data-testid="synced-filter-status"
            />,
          ],
        }}
        {...listBindings(list)}
        errorTitle={t('zatca.synced.errorTitle')}
        emptyFiltered={t('zatca.synced.empty')}
        empty={{ icon: IconCloudUpload, title: t('zatca.synced.empty'), description: t('zatca.synced.emptyBody') }}
      />
    </Stack>
  );
}
