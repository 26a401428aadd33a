import { SEARCH_DEBOUNCE_MS } from '@app/shared/constants';
import { BOOKING_SOURCES, BOOKING_STATUSES, type BookingSource, type BookingStatus, isBookingSource, isBookingStatus } from '@app/shared/states/booking';
import { Button, Card, Group, Pagination, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendarEvent, IconCalendarPlus, IconEye } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { ListTable, RowAction, RowActions } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { SearchInput } from '@/components/search-input';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { type BookingsFilter, type BookingsPage as Page, useBookings } from '../api/bookings';
import { useProviderOptions } from '../api/options';
import type { Booking } from '@app/shared/schemas/bookings';
import { useBusinessClock } from '../api/use-business-clock';
import { type BookingColumn, BookingCells } from '../components/booking-cells';
import { BookingDetailsDrawer } from '../components/booking-details';
import { BookingDrawer } from '../components/booking-drawer';
import { useStatusStyles } from '../components/status-badge';

const PER_PAGE = 25;
const COLUMNS: readonly BookingColumn[] = ['number', 'customer', 'service', 'staff', 'when', 'status', 'payment', 'source'];
/** A date reads left to right with the picker button on the right; the short label takes the left in both languages. */
const DATE_STYLES = { input: { direction: 'ltr' as const, paddingInlineStart: 44, paddingInlineEnd: 10 } };

type Filters = { search: string; status: BookingStatus | null; staff_id: string | null; source: BookingSource | null; from: string; to: string };
const NO_FILTERS: Filters = { search: '', status: null, staff_id: null, source: null, from: '', to: '' };

/** `/bookings`: every booking, newest first, paginated and filtered on the server. */
export function BookingsPage() {
  const { t } = useTranslation('bookings');
  const locale = useLocale();
  // The branches behind the business clock, on hand before a row opens the details drawer (which shows times in the branch's zone).
  useBusinessClock();
  const styles = useStatusStyles();
  const providers = useProviderOptions();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<Booking | null>(null);
  const [search] = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const query: BookingsFilter = {
    page,
    per_page: PER_PAGE,
    ...(search ? { search } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.staff_id ? { staff_id: filters.staff_id } : {}),
    ...(filters.source ? { source: filters.source } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
  const bookings = useBookings(query);
  const filtered = Boolean(search || filters.status || filters.staff_id || filters.source || filters.from || filters.to);
  const setFilter = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const meta = bookings.data?.meta;
  // The label's section is the start one in English and the end one in Arabic: on the left both times.
  const dateLabel = (text: string) => {
    const label = <Text fz="xs">{text}</Text>;
    return locale === 'en' ? { leftSection: label, leftSectionWidth: 44 } : { rightSection: label, rightSectionWidth: 44 };
  };
  const staffData = useMemo(() => (providers.data ?? []).map((p) => ({ value: p.uuid, label: p.name })), [providers.data]);

  const rows = (list: Page) => (
    <ListTable
      minWidth={980}
      columns={COLUMNS.map((c) => t(`columns.${c}`))}
      actions={{ label: t('columns.actions'), width: 56 }}
      highlightOnHover
      style={{ opacity: bookings.isPlaceholderData ? 0.6 : 1 }}
    >
      {list.data.map((b) => (
        <Table.Tr key={b.id} data-testid={`booking-row-${b.booking_number}`} style={{ cursor: 'pointer' }} onClick={() => setOpen(b)}>
          <BookingCells booking={b} columns={COLUMNS} />
          <Table.Td onClick={(e) => e.stopPropagation()}>
            <RowActions>
              <RowAction label={t('open')} icon={IconEye} onClick={() => setOpen(b)} />
            </RowActions>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );

  return (
    <Stack gap="md" maw={1280} mx="auto" w="100%">
      <PageHeader title={t('title')} subtitle={t('subtitle')}>
        <Button leftSection={<IconCalendarPlus size={18} />} onClick={() => setCreating(true)} data-testid="bookings-new">
          {t('new')}
        </Button>
      </PageHeader>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm">
        <SearchInput label={t('filters.search')} clearLabel={t('filters.clear')} value={filters.search} onChange={(v) => setFilter('search', v)} data-testid="bookings-search" />
        <Select
          placeholder={t('filters.status')}
          aria-label={t('filters.status')}
          data={BOOKING_STATUSES.map((s) => ({ value: s, label: styles[s].label }))}
          value={filters.status}
          onChange={(v) => setFilter('status', v && isBookingStatus(v) ? v : null)}
          clearable
          data-testid="bookings-filter-status"
        />
        <Select
          placeholder={t('filters.staff')}
          aria-label={t('filters.staff')}
          data={staffData}
          value={filters.staff_id}
          onChange={(v) => setFilter('staff_id', v)}
          clearable
          searchable
          disabled={!staffData.length}
          data-testid="bookings-filter-staff"
        />
        <Select
          placeholder={t('filters.source')}
          aria-label={t('filters.source')}
          data={BOOKING_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))}
          value={filters.source}
          onChange={(v) => setFilter('source', isBookingSource(v) ? v : null)}
          clearable
          data-testid="bookings-filter-source"
        />
        <TextInput
          type="date"
          aria-label={t('filters.from')}
          {...dateLabel(t('filters.fromShort'))}
          styles={DATE_STYLES}
          value={filters.from}
          onChange={(e) => setFilter('from', e.currentTarget.value)}
          data-testid="bookings-filter-from"
        />
        <TextInput
          type="date"
          aria-label={t('filters.to')}
          {...dateLabel(t('filters.toShort'))}
          styles={DATE_STYLES}
          value={filters.to}
          onChange={(e) => setFilter('to', e.currentTarget.value)}
          data-testid="bookings-filter-to"
        />
      </SimpleGrid>
      <Card withBorder padding={0}>
        <QueryList
          query={bookings}
          loading={<ListSkeleton rows={6} />}
          error={{ title: t('states.errorTitle'), body: t('states.errorBody'), retry: t('states.retry') }}
          isEmpty={(p) => p.data.length === 0}
          empty={
            <ListEmpty
              icon={IconCalendarEvent}
              title={filtered ? t('states.emptyFiltered') : t('states.empty')}
              description={filtered ? undefined : t('states.emptyBody')}
              action={
                filtered ? (
                  <Button variant="light" onClick={() => setFilters(NO_FILTERS)}>
                    {t('filters.clear')}
                  </Button>
                ) : (
                  <Button variant="light" onClick={() => setCreating(true)}>
                    {t('new')}
                  </Button>
                )
              }
            />
          }
        >
          {rows}
        </QueryList>
      </Card>
      {meta && meta.total > 0 && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text fz="sm" c="dimmed">
            {t('pageOf', {
              from: formatNumber((meta.current_page - 1) * meta.per_page + 1, locale),
              to: formatNumber(Math.min(meta.current_page * meta.per_page, meta.total), locale),
              total: formatNumber(meta.total, locale),
            })}
          </Text>
          {meta.last_page > 1 && <Pagination total={meta.last_page} value={meta.current_page} onChange={setPage} size="sm" data-testid="bookings-pagination" />}
        </Group>
      )}
      <BookingDrawer opened={creating} onClose={() => setCreating(false)} start={creating ? {} : null} />
      <BookingDetailsDrawer bookingId={open?.id ?? null} initial={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
