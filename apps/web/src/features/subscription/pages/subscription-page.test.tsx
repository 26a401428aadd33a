import type { Subscription } from '@app/shared/schemas/subscription';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Banners } from '@/app/layouts/banners';
import { theme } from '@/app/theme';
import { changeLocale, i18n } from '@/lib/i18n';
import { pageReload } from '../api/subscription';
import { SubscriptionPage } from './subscription-page';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

type Handler = () => { status: number; json: unknown };
let routes: Record<string, Handler> = {};
let calls: string[] = [];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ENDED: Subscription = {
  state: 'trial_ended',
  ended: true,
  trial_ends_at: '2026-01-10T09:00:00.000Z',
  trial_days_left: 0,
  trial_extendable: true,
  trial_extended_at: null,
  status: null,
  plan: null,
  start_at: null,
  ends_at: null,
  show_renew_message: false,
};

const me = (tenant: Record<string, unknown> = {}, permissions = ['settings.subscriptions']) => ({
  uuid: 'u1',
  name: 'Owner',
  email: 'owner@test.example',
  is_imp: false,
  type: 'user',
  permissions,
  tenant: { currency: 'SAR', timezone: 'Asia/Riyadh', time_format: '24', plugins: [], onTrial: false, trial_days_left: 0, trial_extendable: true, subscription: null, ...tenant },
});

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  calls = [];
  routes = {};
  show.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = String(input).split('?')[0] ?? '';
      const key = `${init.method ?? 'GET'} ${url}`;
      calls.push(key);
      const handler = routes[key];
      if (!handler) return json(402, { message: 'Your subscription has ended', code: 'expired' });
      const res = handler();
      return json(res.status, res.json);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function wrap(children: ReactNode, user = me(), path = '/settings/subscriptions/plans') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['auth', 'me'], user);
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="*" element={children} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

const serve = (sub: Subscription) => {
  routes['GET /api/v1/subscription'] = () => ({ status: 200, json: { data: sub } });
};

