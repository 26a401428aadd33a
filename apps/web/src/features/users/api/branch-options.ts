import type { Branch } from '@app/shared/schemas/access';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/query';
import { accessKeys } from './keys';

const toOptions = (branches: Branch[]) => branches.map((b) => ({ value: b.uuid, label: b.name }));

/** The business's branches as choices for the user and invitation forms. */
export function useBranchOptions(enabled = true) {
  return useQuery({
    queryKey: accessKeys.branchOptions(),
    queryFn: (ctx) => fetchData<Branch[]>('branches')(ctx).then(toOptions),
    enabled,
    staleTime: 30_000,
  });
}
