import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { ACTIVE, checkout, PLANS, renderPage, sar, stubApi, TRIAL_ENDED } from '../test-support';
import { PlansPage } from './plans-page';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

let api: ReturnType<typeof stubApi>;

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  show.mockClear();
  api = stubApi();
  api.routes['GET /api/v1/pricing'] = () => ({ status: 200, json: { data: PLANS } });
  api.routes['GET /api/v1/cashier-products'] = () => ({ status: 200, json: { data: [] } });
  api.routes['GET /api/v1/subscription'] = () => ({ status: 200, json: { data: ACTIVE } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const page = () => renderPage(<PlansPage />, { path: '/settings/subscriptions/plans' });
const button = (slug: string) => screen.getByTestId(`plan-subscribe-${slug}`);

describe('PlansPage', () => {
  it('shows a card a plan, monthly by default, and yearly prices (saving 10%) after the switch', async () => {
    page();
    const pro = await screen.findByTestId('plan-card-pro');
    expect(screen.getByTestId('plan-price-basic').textContent).toBe(sar(9900));
    expect(screen.getByTestId('plan-price-pro').textContent).toBe(sar(19900));
    expect(within(pro).getByText('/ month')).toBeTruthy();
    expect(within(pro).getAllByText('Prices exclude VAT').length).toBeGreaterThan(0);
    expect(screen.getByTestId('plan-recommended-pro').textContent).toBe('Recommended');
    expect(screen.queryByTestId('plan-recommended-basic')).toBeNull();
    expect(within(pro).getByText('ZATCA e-invoicing')).toBeTruthy();
    expect(within(pro).getByText('Point of sale')).toBeTruthy();
    expect(screen.getByTestId('plan-limit-business-providers').textContent).toBe('Unlimited');
    expect(screen.getByTestId('plan-limit-basic-providers').textContent).toBe('3');
    const cycle = screen.getByTestId('cycle-switch');
    expect(cycle.textContent).toMatch(/Save 10%/);

    fireEvent.click(within(cycle).getByLabelText(/Yearly/));
    await waitFor(() => expect(screen.getByTestId('plan-price-pro').textContent).toBe(sar(214920)));
    expect(screen.getByTestId('plan-price-basic').textContent).toBe(sar(106920));
    expect(within(pro).getByText('/ year')).toBeTruthy();
    expect(screen.getByTestId('plan-monthly-equivalent-pro').textContent).toBe(`That is ${sar(17910)} a month`);
  });

  it('labels the buttons by the current plan’s price: upgrade, downgrade, current', async () => {
    page();
    await screen.findByTestId('plan-card-pro');
    await waitFor(() => expect(button('pro').textContent).toBe('Current plan'));
    expect(button('pro').hasAttribute('disabled')).toBe(true);
    expect(button('basic').textContent).toBe('Downgrade');
    expect(button('business').textContent).toBe('Upgrade');
    expect(screen.getByTestId('plan-card-pro').getAttribute('data-current')).toBe('true');
    expect(within(screen.getByTestId('plan-card-pro')).getByTestId('plan-current').textContent).toBe('Your plan');
    // The other cycle of the same plan is a change of billing, not the current plan.
    fireEvent.click(within(screen.getByTestId('cycle-switch')).getByLabelText(/Yearly/));
    await waitFor(() => expect(button('pro').textContent).toBe('Switch to yearly billing'));
  });

  it('says Subscribe on every plan during (or after) the free trial', async () => {
    api.routes['GET /api/v1/subscription'] = () => ({ status: 200, json: { data: TRIAL_ENDED } });
    page();
    await screen.findByTestId('trial-ended');
    await waitFor(() => expect(button('basic').textContent).toBe('Subscribe'));
    expect(button('pro').textContent).toBe('Subscribe');
    expect(button('business').textContent).toBe('Subscribe');
    expect(screen.getByTestId('extend-trial')).toBeTruthy();
  });

  it('offers Renew on the current plan when it is past due', async () => {
    api.routes['GET /api/v1/subscription'] = () => ({ status: 200, json: { data: { ...ACTIVE, status_label: 'past_due', state: 'past_due' } } });
    page();
    await screen.findByTestId('plan-card-pro');
    await waitFor(() => expect(button('pro').textContent).toBe('Renew'));
  });

  it('opens the payment dialog for the chosen plan and cycle', async () => {
    api.routes['GET /api/v1/subscription/business/checkout'] = () => ({
      status: 200,
      json: { data: checkout({ kind: 'upgrade', cycle: 'yearly', plan: { uuid: 'uuid-business', id: 'business', name: 'Business' }, credit: 1000 }) },
    });
    page();
    await screen.findByTestId('plan-card-business');
    fireEvent.click(within(screen.getByTestId('cycle-switch')).getByLabelText(/Yearly/));
    await waitFor(() => expect(button('business').textContent).toBe('Upgrade'));
    fireEvent.click(button('business'));
    expect(await screen.findByText('Subscribe to Business')).toBeTruthy();
    expect(await screen.findByTestId('checkout-credit')).toBeTruthy();
    expect(api.called('GET /api/v1/subscription/business/checkout')[0]?.query.get('cycle')).toBe('yearly');
  });

  it('lists the devices for sale when there are any', async () => {
    api.routes['GET /api/v1/cashier-products'] = () => ({
      status: 200,
      json: { data: [{ id: 'd1', kind: 'cashier', name: 'Cashier device', description: 'A counter terminal', price: 50000, currency: 'SAR' }] },
    });
    page();
    fireEvent.click(await screen.findByTestId('product-buy-d1'));
    expect(await screen.findByText('Buy Cashier device')).toBeTruthy();
  });
});
