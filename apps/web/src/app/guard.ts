import type { PermissionKey } from '@app/shared/permissions';

/** Which layout a path belongs to, as the guard sees it. */
export type RouteArea = 'auth' | 'open' | 'onboarding' | 'main';

const AUTH_PATHS = ['/', '/login', '/signup', '/forgot-password', '/reset-password', '/verify-otp'];
/**
 * Reachable signed in or not, verified or not: the e-mailed links (e-mail verification, account
 * unlock, invitation: someone signed in on a shared computer can still accept one), and a customer's
 * payment link with the payment's outcome pages. The local outbox is not among them: it needs a
 * platform operator's sign-in.
 */
const OPEN_PATHS = ['/verify-your-email', '/unlock-account', '/accept-invitation', '/payment-success', '/payment-failure'];
/** Open path prefixes: `/pay/<token>`, a customer's review link `/r/<token>`. */
const OPEN_PREFIXES = ['/pay/', '/r/'];

const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

export function areaOf(pathname: string): RouteArea {
  const path = trimSlash(pathname);
  if (AUTH_PATHS.includes(path)) return 'auth';
  if (OPEN_PATHS.includes(path) || OPEN_PREFIXES.some((p) => path.startsWith(p))) return 'open';
  if (path === '/onboarding' || path.startsWith('/onboarding/') || path === '/launch-profile') return 'onboarding';
  return 'main';
}

export type GuardUser = {
  phone_verified: boolean;
  profile_completed: boolean;
  permissions: readonly string[];
  tenant: { plugins: readonly string[] };
  /** The platform operator's account (support), and whether it is signed in as someone else now. */
  can_imp?: boolean;
  is_imp?: boolean;
};

export type GuardInput = {
  pathname: string;
  loggedIn: boolean;
  user: GuardUser | undefined;
  userFailed: boolean;
  /** The main route's requirements, from the route table (none for pages outside it). */
  route?: { permissions: readonly PermissionKey[]; plugin?: string; operator?: boolean } | undefined;
};

export type GuardDecision = { kind: 'allow' } | { kind: 'loading' } | { kind: 'redirect'; to: string; clearSession?: boolean };

const allow: GuardDecision = { kind: 'allow' };
const redirect = (to: string, clearSession = false): GuardDecision => ({ kind: 'redirect', to, ...(clearSession ? { clearSession } : {}) });

/**
 * `hasAnyPermission` of the shared permissions: the same rule, here so that the sign-in page's code
 * (this guard runs above every page) does not carry the whole permission catalogue.
 */
function holdsAny(held: readonly string[], required: readonly PermissionKey[]): boolean {
  return required.length === 0 || required.some((k) => held.includes(k));
}

/** The routing guard of spec §2, in its order; a pure function so every branch is tested. */
export function decideRoute({ pathname, loggedIn, user, userFailed, route }: GuardInput): GuardDecision {
  const path = trimSlash(pathname);
  const area = areaOf(path);
  if (area === 'open') return allow;
  if (!loggedIn) return area === 'auth' && path !== '/verify-otp' ? allow : redirect('/login');
  if (!user) return userFailed ? redirect('/login', true) : { kind: 'loading' };
  if (!user.phone_verified) return path === '/verify-otp' ? allow : redirect('/verify-otp');
  if (area === 'auth') return redirect(user.profile_completed ? '/dashboard' : '/onboarding');
  if (!user.profile_completed) return area === 'onboarding' ? allow : redirect('/onboarding');
  if (route?.plugin && !user.tenant.plugins.includes(route.plugin)) return redirect('/not-found-plugin');
  if (route && !holdsAny(user.permissions, route.permissions)) return redirect('/unauthorized');
  // The platform operator's pages: the support account itself, not while it impersonates a business.
  if (route?.operator && !(user.can_imp && !user.is_imp)) return redirect('/unauthorized');
  return allow;
}