describe('SubscriptionPage', () => {
  it('shows the days left and the end of a running trial', async () => {
    serve({ ...ENDED, state: 'on_trial', ended: false, trial_days_left: 3, trial_ends_at: '2026-12-01T10:00:00.000Z' });
    wrap(<SubscriptionPage />);
    expect((await screen.findByTestId('subscription-state')).textContent).toBe('Free trial');
    expect(screen.getByText('3 days left in your free trial.')).toBeTruthy();
    expect(screen.getByText('Your free trial ends on 1 December 2026.')).toBeTruthy();
    expect(screen.queryByTestId('extend-trial')).toBeNull();
  });

  it('extends an ended trial once: toast, then the page reloads after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(pageReload, 'run').mockImplementation(() => {});
    serve(ENDED);
    routes['GET /api/v1/subscription/extend-trail'] = () => ({
      status: 200,
      json: { message: 'Your free trial was extended by 7 days', data: { ...ENDED, state: 'on_trial', ended: false, trial_days_left: 7, trial_extendable: false } },
    });
    wrap(<SubscriptionPage />);
    expect(await screen.findByText('Your free trial has ended')).toBeTruthy();
    const button = screen.getByTestId('extend-trial');
    expect(button.textContent).toBe('Extend the trial 7 days');
    await act(async () => {
      fireEvent.click(button);
    });
    expect(await screen.findByTestId('trial-extended')).toBeTruthy();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Your free trial was extended by 7 days', color: 'green' }));
    expect(calls.filter((c) => c === 'GET /api/v1/subscription/extend-trail')).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(2_500);
    });
    expect(reload).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the refusal of a second extension and fetches the state again', async () => {
    let extended = false;
    routes['GET /api/v1/subscription'] = () => ({ status: 200, json: { data: { ...ENDED, trial_extendable: !extended } } });
    routes['GET /api/v1/subscription/extend-trail'] = () => {
      extended = true;
      return { status: 422, json: { message: 'The free trial was already extended and cannot be extended again, choose a plan or contact support', code: 'trial-already-extended' } };
    };
    wrap(<SubscriptionPage />);
    fireEvent.click(await screen.findByTestId('extend-trial'));
    expect(await screen.findByTestId('trial-already-extended')).toBeTruthy();
    expect(screen.queryByTestId('extend-trial')).toBeNull();
    expect(show).not.toHaveBeenCalled();
  });

  it('says so when the trial was already extended, without a button', async () => {
    serve({ ...ENDED, trial_extendable: false, trial_extended_at: '2026-01-03T09:00:00.000Z' });
    wrap(<SubscriptionPage />);
    expect((await screen.findByTestId('trial-already-extended')).textContent).toMatch(/already extended your free trial.*contact support/);
    expect(screen.queryByTestId('extend-trial')).toBeNull();
  });

  it('shows an active plan with its name and end, and the demo plan without an end', async () => {
    serve({ ...ENDED, state: 'active', ended: false, trial_extendable: false, status: 'active', plan: 'pro', start_at: '2026-01-01T09:00:00.000Z', ends_at: '2026-02-01T09:00:00.000Z' });
    const { unmount } = wrap(<SubscriptionPage />, me({ subscription: { status: 'active' } }), '/settings/subscriptions/current-plan');
    expect((await screen.findByTestId('subscription-state')).textContent).toBe('Active');
    expect(screen.getByTestId('subscription-plan').textContent).toBe('pro');
    expect(screen.getByTestId('subscription-ends').textContent).toBe('1 February 2026');
    unmount();
    serve({ ...ENDED, state: 'active', ended: false, trial_extendable: false, status: 'active', plan: 'demo', start_at: '2026-01-01T09:00:00.000Z' });
    wrap(<SubscriptionPage />, me({ subscription: { status: 'active' } }), '/settings/subscriptions');
    expect((await screen.findByTestId('subscription-plan')).textContent).toBe('Demo');
    expect(screen.getByTestId('subscription-ends').textContent).toBe('No end date');
  });

  it('reads in Arabic', async () => {
    await changeLocale('ar');
    try {
      serve(ENDED);
      wrap(<SubscriptionPage />);
      expect(await screen.findByText('انتهت فترتك التجريبية المجانية')).toBeTruthy();
      expect(screen.getByTestId('extend-trial').textContent).toBe('مدّد الفترة التجريبية 7 أيام');
    } finally {
      await changeLocale('en');
    }
  });
});

describe('Banners', () => {
  it('offers the extension when the trial has ended', async () => {
    wrap(<Banners />, me(), '/dashboard');
    expect((await screen.findByTestId('trial-ended-banner')).textContent).toMatch(/Your free trial has ended/);
    expect(screen.getByTestId('extend-trial')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View subscription' }).getAttribute('href')).toBe('/settings/subscriptions/plans');
  });

  it('links to the subscription page once extended, asks the owner without the key, stays off the subscription page', async () => {
    const { unmount } = wrap(<Banners />, me({ trial_extendable: false }), '/dashboard');
    expect(screen.getByTestId('trial-ended-banner')).toBeTruthy();
    expect(screen.queryByTestId('extend-trial')).toBeNull();
    unmount();
    const staff = wrap(<Banners />, me({}, ['orders']), '/profile');
    expect(screen.getByText('Ask the account owner to extend the trial or choose a plan.')).toBeTruthy();
    expect(screen.queryByTestId('extend-trial')).toBeNull();
    staff.unmount();
    wrap(<Banners />, me(), '/settings/subscriptions/plans');
    expect(screen.queryByTestId('trial-ended-banner')).toBeNull();
  });

  it('shows the days left while on trial, with the link to the plans', () => {
    wrap(<Banners />, me({ onTrial: true, trial_days_left: 5 }), '/dashboard');
    expect(screen.getByTestId('trial-banner').textContent).toMatch(/5 days left/);
    expect(screen.getByRole('link', { name: 'Subscribe now' }).getAttribute('href')).toBe('/settings/subscriptions/plans');
    expect(screen.queryByTestId('trial-ended-banner')).toBeNull();
  });
});
