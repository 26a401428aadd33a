import type { BookingStatus } from '@app/shared/states/booking';
import { Badge } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';
import { useStatusLabels } from '../api/options';
import { type StatusStyle, statusStyles, styleOf } from '../lib/status';

/** Every status's name and colours: the business's labels over the defaults. */
export function useStatusStyles(): Record<BookingStatus, StatusStyle> {
  const locale = useLocale();
  const labels = useStatusLabels();
  return useMemo(() => statusStyles(labels.data, locale), [labels.data, locale]);
}

export function BookingStatusBadge({ status, size = 'sm' }: { status: string; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  const style = styleOf(useStatusStyles(), status);
  return (
    <Badge size={size} tt="none" color={style.color} c={style.text} data-testid="booking-status-badge" data-status={status}>
      {style.label}
    </Badge>
  );
}

const PAYMENT_COLORS: Record<string, string> = { paid: 'green', unpaid: 'red', 'partially-paid': 'orange' };

export function PaymentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('bookings');
  return (
    <Badge size="sm" variant="light" tt="none" color={PAYMENT_COLORS[status] ?? 'gray'} data-testid="booking-payment-badge">
      {t(`payment.${status}`, { defaultValue: status })}
    </Badge>
  );
}
