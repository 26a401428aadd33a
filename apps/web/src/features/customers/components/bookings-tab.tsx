import type { Booking } from '@app/shared/schemas/bookings';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListView } from '@/components/list-view/list-view';
import { type BookingColumn, BookingCard, useBookingColumns } from '@/features/bookings/components/booking-cells';
import { BookingDetailsDrawer } from '@/features/bookings/components/booking-details';
import { useCustomerBookings } from '../api/customers';

const COLUMNS: readonly BookingColumn[] = ['number', 'when', 'service', 'staff', 'status', 'payment'];

/** The customer's bookings, newest start first, paginated on the server; a row opens the booking's drawer. */
export function BookingsTab({ customerId }: { customerId: string }) {
  const { t } = useTranslation('customers');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Booking | null>(null);
  const bookings = useCustomerBookings(customerId, page);
  const columns = useBookingColumns(COLUMNS, { nowrapDate: true, header: (c) => t(`history.columns.${c}`) });

  return (
    <>
      <ListView
        query={bookings}
        columns={columns}
        rowKey={(b) => b.id}
        minWidth={760}
        testId="customer-bookings"
        itemTestId={(b) => `customer-booking-row-${b.booking_number}`}
        onItemClick={setOpen}
        openLabel={t('history.openBooking')}
        card={(b) => <BookingCard booking={b} />}
        onPage={setPage}
        loadingRows={4}
        errorTitle={t('states.errorTitle')}
        empty={{ icon: IconCalendarEvent, title: t('history.bookingsEmpty'), description: t('history.bookingsEmptyBody') }}
      />
      <BookingDetailsDrawer bookingId={open?.id ?? null} initial={open} onClose={() => setOpen(null)} />
    </>
  );
}
