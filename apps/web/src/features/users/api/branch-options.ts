import type { Branch } from '@app/shared/schemas/access';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accessKeys } from './keys';

/** The business's branches as choices for the user and invitation forms. */
export function useBranchOptions(enabled = true) {
  return useQuery({
    queryKey: accessKeys.branchOptions(),
    queryFn: ({ signal }) =>
      api.get<{ data: Branch[] }>('branches', undefined, signal).then((r) => r.data.map((b) => ({ value: b.uuid, label: b.name }))),
    enabled,
    staleTime: 30_000,
  });
}
