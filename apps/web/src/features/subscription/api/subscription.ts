import { TRIAL_EXTENSION_RELOAD_MS } from '@app/shared/constants';
import type { Subscription } from '@app/shared/schemas/subscription';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '@/features/auth/api/auth-keys';
import { api, toast } from '@/lib/api-client';
import { fetchData } from '@/lib/query';

export const subscriptionKeys = { all: ['subscription'] as const };

/** `GET subscription`: answers while the trial or the plan has ended (every other business call is 402 then). */
export const useSubscription = () => useQuery({ queryKey: subscriptionKeys.all, queryFn: fetchData<Subscription>('subscription'), retry: false });

/** The page reload after an extension, replaceable in tests (jsdom cannot navigate). */
export const pageReload = { run: () => window.location.reload() };

/**
 * `GET subscription/extend-trail` (the spec's spelling): once per business. On success the server's
 * message is toasted and the page reloads after TRIAL_EXTENSION_RELOAD_MS (spec: 3 seconds), so
 * every screen starts again with the business unlocked. A refusal (422: already extended, or a
 * subscription exists) is shown by the caller from the error's message; the state is fetched again.
 */
export function useExtendTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<{ message: string; data: Subscription }>('subscription/extend-trail'),
    onSuccess: (res) => {
      // The screen keeps saying "extended, reloading" until the reload starts every query afresh.
      toast(res.message);
      setTimeout(() => pageReload.run(), TRIAL_EXTENSION_RELOAD_MS);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
    },
  });
}
