import { useQuery } from '@tanstack/react-query';
import { AFTER_BOOKING_WRITE, CALENDAR_KEY, LIVE } from '@/features/bookings/api/bookings';
import type { BlockTime, BlockTimeBody, CalendarResponse } from '@app/shared/schemas/bookings';
import { api } from '@/lib/api-client';
import { useDeleteMutation, useWriteMutation, type WriteResult } from '@/lib/query';

type CalendarEvents = CalendarResponse['data'];

export type EventsRange = { start: string; end: string };

export const calendarKeys = {
  all: CALENDAR_KEY,
  events: (range: EventsRange, staffIds: readonly string[], branchId: string | null) => [...CALENDAR_KEY, 'events', range, [...staffIds].sort(), branchId] as const,
};

/**
 * Bookings, block times and staff of the visible range. Kept fresh without a reload: every write
 * invalidates it, and it is fetched again on window focus and every 30 s (paused with `live` false,
 * e.g. while a drag waits for its confirmation, so a refresh does not snap the event back).
 */
export function useCalendarEvents(range: EventsRange | null, staffIds: readonly string[], branchId: string | null, live = true) {
  return useQuery({
    queryKey: calendarKeys.events(range ?? { start: '', end: '' }, staffIds, branchId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: CalendarEvents }>(
          'calendar/events',
          { start: range?.start, end: range?.end, staff_ids: staffIds.length ? staffIds.join(',') : undefined, branch_id: branchId ?? undefined },
          signal,
        )
        .then((r) => r.data),
    enabled: Boolean(range),
    // Moving to the next week keeps the current events on screen until the new ones arrive.
    placeholderData: (previous) => previous,
    ...LIVE,
    ...(live ? {} : { refetchInterval: false as const, refetchOnWindowFocus: false }),
  });
}

export const useCreateBlockTime = () => useWriteMutation((body: BlockTimeBody) => api.post<WriteResult & { data: BlockTime }>('block-times', body), AFTER_BOOKING_WRITE);

export const useDeleteBlockTime = () => useDeleteMutation('block-times', AFTER_BOOKING_WRITE);
