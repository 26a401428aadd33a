import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useMe } from '@/features/auth/api/get-me';
import { clearSession, getToken } from '@/lib/storage';
import { TenantFormatProvider } from '@/lib/tenant-format';
import { decideRoute } from '../guard';
import { queryClient } from '../providers';

/**
 * The routing guard (spec §2) for a browser with a session: it waits for the profile, then decides;
 * the pages below get the business's formats. Loaded with the signed-in app, not by a visitor.
 */
export function SessionLayout() {
  const location = useLocation();
  const me = useMe();
  const decision = decideRoute({
    pathname: location.pathname,
    loggedIn: Boolean(getToken()),
    user: me.data,
    userFailed: me.isError,
    // A signed-in page's permission keys and plugin are weighed by the signed-in area (main-routes.tsx),
    // which carries the route table.
  });

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
