import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentFailurePage, PaymentSuccessPage } from '@/features/pay/pages/payment-result-page';
import { changeLocale } from '@/lib/i18n';
import { setToken } from '@/lib/storage';
import { renderPage, sar, stubApi } from '../test-support';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

let api: ReturnType<typeof stubApi>;
const CHARGE = {
  id: 'ch1',
  kind: 'new',
  status: 'paid',
  payment_method: 'credit_card',
  plan_name: 'Professional',
  cycle: 'yearly',
  total_amount: 247158,
  currency: 'SAR',
  failure_message: null,
  created_at: '2026-01-15T09:00:00.000Z',
  paid_at: '2026-01-15T09:01:00.000Z',
};

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  api = stubApi();
  setToken('token-1');
  api.routes['GET /api/v1/subscription/charges/ch1'] = () => ({ status: 200, json: { data: CHARGE } });
  api.routes['GET /api/v1/auth/me'] = () => ({ status: 200, json: { data: {} } });
  api.routes['GET /api/v1/subscription'] = () => ({ status: 200, json: { data: {} } });
});
afterEach(() => {
  setToken(null);
  vi.unstubAllGlobals();
});

const SUCCESS = '/payment-success?charge_id=ch1&plan=pro&cycle=yearly&total_amount=247158&unit_amount=214920&quantity=1&discount=0';

describe('/payment-success for the subscription', () => {
  it('says the plan is active with the summary, links to the dashboard and the plan, and fetches the user again', async () => {
    renderPage(<PaymentSuccessPage />, { path: SUCCESS });
    expect((await screen.findByTestId('subscription-result-title')).textContent).toBe('Your plan is active');
    await waitFor(() => expect(screen.getByTestId('subscription-result-plan').textContent).toBe('Professional'));
    expect(screen.getByText('Yearly')).toBeTruthy();
    expect(screen.getByTestId('subscription-result-total').textContent).toBe(sar(247158));
    expect(screen.getByTestId('result-dashboard').getAttribute('href')).toBe('/');
    expect(screen.getByTestId('result-current-plan').getAttribute('href')).toBe('/settings/subscriptions/current-plan');
    expect(screen.queryByTestId('payment-success')).toBeNull();
    // The profile (the 402 lock, the banners) is fetched again on arrival.
    await waitFor(() => expect(api.called('GET /api/v1/auth/me')).toHaveLength(1));
  });

  it('after a transfer: the receipt is reviewed within 24 hours', async () => {
    api.routes['GET /api/v1/subscription/charges/ch1'] = () => ({ status: 200, json: { data: { ...CHARGE, status: 'awaiting_review', payment_method: 'bank_transfer', paid_at: null } } });
    renderPage(<PaymentSuccessPage />, { path: `${SUCCESS.replace('discount=0', 'discount=3980')}&coupon=SAVE20&payment_type=bank_transfer` });
    await waitFor(() => expect(screen.getByTestId('subscription-result-plan').textContent).toBe('Professional'));
    expect(screen.getByTestId('subscription-result-title').textContent).toBe('We received your receipt');
    expect(screen.getByTestId('subscription-result-body').textContent).toBe('We review it within 24 hours and activate your plan once the transfer is confirmed.');
    expect(screen.getByTestId('subscription-payment-review')).toBeTruthy();
    expect(screen.getByText('Discount (coupon SAVE20)')).toBeTruthy();
  });

  it('shows the plan from the query when the charge cannot be read (signed out)', async () => {
    setToken(null);
    renderPage(<PaymentSuccessPage />, { path: SUCCESS });
    expect((await screen.findByTestId('subscription-result-plan')).textContent).toBe('pro');
    expect(api.called('GET /api/v1/subscription/charges/ch1')).toHaveLength(0);
  });
});

describe('/payment-failure for the subscription', () => {
  it('says the payment did not go through with the server message, and leads back to the plans', async () => {
    api.routes['GET /api/v1/subscription/charges/ch1'] = () => ({ status: 200, json: { data: { ...CHARGE, status: 'failed', failure_message: 'Insufficient funds', paid_at: null } } });
    renderPage(<PaymentFailurePage />, { path: '/payment-failure?charge_id=ch1&plan=pro&cycle=monthly&message=Insufficient%20funds' });
    await waitFor(() => expect(screen.getByTestId('subscription-result-plan').textContent).toBe('Professional'));
    expect(screen.getByTestId('subscription-result-title').textContent).toBe('The payment did not go through');
    expect(screen.getByTestId('subscription-result-body').textContent).toBe('Insufficient funds');
    expect(screen.getByTestId('result-retry').getAttribute('href')).toBe('/settings/subscriptions/plans');
  });
});

describe('the charge outranks the address', () => {
  it('a success page for a charge the gateway has not confirmed waits, asking again, then shows the plan active', async () => {
    let status = 'pending';
    api.routes['GET /api/v1/subscription/charges/ch1'] = () => ({ status: 200, json: { data: { ...CHARGE, status, paid_at: null } } });
    renderPage(<PaymentSuccessPage />, { path: SUCCESS });
    await waitFor(() => expect(screen.getByTestId('subscription-result-title').textContent).toBe('Confirming your payment…'));
    expect(screen.queryByTestId('result-dashboard')).toBeNull();
    status = 'paid';
    await waitFor(() => expect(screen.getByTestId('subscription-result-title').textContent).toBe('Your plan is active'), { timeout: 5000 });
    expect(api.called('GET /api/v1/subscription/charges/ch1').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(api.called('GET /api/v1/auth/me')).toHaveLength(1));
  });

  it('a success address for a charge that failed shows the failure', async () => {
    api.routes['GET /api/v1/subscription/charges/ch1'] = () => ({ status: 200, json: { data: { ...CHARGE, status: 'failed', failure_message: 'Card declined', paid_at: null } } });
    renderPage(<PaymentSuccessPage />, { path: SUCCESS });
    await waitFor(() => expect(screen.getByTestId('subscription-result-title').textContent).toBe('The payment did not go through'));
    expect(screen.getByTestId('subscription-result-body').textContent).toBe('Card declined');
  });
});

describe('/payment-success for a payment link', () => {
  it('keeps the customer page when the query has no charge_id', async () => {
    renderPage(<PaymentSuccessPage />, { path: '/payment-success?business=Lamsa&order_number=12&amount=5000&currency=SAR' });
    expect(await screen.findByTestId('payment-success')).toBeTruthy();
    expect(screen.getByTestId('payment-result-order').textContent).toBe('#12');
    expect(screen.queryByTestId('subscription-result-title')).toBeNull();
  });
});

describe('/payment-success for a product', () => {
  it('comes back with an empty plan: the purchase is paid', async () => {
    api.routes['GET /api/v1/subscription/charges/ch2'] = () => ({ status: 200, json: { data: { ...CHARGE, id: 'ch2', kind: 'product', plan_name: null, cycle: null, total_amount: 172500 } } });
    renderPage(<PaymentSuccessPage />, { path: '/payment-success?charge_id=ch2&plan=&cycle=&total_amount=172500&unit_amount=150000&quantity=1&discount=0&coupon=' });
    expect((await screen.findByTestId('subscription-result-title')).textContent).toBe('Your purchase is paid');
    expect(screen.queryByTestId('subscription-result-plan')).toBeNull();
    expect(screen.getByTestId('subscription-result-total').textContent).toBe(sar(172500));
  });
});
