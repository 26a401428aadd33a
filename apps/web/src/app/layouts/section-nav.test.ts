import { describe, expect, it } from 'vitest';
import { MAIN_ROUTES } from '../route-table';
import { routeAllowed } from './section-nav';
import { MANAGEMENT_SECTIONS } from './management-nav';

const user = (permissions: string[], plugins: string[] = []) => ({ permissions, tenant: { plugins } });

describe('management tabs', () => {
  it('every section is a route of the table', () => {
    for (const s of MANAGEMENT_SECTIONS) expect(MAIN_ROUTES.some((r) => r.path === s.path), s.path).toBe(true);
  });
  it('shows a section only with its key and plugin', () => {
    expect(routeAllowed(MAIN_ROUTES, '/management/customers', user(['customers']))).toBe(true);
    expect(routeAllowed(MAIN_ROUTES, '/management/services', user(['customers']))).toBe(false);
    expect(routeAllowed(MAIN_ROUTES, '/management/packages', user(['packages']))).toBe(false);
    expect(routeAllowed(MAIN_ROUTES, '/management/packages', user(['packages'], ['packages']))).toBe(true);
    expect(routeAllowed(MAIN_ROUTES, '/management/nothing', user(['customers']))).toBe(false);
  });
});
