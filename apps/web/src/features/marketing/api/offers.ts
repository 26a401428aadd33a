import type { Offer, OfferBody, OfferStatus } from '@app/shared/schemas/offers';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchData, useDeleteMutation, useSaveMutation, useWriteMutation, type WriteResult } from '@/lib/query';

export type { Offer, OfferBody, OfferStatus };

/** Query keys of the offers screen. */
export const offerKeys = {
  all: ['offers'] as const,
  list: () => [...offerKeys.all, 'list'] as const,
};

/** `GET offers`: every offer of the business, on or off, newest first, with whether it runs now (not paged). */
export const useOffers = () => useQuery({ queryKey: offerKeys.list(), queryFn: fetchData<Offer[]>('offers') });

/** `POST offers` / `PUT offers/{id}` (the code upper-cased by the server, unique in the business: a 422 on `code`). */
export const useSaveOffer = () => useSaveMutation<OfferBody>('offers', [offerKeys.all]);

/** `POST offers/{id}/toggle { status }`: switches it on or off. */
export const useToggleOffer = () =>
  useWriteMutation(({ id, status }: { id: string; status: OfferStatus }) => api.post<WriteResult & { data: Offer }>(`offers/${encodeURIComponent(id)}/toggle`, { status }), [offerKeys.all]);

/** `DELETE offers/{id}`: the lines it priced keep their price. */
export const useDeleteOffer = () => useDeleteMutation('offers', [offerKeys.all]);
