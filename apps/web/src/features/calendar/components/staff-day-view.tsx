import type { Locale } from '@app/shared/constants';
import type { BlockTime, CalendarBooking, CalendarStaff } from '@app/shared/schemas/bookings';
import type { BookingStatus } from '@app/shared/states/booking';
import { Avatar, Badge, Text } from '@mantine/core';
import { type CSSProperties, type PointerEvent as ReactPointerEvent, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type StatusStyle, styleOf } from '@/features/bookings/lib/status';
import { formatClock, type TimeFormat } from '@/lib/format';
import type { WorkingHoursLike } from '../lib/hours';
import {
  boxOf,
  columnAt,
  type DayWindow,
  dayWindow,
  dropMove,
  dropStart,
  isDayOff,
  minutesOnDay,
  minutesToClock,
  offMinutes,
  packLanes,
  SNAP_MINUTES,
  workingMinutes,
} from '../lib/staff-layout';
import { todayIn, wallClock } from '../lib/zone';

/** Pixels a minute: a 15-minute booking is one line, a 30-minute one shows customer, service and time. */
export const PX_PER_MINUTE = 1.6;
/** Below this height an event shows one line (customer · service). */
const COMPACT_PX = 40;
/** A pointer that moves less than this is a click, not a drag. */
const DRAG_THRESHOLD_PX = 5;
/** Near the scroll box's edge a drag scrolls it. */
const EDGE_PX = 36;

/** A booking dropped on a provider's column: its new provider and start (minutes of the shown day). */
export type StaffMove = { booking: CalendarBooking; staffId: string; start: number };

type Props = {
  /** The local date shown (`YYYY-MM-DD`, business zone). */
  date: string;
  zone: string;
  locale: Locale;
  timeFormat: TimeFormat;
  staff: readonly CalendarStaff[];
  bookings: readonly CalendarBooking[];
  blocks: readonly BlockTime[];
  styles: Record<BookingStatus, StatusStyle>;
  /** The opening hours the grid shows by default (from the branch's hours) and where it scrolls to. */
  hours: { slotMinTime: string; slotMaxTime: string; scrollTime: string };
  /** The hours of a provider's branch (its working time is kept inside them); null when unknown. */
  branchHoursOf: (branchId: string | null) => WorkingHoursLike | null;
  height: string | number;
  canMove: (booking: CalendarBooking) => boolean;
  /** A booking shown where it was dropped while its move waits for the confirmation. */
  preview?: { bookingId: string; staffId: string; start: number } | null;
  onCellClick: (staffId: string, time: string) => void;
  onBookingClick: (booking: CalendarBooking) => void;
  onBlockClick: (block: BlockTime) => void;
  onMove: (move: StaffMove) => void;
};

type Drag = {
  booking: CalendarBooking;
  pointerId: number;
  x0: number;
  y0: number;
  /** Minutes between the booking's start and where the pointer took hold of it. */
  grab: number;
  from: { staffId: string; start: number };
  duration: number;
  active: boolean;
  target: { staffId: string; start: number };
};

const initials = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w.charAt(0))
    .join('');

/**
 * The receptionist's day: a time axis and one column per provider (in the reading direction, so
 * right to left in Arabic), each with the provider's photo or initials on its colour, its bookings
 * side by side where they overlap (tinted with the provider's colour, a dot of the status colour),
 * its hours off, days off and block times shaded. Clicking an empty slot books that provider at that
 * time; dragging a booking to another column or time asks to move it (`onMove`).
 */
