import FullCalendar, { type CalendarRef, type DateClickInfo, type DatesSetInfo, type EventChangeInfo, type EventClickInfo, type LocaleInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import '../components/calendar.css';
import { ActionIcon, Alert, Box, Button, Card, Group, Loader, MultiSelect, SegmentedControl, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarPlus, IconChevronLeft, IconChevronRight, IconClockPause } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { useUpdateBooking } from '@/features/bookings/api/bookings';
import type { BlockTime, Booking, CalendarStaff } from '@app/shared/schemas/bookings';
import { BOOKING_STATUSES } from '@app/shared/states/booking';
import { useBusinessClock } from '@/features/bookings/api/use-business-clock';
import { BookingDetailsDrawer } from '@/features/bookings/components/booking-details';
import { type BookingStart, BookingDrawer } from '@/features/bookings/components/booking-drawer';
import { useStatusStyles } from '@/features/bookings/components/status-badge';
import { isApiError, toast } from '@/lib/api-client';
import { formatDate, intlTag } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { type EventsRange, useCalendarEvents } from '../api/calendar';
import { BlockDetailsModal, BlockTimeModal } from '../components/block-time-modal';
import { blockEvent, bookingEvent, type CalendarEventProps, mergeStaff } from '../lib/events';
import { calendarHours } from '../lib/hours';
import { fcDateParts, fcDateToIso } from '../lib/zone';

const VIEWS = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'listWeek'] as const;
type ViewName = (typeof VIEWS)[number];
const VIEW_LABEL: Record<ViewName, string> = { dayGridMonth: 'views.month', timeGridWeek: 'views.week', timeGridDay: 'views.day', listWeek: 'views.list' };

/** Events of the time grid get a class of their own (their titles wrap there). */
const eventClass = (info: { view: { type: string } }) => (info.view.type.startsWith('timeGrid') ? 'calendar-event-in-grid' : undefined);

/** A drag or resize waiting for the user's yes. */
type PendingMove = { booking: Booking; start: string; end: string; resized: boolean; revert: () => void };

/**
 * `/calendar`: the business's bookings and block times in month, week, day and list views, in the
 * business's zone, clock and first day of the week. Clicking a free time books it; dragging or
 * resizing a booking moves it after a confirmation; block times are shown and created here.
 */
