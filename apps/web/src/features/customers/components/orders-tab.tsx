import { IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListView } from '@/components/list-view/list-view';
import { type OrderColumn, OrderCard, useOrderColumns } from '@/features/orders/components/order-cells';
import { useCustomerOrders } from '../api/customers';

const COLUMNS: readonly OrderColumn[] = ['number', 'date', 'items', 'total', 'payment', 'status'];

/** The customer's placed orders, newest first, paginated on the server; a row opens the order. */
export function OrdersTab({ customerId }: { customerId: string }) {
  const { t } = useTranslation('customers');
  const [page, setPage] = useState(1);
  const orders = useCustomerOrders(customerId, page);
  const columns = useOrderColumns(COLUMNS, (c) => t(`history.columns.${c}`));

  return (
    <ListView
      query={orders}
      columns={columns}
      rowKey={(o) => o.id}
      minWidth={720}
      testId="customer-orders"
      itemTestId={(o) => `customer-order-row-${o.number}`}
      itemLink={(o) => `/orders/${o.id}`}
      openLabel={t('history.openOrder')}
      card={(o) => <OrderCard order={o} />}
      onPage={setPage}
      loadingRows={4}
      errorTitle={t('states.errorTitle')}
      empty={{ icon: IconReceipt, title: t('history.ordersEmpty'), description: t('history.ordersEmptyBody') }}
    />
  );
}
