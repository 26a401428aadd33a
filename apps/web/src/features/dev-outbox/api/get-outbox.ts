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

/** The local outbox, polled every 3 s so a fresh OTP shows up by itself. */
export function useOutbox(recipient: string) {
  return useQuery({
    queryKey: ['dev-outbox', recipient],
    queryFn: ({ signal }) => api.get<{ data: OutboxMessage[] }>('dev/outbox', { recipient, limit: 100 }, signal).then((r) => r.data),
    refetchInterval: 3000,
    retry: false,
  });
}
