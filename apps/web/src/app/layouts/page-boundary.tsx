import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { findMainRoute } from '../route-table';

/** The route a path belongs to (`/orders/:id` for every order), so moving within one page keeps it mounted. */
const pageKey = (pathname: string) => findMainRoute(pathname)?.path ?? pathname;

/**
 * Where a signed-in page renders. Keyed by route: a new page gets a new Suspense boundary, so while
 * its code loads the loader replaces the old page at once. Unkeyed, React Router's navigation (a
 * transition) would keep the old page on screen, looking ready to use, until the new one arrived.
 */
export function PageBoundary() {
  const location = useLocation();
  return (
    <Suspense key={pageKey(location.pathname)} fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}
