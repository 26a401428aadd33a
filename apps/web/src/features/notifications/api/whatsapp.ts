import type { WhatsappSession } from '@app/shared/schemas/channels';
import { useQuery } from '@tanstack/react-query';
import { authKeys } from '@/features/auth/api/auth-keys';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { api } from '@/lib/api-client';
import { fetchData, useWriteMutation, type WriteResult } from '@/lib/query';
import { usePushConfig } from './push';

export type { WhatsappSession };

export const whatsappKeys = { session: ['notifications', 'whatsapp-session'] as const };

/** How often the page asks again while a QR is being made or waits to be scanned. */
export const WHATSAPP_POLL_MS = 2000;

/** `GET whatsapp/session`: the link's state, polled while generating or scanning (spec §4). */
export const useWhatsappSession = () =>
  useQuery({
    queryKey: whatsappKeys.session,
    queryFn: fetchData<WhatsappSession>('whatsapp/session'),
    refetchInterval: (q) => (q.state.data?.status === 'generating' || q.state.data?.status === 'scan' ? WHATSAPP_POLL_MS : false),
  });

type Written = WriteResult & { data: WhatsappSession };
/** The session and the signed-in user (its tenant's `whatsapp_status` feeds the sidebar's dot, spec §2). */
const REFRESH = [whatsappKeys.session, authKeys.me()] as const;

/** `POST whatsapp/session/connect`: a QR to scan (502 when it cannot be made: the QR load failure, spec §8). */
export const useConnectWhatsapp = () => useWriteMutation(() => api.post<Written>('whatsapp/session/connect'), REFRESH);
/** `POST whatsapp/session/disconnect`. */
export const useDisconnectWhatsapp = () => useWriteMutation(() => api.post<Written>('whatsapp/session/disconnect'), REFRESH);
/** `POST whatsapp/session/simulate-scan`: the local simulator's stand-in for the phone's scan. */
export const useSimulateScan = () => useWriteMutation(() => api.post<Written>('whatsapp/session/simulate-scan', {}), REFRESH);

/**
 * The app channels (spec §8) this business can use now: WhatsApp while its link is connected or the
 * server has the Cloud API; push while the server has VAPID keys. The template form offers the others
 * disabled ("needs its app"); the server checks the same.
 */
export function useReadyAppChannels(): ReadonlySet<'whatsapp' | 'push'> {
  const user = useCurrentUser();
  const session = useWhatsappSession();
  const push = usePushConfig();
  const ready = new Set<'whatsapp' | 'push'>();
  if (user.tenant.whatsapp_status === 'connected' || session.data?.status === 'connected' || session.data?.cloud_api) ready.add('whatsapp');
  if (push.data?.enabled) ready.add('push');
  return ready;
}
