import type { Booking } from '@app/shared/schemas/bookings';
import { BOOKING_SOURCES, BOOKING_STATUSES, isBookingSource, isBookingStatus } from '@app/shared/states/booking';
import { Button, Stack } from '@mantine/core';
import { IconCalendarEvent, IconCalendarPlus, IconCash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateRangeFilters, filterOf, SelectFilter } from '@/components/list-view/filter-fields';
import { ListView } from '@/components/list-view/list-view';
import { listBindings, searchOf, useListParams } from '@/components/list-view/use-list-params';
import { RowAction } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { CheckoutDrawer } from '@/features/orders/components/checkout-drawer';
import { useBookings } from '../api/bookings';
import { useProviderOptions } from '../api/options';
import { useBusinessClock } from '../api/use-business-clock';
import { type BookingColumn, BookingCard, useBookingColumns } from '../components/booking-cells';
import { BookingDetailsDrawer } from '../components/booking-details';
import { BookingDrawer } from '../components/booking-drawer';
import { useStatusStyles } from '../components/status-badge';
import { canCheckout } from '../lib/checkout';

const COLUMNS: readonly BookingColumn[] = ['number', 'customer', 'service', 'staff', 'when', 'status', 'payment', 'source'];
const FILTERS = ['status', 'staff_id', 'source', 'from', 'to'] as const;

/** `/bookings`: every booking, newest first, paginated and filtered on the server. */
export function BookingsPage() {
  const { t } = useTranslation('bookings');
  // The branches behind the business clock, on hand before a row opens the details drawer (which shows times in the branch's zone).
  useBusinessClock();
  const styles = useStatusStyles();
  const providers = useProviderOptions();
  const list = useListParams(FILTERS);
  const f = list.filters;
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<Booking | null>(null);
  const [checkout, setCheckout] = useState<string | null>(null);
  const user = useCurrentUser();
  const bookings = useBookings({
    ...list.query,
    status: isBookingStatus(f.status) ? f.status : undefined,
    source: isBookingSource(f.source) ? f.source : undefined,
  });
  const columns = useBookingColumns(COLUMNS);
  const staffData = useMemo(() => (providers.data ?? []).map((p) => ({ value: p.uuid, label: p.name })), [providers.data]);

  return (
    <Stack gap="md" maw={1280} mx="auto" w="100%">
      <PageHeader title={t('title')} subtitle={t('subtitle')}>
        <Button leftSection={<IconCalendarPlus size={18} />} onClick={() => setCreating(true)} data-testid="bookings-new">
          {t('new')}
        </Button>
      </PageHeader>
      <ListView
        query={bookings}
        columns={columns}
        rowKey={(b) => b.id}
        minWidth={980}
        testId="bookings"
        itemTestId={(b) => `booking-row-${b.booking_number}`}
        onItemClick={setOpen}
        openLabel={t('open')}
        actions={(b) =>
          canCheckout(b, user.permissions) ? (
            <RowAction label={t('details.checkout')} icon={IconCash} onClick={() => setCheckout(b.order_id)} data-testid={`booking-checkout-${b.booking_number}`} />
          ) : null
        }
        actionsWidth={96}
        card={(b) => <BookingCard booking={b} withCustomer />}
        search={searchOf(list, t('filters.search'), 'bookings-search')}
        filters={{
          active: list.active,
          fields: [
            <SelectFilter
              key="status"
              label={t('filters.status')}
              data={BOOKING_STATUSES.map((s) => ({ value: s, label: styles[s].label }))}
              {...filterOf(list, 'status')}
              data-testid="bookings-filter-status"
            />,
            <SelectFilter
              key="staff"
              label={t('filters.staff')}
              data={staffData}
              {...filterOf(list, 'staff_id')}
              searchable
              disabled={!staffData.length}
              data-testid="bookings-filter-staff"
            />,
            <SelectFilter
              key="source"
              label={t('filters.source')}
              data={BOOKING_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))}
              {...filterOf(list, 'source')}
              data-testid="bookings-filter-source"
            />,
            ...dateRangeFilters(list, t, 'bookings'),
          ],
        }}
        {...listBindings(list)}
        errorTitle={t('states.errorTitle')}
        emptyFiltered={t('states.emptyFiltered')}
        empty={{
          icon: IconCalendarEvent,
          title: t('states.empty'),
          description: t('states.emptyBody'),
          action: (
            <Button variant="light" onClick={() => setCreating(true)}>
              {t('new')}
            </Button>
          ),
        }}
      />
      <BookingDrawer opened={creating} onClose={() => setCreating(false)} start={creating ? {} : null} />
      <BookingDetailsDrawer bookingId={open?.id ?? null} initial={open} onClose={() => setOpen(null)} />
      {checkout && <CheckoutDrawer orderId={checkout} onClose={() => setCheckout(null)} />}
    </Stack>
  );
}
