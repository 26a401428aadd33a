import { describe, expect, it } from 'vitest';
import { errorAction, joinFieldErrors } from './api-client';

const at = (pathname = '/dashboard', locale: 'ar' | 'en' = 'en') => ({ pathname, locale });

describe('errorAction (spec §8)', () => {
  it('signs out on 401 and 419', () => {
    expect(errorAction(401, { message: 'x' }, at())).toEqual({ clearSession: true, redirect: '/login' });
    expect(errorAction(419, {}, at())).toEqual({ clearSession: true, redirect: '/login' });
  });

  it('sends 402 to plans, or to current-plan with renewNow when past due, and stays on plans', () => {
    expect(errorAction(402, {}, at()).redirect).toBe('/settings/subscriptions/plans');
    expect(errorAction(402, { code: 'past_due' }, at()).redirect).toBe('/settings/subscriptions/current-plan?renewNow=true');
    const onPlans = errorAction(402, {}, at('/settings/subscriptions/plans'));
    expect(onPlans.redirect).toBeUndefined();
    expect(onPlans.toast?.message).toMatch(/subscription/i);
    expect(onPlans.abortOthers).toBe(true);
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
