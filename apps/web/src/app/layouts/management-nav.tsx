import { Box, ScrollArea, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { MAIN_ROUTES } from '../route-table';
import { routeAllowed } from './section-nav';

/** The management screens (spec §2 /management children) in the order the tabs show them. */
export const MANAGEMENT_SECTIONS = [
  { path: '/management/staffs', key: 'staffs' },
  { path: '/management/customers', key: 'customers' },
  { path: '/management/services', key: 'services' },
  { path: '/management/categories', key: 'categories' },
  { path: '/management/products', key: 'products' },
  { path: '/management/packages', key: 'packages' },
  { path: '/management/service-metrics', key: 'metrics' },
  { path: '/management/expenses', key: 'expenses' },
  { path: '/management/expense-types', key: 'expenseTypes' },
] as const;

export const isManagementList = (pathname: string) => MANAGEMENT_SECTIONS.some((s) => s.path === pathname.replace(/\/+$/, ''));

/** Tabs between the management lists the user may open (its keys held, its plugin installed). */
export function ManagementNav() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const sections = MANAGEMENT_SECTIONS.filter((s) => routeAllowed(MAIN_ROUTES, s.path, user));
  if (sections.length < 2) return null;
  return (
    <Box mb="md">
      <ScrollArea type="never" offsetScrollbars={false}>
        <Tabs value={pathname.replace(/\/+$/, '')} onChange={(v) => v && navigate(v)} variant="pills" radius="md">
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {sections.map((s) => (
              <Tabs.Tab key={s.path} value={s.path} data-testid={`management-tab-${s.key}`}>
                {t(`managementNav.${s.key}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      </ScrollArea>
    </Box>
  );
}
