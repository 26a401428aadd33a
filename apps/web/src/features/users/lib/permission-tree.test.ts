import { permissionTree } from '@app/shared/permissions';
import { describe, expect, it } from 'vitest';
import { groupState, selectedCount, toggleGroup, togglePermission } from './permission-tree';

const group = ['reports', 'reports.sales', 'reports.customers'];

describe('permission tree', () => {
  it('reports a group as none, some or all', () => {
    expect(groupState([], group)).toBe('none');
    expect(groupState(['orders'], group)).toBe('none');
    expect(groupState(['reports.sales'], group)).toBe('some');
    expect(groupState([...group, 'orders'], group)).toBe('all');
    expect(groupState(['orders'], [])).toBe('none');
  });

  it('toggling an empty or partial group selects all of it and keeps other keys', () => {
    expect(toggleGroup(['orders'], group).sort()).toEqual(['orders', ...group].sort());
    const partial = toggleGroup(['orders', 'reports.sales'], group);
    expect(partial.sort()).toEqual(['orders', ...group].sort());
    expect(new Set(partial).size).toBe(partial.length);
  });

  it('toggling a full group clears only that group', () => {
    expect(toggleGroup(['orders', ...group], group)).toEqual(['orders']);
  });

  it('toggles one key on and off', () => {
    expect(togglePermission(['orders'], 'bookings')).toEqual(['orders', 'bookings']);
    expect(togglePermission(['orders', 'bookings'], 'orders')).toEqual(['bookings']);
  });

  it('counts the selected keys of a group', () => {
    expect(selectedCount(['reports', 'orders'], group)).toBe(1);
  });

  it('works on the real tree: every group toggles to full and back to empty', () => {
    for (const g of permissionTree()) {
      const keys = g.permissions.map((p) => p.key);
      const full = toggleGroup([], keys);
      expect(groupState(full, keys)).toBe('all');
      expect(toggleGroup(full, keys)).toEqual([]);
    }
  });
});
