import type { UserInfo } from '@app/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '@/features/auth/api/auth-keys';
import { api, toast } from '@/lib/api-client';

/**
 * The top bar's branch switch: the server answers with the updated profile; every other cached list
 * is fetched again so it shows the chosen branch's data.
 */
export function useSwitchBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (branchId: string | null) => api.put<{ message: string; data: UserInfo }>('auth/current-branch', { branch_id: branchId }),
    onSuccess: (res) => {
      queryClient.setQueryData(authKeys.me(), res.data);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== authKeys.all[0] });
      toast(res.message);
    },
  });
}
