import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type OutboxMessage = {
  id: string;
  channel: 'sms' | 'email' | string;
  recipient: string;
  subject: string | null;
  body: string;
  status: string;
  created_at: string;
};

/** The local outbox (platform operators only), polled every 3 s so a fresh OTP shows up by itself. */
export function useOutbox(recipient: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['dev-outbox', recipient],
    queryFn: ({ signal }) => api.get<{ data: OutboxMessage[] }>('dev/outbox', { recipient, limit: 100 }, signal).then((r) => r.data),
    refetchInterval: 3000,
    retry: false,
  });
}

/** Which channels this server delivers locally, printing their codes and links on its console (no message). */
export function useLocalDelivery() {
  return useQuery({
    queryKey: ['dev-outbox', 'local-delivery'],
    queryFn: ({ signal }) =>
      fetch('/api/v1/dev/local-delivery', { signal })
        .then((r) => (r.ok ? (r.json() as Promise<{ data: { sms: boolean; email: boolean } }>) : null))
        .then((r) => r?.data ?? { sms: false, email: false })
        .catch(() => ({ sms: false, email: false })),
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
}
