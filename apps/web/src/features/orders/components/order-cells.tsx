import { type BadgeProps, Group, Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ListViewColumn } from '@/components/list-view/list-view';
import type { OrderRow } from '../api/types';
import { useOrderFormat } from '../lib/use-format';
import { OrderFlags, OrderStatusBadge, PaymentStatusBadge } from './badges';
import { Money } from '@/components/money';

/** A column of an orders list (the orders page, the customer page's orders tab). */
export type OrderColumn = 'number' | 'date' | 'customer' | 'items' | 'total' | 'paid' | 'payment' | 'status';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const ALIGN: Partial<Record<OrderColumn, 'center' | 'end'>> = { items: 'center', total: 'end', paid: 'end' };

/** "#42", left to right in both languages. */
export function OrderNumber({ order }: { order: OrderRow }) {
  return (
    <Text fz="sm" fw={700} className="ltr-value">
      #{order.number}
    </Text>
  );
}

/** The status badge with the draft and trash flags beside it. */
export function OrderStatus({ order, ...badge }: { order: OrderRow } & Omit<BadgeProps, 'children' | 'color'>) {
  return (
    <Group gap={4} wrap="nowrap">
      <OrderStatusBadge status={order.status} {...badge} />
      <OrderFlags order={order} />
    </Group>
  );
}

/** The order's total, on one line. */
export function OrderTotal({ order, ...text }: { order: OrderRow } & TextProps) {
  return (
    <Text fz="sm" style={NOWRAP} {...text}>
      <Money amount={order.total} currency={order.currency} />
    </Text>
  );
}

/**
 * "SAR 65.00 left" while the order is not paid in full; with `partPaid`, only once something is paid
 * (where no paid amount stands beside it, an unpaid order's payment badge already says it).
 */
export function OrderRemaining({ order, partPaid = false, ...text }: { order: OrderRow; partPaid?: boolean } & TextProps) {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  if (order.remaining_amount <= 0 || (partPaid && order.paid_amount <= 0)) return null;
  return (
    <Text fz="xs" c="red" {...text}>
      {t('columns.remaining', { amount: fmt.money(order.remaining_amount, order.currency) })}
    </Text>
  );
}

/**
 * The list columns of `columns`, in that order (the orders page, the customer page's orders tab),
 * headed by `header`. The remaining amount stands under the paid amount, or, without a paid column,
 * under the total.
 */
export function useOrderColumns(columns: readonly OrderColumn[], header: (column: OrderColumn) => string): ListViewColumn<OrderRow>[] {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  const withPaid = columns.includes('paid');
  const cell = (column: OrderColumn, o: OrderRow) => {
    switch (column) {
      case 'number':
        return <OrderNumber order={o} />;
      case 'date':
        return (
          <Text fz="sm" style={NOWRAP}>
            {fmt.dateTime(o.date)}
          </Text>
        );
      case 'customer':
        return (
          <>
            <Text fz="sm" fw={500} truncate maw={200}>
              {o.customer?.name ?? t('customer.guest')}
            </Text>
            {o.customer?.phone && (
              <Text fz="xs" c="dimmed" className="ltr-value">
                {o.customer.phone}
              </Text>
            )}
          </>
        );
      case 'items':
        return <Text fz="sm">{fmt.number(o.items_count)}</Text>;
      case 'total':
        return (
          <>
            <OrderTotal order={o} fw={600} />
            {!withPaid && <OrderRemaining order={o} partPaid style={NOWRAP} />}
          </>
        );
      case 'paid':
        return (
          <>
            <Text fz="sm" style={NOWRAP}>
              <Money amount={o.paid_amount} currency={o.currency} />
            </Text>
            <OrderRemaining order={o} style={NOWRAP} />
          </>
        );
      case 'payment':
        return <PaymentStatusBadge status={o.payment_status} />;
      case 'status':
        return <OrderStatus order={o} />;
    }
  };
  return columns.map((column) => ({ key: column, header: header(column), align: ALIGN[column], cell: (o: OrderRow) => cell(column, o) }));
}

/** One order on a phone: number and status, the customer (`withCustomer`) and total, when, the items and the payment. */
export function OrderCard({ order: o, withCustomer = false }: { order: OrderRow; withCustomer?: boolean }) {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <OrderNumber order={o} />
        <OrderStatus order={o} size="sm" />
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
        {withCustomer ? (
          <Text fz="sm" fw={500} truncate>
            {o.customer?.name ?? t('customer.guest')}
          </Text>
        ) : (
          <Text fz="xs" c="dimmed" truncate>
            {fmt.dateTime(o.date)}
          </Text>
        )}
        <OrderTotal order={o} fw={700} />
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
        {withCustomer ? (
          <Text fz="xs" c="dimmed" truncate>
            {fmt.dateTime(o.date)} · {t('itemsCount', { count: o.items_count })}
          </Text>
        ) : (
          <PaymentStatusBadge status={o.payment_status} size="sm" />
        )}
        {withCustomer ? <PaymentStatusBadge status={o.payment_status} size="sm" /> : <OrderRemaining order={o} partPaid style={NOWRAP} />}
      </Group>
      {withCustomer && <OrderRemaining order={o} partPaid mt={2} />}
    </>
  );
}
