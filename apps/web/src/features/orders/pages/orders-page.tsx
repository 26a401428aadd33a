import { SEARCH_DEBOUNCE_MS } from '@app/shared/constants';
import { Badge, Box, Button, Card, Group, UnstyledButton, Pagination, ScrollArea, Select, SimpleGrid, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconPlus, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { ListTable, RowAction, RowActions } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { SearchInput } from '@/components/search-input';
import { useOrderStatusCounts, useOrders } from '../api/orders';
import type { OrderRow, Paged } from '../api/types';
import { PaymentStatusBadge } from '../components/badges';
import { CreateOrderModal } from '../components/create-order-modal';
import { type OrderColumn, OrderCells, OrderNumber, OrderRemaining, OrderStatus, OrderTotal, orderHeadings } from '../components/order-cells';
import { isOrderTab, ORDER_TABS, type OrderTab, tabCount, tabQuery } from '../lib/status';
import { useOrderFormat } from '../lib/use-format';

const PER_PAGE = 25;
const COLUMNS: readonly OrderColumn[] = ['number', 'date', 'customer', 'items', 'total', 'paid', 'payment', 'status'];
const DATE_STYLES = { input: { direction: 'ltr' as const } };
const PAYMENT_STATUSES = ['paid', 'partially-paid', 'unpaid'] as const;
const SOURCES = ['calendar', 'booking-page', 'pos'] as const;

type Filters = { search: string; payment_status: string | null; source: string | null; from: string; to: string };
const NO_FILTERS: Filters = { search: '', payment_status: null, source: null, from: '', to: '' };

/** `/orders`: status tabs with their counts, filters, and the server-paginated list; "New order" opens the form. */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: OrderTab = isOrderTab(tabParam) ? tabParam : 'all';
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [search] = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const counts = useOrderStatusCounts();
  const orders = useOrders({
    page,
    per_page: PER_PAGE,
    ...tabQuery(tab),
    ...(search ? { search } : {}),
    ...(filters.payment_status ? { payment_status: filters.payment_status } : {}),
    ...(filters.source ? { source: filters.source } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  });
  const filtered = Boolean(search || filters.payment_status || filters.source || filters.from || filters.to);
  const setFilter = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const setTab = (value: string | null) => {
    setPage(1);
    setParams(value && value !== 'all' ? { tab: value } : {}, { replace: true });
  };
  const meta = orders.data?.meta;

  const rows = (list: Paged<OrderRow>) => (
    <>
      <Box visibleFrom="sm">{table(list)}</Box>
      <Stack gap={0} hiddenFrom="sm" style={{ opacity: orders.isPlaceholderData ? 0.6 : 1 }} data-testid="orders-cards">
        {list.data.map((o) => (
          <OrderCard key={o.id} order={o} />
        ))}
      </Stack>
    </>
  );

  const table = (list: Paged<OrderRow>) => (
    <ListTable
      minWidth={980}
      columns={orderHeadings(COLUMNS, (c) => t(`columns.${c}`))}
      actions={{ label: t('columns.actions'), width: 56 }}
      highlightOnHover
      style={{ opacity: orders.isPlaceholderData ? 0.6 : 1 }}
    >
      {list.data.map((o) => (
        <Table.Tr key={o.id} data-testid={`order-row-${o.number}`} style={{ cursor: 'pointer' }} onClick={() => navigate(`/orders/${o.id}`)}>
          <OrderCells order={o} columns={COLUMNS} />
          <Table.Td>
            <RowActions>
              <RowAction label={t('open')} icon={IconEye} to={`/orders/${o.id}`} />
            </RowActions>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );

  return (
    <Stack gap="md" maw={1280} mx="auto" w="100%">
      <PageHeader title={t('title')} subtitle={t('subtitle')}>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)} data-testid="order-new">
          {t('new')}
        </Button>
      </PageHeader>

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars>
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {ORDER_TABS.map((key) => {
              const n = tabCount(key, counts.data);
              return (
                <Tabs.Tab
                  key={key}
                  value={key}
                  data-testid={`orders-tab-${key}`}
                  rightSection={
                    n !== null ? (
                      <Badge size="sm" variant={tab === key ? 'filled' : 'light'} color={key === 'trash' && n > 0 ? 'red' : 'gray'} circle={n < 10} miw="max-content">
                        {fmt.number(n)}
                      </Badge>
                    ) : null
                  }
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {t(`tabs.${key}`)}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
        </ScrollArea>
      </Tabs>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <SearchInput label={t('filters.search')} clearLabel={t('filters.clear')} value={filters.search} onChange={(v) => setFilter('search', v)} data-testid="orders-search" />
        <Select
          placeholder={t('filters.payment')}
          aria-label={t('filters.payment')}
          data={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`paymentStatus.${s}`) }))}
          value={filters.payment_status}
          onChange={(v) => setFilter('payment_status', v)}
          clearable
          data-testid="orders-filter-payment"
        />
        <Select
          placeholder={t('filters.source')}
          aria-label={t('filters.source')}
          data={SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))}
          value={filters.source}
          onChange={(v) => setFilter('source', v)}
          clearable
          data-testid="orders-filter-source"
        />
        <Group gap={6} wrap="nowrap">
          <Text fz="xs" c="dimmed" w={28} style={{ flexShrink: 0 }} aria-hidden>
            {t('filters.fromShort')}
          </Text>
          <TextInput
            type="date"
            aria-label={t('filters.from')}
            styles={DATE_STYLES}
            style={{ flex: 1 }}
            value={filters.from}
            onChange={(e) => setFilter('from', e.currentTarget.value)}
            data-testid="orders-filter-from"
          />
        </Group>
        <Group gap={6} wrap="nowrap">
          <Text fz="xs" c="dimmed" w={28} style={{ flexShrink: 0 }} aria-hidden>
            {t('filters.toShort')}
          </Text>
          <TextInput
            type="date"
            aria-label={t('filters.to')}
            styles={DATE_STYLES}
            style={{ flex: 1 }}
            value={filters.to}
            onChange={(e) => setFilter('to', e.currentTarget.value)}
            data-testid="orders-filter-to"
          />
        </Group>
      </SimpleGrid>

      <Card withBorder padding={0}>
        <QueryList
          query={orders}
          loading={<ListSkeleton rows={6} />}
          error={{ title: t('states.errorTitle'), body: t('states.errorBody'), retry: t('states.retry') }}
          isEmpty={(p) => p.data.length === 0}
          empty={
            <ListEmpty
              icon={IconReceipt}
              title={filtered ? t('states.emptyFiltered') : t(`states.empty.${tab === 'drafts' || tab === 'trash' ? tab : 'orders'}`)}
              description={filtered || tab !== 'all' ? undefined : t('states.emptyBody')}
              action={
                filtered ? (
                  <Button variant="light" onClick={() => setFilters(NO_FILTERS)}>
                    {t('filters.clear')}
                  </Button>
                ) : tab === 'all' ? (
                  <Button variant="light" onClick={() => setCreating(true)}>
                    {t('new')}
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
              from: fmt.number((meta.current_page - 1) * meta.per_page + 1),
              to: fmt.number(Math.min(meta.current_page * meta.per_page, meta.total)),
              total: fmt.number(meta.total),
            })}
          </Text>
          {meta.last_page > 1 && <Pagination total={meta.last_page} value={meta.current_page} onChange={setPage} size="sm" data-testid="orders-pagination" />}
        </Group>
      )}
      <CreateOrderModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

/** One order on a phone: the list's columns as a card that opens the order. */
function OrderCard({ order: o }: { order: OrderRow }) {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  return (
    <UnstyledButton
      component={Link}
      to={`/orders/${o.id}`}
      display="block"
      p="sm"
      style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-2)' }}
      data-testid={`order-card-${o.number}`}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <OrderNumber order={o} />
        <OrderStatus order={o} size="sm" />
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
        <Text fz="sm" fw={500} truncate>
          {o.customer?.name ?? t('customer.guest')}
        </Text>
        <OrderTotal order={o} fw={700} />
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
        <Text fz="xs" c="dimmed">
          {fmt.dateTime(o.date)} · {t('itemsCount', { count: o.items_count })}
        </Text>
        <PaymentStatusBadge status={o.payment_status} size="sm" />
      </Group>
      <OrderRemaining order={o} partPaid mt={2} />
    </UnstyledButton>
  );
}
