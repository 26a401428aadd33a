import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { pageLocation } from '../api/subscription';
import { renderPage, sar, stubApi } from '../test-support';
import { CheckoutSimulatorPage } from './checkout-simulator-page';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

let api: ReturnType<typeof stubApi>;
const CHARGE = {
  id: 'ch1',
  kind: 'new',
  status: 'pending',
  payment_method: 'credit_card',
  plan_name: 'Professional',
  cycle: 'monthly',
  total_amount: 22885,
  currency: 'SAR',
  failure_message: null,
  created_at: '2026-01-15T09:00:00.000Z',
  paid_at: null,
};

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  api = stubApi();
  api.routes['GET /api/v1/subscription/charges/ch1'] = () => ({ status: 200, json: { data: CHARGE } });
  api.routes['POST /api/v1/subscription/charges/ch1/simulate'] = (call) => {
    const paid = (call.body as { outcome: string }).outcome === 'paid';
    return {
      status: 200,
      json: { data: { status: paid ? 'paid' : 'failed', redirect: paid ? '/payment-success?charge_id=ch1&plan=pro' : '/payment-failure?charge_id=ch1&plan=pro&message=Declined' } },
    };
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const page = () => renderPage(<CheckoutSimulatorPage />, { path: '/subscription-checkout/ch1', route: '/subscription-checkout/:chargeId' });

describe('CheckoutSimulatorPage', () => {
  it('says no money moves, shows the amount and plan, and pays', async () => {
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => {});
    page();
    expect(screen.getByText('Test payment gateway (simulation)')).toBeTruthy();
    expect(screen.getByTestId('simulator-notice').textContent).toMatch(/no money moves/);
    expect((await screen.findByTestId('simulator-amount')).textContent).toBe(sar(22885));
    expect(screen.getByTestId('simulator-plan').textContent).toBe('Professional');
    fireEvent.click(screen.getByTestId('simulator-pay'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/payment-success?charge_id=ch1&plan=pro'));
    expect(api.called('POST /api/v1/subscription/charges/ch1/simulate')[0]?.body).toEqual({ outcome: 'paid' });
  });

  it('declines', async () => {
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => {});
    page();
    fireEvent.click(await screen.findByTestId('simulator-decline'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/payment-failure?charge_id=ch1&plan=pro&message=Declined'));
    expect(api.called('POST /api/v1/subscription/charges/ch1/simulate')[0]?.body).toEqual({ outcome: 'failed' });
  });

  it('offers no buttons for a settled charge, and says when there is no such charge', async () => {
    api.routes['GET /api/v1/subscription/charges/ch1'] = () => ({ status: 200, json: { data: { ...CHARGE, status: 'paid' } } });
    const view = page();
    expect(await screen.findByTestId('simulator-settled')).toBeTruthy();
    expect(screen.queryByTestId('simulator-pay')).toBeNull();
    view.unmount();
    api.routes['GET /api/v1/subscription/charges/ch1'] = () => ({ status: 404, json: { message: 'Not found' } });
    page();
    expect(await screen.findByTestId('simulator-error')).toBeTruthy();
  });
});
