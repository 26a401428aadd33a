import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AuthLayout } from './layouts/auth-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorPage } from './pages/route-error-page';
import { findMainRoute, MAIN_ROUTES } from './route-table';
import { lazyPage } from './lazy-page';

// The signed-in shell (sidebar, top bar, banners), onboarding, the printable and standalone pages load
// with the first page that needs them: the sign-in screen does not carry them.
const AppShellLayout = lazyPage(() => import('./layouts/app-shell'), 'AppShellLayout');
const OnboardingLayout = lazyPage(() => import('./layouts/onboarding-layout'), 'OnboardingLayout');
const PrintLayout = lazyPage(() => import('./layouts/print-layout'), 'PrintLayout');
const StandaloneLayout = lazyPage(() => import('./layouts/standalone-layout'), 'StandaloneLayout');
const NotFoundPage = lazyPage(() => import('./pages/not-found-page'), 'NotFoundPage');
const NotFoundPluginPage = lazyPage(() => import('./pages/not-found-plugin-page'), 'NotFoundPluginPage');
const UnauthorizedPage = lazyPage(() => import('./pages/unauthorized-page'), 'UnauthorizedPage');

const LoginPage = lazyPage(() => import('@/features/auth/pages/login-page'), 'LoginPage');
const SignupPage = lazyPage(() => import('@/features/auth/pages/signup-page'), 'SignupPage');
const ForgotPasswordPage = lazyPage(() => import('@/features/auth/pages/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('@/features/auth/pages/reset-password-page'), 'ResetPasswordPage');
const VerifyOtpPage = lazyPage(() => import('@/features/auth/pages/verify-otp-page'), 'VerifyOtpPage');
const UnlockAccountPage = lazyPage(() => import('@/features/auth/pages/unlock-account-page'), 'UnlockAccountPage');
const VerifyEmailPage = lazyPage(() => import('@/features/auth/pages/verify-email-page'), 'VerifyEmailPage');
const UpdateInfoPage = lazyPage(() => import('@/features/onboarding/pages/update-info-page'), 'UpdateInfoPage');
const UpdateProfilePage = lazyPage(() => import('@/features/onboarding/pages/update-profile-page'), 'UpdateProfilePage');
const CompleteProfilePage = lazyPage(() => import('@/features/onboarding/pages/complete-profile-page'), 'CompleteProfilePage');
const LaunchProfilePage = lazyPage(() => import('@/features/onboarding/pages/launch-profile-page'), 'LaunchProfilePage');
const DevOutboxPage = lazyPage(() => import('@/features/dev-outbox/pages/dev-outbox-page'), 'DevOutboxPage');
const AcceptInvitationPage = lazyPage(() => import('@/features/users/pages/accept-invitation-page'), 'AcceptInvitationPage');
const PayPage = lazyPage(() => import('@/features/pay/pages/pay-page'), 'PayPage');
const PaymentSuccessPage = lazyPage(() => import('@/features/pay/pages/payment-result-page'), 'PaymentSuccessPage');
const PaymentFailurePage = lazyPage(() => import('@/features/pay/pages/payment-result-page'), 'PaymentFailurePage');

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      {
        element: <AuthLayout />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/signup', element: <SignupPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          { path: '/verify-otp', element: <VerifyOtpPage /> },
          { path: '/verify-your-email', element: <VerifyEmailPage /> },
          { path: '/unlock-account', element: <UnlockAccountPage /> },
          { path: '/accept-invitation', element: <AcceptInvitationPage /> },
        ],
      },
      {
        path: '/onboarding',
        element: <OnboardingLayout />,
        children: [
          { index: true, element: <Navigate to="update-info" replace /> },
          { path: 'update-info', element: <UpdateInfoPage /> },
          { path: 'update-profile', element: <UpdateProfilePage /> },
          { path: 'complete-profile', element: <CompleteProfilePage /> },
        ],
      },
      {
        element: <StandaloneLayout />,
        children: [
          { path: '/launch-profile', element: <LaunchProfilePage /> },
          { path: '/dev/outbox', element: <DevOutboxPage /> },
          // A customer's payment link and its outcome: no sign-in (guard.ts OPEN).
          { path: '/pay/:token', element: <PayPage /> },
          { path: '/payment-success', element: <PaymentSuccessPage /> },
          { path: '/payment-failure', element: <PaymentFailurePage /> },
        ],
      },
      {
        // Printable pages (a receipt): signed in and guarded like the others, without the shell.
        element: <PrintLayout />,
        children: MAIN_ROUTES.filter((r) => r.bare).map(({ path, Page }) => ({ path, element: <Page /> })),
      },
      {
        element: <AppShellLayout />,
        children: [
          ...MAIN_ROUTES.filter((r) => !r.bare).map(({ path, Page }) => ({ path, element: <Page /> })),
          { path: '/unauthorized', element: <UnauthorizedPage /> },
          { path: '/not-found-plugin', element: <NotFoundPluginPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

/**
 * Starts fetching, side by side, the code a signed-in address needs: the shell and its page (else the
 * shell's chunk, then the page's, then its data would come one after another). Called before the
 * first render; the sign-in page calls it for the dashboard once it is idle.
 */
export function preloadPath(pathname: string): void {
  const route = findMainRoute(pathname);
  if (!route) return;
  void (route.bare ? PrintLayout : AppShellLayout).preload().catch(() => undefined);
  void route.Page.preload().catch(() => undefined);
}
