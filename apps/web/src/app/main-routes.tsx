import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { useMe } from '@/features/auth/api/get-me';
import { getToken } from '@/lib/storage';
import { decideRoute } from './guard';
import { lazyPage } from './lazy-page';
import { layoutRoute, pageRoute } from './route-objects';
import { findMainRoute, MAIN_ROUTES } from './route-table';

/**
 * The signed-in area, loaded like a page on the first visit to one of its addresses (router.tsx).
 * The shell (sidebar, top bar, banners) names the namespaces of its own texts: the sidebar's entries
 * (calendar, bookings, orders, sales), the top bar's customer search and the trial banner.
 */
const AppShellLayout = lazyPage(() => import('./layouts/app-shell'), 'AppShellLayout', ['bookings', 'calendar', 'customers', 'orders', 'sales', 'subscription']);
const PrintLayout = lazyPage(() => import('./layouts/print-layout'), 'PrintLayout');
const NotFoundPage = lazyPage(() => import('./pages/not-found-page'), 'NotFoundPage');
const NotFoundPluginPage = lazyPage(() => import('./pages/not-found-plugin-page'), 'NotFoundPluginPage');
const UnauthorizedPage = lazyPage(() => import('./pages/unauthorized-page'), 'UnauthorizedPage');

const mainRoutes: RouteObject[] = [
  // Printable pages (a receipt): signed in and guarded like the others, without the shell.
  layoutRoute(
    PrintLayout,
    MAIN_ROUTES.filter((r) => r.bare).map((r) => pageRoute(r.path, r.Page)),
  ),
  layoutRoute(AppShellLayout, [
    ...MAIN_ROUTES.filter((r) => !r.bare).map((r) => pageRoute(r.path, r.Page)),
    pageRoute('/unauthorized', UnauthorizedPage),
    pageRoute('/not-found-plugin', NotFoundPluginPage),
    pageRoute('*', NotFoundPage),
  ]),
];

/**
 * The signed-in pages. The root layout's guard has already checked the session, the phone and the
 * onboarding; here the same guard also weighs the page's entry in the route table (its permission
 * keys and plugin), which only this part of the app carries.
 */
export function MainRoutes() {
  const location = useLocation();
  const me = useMe();
  const element = useRoutes(mainRoutes);
  const decision = decideRoute({
    pathname: location.pathname,
    loggedIn: Boolean(getToken()),
    user: me.data,
    userFailed: me.isError,
    route: findMainRoute(location.pathname),
  });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return element;
}

/**
 * Starts fetching, side by side, what a signed-in address needs: the shell's and the page's code and
 * texts (else the shell's chunk, then the page's, then its data would come one after another).
 */
export async function preloadMainPath(pathname: string): Promise<void> {
  const route = findMainRoute(pathname);
  const layout = route?.bare ? PrintLayout : AppShellLayout;
  await Promise.all([layout.preload(), (route?.Page ?? NotFoundPage).preload()]);
}
