import type { TransactionStatus } from '@app/shared/states/transaction';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from '../lib/transaction';

/** A transaction's status as a coloured badge (wait = a receipt under review). */
export function TransactionStatusBadge({ status, ...props }: { status: TransactionStatus } & Omit<BadgeProps, 'children' | 'color'>) {
  const { t } = useTranslation('sales');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid={`transaction-status-${status}`} {...props}>
      {t(`status.${status}`)}
    </Badge>
  );
}
