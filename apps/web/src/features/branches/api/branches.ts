import type { Branch, BranchBody } from '@app/shared/schemas/access';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '@/features/auth/api/get-me';
import { api, toast } from '@/lib/api-client';

export const branchKeys = {
  all: ['branches'] as const,
  list: () => [...branchKeys.all, 'list'] as const,
  detail: (id: string) => [...branchKeys.all, 'detail', id] as const,
};

export const branchesQuery = () => queryOptions({ queryKey: branchKeys.list(), queryFn: () => api.get<{ data: Branch[] }>('branches').then((r) => r.data) });

export const useBranches = () => useQuery(branchesQuery());

export const useBranch = (id: string | undefined) =>
  useQuery({
    queryKey: branchKeys.detail(id ?? ''),
    queryFn: () => api.get<{ data: Branch }>(`branches/${id}`).then((r) => r.data),
    enabled: Boolean(id),
  });

type WriteResult = { message: string; data: Branch };

/** Branch writes change the user's branch list (top bar switch): the profile is fetched again. */
function useAfterBranchWrite() {
  const queryClient = useQueryClient();
  return (message: string) => {
    toast(message);
    void queryClient.invalidateQueries({ queryKey: branchKeys.all });
    void queryClient.invalidateQueries({ queryKey: authKeys.me() });
  };
}

export function useSaveBranch(id: string | undefined) {
  const after = useAfterBranchWrite();
  return useMutation({
    mutationFn: (body: BranchBody) => (id ? api.put<WriteResult>(`branches/${id}`, body) : api.post<WriteResult>('branches', body)),
    onSuccess: (res) => after(res.message),
  });
}

export function useDeleteBranch() {
  const after = useAfterBranchWrite();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`branches/${id}`),
    onSuccess: (res) => after(res.message),
  });
}
