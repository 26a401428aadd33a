import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';
import { PayPage } from '@/features/pay/pages/pay-page';
import { changeLocale, i18n } from '@/lib/i18n';
import { TransactionPage } from '../pages/transaction-page';
import { TransactionsPage } from '../pages/transactions-page';
import { RecordPaymentModal } from './record-payment-modal';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let routes: Record<string, (body: unknown) => { status: number; json: unknown }> = {};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = String(input).split('?')[0] ?? '';
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      calls.push({ method, url, body });
      const handler = routes[`${method} ${url}`];
      if (!handler) return json(404, { message: 'not found' });
      const res = handler(body);
      return json(res.status, res.json);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const ME = {
  uuid: 'u1',
  permissions: ['transaction', 'sales.payments', 'orders'],
  tenant: { currency: 'SAR', timezone: 'Asia/Riyadh', time_format: '24', plugins: [] },
};

function wrap(children: ReactNode, path = '/', pattern = '*') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['auth', 'me'], ME);
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={pattern} element={children} />
              <Route path="/payment-success" element={<div data-testid="success-page" />} />
              <Route path="/payment-failure" element={<div data-testid="failure-page" />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('RecordPaymentModal', () => {
  it('offers the enabled methods, starts at what is left and posts minor units', async () => {
    routes = {
      'GET /api/v1/payment-options': () => ({ status: 200, json: { data: { methods: ['cash', 'card'], bank_accounts: [] } } }),
      'POST /api/v1/orders/o1/transactions': () => ({ status: 201, json: { message: 'Payment recorded', data: {} } }),
    };
    const onClose = vi.fn();
    wrap(<RecordPaymentModal orderId="o1" remaining={12_550} currency="SAR" opened onClose={onClose} />);
    const amount = (await screen.findByTestId('payment-amount')) as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('125.50'));
    expect(screen.getByText('Cash')).toBeTruthy();
    expect(screen.getByText('Card')).toBeTruthy();
    expect(screen.queryByText('Bank transfer')).toBeNull();

    fireEvent.change(amount, { target: { value: '200' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('payment-submit'));
    });
    expect(await screen.findByText('The amount is more than what is left to pay (SAR 125.50)')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(amount, { target: { value: '100.5' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('payment-submit'));
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ payment_method: 'cash', amount: 10_050 });
  });

  it('says when no method is turned on', async () => {
    routes = { 'GET /api/v1/payment-options': () => ({ status: 200, json: { data: { methods: [], bank_accounts: [] } } }) };
    wrap(<RecordPaymentModal orderId="o1" remaining={100} currency="SAR" opened onClose={() => {}} />);
    expect(await screen.findByTestId('payment-no-methods')).toBeTruthy();
  });
});

describe('PayPage', () => {
  const link = { business: 'Lamsa', order_number: 7, amount: 5_000, currency: 'SAR', status: 'open', expires_at: '2030-01-01T00:00:00.000Z' };

  it('shows the order and pays it through the simulator', async () => {
    routes = {
      'GET /api/v1/pay/tok': () => ({ status: 200, json: { data: link } }),
      'POST /api/v1/pay/tok/simulate': () => ({ status: 200, json: { message: 'ok', data: { ...link, status: 'paid' } } }),
    };
    wrap(<PayPage />, '/pay/tok', '/pay/:token');
    expect((await screen.findByTestId('pay-business')).textContent).toBe('Lamsa');
    expect(screen.getByTestId('pay-order-number').textContent).toBe('#7');
    await act(async () => {
      fireEvent.click(screen.getByTestId('pay-submit'));
    });
    expect(await screen.findByTestId('success-page')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ outcome: 'paid' });
  });

  it('goes to the failure page when the payment fails, and shows an invalid link', async () => {
    routes = {
      'GET /api/v1/pay/tok': () => ({ status: 200, json: { data: link } }),
      'POST /api/v1/pay/tok/simulate': () => ({ status: 422, json: { message: 'The payment failed, try again', code: 'payment-failed' } }),
    };
    wrap(<PayPage />, '/pay/tok', '/pay/:token');
    await screen.findByTestId('pay-details');
    await act(async () => {
      fireEvent.click(screen.getByTestId('pay-fail'));
    });
    expect(await screen.findByTestId('failure-page')).toBeTruthy();

    routes = { 'GET /api/v1/pay/bad': () => ({ status: 422, json: { message: 'invalid', errors: { token: ['invalid'] } } }) };
    wrap(<PayPage />, '/pay/bad', '/pay/:token');
    expect(await screen.findByTestId('pay-invalid')).toBeTruthy();
  });
});

const TX = {
  id: 't1',
  number: 41,
  order_id: 'o1',
  order_number: 7,
  customer_id: 'c1',
  customer: { id: 'c1', name: 'Huda Salem' },
  branch_id: null,
  date: '2030-01-01T10:00:00.000Z',
  payment_method: 'bank_transfer',
  amount: 5_000,
  currency: 'SAR',
  status: 'wait',
  attachments: [{ name: 'r.pdf', mime: 'application/pdf', url: '/api/v1/transactions/t1/receipt' }],
  payment_gateway_id: null,
  reference_no: 'TRX-1',
  bank_account_id: null,
  notes: null,
  refusal_reason: null,
  reviewed_at: null,
  read_at: null,
  deleted_at: null,
  created_at: '2030-01-01T10:00:00.000Z',
};

describe('the transaction screens', () => {
  it('lists transactions with their order link, amount and status; the trash tab asks for the trash', async () => {
    routes = { 'GET /api/v1/transactions': () => ({ status: 200, json: { data: [TX], meta: { current_page: 1, per_page: 25, total: 1, last_page: 1 } } }) };
    wrap(<TransactionsPage />, '/sales/transactions');
    expect((await screen.findByTestId('transaction-row-41')).textContent).toContain('Huda Salem');
    expect(screen.getByTestId('transaction-order-41').getAttribute('href')).toBe('/orders/o1');
    expect(screen.getByTestId('transaction-amount-41').textContent).toContain('50.00');
    expect(screen.getByTestId('transaction-status-wait').textContent).toBe('Under review');
    await act(async () => {
      fireEvent.click(screen.getByTestId('transactions-tab-trash'));
    });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/transactions' && c.method === 'GET')).toBe(true));
    const urls = (fetch as unknown as { mock: { calls: [string][] } }).mock.calls.map(([u]) => String(u));
    expect(urls.some((u) => u.includes('trashed=1'))).toBe(true);
  });

  it('shows the empty state', async () => {
    routes = { 'GET /api/v1/transactions': () => ({ status: 200, json: { data: [], meta: { current_page: 1, per_page: 25, total: 0, last_page: 1 } } }) };
    wrap(<TransactionsPage />, '/sales/transactions');
    expect(await screen.findByTestId('list-empty')).toBeTruthy();
  });

  it('approves a payment under review after confirming', async () => {
    routes = {
      'GET /api/v1/transactions/t1': () => ({ status: 200, json: { data: TX } }),
      'POST /api/v1/transactions/t1/approve': () => ({ status: 200, json: { message: 'Payment approved', data: { ...TX, status: 'confirmed' } } }),
    };
    wrap(<TransactionPage />, '/sales/transactions/t1', '/sales/transactions/:id');
    expect((await screen.findByTestId('transaction-title')).textContent).toBe('Transaction #41');
    expect(screen.getByTestId('transaction-receipt-download')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTestId('transaction-approve'));
    });
    await act(async () => {
      fireEvent.click(await screen.findByTestId('confirm-ok'));
    });
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/transactions/t1/approve')).toBe(true));
  });
});
