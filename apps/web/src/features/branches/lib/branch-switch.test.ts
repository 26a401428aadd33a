import { describe, expect, it } from 'vitest';
import { ALL_BRANCHES, branchIdFromValue, branchSwitchOptions, branchSwitchValue, showsBranchSwitch } from './branch-switch';

const teams = [
  { uuid: 'b1', name: 'الرياض' },
  { uuid: 'b2', name: 'جدة' },
];

describe('branch switch', () => {
  it('shows only with more than one branch', () => {
    expect(showsBranchSwitch({ teams: [], current_branch: null })).toBe(false);
    expect(showsBranchSwitch({ teams: teams.slice(0, 1), current_branch: null })).toBe(false);
    expect(showsBranchSwitch({ teams, current_branch: null })).toBe(true);
  });

  it('offers "all branches" first, then the user branches', () => {
    expect(branchSwitchOptions({ teams, current_branch: null }, 'كل الفروع')).toEqual([
      { value: ALL_BRANCHES, label: 'كل الفروع' },
      { value: 'b1', label: 'الرياض' },
      { value: 'b2', label: 'جدة' },
    ]);
  });

  it('selects the current branch, or all branches when none or unknown', () => {
    expect(branchSwitchValue({ teams, current_branch: { uuid: 'b2' } })).toBe('b2');
    expect(branchSwitchValue({ teams, current_branch: null })).toBe(ALL_BRANCHES);
    expect(branchSwitchValue({ teams, current_branch: { uuid: 'gone' } })).toBe(ALL_BRANCHES);
  });

  it('maps the choice to the request body', () => {
    expect(branchIdFromValue(ALL_BRANCHES)).toBeNull();
    expect(branchIdFromValue(null)).toBeNull();
    expect(branchIdFromValue('b1')).toBe('b1');
  });
});
