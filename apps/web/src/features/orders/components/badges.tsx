import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BOOKING_STATUS_COLORS, colorOf, ORDER_STATUS_COLORS, PAYMENT_STATUS_COLORS, TRANSACTION_STATUS_COLORS } from '../lib/status';

type Props = { status: string } & Omit<BadgeProps, 'children' | 'color'>;

export function OrderStatusBadge({ status, ...props }: Props) {
  const { t } = useTranslation('orders');
  return (
    <Badge variant="light" color={colorOf(ORDER_STATUS_COLORS, status)} tt="none" {...props}>
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

export function PaymentStatusBadge({ status, ...props }: Props) {
  const { t } = useTranslation('orders');
  return (
    <Badge variant="dot" color={colorOf(PAYMENT_STATUS_COLORS, status)} tt="none" {...props}>
      {t(`paymentStatus.${status}`, { defaultValue: status })}
    </Badge>
  );
}

export function BookingStatusBadge({ status, ...props }: Props) {
  const { t } = useTranslation('orders');
  return (
    <Badge variant="light" color={colorOf(BOOKING_STATUS_COLORS, status)} tt="none" {...props}>
      {t(`bookingStatus.${status}`, { defaultValue: status })}
    </Badge>
  );
}

export function TransactionStatusBadge({ status, ...props }: Props) {
  const { t } = useTranslation('orders');
  return (
    <Badge variant="light" color={colorOf(TRANSACTION_STATUS_COLORS, status)} tt="none" {...props}>
      {t(`transactionStatus.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** Drafts and the trash are flags beside the status. */
export function OrderFlags({ order }: { order: { is_draft: boolean; deleted_at: string | null } }) {
  const { t } = useTranslation('orders');
  return (
    <>
      {order.is_draft && (
        <Badge variant="outline" color="gray" tt="none" data-testid="order-draft-badge">
          {t('flags.draft')}
        </Badge>
      )}
      {order.deleted_at && (
        <Badge variant="filled" color="red" tt="none" data-testid="order-trashed-badge">
          {t('flags.trashed')}
        </Badge>
      )}
    </>
  );
}
