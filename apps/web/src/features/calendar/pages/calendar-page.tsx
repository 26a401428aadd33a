import type { CalendarRef, DateClickInfo, DatesSetInfo, EventChangeInfo, EventClickInfo, EventInput, LocaleInput } from '@fullcalendar/react';
import '../components/calendar.css';
import { ActionIcon, Alert, Avatar, Box, Button, Card, Group, Loader, MultiSelect, SegmentedControl, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarPlus, IconChevronLeft, IconChevronRight, IconClockPause } from '@tabler/icons-react';
import { type CSSProperties, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { useUpdateBooking } from '@/features/bookings/api/bookings';
import type { BlockTime, CalendarBooking, CalendarStaff } from '@app/shared/schemas/bookings';
import { BOOKING_STATUSES } from '@app/shared/states/booking';
import { addDays } from '@app/shared/scheduling/zoned';
import { scopedBranch, useBranchOptions } from '@/features/bookings/api/options';
import { useBusinessClock } from '@/features/bookings/api/use-business-clock';
import { BookingDetailsDrawer } from '@/features/bookings/components/booking-details';
import { type BookingStart, BookingDrawer } from '@/features/bookings/components/booking-drawer';
import { useStatusStyles } from '@/features/bookings/components/status-badge';
import { isMovable } from '@/features/bookings/lib/status';
import { isApiError, toast } from '@/lib/api-client';
import { formatDate, intlTag } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { type EventsRange, useCalendarEvents } from '../api/calendar';
import { BlockDetailsModal, BlockTimeModal } from '../components/block-time-modal';
import { type StaffMove, StaffDayView } from '../components/staff-day-view';

import { blockEvent, bookingEvent, type CalendarEventProps, mergeStaff } from '../lib/events';
import { calendarHours, type WorkingHoursLike } from '../lib/hours';
import { minutesToClock } from '../lib/staff-layout';
import { fcDateParts, fcDateToIso, todayIn, wallToIso } from '../lib/zone';

const FullCalendarView = lazy(() => import('../components/full-calendar-view'));

/**
 * The views: the staff day (our own columns per provider, the default), one provider's week (the
 * time grid filtered to that provider), and FullCalendar's standard day, week, month and list.
 */
const VIEWS = ['staffDay', 'timeGridDay', 'timeGridWeek', 'providerWeek', 'dayGridMonth', 'listWeek'] as const;
type ViewName = (typeof VIEWS)[number];
const VIEW_LABEL: Record<ViewName, string> = {
  staffDay: 'views.staff',
  providerWeek: 'views.providerWeek',
  dayGridMonth: 'views.month',
  timeGridWeek: 'views.week',
  timeGridDay: 'views.day',
  listWeek: 'views.list',
};
/** The FullCalendar view behind one of ours (none for the staff day). */
const fcViewOf = (v: ViewName): string => (v === 'providerWeek' ? 'timeGridWeek' : v);

/** Events of the time grid get a class of their own (their titles wrap there). */
const eventClass = (info: { view: { type: string } }) => (info.view.type.startsWith('timeGrid') ? 'calendar-event-in-grid' : undefined);

/**
 * A drag or resize waiting for the user's yes; from the staff view it may change the provider too
 * (`staff`: the new provider and where the booking is drawn meanwhile).
 */
type PendingMove = { booking: CalendarBooking; start: string; end: string; resized: boolean; revert: () => void; staff?: { id: string; name: string; minute: number } };

/**
 * `/calendar`: the business's bookings and block times, in the business's zone, clock and first day
 * of the week. It opens on the staff day (a column per provider of the branch); one provider's week
 * and the month, week, day and list views are a switch away. Clicking a free time books it (with
 * that provider on a provider's column); dragging a booking moves it, to another provider too on the
 * staff day, after a confirmation; block times are shown and created here.
 */
export function CalendarPage() {
  const { t } = useTranslation('calendar');
  const locale = useLocale();
  const user = useCurrentUser();
  const clock = useBusinessClock();
  const styles = useStatusStyles();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const calendarRef = useRef<CalendarRef>(null);
  const [view, setView] = useState<ViewName>('staffDay');
  // The view as FullCalendar's callbacks must see it (they may run before the state is re-read).
  const viewRef = useRef<ViewName>('staffDay');
  // The day the staff view shows (local, business zone); FullCalendar views keep it in their range.
  const [date, setDate] = useState(() => todayIn(clock.zone));
  const [weekStaffId, setWeekStaffId] = useState<string | null>(null);
  const [phoneStaffId, setPhoneStaffId] = useState<string | null>(null);
  const [range, setRange] = useState<EventsRange | null>(null);
  const [title, setTitle] = useState('');
  const [staffIds, setStaffIds] = useState<string[]>([]);
  const [knownStaff, setKnownStaff] = useState<CalendarStaff[]>([]);
  const [newBooking, setNewBooking] = useState<BookingStart | null>(null);
  const [details, setDetails] = useState<CalendarBooking | null>(null);
  const [blocking, setBlocking] = useState(false);
  const [block, setBlock] = useState<BlockTime | null>(null);
  const [pending, setPending] = useState<PendingMove | null>(null);
  const update = useUpdateBooking();
  const canBlock = user.permissions.includes('calendar.all');
  const branchOptions = useBranchOptions();
  const isStaffDay = view === 'staffDay';
  // The staff day fetches its own day; on phones it shows one provider at a time (no filter there).
  const staffRange = useMemo(() => ({ start: wallToIso(date, '00:00', clock.zone), end: wallToIso(addDays(date, 1), '00:00', clock.zone) }), [date, clock.zone]);
  const shownStaffIds = view === 'providerWeek' ? (weekStaffId ? [weekStaffId] : []) : isStaffDay && isPhone ? [] : staffIds;
  const events = useCalendarEvents(isStaffDay ? staffRange : range, shownStaffIds, null, pending === null);

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

  // A provider's working time is kept inside its branch's hours (the scoped branch's for providers of every branch).
  const branchHoursOf = useMemo(() => {
    const scoped = scopedBranch(user.current_branch?.uuid, branchOptions.data);
    return (branchId: string | null): WorkingHoursLike | null =>
      (branchId ? branchOptions.data?.find((b) => b.uuid === branchId) : scoped)?.working_hours ?? (clock.workingHours.length === 1 ? (clock.workingHours[0] ?? null) : null);
  }, [branchOptions.data, user.current_branch?.uuid, clock.workingHours]);
  // One provider's week shades that provider's own hours and days off.
  const weekProvider = view === 'providerWeek' ? events.data?.staff.find((s) => s.id === weekStaffId) : undefined;
  const weekHours = useMemo(() => (weekProvider ? calendarHours([weekProvider.working_hours]).businessHours : null), [weekProvider]);
  const fcEvents = useMemo<EventInput[]>(
    () =>
      weekProvider
        ? [
            ...inputs,
            ...weekProvider.time_off.map((o) => ({
              id: `off:${o.start_date}`,
              start: wallToIso(o.start_date, '00:00', clock.zone),
              end: wallToIso(addDays(o.end_date, 1), '00:00', clock.zone),
              display: 'background',
              className: 'calendar-time-off',
            })),
          ]
        : inputs,
    [inputs, weekProvider, clock.zone],
  );
  const columns = isStaffDay ? (events.data?.staff ?? []) : [];
  const phoneColumn = columns.find((s) => s.id === phoneStaffId) ?? columns[0];
  const shownColumns = isPhone ? (phoneColumn ? [phoneColumn] : []) : columns;

  // One provider's week needs a provider: the filtered one, else the first.
  useEffect(() => {
    if (view === 'providerWeek' && !weekStaffId && staff.length) setWeekStaffId(staffIds[0] ?? staff[0]?.id ?? null);
  }, [view, weekStaffId, staff, staffIds]);
  // "Wednesday 25 November, 10:00 AM" in the move confirmation.
  const whenFormat = { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit', hourCycle: hour12 ? 'h12' : 'h23' } as const;

  const api = () => calendarRef.current?.getApi();
  // FullCalendar's views load on first use: until one has shown its dates, prev/next/today wait for it.
  const [fcReady, setFcReady] = useState(false);
  const changeView = (next: ViewName) => {
    const before = viewRef.current;
    viewRef.current = next;
    setView(next);
    if (before === 'staffDay' && next !== 'staffDay') setFcReady(false);
    // One provider's week starts on the first provider of the staff day (or the one filtered).
    if (next === 'providerWeek' && !weekStaffId) setWeekStaffId(staffIds[0] ?? events.data?.staff[0]?.id ?? staff[0]?.id ?? null);
    // Between two FullCalendar views it changes in place; from the staff day it mounts on the day shown.
    if (before !== 'staffDay' && next !== 'staffDay') api()?.changeView(fcViewOf(next));
  };

  const onDatesSet = (info: DatesSetInfo) => {
    setFcReady(true);
    const next = { start: fcDateToIso(info.startStr, clock.zone), end: fcDateToIso(info.endStr, clock.zone) };
    setRange((r) => (r && r.start === next.start && r.end === next.end ? r : next));
    setTitle(info.view.title);
    const first = fcDateParts(info.startStr).date;
    const last = fcDateParts(info.endStr).date;
    // A day's link in the month or week: that day opens in the staff view.
    if (info.view.type === 'timeGridDay' && fcViewOf(viewRef.current) !== 'timeGridDay') {
      setDate(first);
      changeView('staffDay');
      return;
    }
    // The staff day opens on the day kept here: the one shown before, while still in range.
    setDate((d) => (d >= first && d < last ? d : info.view.type === 'dayGridMonth' ? `${addDays(first, 7).slice(0, 7)}-01` : first));
  };

  const onDateClick = (info: DateClickInfo) => {
    const { date, time } = fcDateParts(info.dateStr);
    setNewBooking({ date, time: info.allDay ? null : time, staffId: shownStaffIds.length === 1 ? shownStaffIds[0] : null });
  };

  const onCellClick = (staffId: string, time: string) => {
    const column = columns.find((s) => s.id === staffId);
    setNewBooking({ date, time, staffId, branchId: column?.branch_id ?? null });
  };

  // A drop on the staff day: the same confirmation as a drag in the time grid, naming the new provider.
  const onStaffMove = ({ booking, staffId, start }: StaffMove) => {
    const startIso = wallToIso(date, minutesToClock(start), clock.zone);
    const length = Date.parse(booking.end_time) - Date.parse(booking.start_time);
    const name = columns.find((s) => s.id === staffId)?.name ?? t('block.someone');
    setPending({ booking, start: startIso, end: new Date(Date.parse(startIso) + length).toISOString(), resized: false, revert: () => {}, staff: { id: staffId, name, minute: start } });
  };

  const navWaits = !isStaffDay && !fcReady;
  const goPrev = () => (isStaffDay ? setDate((d) => addDays(d, -1)) : api()?.prev());
  const goNext = () => (isStaffDay ? setDate((d) => addDays(d, 1)) : api()?.next());
  const goToday = () => (isStaffDay ? setDate(todayIn(clock.zone)) : api()?.today());

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
    const { booking, start, end, resized, revert, staff: to } = pending;
    const reassigned = to && to.id !== booking.staff_id ? { staff_id: to.id } : {};
    update.mutate(
      { id: booking.id, body: resized ? { start_time: start, end_time: end } : { start_time: start, ...reassigned } },
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
  const staffDayTitle = formatDate(`${date}T12:00:00Z`, locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  // The period shown; on phones it takes its own line under the buttons.
  const titleNode = (
    <Title order={2} fz={{ base: 'md', sm: 'lg' }} ms={isPhone ? 0 : 'xs'} data-testid="calendar-title">
      {isStaffDay ? staffDayTitle : title}
    </Title>
  );
  const reassigning = pending?.staff && pending.staff.id !== pending.booking.staff_id ? pending.staff : null;
  const calendarHeight = isPhone ? 640 : 'max(560px, calc(100dvh - 330px))';
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
                <ActionIcon variant="default" size="lg" aria-label={t('toolbar.previous')} onClick={goPrev} disabled={navWaits} data-testid="calendar-prev">
                  <PrevIcon size={18} />
                </ActionIcon>
              </Tooltip>
              <Button variant="default" size="sm" onClick={goToday} disabled={navWaits} style={{ flexShrink: 0 }} data-testid="calendar-today">
                {t('toolbar.today')}
              </Button>
              <Tooltip label={t('toolbar.next')}>
                <ActionIcon variant="default" size="lg" aria-label={t('toolbar.next')} onClick={goNext} disabled={navWaits} data-testid="calendar-next">
                  <NextIcon size={18} />
                </ActionIcon>
              </Tooltip>
              {!isPhone && titleNode}
              {events.isFetching && <Loader size="xs" ms="auto" data-testid="calendar-loading" />}
            </Group>
            {isPhone && titleNode}
            {isPhone ? (
              <Select
                aria-label={t('views.label')}
                value={view}
                onChange={(v) => v && changeView(v as ViewName)}
                data={VIEWS.map((v) => ({ value: v, label: t(VIEW_LABEL[v]) }))}
                allowDeselect={false}
                w="100%"
                data-testid="calendar-views"
              />
            ) : (
              <SegmentedControl
                size="xs"
                value={view}
                onChange={(v) => changeView(v as ViewName)}
                data={VIEWS.map((v) => ({ value: v, label: t(VIEW_LABEL[v]) }))}
                data-testid="calendar-views"
              />
            )}
          </Group>
          {view === 'providerWeek' ? (
            <Select
              aria-label={t('filters.provider')}
              placeholder={t('filters.provider')}
              data={staff.map((s) => ({ value: s.id, label: s.name }))}
              value={weekStaffId}
              onChange={(v) => v && setWeekStaffId(v)}
              allowDeselect={false}
              searchable
              maw={{ base: '100%', sm: 320 }}
              data-testid="calendar-provider-select"
            />
          ) : isStaffDay && isPhone ? (
            columns.length > 1 && (
              <div className="staff-switch" role="toolbar" aria-label={t('staff.switch')} data-testid="staff-switch">
                {columns.map((s) => (
                  <button
                    key={s.id}
                    type="button"
                    className="staff-switch-option"
                    aria-pressed={s.id === phoneColumn?.id}
                    style={{ '--staff-color': s.color } as CSSProperties}
                    onClick={() => setPhoneStaffId(s.id)}
                    data-testid="staff-switch-option"
                    data-staff-id={s.id}
                  >
                    <Avatar src={s.photo} alt="" size={22} radius="xl" variant="filled" color={s.color}>
                      {s.name.trim().charAt(0)}
                    </Avatar>
                    {s.name}
                  </button>
                ))}
              </div>
            )
          ) : (
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
          )}
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
          {!clock.ready ? (
            <Group justify="center" p="xl">
              <Loader />
            </Group>
          ) : isStaffDay ? (
            <Box data-testid="calendar" data-view={view} data-time-zone={clock.zone}>
              <StaffDayView
                date={date}
                zone={clock.zone}
                locale={locale}
                timeFormat={clock.timeFormat}
                staff={shownColumns}
                bookings={events.data?.bookings ?? []}
                blocks={events.data?.blocks ?? []}
                styles={styles}
                hours={hours}
                branchHoursOf={branchHoursOf}
                height={calendarHeight}
                canMove={(b) => isMovable(b.status)}
                preview={pending?.staff ? { bookingId: pending.booking.id, staffId: pending.staff.id, start: pending.staff.minute } : null}
                onCellClick={onCellClick}
                onBookingClick={setDetails}
                onBlockClick={setBlock}
                onMove={onStaffMove}
              />
            </Box>
          ) : (
            <Box className="khidma-calendar" data-testid="calendar" data-view={view} data-time-zone={clock.zone}>
              <Suspense
                fallback={
                  <Group justify="center" p="xl">
                    <Loader />
                  </Group>
                }
              >
              <FullCalendarView
                calendarRef={calendarRef}
                initialView={fcViewOf(view)}
                initialDate={date}
                headerToolbar={false}
                locale={fcLocale}
                direction={rtl ? 'rtl' : 'ltr'}
                timeZone={clock.zone}
                firstDay={clock.startOfWeek}
                eventTimeFormat={timeFormat}
                slotHeaderFormat={timeFormat}
                events={fcEvents}
                height={calendarHeight}
                businessHours={weekHours ?? hours.businessHours}
                slotMinTime={hours.slotMinTime}
                slotMaxTime={hours.slotMaxTime}
                scrollTime={hours.scrollTime}
                allDaySlot={false}
                eventTitleClass="calendar-event-title"
                eventClass={eventClass}
                nowIndicator
                navLinks
                navLinkDayClick="timeGridDay"
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
              </Suspense>
            </Box>
          )}
          <Group gap="xs" wrap="wrap" data-testid="calendar-legend">
            {BOOKING_STATUSES.map((s) => (
              <Group key={s} gap={4} wrap="nowrap">
                <Box w={10} h={10} style={{ borderRadius: isStaffDay ? '50%' : 3, background: styles[s].color }} />
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
      <BookingDetailsDrawer bookingId={details?.id ?? null} onClose={() => setDetails(null)} />
      <BlockTimeModal opened={blocking} onClose={() => setBlocking(false)} zone={clock.zone} staff={staff} />
      <BlockDetailsModal block={block} onClose={() => setBlock(null)} zone={clock.zone} timeFormat={clock.timeFormat} staffName={staffName(block?.staff_id ?? null)} canDelete={canBlock} />
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.resized ? t('move.resizeTitle') : reassigning ? t('move.reassignTitle') : t('move.title')}
        message={
          pending
            ? t(pending.resized ? 'move.resizeMessage' : reassigning ? 'move.reassignMessage' : 'move.message', {
                number: pending.booking.booking_number,
                when: formatDate(pending.start, locale, { ...whenFormat, timeZone: clock.zone }),
                end: formatDate(pending.end, locale, { ...whenFormat, timeZone: clock.zone }),
                staff: reassigning?.name ?? '',
                from: staffName(pending.booking.staff_id),
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
