/**
 * The roles screen's checkbox tree as pure functions: a group's checkbox is checked when every key
 * of the group is selected, indeterminate when some are, and clicking it selects the whole group
 * (or clears it when it was full).
 */
export type GroupState = 'all' | 'some' | 'none';

export function groupState(selected: readonly string[], groupKeys: readonly string[]): GroupState {
  if (groupKeys.length === 0) return 'none';
  const held = new Set(selected);
  const count = groupKeys.filter((k) => held.has(k)).length;
  if (count === 0) return 'none';
  return count === groupKeys.length ? 'all' : 'some';
}

/** A full group is cleared; an empty or partly selected one becomes full. Other keys stay. */
export function toggleGroup(selected: readonly string[], groupKeys: readonly string[]): string[] {
  if (groupState(selected, groupKeys) === 'all') {
    const drop = new Set(groupKeys);
    return selected.filter((k) => !drop.has(k));
  }
  const held = new Set(selected);
  return [...selected, ...groupKeys.filter((k) => !held.has(k))];
}

export function togglePermission(selected: readonly string[], key: string): string[] {
  return selected.includes(key) ? selected.filter((k) => k !== key) : [...selected, key];
}

/** How many keys of the group are selected, for the "3 / 5" beside a group's title. */
export function selectedCount(selected: readonly string[], groupKeys: readonly string[]): number {
  const held = new Set(selected);
  return groupKeys.filter((k) => held.has(k)).length;
}
