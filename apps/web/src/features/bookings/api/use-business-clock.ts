import { useMemo } from 'react';
import { useCurrentUser } from '@/features/auth/api/get-me';
import type { WorkingHoursLike } from '@/features/calendar/lib/hours';
import type { TimeFormat } from '@/lib/format';
import { businessZone, scopedBranch, useBranchOptions } from './options';

export type BusinessClock = {
  /** IANA zone the screens show times in. */
  zone: string;
  timeFormat: TimeFormat;
  /** 0 Sunday … 6 Saturday (settings → general). */
  startOfWeek: number;
  currency: string;
  /** Working hours of the scoped branch, or of every readable branch (none without the branches key). */
  workingHours: readonly WorkingHoursLike[];
  /** False until the branch list (and so the branch's zone) is known. */
  ready: boolean;
};

/** The business's clock: zone (branch override), 12/24 h, first day of the week, currency, opening hours. */
export function useBusinessClock(): BusinessClock {
  const user = useCurrentUser();
  const branches = useBranchOptions();
  const branch = scopedBranch(user.current_branch?.uuid, branches.data);
  const workingHours = useMemo(() => (branch ? [branch.working_hours] : (branches.data ?? []).map((b) => b.working_hours)), [branch, branches.data]);
  return {
    zone: businessZone(user.tenant.timezone, branch),
    timeFormat: user.tenant.time_format,
    startOfWeek: user.tenant.start_of_week,
    currency: user.tenant.currency,
    workingHours,
    ready: !branches.isPending,
  };
}
