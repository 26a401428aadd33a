import FullCalendar, { type CalendarRef } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import type { ComponentProps, Ref } from 'react';

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicTheme];

export type FullCalendarViewProps = Omit<ComponentProps<typeof FullCalendar>, 'plugins'> & { calendarRef?: Ref<CalendarRef> };

/**
 * FullCalendar's standard views (day, week, provider's week, month, list) in a module of their own:
 * the staff day view, the calendar's default, never loads this library (about 300 kB), and a switch to
 * another view loads it once.
 */
export default function FullCalendarView({ calendarRef, ...props }: FullCalendarViewProps) {
  return <FullCalendar ref={calendarRef} plugins={PLUGINS} {...props} />;
}
