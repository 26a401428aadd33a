import type { OrderSummary } from '@app/shared/schemas/orders';
import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconEye, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { RowAction, RowActions } from '@/components/list-table';
import { PaymentStatusBadge } from '@/features/orders/components/badges';
import { type OrderColumn, OrderCells, OrderNumber, OrderRemaining, OrderStatus, OrderTotal, orderHeadings } from '@/features/orders/components/order-cells';
import { useOrderFormat } from '@/features/orders/lib/use-format';
import { useCustomerOrders } from '../api/customers';
import { HistoryList } from './history-list';

const COLUMNS: readonly OrderColumn[] = ['number', 'date', 'items', 'total', 'payment', 'status'];
const orderPath = (o: OrderSummary) => `/orders/${o.id}`;

/** The customer's placed orders, newest first, paginated on the server; a row opens the order. */
export function OrdersTab({ customerId }: { customerId: string }) {
  const { t } = useTranslation('customers');
  const fmt = useOrderFormat();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const orders = useCustomerOrders(customerId, page);

  return (
    <HistoryList
      query={orders}
      onPage={setPage}
      testId="customer-orders"
      empty={{ icon: IconReceipt, title: t('history.ordersEmpty'), description: t('history.ordersEmptyBody') }}
      table={{
        minWidth: 720,
        columns: orderHeadings(COLUMNS, (c) => t(`history.columns.${c}`)),
        row: (o) => (
          <Table.Tr key={o.id} data-testid={`customer-order-row-${o.number}`} style={{ cursor: 'pointer' }} onClick={() => navigate(orderPath(o))}>
            <OrderCells order={o} columns={COLUMNS} />
            <Table.Td onClick={(e) => e.stopPropagation()}>
              <RowActions>
                <RowAction label={t('history.openOrder')} icon={IconEye} to={orderPath(o)} />
              </RowActions>
            </Table.Td>
          </Table.Tr>
        ),
      }}
      card={(o) => (
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
            <OrderNumber order={o} />
            <OrderStatus order={o} size="sm" />
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
            <Text fz="xs" c="dimmed" truncate>
              {fmt.dateTime(o.date)}
            </Text>
            <OrderTotal order={o} fw={700} />
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
            <PaymentStatusBadge status={o.payment_status} size="sm" />
            <OrderRemaining order={o} partPaid style={{ whiteSpace: 'nowrap' }} />
          </Group>
        </UnstyledButton>
      )}
    />
  );
}
