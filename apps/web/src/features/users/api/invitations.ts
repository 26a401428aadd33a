import type { Invitation, InvitationBody } from '@app/shared/schemas/access';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchData, useDeleteMutation, useWriteMutation, type WriteResult } from '@/lib/query';
import { accessKeys } from './keys';

export const useInvitations = (enabled = true) => useQuery({ queryKey: accessKeys.invitations(), queryFn: fetchData<Invitation[]>('invitations'), enabled });

/** Invitations change the lists of invitations and the roles' counts. */
const AFTER_INVITATION_WRITE = [accessKeys.invitations(), accessKeys.roles()];

export const useInviteUser = () => useWriteMutation((body: InvitationBody) => api.post<WriteResult>('invitations', body), AFTER_INVITATION_WRITE);
export const useResendInvitation = () => useWriteMutation((id: string) => api.post<WriteResult>(`invitations/${id}/resend`), AFTER_INVITATION_WRITE);
export const useDeleteInvitation = () => useDeleteMutation('invitations', AFTER_INVITATION_WRITE);
