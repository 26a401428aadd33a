import type { AcceptInvitationBody } from '@app/shared/schemas/access';
import type { UserInfo } from '@app/shared/schemas/auth';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useStartSession } from '@/features/auth/api/auth-session';
import { api, apiRequest } from '@/lib/api-client';
import { accessKeys } from './keys';

export type InvitationPreview = { email: string; name: string | null; business: string | null; role: string | null };

/** What an invitation link offers; a dead link is a 404 the page explains itself (no toast). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: accessKeys.invitationPreview(token),
    queryFn: ({ signal }) =>
      apiRequest<{ data: InvitationPreview }>(`auth/invitations/${encodeURIComponent(token)}`, { signal, quiet: true }).then((r) => r.data),
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Sets the invited person's name and password and signs them in, like a sign-in does. */
export function useAcceptInvitation() {
  const start = useStartSession();
  return useMutation({
    mutationFn: (body: AcceptInvitationBody) => api.post<{ data: { user: UserInfo; token: string } }>('auth/accept-invitation', body),
    onSuccess: (res) => start(res.data),
  });
}
