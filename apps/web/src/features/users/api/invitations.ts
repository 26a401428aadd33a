import type { Invitation, InvitationBody } from '@app/shared/schemas/access';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, toast } from '@/lib/api-client';
import { accessKeys } from './keys';

export function useInvitations(enabled = true) {
  return useQuery({
    queryKey: accessKeys.invitations(),
    queryFn: ({ signal }) => api.get<{ data: Invitation[] }>('invitations', undefined, signal).then((r) => r.data),
    enabled,
  });
}

function useInvitationWrite<V>(call: (vars: V) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (res) => {
      toast(res.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accessKeys.invitations() }),
        queryClient.invalidateQueries({ queryKey: accessKeys.roles() }),
      ]);
    },
  });
}

export const useInviteUser = () => useInvitationWrite((body: InvitationBody) => api.post<{ message: string; data: Invitation }>('invitations', body));
export const useResendInvitation = () => useInvitationWrite((id: string) => api.post<{ message: string }>(`invitations/${id}/resend`));
export const useDeleteInvitation = () => useInvitationWrite((id: string) => api.delete<{ message: string }>(`invitations/${id}`));
