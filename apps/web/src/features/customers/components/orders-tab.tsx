import type { OrderSummary } from '@app/shared/schemas/orders';
import { Box, Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconEye, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { ListTable, RowAction, RowActions } from '@/components/list-table';
import { OrderStatusBadge, PaymentStatusBadge } from '@/features/orders/components/badges';
import { useOrderFormat } from '@/features/orders/lib/use-format';
import { type Paged, useCustomerOrders } from '../api/customers';
import { TabPager } from './tab-pager';

const orderPath = (o: OrderSummary) => `/orders/${o.id}`;

/** The customer's placed orders, newest first, paginated on the server; a row opens the order. */
export function OrdersTab({ customerId }: { customerId: string }) {
  const { t } = useTranslation('customers');
  const fmt = useOrderFormat();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const orders = useCustomerOrders(customerId, page);
  const faded = { opacity: orders.isPlaceholderData ? 0.6 : 1 };
  const left = (o: OrderSummary) =>
    o.remaining_amount > 0 && o.paid_amount > 0 ? (
      <Text fz="xs" c="red" style={{ whiteSpace: 'nowrap' }}>
        {t('history.remaining', { amount: fmt.money(o.remaining_amount, o.currency) })}
      </Text>
    ) : null;

  const table = (list: Paged<OrderSummary>) => (
    <ListTable
      minWidth={720}
      columns={[
        t('history.columns.number'),
        t('history.columns.date'),
        { label: t('history.columns.items'), ta: 'center' },
        { label: t('history.columns.total'), ta: 'end' },
        t('history.columns.payment'),
        t('history.columns.status'),
      ]}
      actions={{ label: t('history.columns.actions'), width: 56 }}
      highlightOnHover
      style={faded}
    >
      {list.data.map((o) => (
        <Table.Tr key={o.id} data-testid={`customer-order-row-${o.number}`} style={{ cursor: 'pointer' }} onClick={() => navigate(orderPath(o))}>
          <Table.Td>
            <Text fz="sm" fw={700} className="ltr-value">
              #{o.number}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
              {fmt.dateTime(o.date)}
            </Text>
          </Table.Td>
          <Table.Td ta="center">
            <Text fz="sm">{fmt.number(o.items_count)}</Text>
          </Table.Td>
          <Table.Td ta="end">
            <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {fmt.money(o.total, o.currency)}
            </Text>
            {left(o)}
          </Table.Td>
          <Table.Td>
            <PaymentStatusBadge status={o.payment_status} />
          </Table.Td>
          <Table.Td>
            <OrderStatusBadge status={o.status} />
          </Table.Td>
          <Table.Td onClick={(e) => e.stopPropagation()}>
            <RowActions>
              <RowAction label={t('history.openOrder')} icon={IconEye} to={orderPath(o)} />
            </RowActions>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );

  // On a phone the columns become one card an order, a link to it.
  const cards = (list: Paged<OrderSummary>) => (
    <Stack gap={0} style={faded}>
      {list.data.map((o) => (
        <UnstyledButton
          key={o.id}
          component={Link}
          to={orderPath(o)}
          display="block"
          p="sm"
          style={{ borderBlockEnd: '1px solid var(--mantine-color-default-border)' }}
          data-testid={`customer-order-card-${o.number}`}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fz="sm" fw={700} className="ltr-value">
              #{o.number}
            </Text>
            <OrderStatusBadge status={o.status} size="sm" />
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
            <Text fz="xs" c="dimmed" truncate>
              {fmt.dateTime(o.date)}
            </Text>
            <Text fz="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
              {fmt.money(o.total, o.currency)}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
            <PaymentStatusBadge status={o.payment_status} size="sm" />
            {left(o)}
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );

  return (
    <Stack gap="sm">
      <Card withBorder padding={0}>
        <QueryList
          query={orders}
          loading={<ListSkeleton rows={4} />}
          error={{ title: t('states.errorTitle'), body: t('states.errorBody'), retry: t('states.retry') }}
          isEmpty={(p) => p.data.length === 0}
          empty={<ListEmpty icon={IconReceipt} title={t('history.ordersEmpty')} description={t('history.ordersEmptyBody')} />}
        >
          {(list) => (
            <div data-testid="customer-orders">
              <Box visibleFrom="sm">{table(list)}</Box>
              <Box hiddenFrom="sm">{cards(list)}</Box>
            </div>
          )}
        </QueryList>
      </Card>
      <TabPager meta={orders.data?.meta} onChange={setPage} testId="customer-orders-pagination" />
    </Stack>
  );
}
