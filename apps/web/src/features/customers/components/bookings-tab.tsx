import type { Booking } from '@app/shared/schemas/bookings';
import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconCalendarEvent, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction, RowActions } from '@/components/list-table';
import { type BookingColumn, BookingCells, useBookingWhen } from '@/features/bookings/components/booking-cells';
import { BookingDetailsDrawer } from '@/features/bookings/components/booking-details';
import { BookingStatusBadge, PaymentStatusBadge } from '@/features/bookings/components/status-badge';
import { useCustomerBookings } from '../api/customers';
import { HistoryList } from './history-list';

const COLUMNS: readonly BookingColumn[] = ['number', 'when', 'service', 'staff', 'status', 'payment'];

/** The customer's bookings, newest start first, paginated on the server; a row opens the booking's drawer. */
export function BookingsTab({ customerId }: { customerId: string }) {
  const { t } = useTranslation('customers');
  const when = useBookingWhen();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Booking | null>(null);
  const bookings = useCustomerBookings(customerId, page);

  return (
    <HistoryList
      query={bookings}
      onPage={setPage}
      testId="customer-bookings"
      empty={{ icon: IconCalendarEvent, title: t('history.bookingsEmpty'), description: t('history.bookingsEmptyBody') }}
      table={{
        minWidth: 760,
        columns: COLUMNS.map((c) => t(`history.columns.${c}`)),
        row: (b) => (
          <Table.Tr key={b.id} data-testid={`customer-booking-row-${b.booking_number}`} style={{ cursor: 'pointer' }} onClick={() => setOpen(b)}>
            <BookingCells booking={b} columns={COLUMNS} nowrapDate />
            <Table.Td onClick={(e) => e.stopPropagation()}>
              <RowActions>
                <RowAction label={t('history.openBooking')} icon={IconEye} onClick={() => setOpen(b)} />
              </RowActions>
            </Table.Td>
          </Table.Tr>
        ),
      }}
      card={(b) => {
        const at = when(b);
        return (
          <UnstyledButton
            key={b.id}
            display="block"
            w="100%"
            p="sm"
            style={{ borderBlockEnd: '1px solid var(--mantine-color-default-border)' }}
            onClick={() => setOpen(b)}
            aria-label={t('history.openBookingNumber', { number: b.booking_number })}
            data-testid={`customer-booking-card-${b.booking_number}`}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fz="sm" fw={700} className="ltr-value">
                #{b.booking_number}
              </Text>
              <BookingStatusBadge status={b.status} />
            </Group>
            <Text fz="sm" fw={500} mt={4} truncate>
              {b.service?.name ?? '—'}
            </Text>
            <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
              <Text fz="xs" c="dimmed" truncate>
                {at.date} · {at.time} · {b.staff?.name ?? '—'}
              </Text>
              <PaymentStatusBadge status={b.payment_status} />
            </Group>
          </UnstyledButton>
        );
      }}
    >
      <BookingDetailsDrawer bookingId={open?.id ?? null} initial={open} onClose={() => setOpen(null)} />
    </HistoryList>
  );
}
