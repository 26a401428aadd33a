import { describe, expect, it } from 'vitest';
import { areaOf, decideRoute, type GuardUser } from './guard';

const user = (over: Partial<GuardUser> = {}): GuardUser => ({
  phone_verified: true,
  profile_completed: true,
  permissions: ['orders'],
  tenant: { plugins: [] },
  ...over,
});
const base = { loggedIn: true, userFailed: false };

describe('decideRoute (spec §2)', () => {
  it('sends a signed-out visitor of a main page to /login and lets them see auth pages', () => {
    expect(decideRoute({ pathname: '/dashboard', loggedIn: false, user: undefined, userFailed: false })).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideRoute({ pathname: '/signup', loggedIn: false, user: undefined, userFailed: false })).toEqual({ kind: 'allow' });
    expect(decideRoute({ pathname: '/onboarding/update-info', loggedIn: false, user: undefined, userFailed: false }).kind).toBe('redirect');
  });

  it('waits for the profile, and signs out when it fails to load', () => {
    expect(decideRoute({ ...base, pathname: '/dashboard', user: undefined })).toEqual({ kind: 'loading' });
    expect(decideRoute({ ...base, pathname: '/dashboard', user: undefined, userFailed: true })).toEqual({ kind: 'redirect', to: '/login', clearSession: true });
  });

  it('sends an unverified phone to /verify-otp, except from the open pages', () => {
    const u = user({ phone_verified: false, profile_completed: false });
    expect(decideRoute({ ...base, pathname: '/dashboard', user: u })).toEqual({ kind: 'redirect', to: '/verify-otp' });
    expect(decideRoute({ ...base, pathname: '/verify-otp', user: u })).toEqual({ kind: 'allow' });
    expect(decideRoute({ ...base, pathname: '/unlock-account', user: u })).toEqual({ kind: 'allow' });
    // The outbox holds sign-in codes: not an open page.
    expect(decideRoute({ ...base, pathname: '/dev/outbox', user: u })).toEqual({ kind: 'redirect', to: '/verify-otp' });
  });

  it('asks for a sign-in before the outbox, and opens the unlock link signed out', () => {
    expect(decideRoute({ ...base, pathname: '/dev/outbox', loggedIn: false, user: undefined })).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideRoute({ ...base, pathname: '/unlock-account', loggedIn: false, user: undefined })).toEqual({ kind: 'allow' });
  });

  it('forwards verified users away from auth pages', () => {
    expect(decideRoute({ ...base, pathname: '/login', user: user() })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideRoute({ ...base, pathname: '/', user: user({ profile_completed: false }) })).toEqual({ kind: 'redirect', to: '/onboarding' });
  });

  it('keeps an incomplete profile in onboarding or launch-profile', () => {
    const u = user({ profile_completed: false });
    expect(decideRoute({ ...base, pathname: '/dashboard', user: u })).toEqual({ kind: 'redirect', to: '/onboarding' });
    expect(decideRoute({ ...base, pathname: '/onboarding/update-profile', user: u })).toEqual({ kind: 'allow' });
    expect(decideRoute({ ...base, pathname: '/launch-profile', user: u })).toEqual({ kind: 'allow' });
  });

  it('checks the plugin before the permission keys', () => {
    const route = { permissions: ['packages'] as const, plugin: 'packages' };
    expect(decideRoute({ ...base, pathname: '/x', user: user(), route: { ...route, permissions: [...route.permissions] } })).toEqual({ kind: 'redirect', to: '/not-found-plugin' });
    const withPlugin = user({ tenant: { plugins: ['packages'] } });
    expect(decideRoute({ ...base, pathname: '/x', user: withPlugin, route: { permissions: ['packages'], plugin: 'packages' } })).toEqual({ kind: 'redirect', to: '/unauthorized' });
    expect(decideRoute({ ...base, pathname: '/x', user: withPlugin, route: { permissions: ['orders'], plugin: 'packages' } })).toEqual({ kind: 'allow' });
    expect(decideRoute({ ...base, pathname: '/dashboard', user: user({ permissions: [] }), route: { permissions: [] } })).toEqual({ kind: 'allow' });
  });

  it('opens the invitation link to everyone: signed out, signed in, unverified', () => {
    expect(areaOf('/accept-invitation')).toBe('open');
    expect(areaOf('/accept-invitation/')).toBe('open');
    expect(decideRoute({ pathname: '/accept-invitation', loggedIn: false, user: undefined, userFailed: false })).toEqual({ kind: 'allow' });
    expect(decideRoute({ ...base, pathname: '/accept-invitation', user: user() })).toEqual({ kind: 'allow' });
    expect(decideRoute({ ...base, pathname: '/accept-invitation', user: undefined })).toEqual({ kind: 'allow' });
    expect(decideRoute({ ...base, pathname: '/accept-invitation', user: user({ phone_verified: false, profile_completed: false }) })).toEqual({ kind: 'allow' });
  });

  it('guards the settings pages by their keys', () => {
    const users = { permissions: ['settings.users'] as const };
    expect(decideRoute({ ...base, pathname: '/settings/users', user: user({ permissions: ['bookings', 'customers'] }), route: { permissions: [...users.permissions] } })).toEqual({
      kind: 'redirect',
      to: '/unauthorized',
    });
    expect(decideRoute({ ...base, pathname: '/settings/users', user: user({ permissions: ['settings.users'] }), route: { permissions: [...users.permissions] } })).toEqual({ kind: 'allow' });
  });
});

describe('decideRoute: the operator’s page', () => {
  const route = { permissions: [], operator: true };
  it('opens for the support account, not for others nor while it impersonates', () => {
    expect(decideRoute({ ...base, pathname: '/operator', user: user({ can_imp: true, is_imp: false }), route })).toEqual({ kind: 'allow' });
    expect(decideRoute({ ...base, pathname: '/operator', user: user({ can_imp: true, is_imp: true }), route })).toEqual({ kind: 'redirect', to: '/unauthorized' });
    expect(decideRoute({ ...base, pathname: '/operator', user: user({ permissions: ['settings.subscriptions'] }), route })).toEqual({ kind: 'redirect', to: '/unauthorized' });
  });
});