export function StaffDayView(props: Props) {
  const { date, zone, locale, timeFormat, staff, bookings, blocks, styles, hours, branchHoursOf, height, canMove, preview, onCellClick, onBookingClick, onBlockClick, onMove } = props;
  const { t } = useTranslation('calendar');
  const scrollRef = useRef<HTMLDivElement>(null);
  const columnRefs = useRef(new Map<string, HTMLElement>());
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const justDragged = useRef(false);
  const now = useNow();
  const isToday = todayIn(zone, now) === date;
  const nowMinute = isToday ? minutesOnDay(now, date, zone) : null;

  const timed = useMemo(
    () => bookings.map((b) => ({ booking: b, start: minutesOnDay(b.start_time, date, zone), end: minutesOnDay(b.end_time, date, zone) })),
    [bookings, date, zone],
  );
  const frame = useMemo(() => dayWindow(hours, timed), [hours, timed]);
  const bodyHeight = (frame.end - frame.start) * PX_PER_MINUTE;

  // Opening a day scrolls to the working morning, or to an hour before now on today (again once the
  // opening hours are known and move the grid's start).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new day, zone or grid start scrolls; a refetch keeps the user's place.
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const target = nowMinute !== null && nowMinute > frame.start && nowMinute < frame.end ? nowMinute - 60 : Number(hours.scrollTime.slice(0, 2)) * 60;
    // A little above it, so the hour's label shows under the sticky header.
    box.scrollTop = Math.max(0, (target - frame.start) * PX_PER_MINUTE - 12);
  }, [date, zone, frame.start, hours.scrollTime]);

  const clock = (minutes: number) => formatClock(minutesToClock(((minutes % 1440) + 1440) % 1440), locale, timeFormat);
  const wallTime = (iso: string) => formatClock(wallClock(iso, zone).time, locale, timeFormat);

  // ---------------------------------------------------------------- dragging
  const rects = () =>
    staff.map((s) => {
      const r = columnRefs.current.get(s.id)?.getBoundingClientRect();
      return { left: r?.left ?? 0, right: r?.right ?? 0, top: r?.top ?? 0 };
    });

  const targetAt = (d: Drag, x: number, y: number) => {
    const all = rects();
    const i = columnAt(x, all);
    const column = staff[i];
    if (!column || !all[i]) return d.target;
    const pointer = frame.start + (y - all[i].top) / PX_PER_MINUTE;
    return { staffId: column.id, start: dropStart(pointer, d.grab, d.duration, frame) };
  };

  const setDragState = (next: Drag | null) => {
    dragRef.current = next;
    setDrag(next);
  };

  useEffect(() => {
    if (!drag?.active) return;
    const cancel = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      dragRef.current = null;
      setDrag(null);
    };
    document.addEventListener('keydown', cancel);
    return () => document.removeEventListener('keydown', cancel);
  }, [drag?.active]);

  const onPointerDown = (e: ReactPointerEvent<HTMLElement>, booking: CalendarBooking, start: number, end: number) => {
    // Touch scrolls the grid (a tap still opens the booking); mouse and pen drag.
    if (e.button !== 0 || e.pointerType === 'touch' || !canMove(booking)) return;
    const column = columnRefs.current.get(booking.staff_id)?.getBoundingClientRect();
    const pointer = column ? frame.start + (e.clientY - column.top) / PX_PER_MINUTE : start;
    const from = { staffId: booking.staff_id, start };
    // No text selection while dragging (the click still comes).
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDragState({ booking, pointerId: e.pointerId, x0: e.clientX, y0: e.clientY, grab: pointer - start, from, duration: end - start, active: false, target: from });
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLElement>) => {
    const d = dragRef.current;
    if (!d || d.pointerId !== e.pointerId) return;
    if (!d.active && Math.hypot(e.clientX - d.x0, e.clientY - d.y0) < DRAG_THRESHOLD_PX) return;
    const box = scrollRef.current?.getBoundingClientRect();
    if (box && scrollRef.current) {
      if (e.clientY < box.top + EDGE_PX) scrollRef.current.scrollTop -= 12;
      else if (e.clientY > box.bottom - EDGE_PX) scrollRef.current.scrollTop += 12;
      if (e.clientX < box.left + EDGE_PX) scrollRef.current.scrollLeft -= 12;
      else if (e.clientX > box.right - EDGE_PX) scrollRef.current.scrollLeft += 12;
    }
    const target = targetAt(d, e.clientX, e.clientY);
    if (d.active && target.staffId === d.target.staffId && target.start === d.target.start) return;
    setDragState({ ...d, active: true, target });
  };

  const onPointerUp = (e: ReactPointerEvent<HTMLElement>) => {
    const d = dragRef.current;
    if (!d || d.pointerId !== e.pointerId) return;
    setDragState(null);
    if (!d.active) return;
    justDragged.current = true;
    const move = dropMove(d.from, d.target);
    if (move) onMove({ booking: d.booking, staffId: move.staffId, start: move.start });
  };

  const onBookingActivate = (booking: CalendarBooking) => {
    // The click that ends a drag is not a click on the booking.
    if (justDragged.current) {
      justDragged.current = false;
      return;
    }
    onBookingClick(booking);
  };

  // Where the moving booking is drawn: under the pointer, or where it was dropped until confirmed.
  const ghost = drag?.active
    ? { bookingId: drag.booking.id, ...drag.target }
    : preview
      ? { ...preview }
      : null;

  // ---------------------------------------------------------------- rendering
  const cells = useMemo(() => {
    const out: number[] = [];
    for (let m = frame.start; m < frame.end; m += SNAP_MINUTES) out.push(m);
    return out;
  }, [frame]);
  const hoursOnAxis = cells.filter((m) => m % 60 === 0);

  const gridStyle = {
    '--staff-columns': staff.length,
    gridTemplateColumns: `var(--staff-axis) repeat(${staff.length}, minmax(var(--staff-col-min), 1fr))`,
  } as CSSProperties;

  const eventBody = (b: CalendarBooking, style: StatusStyle, h: number, extra?: { start?: number }) => {
    const customer = b.customer_name ?? t('event.untitled');
    const service = b.service_name ?? '';
    const compact = h < COMPACT_PX;
    const time =
      extra?.start !== undefined
        ? `${clock(extra.start)} – ${clock(extra.start + (minutesOnDay(b.end_time, date, zone) - minutesOnDay(b.start_time, date, zone)))}`
        : `${wallTime(b.start_time)} – ${wallTime(b.end_time)}`;
    return { customer, service, compact, time, label: [customer, service, time, style.label].filter(Boolean).join(locale === 'en' ? ', ' : '، ') };
  };

  return (
    <div className="staff-view" data-testid="staff-view" data-date={date}>
      <div className="staff-scroll" ref={scrollRef} style={{ height }} data-dragging={drag?.active ? 'true' : undefined}>
        {staff.length === 0 ? (
          <Text c="dimmed" ta="center" p="xl" data-testid="staff-view-empty">
            {t('staff.empty')}
          </Text>
        ) : (
          <div className="staff-grid" style={gridStyle}>
            <div className="staff-corner" />
            {staff.map((s) => {
              const off = isDayOff(s.time_off, date);
              const count = timed.filter((x) => x.booking.staff_id === s.id && x.end > 0 && x.start < 1440).length;
              return (
                <div key={s.id} className="staff-head" data-testid="staff-column-header" data-staff-id={s.id} style={{ '--staff-color': s.color } as CSSProperties}>
                  <Avatar src={s.photo} alt={s.name} size={30} radius="xl" variant="filled" color={s.color} className="staff-head-avatar">
                    {initials(s.name)}
                  </Avatar>
                  <div className="staff-head-text">
                    <Text fz="sm" fw={600} truncate="end" title={s.name} className="staff-head-name">
                      {s.name}
                    </Text>
                    {off ? (
                      <Badge size="xs" variant="light" color="gray" tt="none" data-testid="staff-day-off">
                        {t('staff.dayOff')}
                      </Badge>
                    ) : (
                      <Text fz="xs" c="dimmed" truncate="end">
                        {t('staff.bookings', { count })}
                      </Text>
                    )}
                  </div>
                </div>
              );
            })}

            <div className="staff-axis" style={{ height: bodyHeight }} aria-hidden="true">
              {hoursOnAxis.map((m) => (
                <span key={m} className="staff-axis-label" style={{ top: (m - frame.start) * PX_PER_MINUTE }}>
                  {clock(m)}
                </span>
              ))}
            </div>

            {staff.map((s) => (
              <StaffColumn
                key={s.id}
                staff={s}
                date={date}
                frame={frame}
                height={bodyHeight}
                cells={cells}
                timed={timed}
                blocks={blocks}
                zone={zone}
                branchHours={branchHoursOf(s.branch_id)}
                nowMinute={nowMinute}
                ghost={ghost}
                dragSourceId={drag?.active ? drag.booking.id : null}
                clock={clock}
                registerRef={(el) => {
                  if (el) columnRefs.current.set(s.id, el);
                  else columnRefs.current.delete(s.id);
                }}
                renderEvent={(b, start, end, lane, lanes, span, crew) => {
                  const box = boxOf(start, Math.max(end, start + SNAP_MINUTES), frame, PX_PER_MINUTE);
                  if (!box) return null;
                  const style = styleOf(styles, b.status);
                  const body = eventBody(b, style, box.height);
                  const movable = !crew && canMove(b);
                  return (
                    <button
                      key={`${b.id}${crew ? ':crew' : ''}`}
                      type="button"
                      className="staff-event"
                      data-testid={crew ? `staff-crew-${b.booking_number}` : `staff-event-${b.booking_number}`}
                      data-booking-id={b.id}
                      data-booking-number={b.booking_number}
                      data-status={b.status}
                      data-crew={crew ? 'true' : undefined}
                      data-compact={body.compact ? 'true' : undefined}
                      data-movable={movable ? 'true' : undefined}
                      data-drag-source={drag?.active && drag.booking.id === b.id && !crew ? 'true' : undefined}
                      aria-label={body.label}
                      title={body.label}
                      style={{
                        top: box.top,
                        height: box.height - 1,
                        insetInlineStart: `calc(${(lane / lanes) * 100}% + 2px)`,
                        width: `calc(${(span / lanes) * 100}% - 4px)`,
                        '--status-color': style.color,
                      } as CSSProperties}
                      onPointerDown={movable ? (e) => onPointerDown(e, b, start, end) : undefined}
                      onPointerMove={movable ? onPointerMove : undefined}
                      onPointerUp={movable ? onPointerUp : undefined}
                      onPointerCancel={movable ? () => setDragState(null) : undefined}
                      onClick={() => onBookingActivate(b)}
                    >
                      <EventText body={body} statusLabel={style.label} />
                    </button>
                  );
                }}
                renderGhost={(b, start, place) => {
                  const end = start + (minutesOnDay(b.end_time, date, zone) - minutesOnDay(b.start_time, date, zone));
                  const box = boxOf(start, Math.max(end, start + SNAP_MINUTES), frame, PX_PER_MINUTE);
                  if (!box) return null;
                  const style = styleOf(styles, b.status);
                  const body = eventBody(b, style, box.height, { start });
                  return (
                    <div
                      key="ghost"
                      className="staff-event staff-event-ghost"
                      data-testid="staff-ghost"
                      data-compact={body.compact ? 'true' : undefined}
                      data-placed={place ? 'true' : undefined}
                      style={{
                        top: box.top,
                        height: box.height - 1,
                        insetInlineStart: place ? `calc(${(place.lane / place.lanes) * 100}% + 2px)` : 2,
                        width: place ? `calc(${(place.span / place.lanes) * 100}% - 4px)` : 'calc(100% - 4px)',
                        '--status-color': style.color,
                      } as CSSProperties}
                      aria-hidden="true"
                    >
                      <EventText body={body} statusLabel={style.label} />
                    </div>
                  );
                }}
                bookingById={(id) => bookings.find((b) => b.id === id)}
                onCellClick={(m) => onCellClick(s.id, minutesToClock(m))}
                onBlockClick={onBlockClick}
                blockLabel={(b) => [t('block.title'), b.notes].filter(Boolean).join(' · ')}
                dayOffLabel={t('staff.dayOff')}
                cellLabel={(m) => t('staff.bookAt', { name: s.name, time: clock(m) })}
              />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

function EventText({ body, statusLabel }: { body: { customer: string; service: string; compact: boolean; time: string }; statusLabel: string }) {
  if (body.compact) {
    return (
      <span className="staff-event-body">
        <span className="staff-event-line">
          <span className="staff-event-status" title={statusLabel} />
          <span className="staff-event-customer">{body.customer}</span>
          {body.service && <span className="staff-event-service"> · {body.service}</span>}
        </span>
      </span>
    );
  }
  // The customer and the service first (what the desk looks for), each wrapping in a narrow lane; then the time.
  return (
    <span className="staff-event-body">
      <span className="staff-event-line staff-event-wrap">
        <span className="staff-event-status" title={statusLabel} />
        <span className="staff-event-customer">{body.customer}</span>
      </span>
      {body.service && <span className="staff-event-service">{body.service}</span>}
      <span className="staff-event-time" dir="auto">
        {body.time}
      </span>
    </span>
  );
}

type ColumnProps = {
  staff: CalendarStaff;
  date: string;
  frame: DayWindow;
  height: number;
  cells: readonly number[];
  timed: readonly { booking: CalendarBooking; start: number; end: number }[];
  blocks: readonly BlockTime[];
  zone: string;
  branchHours: WorkingHoursLike | null;
  nowMinute: number | null;
  ghost: { bookingId: string; staffId: string; start: number } | null;
  dragSourceId: string | null;
  clock: (minutes: number) => string;
  registerRef: (el: HTMLElement | null) => void;
  renderEvent: (b: CalendarBooking, start: number, end: number, lane: number, lanes: number, span: number, crew: boolean) => ReactNode;
  /** The moving booking: over the column while dragged (no `place`), in its lane while its move waits for the yes. */
  renderGhost: (b: CalendarBooking, start: number, place?: { lane: number; lanes: number; span: number }) => ReactNode;
  bookingById: (id: string) => CalendarBooking | undefined;
  onCellClick: (minute: number) => void;
  onBlockClick: (block: BlockTime) => void;
  blockLabel: (block: BlockTime) => string;
  dayOffLabel: string;
  cellLabel: (minute: number) => string;
};

/** One provider's column: slots to click, shading, block times, packed bookings, the now line. */
function StaffColumn(p: ColumnProps) {
  const { staff: s, date, frame, height, cells, timed, blocks, zone, nowMinute, ghost } = p;
  const off = isDayOff(s.time_off, date);
  const shaded = useMemo(() => offMinutes(workingMinutes(date, s.working_hours, p.branchHours, s.time_off), frame), [date, s.working_hours, s.time_off, p.branchHours, frame]);
  const ghostBooking = ghost && ghost.staffId === s.id ? p.bookingById(ghost.bookingId) : undefined;
  const dragging = p.dragSourceId !== null;
  const mine = useMemo(() => {
    // A booking being moved is drawn where it goes (and, while dragged, dimmed where it was too).
    const list = timed.filter((x) => (x.booking.staff_id === s.id || x.booking.crew.some((c) => c.id === s.id)) && x.booking.id !== ghost?.bookingId);
    const kept = dragging ? timed.filter((x) => x.booking.id === p.dragSourceId && x.booking.staff_id === s.id) : [];
    const items = [...list, ...kept].map((x) => ({ ...x, ghost: false }));
    // Dropped and waiting for the yes: it takes its lane among the others, as it will once moved.
    if (ghostBooking && ghost && !dragging) {
      const length = minutesOnDay(ghostBooking.end_time, date, zone) - minutesOnDay(ghostBooking.start_time, date, zone);
      items.push({ booking: ghostBooking, start: ghost.start, end: ghost.start + length, ghost: true });
    }
    return packLanes(
      items.map((x) => ({ item: x, start: x.start, end: x.end })),
      SNAP_MINUTES,
    );
  }, [timed, s.id, ghost, ghostBooking, dragging, p.dragSourceId, date, zone]);
  const ownBlocks = blocks.filter((b) => b.staff_id === null || b.staff_id === s.id);

  return (
    <section ref={p.registerRef} className="staff-col" aria-label={s.name} data-testid="staff-column" data-staff-id={s.id} data-staff-name={s.name} style={{ height, '--staff-color': s.color } as CSSProperties}>
      {cells.map((m) => (
        <button
          key={m}
          type="button"
          tabIndex={-1}
          className="staff-cell"
          data-testid="staff-cell"
          data-time={minutesToClock(m)}
          data-hour={m % 60 === 0 ? 'true' : undefined}
          aria-label={p.cellLabel(m)}
          style={{ top: (m - frame.start) * PX_PER_MINUTE, height: SNAP_MINUTES * PX_PER_MINUTE }}
          onClick={() => p.onCellClick(m)}
        />
      ))}
      {shaded.map(([a, b]) => (
        <div key={`off-${a}`} className="staff-off" data-testid="staff-off-hours" style={{ top: (a - frame.start) * PX_PER_MINUTE, height: (b - a) * PX_PER_MINUTE }} />
      ))}
      {off && (
        <div className="staff-time-off" data-testid="staff-time-off">
          <span>{p.dayOffLabel}</span>
        </div>
      )}
      {ownBlocks.map((b) => {
        const box = boxOf(minutesOnDay(b.start_time, date, zone), minutesOnDay(b.end_time, date, zone), frame, PX_PER_MINUTE);
        if (!box) return null;
        const label = p.blockLabel(b);
        return (
          <button
            key={b.id}
            type="button"
            className="staff-block"
            data-testid="staff-block"
            data-block-id={b.id}
            aria-label={label}
            title={label}
            style={{ top: box.top, height: box.height }}
            onClick={() => p.onBlockClick(b)}
          >
            <span>{label}</span>
          </button>
        );
      })}
      {mine.map((x) =>
        x.item.ghost
          ? p.renderGhost(x.item.booking, x.start, { lane: x.lane, lanes: x.lanes, span: x.span })
          : p.renderEvent(x.item.booking, x.start, x.end, x.lane, x.lanes, x.span, x.item.booking.staff_id !== s.id),
      )}
      {dragging && ghostBooking && ghost && p.renderGhost(ghostBooking, ghost.start)}
      {nowMinute !== null && nowMinute >= frame.start && nowMinute < frame.end && (
        <div className="staff-now" data-testid="staff-now" style={{ top: (nowMinute - frame.start) * PX_PER_MINUTE }} title={p.clock(nowMinute)} />
      )}
    </section>
  );
}

/** The current time, ticking every minute (the now line, and "today"). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
  }, []);
  return now;
}
