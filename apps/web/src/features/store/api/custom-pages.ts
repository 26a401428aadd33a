import type { StorePage, StorePageBody } from '@app/shared/schemas/store';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchData, useDeleteMutation, useWriteMutation, type WriteResult } from '@/lib/query';
import { storeKeys } from './store-settings';

export type { StorePage, StorePageBody };

/** `GET store/custom-pages` (`marketing.pages`). */
export const useCustomPages = () => useQuery({ queryKey: storeKeys.pages(), queryFn: fetchData<StorePage[]>('store/custom-pages') });

/** `GET store/custom-pages/:id`. */
export const useCustomPage = (id: string | null) =>
  useQuery({ queryKey: storeKeys.page(id ?? ''), queryFn: fetchData<StorePage>(`store/custom-pages/${encodeURIComponent(id ?? '')}`), enabled: Boolean(id) });

/** `POST store/custom-pages` or `PUT store/custom-pages/:id`. */
export const useSaveCustomPage = () =>
  useWriteMutation(
    ({ id, body }: { id: string | null; body: StorePageBody }) =>
      id ? api.put<WriteResult & { data: StorePage }>(`store/custom-pages/${encodeURIComponent(id)}`, body) : api.post<WriteResult & { data: StorePage }>('store/custom-pages', body),
    [storeKeys.pages()],
  );

/** `DELETE store/custom-pages/:id`. */
export const useDeleteCustomPage = () => useDeleteMutation('store/custom-pages', [storeKeys.pages()]);
