import { STORAGE_KEYS } from '@app/shared/constants';
import { describe, expect, it, vi } from 'vitest';
import { AFTER_SWITCH_PATH, switchAccount } from './impersonation';

describe('switching accounts (impersonation)', () => {
  it('replaces the stored token and reloads on the dashboard', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'support-token');
    const reload = vi.fn();
    switchAccount('owner-token', reload);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('owner-token');
    expect(reload).toHaveBeenCalledWith(AFTER_SWITCH_PATH);
    expect(AFTER_SWITCH_PATH).toBe('/dashboard');
  });
});
