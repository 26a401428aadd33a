import { useEffect, useRef, useState } from 'react';
import { type DayForm, hoursToForm } from '@/features/branches/lib/working-hours';
import { useProviderDefaultHours } from '../api/providers';

/**
 * A new provider's working hours follow its branch (the main branch's with none chosen) — the hours
 * the API would give it — until the user edits them: then a branch change leaves them alone. An
 * existing provider's hours are never touched (`enabled` false).
 */
export function useBranchHoursPrefill({ enabled, branchId, setDays }: { enabled: boolean; branchId: string | null; setDays: (days: DayForm[]) => void }) {
  const [edited, setEdited] = useState(false);
  const active = enabled && !edited;
  const hours = useProviderDefaultHours(branchId, active);
  const setDaysRef = useRef(setDays);
  setDaysRef.current = setDays;
  const data = active ? hours.data : undefined;

  useEffect(() => {
    if (data) setDaysRef.current(hoursToForm(data.working_hours));
  }, [data]);

  return {
    /** The user changed the hours: stop following the branch. */
    markEdited: () => setEdited(true),
    /** Still waiting for the branch's hours (the editor shows a placeholder meanwhile). */
    loading: active && hours.isPending,
  };
}
