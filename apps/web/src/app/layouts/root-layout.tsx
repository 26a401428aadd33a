import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { getToken } from '@/lib/storage';
import { decideRoute } from '../guard';
import { clearChunkReloadMark, lazyPage } from '../lazy-page';

/** The guard of a browser with a session (it reads the profile), loaded with the signed-in app. */
const SessionLayout = lazyPage(() => import('./session-layout'), 'SessionLayout');
export const preloadSessionLayout = SessionLayout.preload;

/**
 * Runs the routing guard (spec §2) above every page. A visitor's needs no profile, so the sign-in
 * page and a payment link do without the profile query's code; with a session, `SessionLayout`.
 */
export function RootLayout() {
  const location = useLocation();
  useEffect(() => clearChunkReloadMark(), []);
  if (getToken()) {
    return (
      <Suspense fallback={<PageLoader full />}>
        <SessionLayout />
      </Suspense>
    );
  }
  const decision = decideRoute({ pathname: location.pathname, loggedIn: false, user: undefined, userFailed: false });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <Suspense fallback={<PageLoader full />}>
      <Outlet />
    </Suspense>
  );
}
