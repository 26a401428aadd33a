import { keepPreviousData, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, toast } from '@/lib/api-client';
import { fetchData, type WriteResult } from '@/lib/query';
import type { Booking, BookingsQuery, ChangeBookingStatusBody, CreateBookingBody, CreateBookingResult, SlotsQuery, SlotsResponse, UpdateBookingBody } from '@app/shared/schemas/bookings';

export type Meta = { current_page: number; per_page: number; total: number; last_page: number };
export type BookingsPage = { data: Booking[]; meta: Meta };
/** `GET /bookings` filters as the screens send them (numbers, not the query string's text). */
export type BookingsFilter = Omit<BookingsQuery, 'page' | 'per_page'> & { page?: number; per_page?: number };
type Written<T> = WriteResult & { data: T };

export const bookingKeys = {
  all: ['bookings'] as const,
  page: (q: BookingsFilter) => [...bookingKeys.all, 'page', q] as const,
  one: (id: string) => [...bookingKeys.all, 'one', id] as const,
  slots: (q: SlotsQuery) => [...bookingKeys.all, 'slots', q] as const,
};

/** The calendar's events query lives in features/calendar; its key root is shared here so every booking write refreshes it. */
export const CALENDAR_KEY = ['calendar'] as const;

/**
 * Booking writes change the calendar, the bookings list, orders (a booking creates or edits one) and
 * the dashboard's appointments: all are refreshed without a page reload.
 */
export const AFTER_BOOKING_WRITE: readonly QueryKey[] = [bookingKeys.all, CALENDAR_KEY, ['orders'], ['dashboard']];

/** Lists refresh when the window regains focus and every 30 s while on screen (other receptionists book too). */
export const LIVE = { refetchOnWindowFocus: true, refetchInterval: 30_000 } as const;

export function useBookings(query: BookingsFilter) {
  return useQuery({
    queryKey: bookingKeys.page(query),
    queryFn: ({ signal }) => api.get<BookingsPage>('bookings', query, signal),
    placeholderData: keepPreviousData,
    ...LIVE,
  });
}

export const useBooking = (id: string | null, initial?: Booking) =>
  useQuery({
    queryKey: bookingKeys.one(id ?? ''),
    queryFn: fetchData<Booking>(`bookings/${id}`),
    enabled: Boolean(id),
    ...(initial && initial.id === id ? { placeholderData: initial } : {}),
  });

/** Free slots from the availability engine; nothing is asked before a branch, a service and a date are chosen. */
export const useSlots = (query: SlotsQuery | null) =>
  useQuery({
    queryKey: bookingKeys.slots(query ?? { branch_id: '', service_ids: '', from: '', to: '' }),
    queryFn: ({ signal }) => api.get<SlotsResponse>('bookings/slots', query ?? {}, signal),
    enabled: Boolean(query),
    staleTime: 15_000,
    refetchOnWindowFocus: true,
  });

/** A write that shows the server's message and refreshes every view of bookings; the caller handles field errors. */
function useBookingWrite<V, R extends WriteResult>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (res) => {
      toast(res.message);
      await Promise.all(AFTER_BOOKING_WRITE.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

export const useCreateBooking = () =>
  useBookingWrite((body: CreateBookingBody) => api.post<Written<CreateBookingResult>>('bookings', body));

export const useUpdateBooking = () => useBookingWrite(({ id, body }: { id: string; body: UpdateBookingBody }) => api.put<Written<Booking>>(`bookings/${id}`, body));

export const useChangeBookingStatus = () =>
  useBookingWrite(({ id, body }: { id: string; body: ChangeBookingStatusBody }) => api.post<Written<Booking>>(`bookings/${id}/change-status`, body));
