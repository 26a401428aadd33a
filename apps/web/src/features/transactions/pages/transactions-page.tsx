import { PAYMENT_METHODS } from '@app/shared/schemas/settings';
import type { Transaction } from '@app/shared/schemas/transactions';
import { TRANSACTION_STATUSES } from '@app/shared/states/transaction';
import { Anchor, Button, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowBackUp, IconCash, IconReceiptRefund, IconTrash, IconTrashX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RowAction } from '@/components/list-table';
import { dateRangeFilters, filterOf, SelectFilter } from '@/components/list-view/filter-fields';
import { type ListViewColumn, ListView } from '@/components/list-view/list-view';
import { listBindings, oneOf, searchOf, useListParams } from '@/components/list-view/use-list-params';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatDateTimeIn } from '@/lib/format';
import { closeAfterWrite } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { useForceDeleteTransaction, useRestoreTransaction, useTransactions } from '../api/transactions';
import { TransactionStatusBadge } from '../components/transaction-status-badge';
import { Money } from '@/components/money';
import { useMarkSeen } from '@/features/app-notifications/api/app-notifications';

const FILTERS = ['status', 'payment_method', 'from', 'to'] as const;

/** `/sales/transactions`: payments of every order, server-paginated and filtered, and their trash. */
export function TransactionsPage() {
  const { t } = useTranslation('sales');
  const locale = useLocale();
  const user = useCurrentUser();
  // The tab is in the address (`?tab=trash`) with the filters, so the trash can be linked to and survives a reload.
  // Opening the list: what came before is no longer unread for this account (the sidebar's badge).
  useMarkSeen('transactions');
  const list = useListParams(FILTERS);
  const f = list.filters;
  const trashed = list.params.get('tab') === 'trash';
  const [dialog, setDialog] = useState<{ kind: 'restore' | 'delete'; tx: Transaction } | null>(null);
  const transactions = useTransactions({
    ...list.query,
    status: oneOf(TRANSACTION_STATUSES, f.status),
    payment_method: oneOf(PAYMENT_METHODS, f.payment_method),
    ...(trashed ? { trashed: '1' as const } : {}),
  });
  const restore = useRestoreTransaction();
  const forceDelete = useForceDeleteTransaction();
  const dateTime = (iso: string) => formatDateTimeIn(iso, locale, user.tenant.time_format, user.tenant.timezone);
  const close = () => setDialog(null);

  const columns: ListViewColumn<Transaction>[] = [
    {
      key: 'number',
      header: t('columns.number'),
      card: 'title',
      cell: (tx) => (
        <Text fz="sm" fw={600} className="ltr-value">
          #{tx.number}
        </Text>
      ),
    },
    {
      key: 'order',
      header: t('columns.order'),
      interactive: true,
      cell: (tx) =>
        tx.order_number !== null ? (
          <Anchor component={Link} to={`/orders/${tx.order_id}`} fz="sm" className="ltr-value" data-testid={`transaction-order-${tx.number}`}>
            #{tx.order_number}
          </Anchor>
        ) : (
          '—'
        ),
    },
    {
      key: 'customer',
      header: t('columns.customer'),
      cell: (tx) => (
        <Text fz="sm" truncate maw={200}>
          {tx.customer?.name ?? t('guest')}
        </Text>
      ),
    },
    {
      key: 'method',
      header: t('columns.method'),
      cell: (tx) => (
        <Text fz="sm">
          {t(`method.${tx.payment_method}`)}
          {tx.kind === 'refund' && ` · ${t('refund')}`}
        </Text>
      ),
    },
    {
      key: 'amount',
      header: t('columns.amount'),
      cell: (tx) => (
        <Text fz="sm" fw={600} data-testid={`transaction-amount-${tx.number}`}>
          <Money amount={tx.amount} currency={tx.currency} negative={tx.kind === 'refund'} />
        </Text>
      ),
    },
    { key: 'status', header: t('columns.status'), card: 'aside', cell: (tx) => <TransactionStatusBadge status={tx.status} /> },
    { key: 'date', header: t('columns.date'), cell: (tx) => <Text fz="sm">{dateTime(tx.date)}</Text> },
  ];

  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%">
      <PageHeader title={t('title')} subtitle={t('subtitle')}>
        <Button component={Link} to="/sales/refunded-orders" variant="default" leftSection={<IconReceiptRefund size={16} />} data-testid="transactions-to-refunds">
          {t('refundedOrders')}
        </Button>
      </PageHeader>
      <Tabs value={trashed ? 'trash' : 'live'} onChange={(v) => list.patch({ tab: v === 'trash' ? 'trash' : null })}>
        <Tabs.List>
          <Tabs.Tab value="live" leftSection={<IconCash size={16} />} data-testid="transactions-tab-live">
            {t('tabs.live')}
          </Tabs.Tab>
          <Tabs.Tab value="trash" leftSection={<IconTrash size={16} />} data-testid="transactions-tab-trash">
            {t('tabs.trash')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <ListView
        query={transactions}
        columns={columns}
        rowKey={(tx) => tx.id}
        minWidth={900}
        testId="transactions"
        itemTestId={(tx) => `transaction-row-${tx.number}`}
        itemLink={(tx) => `/sales/transactions/${tx.id}`}
        openLabel={trashed ? undefined : t('actions.open')}
        actions={
          trashed
            ? (tx) => (
                <>
                  <RowAction label={t('actions.restore')} icon={IconArrowBackUp} onClick={() => setDialog({ kind: 'restore', tx })} data-testid={`transaction-restore-${tx.number}`} />
                  <RowAction label={t('actions.forceDelete')} icon={IconTrashX} color="red" onClick={() => setDialog({ kind: 'delete', tx })} data-testid={`transaction-force-${tx.number}`} />
                </>
              )
            : undefined
        }
        actionsWidth={trashed ? 92 : 56}
        search={searchOf(list, t('filters.search'), 'transactions-search')}
        filters={{
          active: list.active,
          fields: [
            <SelectFilter
              key="status"
              label={t('filters.status')}
              data={TRANSACTION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              {...filterOf(list, 'status')}
              data-testid="transactions-filter-status"
            />,
            <SelectFilter
              key="method"
              label={t('filters.method')}
              data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`method.${m}`) }))}
              {...filterOf(list, 'payment_method')}
              data-testid="transactions-filter-method"
            />,
            ...dateRangeFilters(list, t, 'transactions'),
          ],
        }}
        {...listBindings(list)}
        errorTitle={t('states.errorTitle')}
        emptyFiltered={t('states.emptyFiltered')}
        empty={
          trashed
            ? { icon: IconTrash, title: t('states.emptyTrash') }
            : { icon: IconCash, title: t('states.empty'), description: t('states.emptyBody') }
        }
      />
      <ConfirmDialog
        opened={dialog?.kind === 'restore'}
        title={t('confirm.restoreTitle')}
        message={t('confirm.restoreBody', { number: dialog?.tx.number ?? '' })}
        confirmLabel={t('actions.restore')}
        color="brand"
        loading={restore.isPending}
        onClose={close}
        onConfirm={() => dialog && restore.mutate(dialog.tx.id, closeAfterWrite(close))}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title={t('confirm.forceTitle')}
        message={t('confirm.forceBody', { number: dialog?.tx.number ?? '' })}
        confirmLabel={t('actions.forceDelete')}
        loading={forceDelete.isPending}
        onClose={close}
        onConfirm={() => dialog && forceDelete.mutate(dialog.tx.id, closeAfterWrite(close))}
      />
    </Stack>
  );
}
