import type { StoreAnalytics } from '@app/shared/schemas/store';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeKeys } from './store-settings';

export type { StoreAnalytics };

/** `GET store/analytics?from&to` (`marketing.booking_page`): visits, bookings and conversion per day. */
export const useStoreAnalytics = (from: string, to: string) =>
  useQuery<StoreAnalytics>({
    queryKey: storeKeys.analytics(from, to),
    queryFn: ({ signal }) => api.get<{ data: StoreAnalytics }>('store/analytics', { from, to }, signal).then((r) => r.data),
    enabled: Boolean(from && to) && from <= to,
    placeholderData: keepPreviousData,
  });
