import { SEARCH_DEBOUNCE_MS } from '@app/shared/constants';
import { PAYMENT_METHODS } from '@app/shared/schemas/settings';
import type { Transaction } from '@app/shared/schemas/transactions';
import { TRANSACTION_STATUSES } from '@app/shared/states/transaction';
import { Anchor, Button, Card, Group, Pagination, Select, SimpleGrid, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowBackUp, IconCash, IconEye, IconTrash, IconTrashX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { ListTable, RowAction, RowActions } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { SearchInput } from '@/components/search-input';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatDateTimeIn, formatMoney, formatNumber } from '@/lib/format';
import { closeAfterWrite } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { type TransactionsPage as Page, useForceDeleteTransaction, useRestoreTransaction, useTransactions } from '../api/transactions';
import { TransactionStatusBadge } from '../components/transaction-status-badge';

const PER_PAGE = 25;
const DATE_STYLES = { input: { direction: 'ltr' as const } };

type Filters = { search: string; status: string | null; payment_method: string | null; from: string; to: string };
const NO_FILTERS: Filters = { search: '', status: null, payment_method: null, from: '', to: '' };

/** `/sales/transactions`: payments of every order, server-paginated and filtered, and their trash. */
export function TransactionsPage() {
  const { t } = useTranslation('sales');
  const locale = useLocale();
  const navigate = useNavigate();
  const user = useCurrentUser();
  // The tab is in the address (`?tab=trash`), so the trash can be linked to and survives a reload.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'trash' ? 'trash' : 'live';
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ kind: 'restore' | 'delete'; tx: Transaction } | null>(null);
  const [search] = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const trashed = tab === 'trash';
  const list = useTransactions({
    page,
    per_page: PER_PAGE,
    search: search || undefined,
    status: (filters.status ?? undefined) as Transaction['status'] | undefined,
    payment_method: (filters.payment_method ?? undefined) as Transaction['payment_method'] | undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    ...(trashed ? { trashed: '1' as const } : {}),
  });
  const restore = useRestoreTransaction();
  const forceDelete = useForceDeleteTransaction();
  const filtered = Boolean(search || filters.status || filters.payment_method || filters.from || filters.to);
  const setFilter = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const meta = list.data?.meta;
  const dateTime = (iso: string) => formatDateTimeIn(iso, locale, user.tenant.time_format, user.tenant.timezone);
  const close = () => setDialog(null);

  const rows = (data: Page) => (
    <ListTable
      minWidth={900}
      columns={[t('columns.number'), t('columns.order'), t('columns.customer'), t('columns.method'), t('columns.amount'), t('columns.status'), t('columns.date')]}
      actions={{ label: t('columns.actions'), width: trashed ? 92 : 56 }}
      highlightOnHover
      style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
    >
      {data.data.map((tx) => (
        <Table.Tr key={tx.id} data-testid={`transaction-row-${tx.number}`} style={{ cursor: 'pointer' }} onClick={() => navigate(`/sales/transactions/${tx.id}`)}>
          <Table.Td>
            <Text fz="sm" fw={600} className="ltr-value">
              #{tx.number}
            </Text>
          </Table.Td>
          <Table.Td onClick={(e) => e.stopPropagation()}>
            {tx.order_number !== null ? (
              <Anchor component={Link} to={`/orders/${tx.order_id}`} fz="sm" className="ltr-value" data-testid={`transaction-order-${tx.number}`}>
                #{tx.order_number}
              </Anchor>
            ) : (
              '—'
            )}
          </Table.Td>
          <Table.Td>
            <Text fz="sm" truncate maw={200}>
              {tx.customer?.name ?? t('guest')}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text fz="sm">{t(`method.${tx.payment_method}`)}</Text>
          </Table.Td>
          <Table.Td>
            <Text fz="sm" fw={600} className="ltr-value" data-testid={`transaction-amount-${tx.number}`}>
              {formatMoney(tx.amount, locale, tx.currency)}
            </Text>
          </Table.Td>
          <Table.Td>
            <TransactionStatusBadge status={tx.status} />
          </Table.Td>
          <Table.Td>
            <Text fz="sm">{dateTime(tx.date)}</Text>
          </Table.Td>
          <Table.Td onClick={(e) => e.stopPropagation()}>
            <RowActions>
              {trashed ? (
                <>
                  <RowAction label={t('actions.restore')} icon={IconArrowBackUp} onClick={() => setDialog({ kind: 'restore', tx })} data-testid={`transaction-restore-${tx.number}`} />
                  <RowAction label={t('actions.forceDelete')} icon={IconTrashX} color="red" onClick={() => setDialog({ kind: 'delete', tx })} data-testid={`transaction-force-${tx.number}`} />
                </>
              ) : (
                <RowAction label={t('actions.open')} icon={IconEye} to={`/sales/transactions/${tx.id}`} />
              )}
            </RowActions>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );

  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        value={tab}
        onChange={(v) => {
          setParams(v === 'trash' ? { tab: 'trash' } : {}, { replace: true });
          setPage(1);
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="live" leftSection={<IconCash size={16} />} data-testid="transactions-tab-live">
            {t('tabs.live')}
          </Tabs.Tab>
          <Tabs.Tab value="trash" leftSection={<IconTrash size={16} />} data-testid="transactions-tab-trash">
            {t('tabs.trash')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <SearchInput label={t('filters.search')} clearLabel={t('filters.clear')} value={filters.search} onChange={(v) => setFilter('search', v)} data-testid="transactions-search" />
        <Select
          placeholder={t('filters.status')}
          aria-label={t('filters.status')}
          data={TRANSACTION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          value={filters.status}
          onChange={(v) => setFilter('status', v)}
          clearable
          data-testid="transactions-filter-status"
        />
        <Select
          placeholder={t('filters.method')}
          aria-label={t('filters.method')}
          data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`method.${m}`) }))}
          value={filters.payment_method}
          onChange={(v) => setFilter('payment_method', v)}
          clearable
          data-testid="transactions-filter-method"
        />
        <TextInput
          type="date"
          aria-label={t('filters.from')}
          leftSection={<Text fz="xs">{t('filters.fromShort')}</Text>}
          leftSectionWidth={44}
          styles={DATE_STYLES}
          value={filters.from}
          onChange={(e) => setFilter('from', e.currentTarget.value)}
          data-testid="transactions-filter-from"
        />
        <TextInput
          type="date"
          aria-label={t('filters.to')}
          leftSection={<Text fz="xs">{t('filters.toShort')}</Text>}
          leftSectionWidth={44}
          styles={DATE_STYLES}
          value={filters.to}
          onChange={(e) => setFilter('to', e.currentTarget.value)}
          data-testid="transactions-filter-to"
        />
      </SimpleGrid>
      <Card withBorder padding={0}>
        <QueryList
          query={list}
          loading={<ListSkeleton rows={6} />}
          error={{ title: t('states.errorTitle'), body: t('states.errorBody'), retry: t('states.retry') }}
          isEmpty={(p) => p.data.length === 0}
          empty={
            <ListEmpty
              icon={trashed ? IconTrash : IconCash}
              title={filtered ? t('states.emptyFiltered') : trashed ? t('states.emptyTrash') : t('states.empty')}
              description={filtered || trashed ? undefined : t('states.emptyBody')}
              action={
                filtered ? (
                  <Button variant="light" onClick={() => setFilters(NO_FILTERS)}>
                    {t('filters.clear')}
                  </Button>
                ) : undefined
              }
            />
          }
        >
          {rows}
        </QueryList>
      </Card>
      {meta && meta.total > 0 && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text fz="sm" c="dimmed">
            {t('pageOf', {
              from: formatNumber((meta.current_page - 1) * meta.per_page + 1, locale),
              to: formatNumber(Math.min(meta.current_page * meta.per_page, meta.total), locale),
              total: formatNumber(meta.total, locale),
            })}
          </Text>
          {meta.last_page > 1 && <Pagination total={meta.last_page} value={meta.current_page} onChange={setPage} size="sm" data-testid="transactions-pagination" />}
        </Group>
      )}
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
