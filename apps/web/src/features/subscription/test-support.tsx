/**
 * Unit-test support for the subscription screens (imported by tests only): fixtures in the shapes of
 * docs/subscription.md, a fetch stub answering by "METHOD /path", and the providers a page needs.
 */
import type { CheckoutResult, FullSubscription, Plan } from '@app/shared/schemas/subscription';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { theme } from '@/app/theme';
import { formatMoney } from '@/lib/format';
import { i18n } from '@/lib/i18n';

/** An amount as the English screen shows it (Intl puts a no-break space after the code). */
export const sar = (minor: number) => formatMoney(minor, 'en', 'SAR');

export const ACTIVE: FullSubscription = {
  state: 'active',
  ended: false,
  trial_ends_at: '2025-12-20T09:00:00.000Z',
  trial_days_left: 0,
  trial_extendable: false,
  trial_extended_at: null,
  status: 'active',
  plan: 'pro',
  start_at: '2026-01-01T09:00:00.000Z',
  ends_at: '2026-02-01T09:00:00.000Z',
  show_renew_message: false,
  status_label: 'active',
  plan_details: { uuid: 'uuid-pro', id: 'pro', name: 'Professional' },
  cycle: 'monthly',
  auto_renew: true,
  progress_percent: 40,
  days_left: 18,
  next_retry_at: null,
  retry_count: 0,
  pending_change: null,
  pending_transfer: null,
  limits: { providers: 10, branches: 3, users: 10, bookings_per_month: 3000 },
  usage: { providers: 4, branches: 1, users: 2, bookings_per_month: 120 },
};

export const TRIAL_ENDED: FullSubscription = {
  ...ACTIVE,
  state: 'trial_ended',
  ended: true,
  trial_ends_at: '2026-01-10T09:00:00.000Z',
  trial_extendable: true,
  status: null,
  plan: null,
  start_at: null,
  ends_at: null,
  status_label: 'trial_ended',
  plan_details: null,
  cycle: null,
  auto_renew: false,
  progress_percent: 100,
  days_left: 0,
  limits: { providers: null, branches: null, users: null, bookings_per_month: null },
};

const plan = (id: string, name: string, monthly: number, over: Partial<Plan> = {}): Plan => ({
  uuid: `uuid-${id}`,
  id,
  name,
  names: { ar: name, en: name },
  description: `${name} plan`,
  price: monthly,
  prices: [
    { id: 'monthly', billing_cycle: 'monthly', amount: monthly },
    { id: 'yearly', billing_cycle: 'yearly', amount: Math.round(monthly * 12 * 0.9) },
  ],
  currency: 'SAR',
  limits: { providers: 3, branches: 1, users: 3, bookings_per_month: 500 },
  features: ['calendar', 'bookings'],
  plugins: [],
  recommended: false,
  vat_rate_bps: 1500,
  ...over,
});

export const PLANS: Plan[] = [
  plan('basic', 'Basic', 9900),
  plan('pro', 'Professional', 19900, { recommended: true, plugins: ['pos', 'packages'], features: ['calendar', 'zatca'] }),
  plan('business', 'Business', 39900, { limits: { providers: null, branches: null, users: null, bookings_per_month: null } }),
];

export const checkout = (over: Partial<CheckoutResult> = {}): CheckoutResult => ({
  plan: { uuid: 'uuid-pro', id: 'pro', name: 'Professional' },
  cycle: 'monthly',
  kind: 'new',
  unit_amount: 19900,
  quantity: 1,
  discount: 0,
  coupon: null,
  credit: 0,
  subtotal: 19900,
  vat_rate_bps: 1500,
  vat_amount: 2985,
  total_amount: 22885,
  currency: 'SAR',
  period_start: '2026-01-15T09:00:00.000Z',
  period_end: '2026-02-15T09:00:00.000Z',
  ...over,
});

export const me = (over: Record<string, unknown> = {}, tenant: Record<string, unknown> = {}) => ({
  uuid: 'u1',
  name: 'Owner',
  email: 'owner@test.example',
  can_imp: false,
  is_imp: false,
  type: 'user',
  permissions: ['settings.subscriptions'],
  profile_photo: null,
  tenant: { currency: 'SAR', timezone: 'Asia/Riyadh', time_format: '24', plugins: [], onTrial: false, trial_days_left: 0, trial_extendable: true, subscription: null, ...tenant },
  ...over,
});

export type Call = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Record<string, string> };
type Handler = (call: Call) => { status: number; json?: unknown };

/** A fetch stub: `routes['POST /api/v1/x'] = () => ({ status, json })`; anything else answers 404. Every call is recorded. */
export function stubApi() {
  const routes: Record<string, Handler> = {};
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      let body: unknown = init.body;
      if (typeof init.body === 'string') body = JSON.parse(init.body);
      const call: Call = { method, path: url.pathname, query: url.searchParams, body, headers: (init.headers ?? {}) as Record<string, string> };
      calls.push(call);
      const handler = routes[`${method} ${url.pathname}`];
      const res = handler ? handler(call) : { status: 404, json: { message: 'not found' } };
      return new Response(res.json === undefined ? null : JSON.stringify(res.json), { status: res.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  const called = (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key);
  return { routes, calls, called };
}

/** Where the router is now (for navigation checks). */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Renders `children` at `path` (matched by `route`) with the app's providers, the signed-in user in the cache and a probe of the location. */
export function renderPage(children: ReactNode, { path = '/', route = '*', user = me() }: { path?: string; route?: string; user?: unknown } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['auth', 'me'], user);
  const result = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={children} />
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { ...result, client };
}
