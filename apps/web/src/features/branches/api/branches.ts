import type { Branch, BranchBody } from '@app/shared/schemas/access';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { authKeys } from '@/features/auth/api/auth-keys';
import { fetchData, useDeleteMutation, useSaveMutation } from '@/lib/query';

export const branchKeys = {
  all: ['branches'] as const,
  list: () => [...branchKeys.all, 'list'] as const,
  detail: (id: string) => [...branchKeys.all, 'detail', id] as const,
};

export const branchesQuery = () => queryOptions({ queryKey: branchKeys.list(), queryFn: fetchData<Branch[]>('branches') });

export const useBranches = () => useQuery(branchesQuery());

export const useBranch = (id: string | undefined) =>
  useQuery({ queryKey: branchKeys.detail(id ?? ''), queryFn: fetchData<Branch>(`branches/${id}`), enabled: Boolean(id) });

/** Branch writes change the user's branch list (top bar switch): the profile is fetched again. */
const AFTER_BRANCH_WRITE = [branchKeys.all, authKeys.me()];

/** Creates (id null) or updates a branch. */
export const useSaveBranch = () => useSaveMutation<BranchBody>('branches', AFTER_BRANCH_WRITE);
export const useDeleteBranch = () => useDeleteMutation('branches', AFTER_BRANCH_WRITE);
