import type { Package, Product, Service } from '@app/shared/schemas/catalogue';
import type { OfferPriceRow } from '@app/shared/schemas/offers';
import type { Provider } from '@app/shared/schemas/providers';
import type { Reason } from '@app/shared/schemas/settings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The choices the order screens offer (services, products, packages, staff names, cancellation
 * reasons) come from other modules' lists, which need their own keys. A user holding only `orders`
 * still works on orders, with fewer choices: these calls are quiet (no error toast) and answer an
 * empty list when refused.
 */
async function quietList<T>(path: string, query: Record<string, string | number> = {}, signal?: AbortSignal): Promise<T[]> {
  try {
    const body = await apiRequest<{ data?: T[] }>(path, { query, quiet: true, ...(signal ? { signal } : {}) });
    return Array.isArray(body?.data) ? body.data : [];
  } catch {
    return [];
  }
}

const OPTIONS = { staleTime: 60_000, retry: false } as const;

export const useServiceChoices = () =>
  useQuery({ queryKey: ['services', 'order-choices'], queryFn: ({ signal }) => quietList<Service>('services', { per_page: 100 }, signal), ...OPTIONS });

export const useProductChoices = () =>
  useQuery({ queryKey: ['products', 'order-choices'], queryFn: ({ signal }) => quietList<Product>('products', { per_page: 100 }, signal), ...OPTIONS });

export const usePackageChoices = (enabled: boolean) =>
  useQuery({ queryKey: ['packages', 'order-choices'], queryFn: ({ signal }) => quietList<Package>('packages', {}, signal), enabled, ...OPTIONS });

/**
 * The dashboard's offered unit prices now, by service (`GET offers/prices`): the server writes a new
 * service line at this price, so the pickers show it (the catalogue price struck through).
 */
export const useOfferPrices = () =>
  useQuery({
    queryKey: ['offers', 'prices'],
    queryFn: ({ signal }) => quietList<OfferPriceRow>('offers/prices', {}, signal).then((list) => new Map(list.map((p) => [p.service_id, p]))),
    ...OPTIONS,
  });

/** Staff (providers) by id, for the names beside appointments. */
export const useStaffNames = () =>
  useQuery({
    queryKey: ['providers', 'names'],
    queryFn: ({ signal }) => quietList<Provider>('providers', {}, signal).then((list) => new Map(list.map((p) => [p.uuid, p.name]))),
    ...OPTIONS,
  });

/** The booking-cancel reasons, offered when an order is canceled (its appointments are canceled with the reason). */
export const useCancelReasons = () =>
  useQuery({
    queryKey: ['reasons', 'booking-cancel'],
    queryFn: ({ signal }) => quietList<Reason>('reasons', { type: 'booking-cancel' }, signal).then((list) => list.filter((r) => r.type === 'booking-cancel')),
    ...OPTIONS,
  });
