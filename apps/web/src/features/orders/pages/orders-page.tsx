import { Badge, Button, ScrollArea, Stack, Tabs } from '@mantine/core';
import { IconPlus, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateRangeFilters, filterOf, SelectFilter } from '@/components/list-view/filter-fields';
import { ListView } from '@/components/list-view/list-view';
import { listBindings, oneOf, searchOf, useListParams } from '@/components/list-view/use-list-params';
import { PageHeader } from '@/components/page-header';
import { useOrderStatusCounts, useOrders } from '../api/orders';
import { CreateOrderModal } from '../components/create-order-modal';
import { type OrderColumn, OrderCard, useOrderColumns } from '../components/order-cells';
import { isOrderTab, ORDER_TABS, type OrderTab, tabCount, tabQuery } from '../lib/status';
import { useOrderFormat } from '../lib/use-format';
import { useMarkSeen } from '@/features/app-notifications/api/app-notifications';

const COLUMNS: readonly OrderColumn[] = ['number', 'date', 'customer', 'items', 'total', 'paid', 'payment', 'status'];
const PAYMENT_STATUSES = ['paid', 'partially-paid', 'unpaid'] as const;
const SOURCES = ['calendar', 'booking-page', 'pos'] as const;
const FILTERS = ['payment_status', 'source', 'from', 'to'] as const;

/** `/orders`: status tabs with their counts, filters, and the server-paginated list; "New order" opens the form. */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  // Opening the list: what came before is no longer unread for this account (the sidebar's badge).
  useMarkSeen('orders');
  const list = useListParams(FILTERS);
  const f = list.filters;
  const tabParam = list.params.get('tab');
  const tab: OrderTab = isOrderTab(tabParam) ? tabParam : 'all';
  const [creating, setCreating] = useState(false);
  const counts = useOrderStatusCounts();
  const orders = useOrders({
    ...list.query,
    ...tabQuery(tab),
    payment_status: oneOf(PAYMENT_STATUSES, f.payment_status),
    source: oneOf(SOURCES, f.source),
  });
  const columns = useOrderColumns(COLUMNS, (c) => t(`columns.${c}`));
  const setTab = (value: string | null) => list.patch({ tab: value && value !== 'all' ? value : null });

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

      <ListView
        query={orders}
        columns={columns}
        rowKey={(o) => o.id}
        minWidth={980}
        testId="orders"
        itemTestId={(o) => `order-row-${o.number}`}
        itemLink={(o) => `/orders/${o.id}`}
        openLabel={t('open')}
        card={(o) => <OrderCard order={o} withCustomer />}
        search={searchOf(list, t('filters.search'), 'orders-search')}
        filters={{
          active: list.active,
          fields: [
            <SelectFilter
              key="payment"
              label={t('filters.payment')}
              data={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`paymentStatus.${s}`) }))}
              {...filterOf(list, 'payment_status')}
              data-testid="orders-filter-payment"
            />,
            <SelectFilter
              key="source"
              label={t('filters.source')}
              data={SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))}
              {...filterOf(list, 'source')}
              data-testid="orders-filter-source"
            />,
            ...dateRangeFilters(list, t, 'orders'),
          ],
        }}
        {...listBindings(list)}
        errorTitle={t('states.errorTitle')}
        emptyFiltered={t('states.emptyFiltered')}
        empty={{
          icon: IconReceipt,
          title: t(`states.empty.${tab === 'drafts' || tab === 'trash' ? tab : 'orders'}`),
          description: tab === 'all' ? t('states.emptyBody') : undefined,
          action:
            tab === 'all' ? (
              <Button variant="light" onClick={() => setCreating(true)}>
                {t('new')}
              </Button>
            ) : undefined,
        }}
      />
      <CreateOrderModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
