import type { PublicPayment, SimulatePaymentBody } from '@app/shared/schemas/transactions';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const payKeys = { link: (token: string) => ['pay', token] as const };

/**
 * The public pay page's calls: no sign-in, and quiet (the page shows an invalid link or a failed
 * payment itself, instead of the signed-in app's toasts and redirects).
 */
export const usePaymentLink = (token: string) =>
  useQuery({
    queryKey: payKeys.link(token),
    queryFn: ({ signal }) => apiRequest<{ data: PublicPayment }>(`pay/${encodeURIComponent(token)}`, { signal, quiet: true }).then((r) => r.data),
    enabled: token.length > 0,
    retry: false,
  });

export const useSimulatePayment = (token: string) =>
  useMutation({
    mutationFn: (body: SimulatePaymentBody) =>
      apiRequest<{ message: string; data: PublicPayment }>(`pay/${encodeURIComponent(token)}/simulate`, { method: 'POST', body, quiet: true }).then((r) => r.data),
  });
