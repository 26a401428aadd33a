/** The "all branches" choice of the top bar's switch (the API's `branch_id: null`). */
export const ALL_BRANCHES = 'all';

type SwitchUser = { teams: readonly { uuid: string; name: string }[]; current_branch: { uuid: string } | null };

/** The switch shows only for users who work in more than one branch. */
export const showsBranchSwitch = (user: SwitchUser): boolean => user.teams.length > 1;

/** "All branches" first, then the user's branches in the server's order. */
export function branchSwitchOptions(user: SwitchUser, allLabel: string): { value: string; label: string }[] {
  return [{ value: ALL_BRANCHES, label: allLabel }, ...user.teams.map((b) => ({ value: b.uuid, label: b.name }))];
}

/** The selected value; a current branch the user no longer has reads as "all branches". */
export function branchSwitchValue(user: SwitchUser): string {
  const id = user.current_branch?.uuid;
  return id && user.teams.some((b) => b.uuid === id) ? id : ALL_BRANCHES;
}

/** Select value → request body's `branch_id`. */
export const branchIdFromValue = (value: string | null): string | null => (!value || value === ALL_BRANCHES ? null : value);
