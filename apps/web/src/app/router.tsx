import { useEffect } from 'react';
import { matchRoutes, Navigate, type NavigateFunction, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { AuthLayout } from './layouts/auth-layout';
import { preloadSessionLayout, RootLayout } from './layouts/root-layout';
import { lazyPage } from './lazy-page';
import { RouteErrorBoundary } from './pages/route-error-page';
import { handleOf, layoutRoute, pageRoute } from './route-objects';

/**
 * The routes a visitor reaches without the signed-in app: sign-in and sign-up, the e-mailed links,
 * onboarding, a customer's payment link. Each page (and layout) names the locale namespaces it uses
 * besides `common`: they are fetched with its code, in the language in use, before it shows.
 *
 * Any other address belongs to the signed-in area (`main-routes.tsx`, from the route table), loaded
 * like a page: the sign-in page never carries the route table, the shell or their code. Only the
 * guard's root and the sign-in area's frame are in the entry script.
 */
const OnboardingLayout = lazyPage(() => import('./layouts/onboarding-layout'), 'OnboardingLayout', ['onboarding']);
const StandaloneLayout = lazyPage(() => import('./layouts/standalone-layout'), 'StandaloneLayout');

const LoginPage = lazyPage(() => import('@/features/auth/pages/login-page'), 'LoginPage', ['auth']);
const SignupPage = lazyPage(() => import('@/features/auth/pages/signup-page'), 'SignupPage', ['auth']);
const ForgotPasswordPage = lazyPage(() => import('@/features/auth/pages/forgot-password-page'), 'ForgotPasswordPage', ['auth']);
const ResetPasswordPage = lazyPage(() => import('@/features/auth/pages/reset-password-page'), 'ResetPasswordPage', ['auth']);
const VerifyOtpPage = lazyPage(() => import('@/features/auth/pages/verify-otp-page'), 'VerifyOtpPage', ['auth']);
const UnlockAccountPage = lazyPage(() => import('@/features/auth/pages/unlock-account-page'), 'UnlockAccountPage', ['auth']);
const VerifyEmailPage = lazyPage(() => import('@/features/auth/pages/verify-email-page'), 'VerifyEmailPage', ['auth']);
const UpdateInfoPage = lazyPage(() => import('@/features/onboarding/pages/update-info-page'), 'UpdateInfoPage', ['onboarding']);
const UpdateProfilePage = lazyPage(() => import('@/features/onboarding/pages/update-profile-page'), 'UpdateProfilePage', ['onboarding']);
const CompleteProfilePage = lazyPage(() => import('@/features/onboarding/pages/complete-profile-page'), 'CompleteProfilePage', ['onboarding']);
const LaunchProfilePage = lazyPage(() => import('@/features/onboarding/pages/launch-profile-page'), 'LaunchProfilePage', ['onboarding']);
const DevOutboxPage = lazyPage(() => import('@/features/dev-outbox/pages/dev-outbox-page'), 'DevOutboxPage', ['outbox']);
const AcceptInvitationPage = lazyPage(() => import('@/features/users/pages/accept-invitation-page'), 'AcceptInvitationPage', ['users']);
const PayPage = lazyPage(() => import('@/features/pay/pages/pay-page'), 'PayPage', ['sales']);
const PaymentSuccessPage = lazyPage(() => import('@/features/pay/pages/payment-result-page'), 'PaymentSuccessPage', ['sales', 'subscription']);
const PaymentFailurePage = lazyPage(() => import('@/features/pay/pages/payment-result-page'), 'PaymentFailurePage', ['sales', 'subscription']);
const PublicReviewPage = lazyPage(() => import('@/features/marketing/pages/public-review-page'), 'PublicReviewPage', ['reviews']);

/** The signed-in area: the shell, the printable pages and every page of the route table. */
const MainArea = lazyPage(() => import('./main-routes'), 'MainRoutes');

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      {
        element: <AuthLayout />,
        children: [
          pageRoute('/login', LoginPage),
          pageRoute('/signup', SignupPage),
          pageRoute('/forgot-password', ForgotPasswordPage),
          pageRoute('/reset-password', ResetPasswordPage),
          pageRoute('/verify-otp', VerifyOtpPage),
          pageRoute('/verify-your-email', VerifyEmailPage),
          pageRoute('/unlock-account', UnlockAccountPage),
          pageRoute('/accept-invitation', AcceptInvitationPage),
        ],
      },
      layoutRoute(
        OnboardingLayout,
        [
          { index: true, element: <Navigate to="update-info" replace /> },
          pageRoute('update-info', UpdateInfoPage),
          pageRoute('update-profile', UpdateProfilePage),
          pageRoute('complete-profile', CompleteProfilePage),
        ],
        '/onboarding',
      ),
      layoutRoute(StandaloneLayout, [
        pageRoute('/launch-profile', LaunchProfilePage),
        pageRoute('/dev/outbox', DevOutboxPage),
        // A customer's payment link and its outcome: no sign-in (guard.ts OPEN). The outcome pages also
        // tell a business how paying the platform went (a plan or a device: their query then carries charge_id).
        pageRoute('/pay/:token', PayPage),
        pageRoute('/payment-success', PaymentSuccessPage),
        pageRoute('/payment-failure', PaymentFailurePage),
        // A customer's review of a completed visit, from the link sent after it: no sign-in (guard.ts OPEN).
        pageRoute('/r/:token', PublicReviewPage),
      ]),
      // Any other address: a signed-in page, or the signed-in area's "not found".
      pageRoute('*', MainArea),
    ],
  },
];

let routerNavigate: NavigateFunction | null = null;
let waiting: string | null = null;

/**
 * Navigation for code outside React (the API client's redirects): through the router once it is up;
 * a redirect asked for before (a call made while the first page loads) happens as it comes up.
 */
export function navigateOutside(to: string): void {
  if (routerNavigate) void routerNavigate(to, { replace: true });
  else waiting = to;
}

/** The app's pages, with the error page for whatever they throw (cleared by moving elsewhere). */
export function AppRoutes() {
  const location = useLocation();
  const navigate = useNavigate();
  const element = useRoutes(routes);
  useEffect(() => {
    routerNavigate = navigate;
    if (waiting) {
      void navigate(waiting, { replace: true });
      waiting = null;
    }
  }, [navigate]);
  return <RouteErrorBoundary resetKey={location.pathname}>{element}</RouteErrorBoundary>;
}

/**
 * Fetches, side by side, the code and the locale namespaces an address needs (its layouts and its
 * page); resolves when they are in. Called before the first render.
 */
export async function preloadPath(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const main = matches.some((m) => m.route.path === '*');
  await Promise.all(matches.map((m) => handleOf(m.route.handle).preload?.()));
  if (!main) return;
  const { preloadMainPath } = await import('./main-routes');
  await preloadMainPath(pathname);
}

/**
 * What a browser with a session needs for an address: the session's guard besides the address's own
 * code and texts. Before the first render of a signed-in reload, and from the sign-in page for the
 * dashboard once the visitor starts signing in.
 */
export async function preloadSignedIn(pathname: string): Promise<void> {
  await Promise.all([preloadSessionLayout(), preloadPath(pathname)]);
}
