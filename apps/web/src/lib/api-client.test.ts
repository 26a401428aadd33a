import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, configureApiClient, errorAction, joinFieldErrors } from './api-client';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const at = (pathname = '/dashboard', locale: 'ar' | 'en' = 'en') => ({ pathname, locale });

describe('errorAction (spec §8)', () => {
  it('signs out on 401 and 419', () => {
    expect(errorAction(401, { message: 'x' }, at())).toEqual({ clearSession: true, redirect: '/login' });
    expect(errorAction(419, {}, at())).toEqual({ clearSession: true, redirect: '/login' });
  });

  it('sends 402 to plans, or to current-plan with renewNow when past due, with one toast and the other calls cancelled', () => {
    const action = errorAction(402, { code: 'expired' }, at());
    expect(action).toEqual({
      abortOthers: true,
      redirect: '/settings/subscriptions/plans',
      toast: { message: 'Your subscription has ended. Choose a plan to continue.', color: 'red', id: 'subscription-ended' },
    });
    expect(errorAction(402, { code: 'past_due' }, at('/orders')).redirect).toBe('/settings/subscriptions/current-plan?renewNow=true');
  });

  it('does nothing on a 402 while on a subscription page or the profile: no redirect loop, no toast, no cancelled calls', () => {
    for (const path of [
      '/settings/subscriptions',
      '/settings/subscriptions/plans',
      '/settings/subscriptions/current-plan',
      '/settings/subscriptions/invoices/i1',
      '/subscription-checkout/c1',
      '/payment-success',
      '/payment-failure',
      '/profile',
    ]) {
      expect(errorAction(402, {}, at(path))).toEqual({});
      expect(errorAction(402, { code: 'past_due' }, at(path, 'ar'))).toEqual({});
    }
    // Only those pages: a look-alike path still goes to the plans.
    expect(errorAction(402, {}, at('/settings/subscriptions-old')).redirect).toBe('/settings/subscriptions/plans');
    expect(errorAction(402, {}, at('/settings/panel')).redirect).toBe('/settings/subscriptions/plans');
  });

  it('routes 403 by code, else toasts the server message', () => {
    expect(errorAction(403, { message: 'verify', code: 'email-verification' }, at()).redirect).toBe('/verify-your-email');
    expect(errorAction(403, { message: 'complete', code: 'profile-completion' }, at())).toMatchObject({ redirect: '/onboarding', toast: { message: 'complete' } });
    expect(errorAction(403, { message: 'otp', code: 'phone-verification' }, at()).redirect).toBe('/verify-otp');
    expect(errorAction(403, { message: 'Nope' }, at())).toEqual({ toast: { message: 'Nope', color: 'red' } });
    expect(errorAction(403, {}, at()).toast?.message).toMatch(/went wrong/);
  });

  it('toasts page-not-found on 404 and the wait on 429', () => {
    expect(errorAction(404, { message: 'Route GET /x not found' }, at()).toast?.message).toBe('The requested page was not found.');
    expect(errorAction(429, { retry_after: 42 }, at()).toast?.message).toBe('Too many requests, try again after 42 seconds.');
    expect(errorAction(429, {}, at('/x', 'ar')).toast?.message).toContain('30');
  });

  it('returns 422 field errors for the form, joined with "or" / "أو"', () => {
    const body = { message: 'Invalid', errors: { email: ['Taken', 'Invalid'], name: ['Short'] } };
    expect(errorAction(422, body, at())).toEqual({ fieldErrors: { email: 'Taken or Invalid', name: 'Short' } });
    expect(errorAction(422, body, at('/x', 'ar')).fieldErrors?.['email']).toBe('Taken أو Invalid');
    expect(errorAction(422, { errors: { plan_limit: ['Upgrade'] } }, at()).toast?.message).toBe('Upgrade');
  });

  it('toasts the first plan_limit message of a 422 (spec §8), and no toast without one', () => {
    const body = { message: 'Limit', code: 'plan_limit', errors: { plan_limit: ['Your plan allows 3 providers. Upgrade to add more.', 'Second'] } };
    expect(errorAction(422, body, at())).toMatchObject({ toast: { message: 'Your plan allows 3 providers. Upgrade to add more.', color: 'yellow' } });
    expect(errorAction(422, { errors: { plan_limit: [] } }, at()).toast).toBeUndefined();
    expect(errorAction(422, { errors: { name: ['Short'] } }, at()).toast).toBeUndefined();
  });

  it('toasts the server message on 500 and a network message on status 0', () => {
    expect(errorAction(500, { message: 'Boom' }, at()).toast?.message).toBe('Boom');
    expect(errorAction(0, {}, at()).toast?.message).toMatch(/connection/);
  });
});

describe('joinFieldErrors', () => {
  it('drops empty lists', () => {
    expect(joinFieldErrors({ a: [], b: ['x'] }, 'en')).toEqual({ b: 'x' });
    expect(joinFieldErrors(undefined, 'ar')).toEqual({});
  });
});

describe('apiRequest on a 402', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    show.mockClear();
    window.history.pushState({}, '', '/');
  });

  function setup(pathname: string) {
    window.history.pushState({}, '', pathname);
    const navigate = vi.fn();
    configureApiClient({ navigate, onSessionCleared: () => {} });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        if (String(input).endsWith('/subscription')) return new Response(JSON.stringify({ data: { state: 'trial_ended' } }), { status: 200 });
        return new Response(JSON.stringify({ message: 'ended', code: 'expired' }), { status: 402 });
      }),
    );
    return navigate;
  }

  it('leaves the subscription page alone: the shell\'s 402s neither toast, redirect nor cancel the page\'s own call', async () => {
    const navigate = setup('/settings/subscriptions/plans');
    const own = apiRequest('subscription');
    const shell = await Promise.allSettled([apiRequest('load-unread-modules-counts'), apiRequest('dashboard'), apiRequest('orders')]);
    expect(shell.every((r) => r.status === 'rejected' && (r.reason as { status: number }).status === 402)).toBe(true);
    await expect(own).resolves.toEqual({ data: { state: 'trial_ended' } });
    expect(show).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('stays on the profile (sign-out and language remain reachable)', async () => {
    const navigate = setup('/profile');
    await expect(apiRequest('dashboard')).rejects.toMatchObject({ status: 402 });
    expect(navigate).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
  });

  it('elsewhere toasts under one id (several calls show one toast) and goes to the plans', async () => {
    const navigate = setup('/dashboard');
    await Promise.allSettled([apiRequest('dashboard'), apiRequest('orders')]);
    expect(navigate).toHaveBeenCalledWith('/settings/subscriptions/plans');
    expect(show).toHaveBeenCalled();
    for (const [arg] of show.mock.calls) expect(arg).toMatchObject({ id: 'subscription-ended', color: 'red' });
  });
});

describe('apiRequest on a 422 plan_limit', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    show.mockClear();
  });

  it('toasts the first plan_limit message once and keeps it out of the form', async () => {
    const limit = 'Your plan allows 3 providers. Upgrade your plan to add more.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: limit, code: 'plan_limit', errors: { plan_limit: [limit, 'Another'] } }), { status: 422 })),
    );
    await expect(apiRequest('providers', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 422, code: 'plan_limit' });
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: limit, color: 'yellow' }));
  });
});
