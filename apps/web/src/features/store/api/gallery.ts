import type { GalleryItem } from '@app/shared/schemas/store';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchData, useDeleteMutation, useWriteMutation, type WriteResult } from '@/lib/query';
import { storeKeys } from './store-settings';

export type { GalleryItem };

/** `GET gallery`: the store's pictures in their order. */
export const useGallery = () => useQuery({ queryKey: storeKeys.gallery(), queryFn: fetchData<GalleryItem[]>('gallery') });

/** `POST gallery` (multipart `file`, optional `caption`). */
export const useUploadGalleryPicture = () =>
  useWriteMutation(({ file, caption }: { file: File; caption?: string }) => {
    const body = new FormData();
    body.set('file', file);
    if (caption) body.set('caption', caption);
    return api.post<WriteResult & { data: GalleryItem }>('gallery', body);
  }, [storeKeys.gallery()]);

/** `DELETE gallery/:id`. */
export const useDeleteGalleryPicture = () => useDeleteMutation('gallery', [storeKeys.gallery()]);
