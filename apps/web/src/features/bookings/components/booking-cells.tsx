import type { Booking } from '@app/shared/schemas/bookings';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatClock, formatDate } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
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
 * One booking's cells of a list row, in the order of `columns` (the row and its actions cell are the
 * list's); `nowrapDate` keeps the date on one line.
 */
export function BookingCells({ booking: b, columns, nowrapDate = false }: { booking: Booking; columns: readonly BookingColumn[]; nowrapDate?: boolean }) {
  const { t } = useTranslation('bookings');
  const at = useBookingWhen()(b);
  const cell = (column: BookingColumn) => {
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
      case 'when':
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
      case 'status':
        return <BookingStatusBadge status={b.status} />;
      case 'payment':
        return <PaymentStatusBadge status={b.payment_status} />;
      case 'source':
        return <Text fz="sm">{t(`source.${b.source}`)}</Text>;
    }
  };
  return columns.map((column) => <Table.Td key={column}>{cell(column)}</Table.Td>);
}