export function CalendarPage() {
  const { t } = useTranslation('calendar');
  const locale = useLocale();
  const user = useCurrentUser();
  const clock = useBusinessClock();
  const styles = useStatusStyles();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const calendarRef = useRef<CalendarRef>(null);
  const [view, setView] = useState<ViewName>(() => (window.matchMedia?.('(max-width: 48em)').matches ? 'timeGridDay' : 'timeGridWeek'));
  const [range, setRange] = useState<EventsRange | null>(null);
  const [title, setTitle] = useState('');
  const [staffIds, setStaffIds] = useState<string[]>([]);
  const [knownStaff, setKnownStaff] = useState<CalendarStaff[]>([]);
  const [newBooking, setNewBooking] = useState<BookingStart | null>(null);
  const [details, setDetails] = useState<Booking | null>(null);
  const [blocking, setBlocking] = useState(false);
  const [block, setBlock] = useState<BlockTime | null>(null);
  const [pending, setPending] = useState<PendingMove | null>(null);
  const update = useUpdateBooking();
  const canBlock = user.permissions.includes('calendar.all');
  const events = useCalendarEvents(range, staffIds, null, pending === null);

  // The filter keeps offering every provider seen, also while it narrows the answer to some of them.
  const staff = useMemo(() => mergeStaff(knownStaff, events.data?.staff ?? []), [knownStaff, events.data?.staff]);
  useEffect(() => {
    if (staff.length !== knownStaff.length) setKnownStaff(staff);
  }, [staff, knownStaff.length]);
  const staffName = (id: string | null) => (id ? (staff.find((s) => s.id === id)?.name ?? t('block.someone')) : t('block.allStaff'));

  const inputs = useMemo(() => {
    const data = events.data;
    if (!data) return [];
    const names = new Map(staff.map((s) => [s.id, s.name]));
    const blockTitle = (b: BlockTime) => [t('block.title'), b.staff_id ? (names.get(b.staff_id) ?? t('block.someone')) : null, b.notes].filter(Boolean).join(' · ');
    return [...data.bookings.map((b) => bookingEvent(b, styles, true, t('event.untitled'))), ...data.blocks.map((b) => blockEvent(b, blockTitle(b)))];
  }, [events.data, styles, staff, t]);

  // FullCalendar takes the business's zone, clock and week start, and our texts.
  const fcLocale = useMemo<LocaleInput>(
    () => ({
      code: intlTag(locale),
      direction: locale === 'en' ? 'ltr' : 'rtl',
      allDayText: t('fc.allDay'),
      noEventsText: t('fc.noEvents'),
      moreLinkText: (n: number) => t('fc.more', { count: n }),
      weekTextLong: t('fc.week'),
    }),
    [locale, t],
  );
  const hour12 = clock.timeFormat === '12';
  const timeFormat = useMemo(() => ({ hour: 'numeric', minute: '2-digit', hour12 }) as const, [hour12]);
  const hours = useMemo(() => calendarHours(clock.workingHours), [clock.workingHours]);
  // "Wednesday 25 November, 10:00 AM" in the move confirmation.
  const whenFormat = { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit', hourCycle: hour12 ? 'h12' : 'h23' } as const;

  const api = () => calendarRef.current?.getApi();
  const changeView = (next: ViewName) => {
    setView(next);
    api()?.changeView(next);
  };

  const onDatesSet = (info: DatesSetInfo) => {
    const next = { start: fcDateToIso(info.startStr, clock.zone), end: fcDateToIso(info.endStr, clock.zone) };
    setRange((r) => (r && r.start === next.start && r.end === next.end ? r : next));
    setTitle(info.view.title);
  };

  const onDateClick = (info: DateClickInfo) => {
    const { date, time } = fcDateParts(info.dateStr);
    setNewBooking({ date, time: info.allDay ? null : time, staffId: staffIds.length === 1 ? staffIds[0] : null });
  };

  const onEventClick = (info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    const props = info.event.extendedProps as CalendarEventProps;
    if (props.kind === 'booking') setDetails(props.booking);
    else setBlock(props.block);
  };

  const onMoved = (resized: boolean) => (info: EventChangeInfo) => {
    const props = info.event.extendedProps as CalendarEventProps;
    if (props.kind !== 'booking' || !info.event.startStr) {
      info.revert();
      return;
    }
    const start = fcDateToIso(info.event.startStr, clock.zone);
    const end = info.event.endStr ? fcDateToIso(info.event.endStr, clock.zone) : props.booking.end_time;
    setPending({ booking: props.booking, start, end, resized, revert: info.revert });
  };

  const confirmMove = () => {
    if (!pending) return;
    const { booking, start, end, resized, revert } = pending;
    update.mutate(
      { id: booking.id, body: resized ? { start_time: start, end_time: end } : { start_time: start } },
      {
        onSuccess: () => setPending(null),
        onError: (e) => {
          revert();
          setPending(null);
          // A 422 (slot taken, provider off …) has no field on screen: its message as a toast.
          if (isApiError(e) && e.status === 422) toast(Object.values(e.fieldErrors)[0] ?? e.message, 'red');
        },
      },
    );
  };
  const cancelMove = () => {
    pending?.revert();
    setPending(null);
  };

  const rtl = locale !== 'en';
  // The period shown; on phones it takes its own line under the buttons.
  const titleNode = (
    <Title order={2} fz={{ base: 'md', sm: 'lg' }} ms={isPhone ? 0 : 'xs'} data-testid="calendar-title">
      {title}
    </Title>
  );
  const PrevIcon = rtl ? IconChevronRight : IconChevronLeft;
  const NextIcon = rtl ? IconChevronLeft : IconChevronRight;

  return (
    <Stack gap="md" w="100%">
      <PageHeader title={t('title')} subtitle={t('subtitle')}>
        {canBlock && (
          <Button variant="default" leftSection={<IconClockPause size={18} />} onClick={() => setBlocking(true)} data-testid="calendar-block-time">
            {t('block.button')}
          </Button>
        )}
        <Button leftSection={<IconCalendarPlus size={18} />} onClick={() => setNewBooking({})} data-testid="calendar-new-booking">
          {t('newBooking')}
        </Button>
      </PageHeader>

      <Card withBorder padding={isPhone ? 'xs' : 'md'}>
        <Stack gap="sm">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap={6} wrap="nowrap" w={isPhone ? '100%' : undefined}>
              <Tooltip label={t('toolbar.previous')}>
                <ActionIcon variant="default" size="lg" aria-label={t('toolbar.previous')} onClick={() => api()?.prev()} data-testid="calendar-prev">
                  <PrevIcon size={18} />
                </ActionIcon>
              </Tooltip>
              <Button variant="default" size="sm" onClick={() => api()?.today()} style={{ flexShrink: 0 }} data-testid="calendar-today">
                {t('toolbar.today')}
              </Button>
              <Tooltip label={t('toolbar.next')}>
                <ActionIcon variant="default" size="lg" aria-label={t('toolbar.next')} onClick={() => api()?.next()} data-testid="calendar-next">
                  <NextIcon size={18} />
                </ActionIcon>
              </Tooltip>
              {!isPhone && titleNode}
              {events.isFetching && <Loader size="xs" ms="auto" data-testid="calendar-loading" />}
            </Group>
            {isPhone && titleNode}
            <SegmentedControl
              size="xs"
              value={view}
              onChange={(v) => changeView(v as ViewName)}
              data={VIEWS.map((v) => ({ value: v, label: t(VIEW_LABEL[v]) }))}
              fullWidth={isPhone}
              w={isPhone ? '100%' : undefined}
              data-testid="calendar-views"
            />
          </Group>
          <MultiSelect
            placeholder={staffIds.length ? undefined : t('filters.allStaff')}
            aria-label={t('filters.staff')}
            data={staff.map((s) => ({ value: s.id, label: s.name }))}
            value={staffIds}
            onChange={setStaffIds}
            searchable
            clearable
            maw={{ base: '100%', sm: 480 }}
            data-testid="calendar-staff-filter"
          />
          {events.isError && (
            <Alert color="red" variant="light" data-testid="calendar-error">
              <Group justify="space-between" gap="xs">
                <Text fz="sm">{t('states.error')}</Text>
                <Button size="xs" variant="light" color="red" onClick={() => void events.refetch()}>
                  {t('states.retry')}
                </Button>
              </Group>
            </Alert>
          )}
          {clock.ready ? (
            <Box className="khidma-calendar" data-testid="calendar" data-view={view} data-time-zone={clock.zone}>
              <FullCalendar
                ref={calendarRef}
                plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicTheme]}
                initialView={view}
                headerToolbar={false}
                locale={fcLocale}
                direction={rtl ? 'rtl' : 'ltr'}
                timeZone={clock.zone}
                firstDay={clock.startOfWeek}
                eventTimeFormat={timeFormat}
                slotHeaderFormat={timeFormat}
                events={inputs}
                height={isPhone ? 640 : 'max(560px, calc(100dvh - 330px))'}
                businessHours={hours.businessHours}
                slotMinTime={hours.slotMinTime}
                slotMaxTime={hours.slotMaxTime}
                scrollTime={hours.scrollTime}
                allDaySlot={false}
                eventTitleClass="calendar-event-title"
                eventClass={eventClass}
                nowIndicator
                navLinks
                dayMaxEvents
                editable
                eventResizableFromStart={false}
                eventDurationEditable
                selectable={false}
                longPressDelay={400}
                datesSet={onDatesSet}
                dateClick={onDateClick}
                eventClick={onEventClick}
                eventDrop={onMoved(false)}
                eventResize={onMoved(true)}
              />
            </Box>
          ) : (
            <Group justify="center" p="xl">
              <Loader />
            </Group>
          )}
          <Group gap="xs" wrap="wrap" data-testid="calendar-legend">
            {BOOKING_STATUSES.map((s) => (
              <Group key={s} gap={4} wrap="nowrap">
                <Box w={10} h={10} style={{ borderRadius: 3, background: styles[s].color }} />
                <Text fz="xs" c="dimmed">
                  {styles[s].label}
                </Text>
              </Group>
            ))}
            <Group gap={4} wrap="nowrap">
              <Box w={10} h={10} className="calendar-legend-block" />
              <Text fz="xs" c="dimmed">
                {t('block.title')}
              </Text>
            </Group>
          </Group>
        </Stack>
      </Card>

      <BookingDrawer opened={newBooking !== null} onClose={() => setNewBooking(null)} start={newBooking} staffFallback={staff} />
      <BookingDetailsDrawer bookingId={details?.id ?? null} initial={details} onClose={() => setDetails(null)} />
      <BlockTimeModal opened={blocking} onClose={() => setBlocking(false)} zone={clock.zone} staff={staff} />
      <BlockDetailsModal block={block} onClose={() => setBlock(null)} zone={clock.zone} timeFormat={clock.timeFormat} staffName={staffName(block?.staff_id ?? null)} canDelete={canBlock} />
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.resized ? t('move.resizeTitle') : t('move.title')}
        message={
          pending
            ? t(pending.resized ? 'move.resizeMessage' : 'move.message', {
                number: pending.booking.booking_number,
                when: formatDate(pending.start, locale, { ...whenFormat, timeZone: clock.zone }),
                end: formatDate(pending.end, locale, { ...whenFormat, timeZone: clock.zone }),
              })
            : ''
        }
        confirmLabel={t('move.confirm')}
        cancelLabel={t('move.cancel')}
        color="brand"
        loading={update.isPending}
        onConfirm={confirmMove}
        onClose={cancelMove}
      />
    </Stack>
  );
}
