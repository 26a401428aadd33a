import type { Booking } from '@app/shared/schemas/bookings';
import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ListViewColumn } from '@/components/list-view/list-view';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatClock, formatDate } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { RecordedAfterBadge } from './recorded-after-badge';
import { BookingStatusBadge, PaymentStatusBadge } from './status-badge';

/** A column of a bookings list (the bookings page, the customer page's bookings tab). */
export type BookingColumn = 'number' | 'customer' | 'service' | 'staff' | 'when' | 'status' | 'payment' | 'source';

/** The booking's branch-local date and start as the lists show them ("2 May 2030", "14:30"). */
export function useBookingWhen() {
  const locale = useLocale();
  const { time_format: timeFormat } = useCurrentUser().tenant;
  return (b: Booking) => ({
    date: formatDate(`${b.date}T12:00:00Z`, locale, { dateStyle: 'medium', timeZone: 'UTC' }),
    time: formatClock(b.slot, locale, timeFormat),
  });
}

/**
 * The list columns of `columns`, in that order (the bookings page, the customer page's bookings tab),
 * headed by `header` (the bookings list's headings by default); `nowrapDate` keeps the date on one line.
 */
export function useBookingColumns(
  columns: readonly BookingColumn[],
  { nowrapDate = false, header }: { nowrapDate?: boolean; header?: (column: BookingColumn) => string } = {},
): ListViewColumn<Booking>[] {
  const { t } = useTranslation('bookings');
  const when = useBookingWhen();
  const cell = (column: BookingColumn, b: Booking) => {
    switch (column) {
      case 'number':
        return (
          <Text fz="sm" fw={600} className="ltr-value">
            #{b.booking_number}
          </Text>
        );
      case 'customer':
        return (
          <>
            <Text fz="sm" fw={600}>
              {b.customer?.name ?? '—'}
            </Text>
            {b.customer?.phone && (
              <Text fz="xs" c="dimmed" className="ltr-value">
                {b.customer.phone}
              </Text>
            )}
          </>
        );
      case 'service':
        return <Text fz="sm">{b.service?.name ?? '—'}</Text>;
      case 'staff':
        return <Text fz="sm">{b.staff?.name ?? '—'}</Text>;
      case 'when': {
        const at = when(b);
        return (
          <>
            <Text fz="sm" style={nowrapDate ? { whiteSpace: 'nowrap' } : undefined}>
              {at.date}
            </Text>
            <Text fz="xs" c="dimmed">
              {at.time}
            </Text>
          </>
        );
      }
      case 'status':
        return (
          <Group gap={4} wrap="wrap">
            <BookingStatusBadge status={b.status} />
            {b.recorded_after && <RecordedAfterBadge size="xs" />}
          </Group>
        );
      case 'payment':
        return <PaymentStatusBadge status={b.payment_status} />;
      case 'source':
        return <Text fz="sm">{t(`source.${b.source}`)}</Text>;
    }
  };
  return columns.map((column) => ({ key: column, header: header?.(column) ?? t(`columns.${column}`), cell: (b: Booking) => cell(column, b) }));
}

/** One booking on a phone: number and status, the customer (`withCustomer`), the service and with whom, then when and the payment. */
export function BookingCard({ booking: b, withCustomer = false }: { booking: Booking; withCustomer?: boolean }) {
  const at = useBookingWhen()(b);
  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fz="sm" fw={700} className="ltr-value">
          #{b.booking_number}
        </Text>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {b.recorded_after && <RecordedAfterBadge size="xs" />}
          <BookingStatusBadge status={b.status} />
        </Group>
      </Group>
      {withCustomer && (
        <Group gap={6} wrap="nowrap" mt={4} miw={0}>
          <Text fz="sm" fw={600} truncate>
            {b.customer?.name ?? '—'}
          </Text>
          {b.customer?.phone && (
            <Text fz="xs" c="dimmed" className="ltr-value" style={{ flexShrink: 0 }}>
              {b.customer.phone}
            </Text>
          )}
        </Group>
      )}
      <Text fz="sm" fw={withCustomer ? undefined : 500} mt={4} truncate>
        {b.service?.name ?? '—'} · {b.staff?.name ?? '—'}
      </Text>
      <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
        <Text fz="xs" c="dimmed" truncate>
          {at.date} · {at.time}
        </Text>
        <Box style={{ flexShrink: 0 }}>
          <PaymentStatusBadge status={b.payment_status} />
        </Box>
      </Group>
    </>
  );
}
