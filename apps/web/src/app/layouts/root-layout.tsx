import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useMe } from '@/features/auth/api/get-me';
import { clearSession, getToken } from '@/lib/storage';
import { TenantFormatProvider } from '@/lib/tenant-format';
import { decideRoute } from '../guard';
import { clearChunkReloadMark } from '../lazy-page';
import { queryClient } from '../providers';
import { findMainRoute } from '../route-table';

/** Runs the routing guard (spec §2) above every page. */
export function RootLayout() {
  const location = useLocation();
  const me = useMe();
  const decision = decideRoute({
    pathname: location.pathname,
    loggedIn: Boolean(getToken()),
    user: me.data,
    userFailed: me.isError,
    route: findMainRoute(location.pathname),
  });

  useEffect(() => clearChunkReloadMark(), []);
  useEffect(() => {
    if (decision.kind === 'redirect' && decision.clearSession) {
      clearSession();
      queryClient.clear();
    }
  }, [decision]);

  if (decision.kind === 'loading') return <PageLoader full />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <TenantFormatProvider tenant={me.data?.tenant}>
      <Suspense fallback={<PageLoader full />}>
        <Outlet />
      </Suspense>
    </TenantFormatProvider>
  );
}
