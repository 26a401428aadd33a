import type { Booking } from '@app/shared/schemas/bookings';
import { Box, Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconCalendarEvent, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { ListTable, RowAction, RowActions } from '@/components/list-table';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { BookingDetailsDrawer } from '@/features/bookings/components/booking-details';
import { BookingStatusBadge, PaymentStatusBadge } from '@/features/bookings/components/status-badge';
import { formatClock, formatDate } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { type Paged, useCustomerBookings } from '../api/customers';
import { TabPager } from './tab-pager';

/** The booking's branch-local date and start, as the bookings list shows them. */
function useWhen() {
  const locale = useLocale();
  const { time_format: timeFormat } = useCurrentUser().tenant;
  return (b: Booking) => ({
    date: formatDate(`${b.date}T12:00:00Z`, locale, { dateStyle: 'medium', timeZone: 'UTC' }),
    time: formatClock(b.slot, locale, timeFormat),
  });
}

/** The customer's bookings, newest start first, paginated on the server; a row opens the booking's drawer. */
export function BookingsTab({ customerId }: { customerId: string }) {
  const { t } = useTranslation('customers');
  const when = useWhen();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Booking | null>(null);
  const bookings = useCustomerBookings(customerId, page);
  const faded = { opacity: bookings.isPlaceholderData ? 0.6 : 1 };

  const table = (list: Paged<Booking>) => (
    <ListTable
      minWidth={760}
      columns={[t('history.columns.number'), t('history.columns.when'), t('history.columns.service'), t('history.columns.staff'), t('history.columns.status'), t('history.columns.payment')]}
      actions={{ label: t('history.columns.actions'), width: 56 }}
      highlightOnHover
      style={faded}
    >
      {list.data.map((b) => {
        const at = when(b);
        return (
          <Table.Tr key={b.id} data-testid={`customer-booking-row-${b.booking_number}`} style={{ cursor: 'pointer' }} onClick={() => setOpen(b)}>
            <Table.Td>
              <Text fz="sm" fw={600} className="ltr-value">
                #{b.booking_number}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {at.date}
              </Text>
              <Text fz="xs" c="dimmed">
                {at.time}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm">{b.service?.name ?? '—'}</Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm">{b.staff?.name ?? '—'}</Text>
            </Table.Td>
            <Table.Td>
              <BookingStatusBadge status={b.status} />
            </Table.Td>
            <Table.Td>
              <PaymentStatusBadge status={b.payment_status} />
            </Table.Td>
            <Table.Td onClick={(e) => e.stopPropagation()}>
              <RowActions>
                <RowAction label={t('history.openBooking')} icon={IconEye} onClick={() => setOpen(b)} />
              </RowActions>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );

  // On a phone the columns become one card a booking.
  const cards = (list: Paged<Booking>) => (
    <Stack gap={0} style={faded}>
      {list.data.map((b) => {
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
      })}
    </Stack>
  );

  return (
    <Stack gap="sm">
      <Card withBorder padding={0}>
        <QueryList
          query={bookings}
          loading={<ListSkeleton rows={4} />}
          error={{ title: t('states.errorTitle'), body: t('states.errorBody'), retry: t('states.retry') }}
          isEmpty={(p) => p.data.length === 0}
          empty={<ListEmpty icon={IconCalendarEvent} title={t('history.bookingsEmpty')} description={t('history.bookingsEmptyBody')} />}
        >
          {(list) => (
            <div data-testid="customer-bookings">
              <Box visibleFrom="sm">{table(list)}</Box>
              <Box hiddenFrom="sm">{cards(list)}</Box>
            </div>
          )}
        </QueryList>
      </Card>
      <TabPager meta={bookings.data?.meta} onChange={setPage} testId="customer-bookings-pagination" />
      <BookingDetailsDrawer bookingId={open?.id ?? null} initial={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
