import type { AppNotification, SeenModule } from '@app/shared/schemas/app-notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api, apiRequest } from '@/lib/api-client';
import { useWriteMutation, type WriteResult } from '@/lib/query';

export type { AppNotification };

/**
 * The bell (issue 18 §1, spec §2 top bar, §4). Its count is `notifications` of the unread counters
 * (`GET load-unread-modules-counts`, polled every minute with the sidebar's badges); the notes
 * themselves are fetched when the list opens, in the language in use.
 */
export const bellKeys = {
  all: ['app-notifications'] as const,
  list: (lang: string) => ['app-notifications', lang] as const,
  /** The same key as the orders feature's `orderKeys.unread`. */
  unread: ['unread-counts'] as const,
};

/** `GET app-notifications`: the account's newest notes; `enabled` while the list is open. */
export function useAppNotifications(enabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: bellKeys.list(i18n.language),
    queryFn: ({ signal }) => api.get<{ data: AppNotification[]; meta: { unread: number } }>('app-notifications', undefined, signal),
    enabled,
    staleTime: 0,
  });
}

/** `PUT app-notification/{uuid}`: the note is read (removed); answers its url. Quiet: the page it opens is the answer. */
export function useReadNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.put<{ data: { url: string | null } }>(`app-notification/${encodeURIComponent(id)}`).then((r) => r.data),
    // Not awaited: the page the note opens comes first, the bell catches up.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bellKeys.all });
      void queryClient.invalidateQueries({ queryKey: bellKeys.unread });
    },
  });
}

/** `DELETE app-notifications`: every note of the account read. */
export const useReadAll = () => useWriteMutation(() => api.delete<WriteResult>('app-notifications'), [bellKeys.all, bellKeys.unread]);

/**
 * A list page tells the counters its account has looked (`POST unread/{module}/seen`) when it
 * opens: what came before no longer counts as unread for this account; the badge follows at once.
 */
export function useMarkSeen(module: SeenModule, enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    apiRequest(`unread/${module}/seen`, { method: 'POST', body: {}, quiet: true }).then(
      () => {
        if (live) void queryClient.invalidateQueries({ queryKey: bellKeys.unread });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [module, enabled, queryClient]);
}
