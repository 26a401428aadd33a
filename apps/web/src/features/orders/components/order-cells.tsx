import { type BadgeProps, Group, Table, Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '@/components/list-table';
import type { OrderRow } from '../api/types';
import { useOrderFormat } from '../lib/use-format';
import { OrderFlags, OrderStatusBadge, PaymentStatusBadge } from './badges';

/** A column of an orders list (the orders page, the customer page's orders tab). */
export type OrderColumn = 'number' | 'date' | 'customer' | 'items' | 'total' | 'paid' | 'payment' | 'status';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const ALIGN: Partial<Record<OrderColumn, 'center' | 'end'>> = { items: 'center', total: 'end', paid: 'end' };

/** The headings of `columns`, each aligned as its cells are; `label` names a column. */
export function orderHeadings(columns: readonly OrderColumn[], label: (column: OrderColumn) => string): ListColumn[] {
  return columns.map((column) => {
    const ta = ALIGN[column];
    return ta ? { label: label(column), ta } : label(column);
  });
}

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
  const fmt = useOrderFormat();
  return (
    <Text fz="sm" style={NOWRAP} {...text}>
      {fmt.money(order.total, order.currency)}
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
 * One order's cells of a list row, in the order of `columns` (the row and its actions cell are the
 * list's). The remaining amount stands under the paid amount, or, without a paid column, under the total.
 */
export function OrderCells({ order: o, columns }: { order: OrderRow; columns: readonly OrderColumn[] }) {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  const withPaid = columns.includes('paid');
  const cell = (column: OrderColumn) => {
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
              {fmt.money(o.paid_amount, o.currency)}
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
  return columns.map((column) => (
    <Table.Td key={column} ta={ALIGN[column]}>
      {cell(column)}
    </Table.Td>
  ));
}
