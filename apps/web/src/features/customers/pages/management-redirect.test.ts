import { describe, expect, it } from 'vitest';
import { managementTarget } from './management-redirect';

describe('management redirect', () => {
  const built = new Set(['/management/staffs', '/management/customers']);
  const exists = (p: string) => built.has(p);

  it('opens the staff list, or the first screen the user may open', () => {
    expect(managementTarget(['providers', 'customers'], exists)).toBe('/management/staffs');
    expect(managementTarget(['customers'], exists)).toBe('/management/customers');
    // A screen that is not built yet is skipped.
    expect(managementTarget(['services'], exists)).toBe('/management/staffs');
  });
});
