import type { BookingStatus } from '@app/shared/states/booking';
import type { BlockTime, CalendarBooking } from '@app/shared/schemas/bookings';
import { isMovable, type StatusStyle, styleOf } from '@/features/bookings/lib/status';

/** What the calendar's events carry besides their times (FullCalendar's `extendedProps`). */
export type CalendarEventProps = { kind: 'booking'; booking: CalendarBooking } | { kind: 'block'; block: BlockTime };

/** The subset of FullCalendar's EventInput built here (kept structural so the helpers stay pure). */
export type EventInputLike = {
  id: string;
  title: string;
  start: string;
  end: string;
  color: string;
  contrastColor: string;
  editable: boolean;
  durationEditable?: boolean;
  className?: string;
  extendedProps: CalendarEventProps;
};

export const BLOCK_COLOR = '#9CA3AF';

/** A booking on the calendar: its customer and service as the title, its status's colour; only active bookings move. */
export function bookingEvent(b: CalendarBooking, styles: Record<BookingStatus, StatusStyle>, canEdit: boolean, fallbackTitle: string): EventInputLike {
  const style = styleOf(styles, b.status);
  const title = [b.customer_name, b.service_name].filter(Boolean).join(' · ') || fallbackTitle;
  const movable = canEdit && isMovable(b.status);
  return {
    id: `booking:${b.id}`,
    title,
    start: b.start_time,
    end: b.end_time,
    color: style.color,
    contrastColor: style.text,
    editable: movable,
    durationEditable: movable,
    className: `booking-status-${b.status}`,
    extendedProps: { kind: 'booking', booking: b },
  };
}

/** A block time: grey and hatched, never dragged; its title names who is blocked and why. */
export function blockEvent(block: BlockTime, title: string): EventInputLike {
  return {
    id: `block:${block.id}`,
    title,
    start: block.start_time,
    end: block.end_time,
    color: BLOCK_COLOR,
    contrastColor: '#111827',
    editable: false,
    className: 'calendar-block',
    extendedProps: { kind: 'block', block },
  };
}

/** The staff filter's choices: every provider seen so far, by name, newest data winning. */
export function mergeStaff<S extends { id: string; name: string }>(known: readonly S[], incoming: readonly S[]): S[] {
  const byId = new Map(known.map((s) => [s.id, s]));
  for (const s of incoming) byId.set(s.id, s);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}
