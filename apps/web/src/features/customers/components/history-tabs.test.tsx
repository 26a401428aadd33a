import type { Booking } from '@app/shared/schemas/bookings';
import type { OrderSummary } from '@app/shared/schemas/orders';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';
import { PHONE_QUERY } from '@/components/list-view/list-view';
import { changeLocale, i18n } from '@/lib/i18n';
import { CustomerPage } from '../pages/customer-page';
import { orderSummary } from '@/features/orders/test-fixtures';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

/** Answers by `METHOD /path` (no query string); what each call asked is kept in `calls`. */
let routes: Record<string, (query: URLSearchParams) => { status: number; json: unknown }> = {};
let calls: { url: string; query: URLSearchParams }[] = [];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const [url = '', qs = ''] = String(input).split('?');
      const query = new URLSearchParams(qs);
      calls.push({ url, query });
      const handler = routes[`${init.method ?? 'GET'} ${url}`];
      if (!handler) return json(404, { message: 'not found' });
      const res = handler(query);
      return json(res.status, res.json);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CUSTOMER = {
  uuid: 'c1',
  first_name: 'Huda',
  last_name: 'Nasser',
  phone: null,
  phone_country: 'SA',
  email: null,
  address: null,
  note: null,
  blocked: false,
  blocked_at: null,
  tag_ids: [],
  tags: [],
  custom_fields: {},
  created_at: '2030-01-01T09:00:00.000Z',
  updated_at: '2030-01-01T09:00:00.000Z',
};

function booking(n: number, over: Partial<Booking> = {}): Booking {
  return {
    id: `b${n}`,
    booking_number: n,
    order_id: 'o1',
    order_number: 7,
    order_item_id: 'i1',
    customer_id: 'c1',
    customer: { id: 'c1', name: 'Huda Nasser', phone: null },
    staff_id: 'p1',
    staff: { id: 'p1', name: 'Reem' },
    crew: [],
    branch_id: null,
    team_id: null,
    service_id: 's1',
    service: { id: 's1', name: 'Haircut' },
    date: '2030-05-02',
    slot: '14:30',
    start_time: '2030-05-02T11:30:00.000Z',
    end_time: '2030-05-02T12:00:00.000Z',
    duration: 30,
    buffer: 0,
    price: 5000,
    total_price: 5000,
    status: 'confirmed',
    payment_status: 'unpaid',
    source: 'calendar',
    notes: null,
    custom_fields: {},
    meeting_link: null,
    transportation_fee_amount: 0,
    cancellation_reason_id: null,
    cancellation_note: null,
    recorded_after: false,
    created_at: '2030-05-01T09:00:00.000Z',
    updated_at: '2030-05-01T09:00:00.000Z',
    ...over,
  };
}

function order(n: number, over: Partial<OrderSummary> = {}): OrderSummary {
  return orderSummary({ id: `o${n}`, number: n, customer_id: 'c1', items_count: 2, bookings_count: 1, ...over });
}

const meta = (page: number, total: number) => ({ current_page: page, per_page: 10, total, last_page: Math.max(1, Math.ceil(total / 10)) });
const page = <T,>(data: T[], p: number, total: number) => ({ status: 200, json: { data, meta: meta(p, total) } });

function renderPage(permissions: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['auth', 'me'], {
    uuid: 'u1',
    permissions,
    current_branch: null,
    tenant: { currency: 'SAR', timezone: 'Asia/Riyadh', time_format: '24', start_of_week: 6, plugins: [] },
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/management/customers/c1']}>
            <Routes>
              <Route path="/management/customers/:id" element={<CustomerPage />} />
              <Route path="/orders/:id" element={<div data-testid="order-page" />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

const ALL = ['customers', 'bookings', 'orders'];

describe('customer page: bookings and orders tabs', () => {
  it("lists the customer's bookings, a page at a time, with the bookings list's labels", async () => {
    routes = {
      'GET /api/v1/customers/c1': () => ({ status: 200, json: { data: CUSTOMER } }),
      'GET /api/v1/customers/c1/bookings': (q) =>
        q.get('page') === '2'
          ? page([booking(3, { status: 'completed', payment_status: 'paid' })], 2, 11)
          : page([booking(12), booking(11, { status: 'cancelled', service: { id: 's2', name: 'Colour' }, staff: { id: 'p2', name: 'Lama' } })], 1, 11),
    };
    renderPage(ALL);
    fireEvent.click(await screen.findByTestId('tab-bookings'));
    const row = await screen.findByTestId('customer-booking-row-12');
    expect(row.textContent).toContain('#12');
    expect(row.textContent).toContain('Haircut');
    expect(row.textContent).toContain('Reem');
    expect(row.textContent).toContain('2 May 2030');
    expect(row.textContent).toContain('14:30');
    expect(within(row).getByTestId('booking-status-badge').textContent).toBe('Confirmed');
    expect(within(row).getByTestId('booking-payment-badge').textContent).toBe('Unpaid');
    const second = screen.getByTestId('customer-booking-row-11');
    expect(second.textContent).toContain('Colour');
    expect(second.textContent).toContain('Lama');
    expect(screen.getByTestId('customer-bookings-pagination-range').textContent).toBe('1–10 of 11');
    const asked = calls.find((c) => c.url === '/api/v1/customers/c1/bookings');
    expect(asked?.query.get('page')).toBe('1');
    expect(asked?.query.get('per_page')).toBe('10');

    // The next page comes from the server.
    fireEvent.click(within(screen.getByTestId('customer-bookings-pagination')).getByText('2'));
    const later = await screen.findByTestId('customer-booking-row-3');
    expect(within(later).getByTestId('booking-status-badge').textContent).toBe('Completed');
    expect(screen.queryByTestId('customer-booking-row-12')).toBeNull();
    expect(screen.getByTestId('customer-bookings-pagination-range').textContent).toBe('11–11 of 11');

    // A row opens the booking, as the bookings list does.
    fireEvent.click(later);
    expect(await screen.findByTestId('booking-details')).toBeTruthy();
  });

  it("lists the customer's orders with total, payment and status; a row opens the order", async () => {
    routes = {
      'GET /api/v1/customers/c1': () => ({ status: 200, json: { data: CUSTOMER } }),
      'GET /api/v1/customers/c1/orders': () =>
        page([order(42, { payment_status: 'partially-paid', paid_amount: 5000, remaining_amount: 6500 }), order(41, { status: 'completed', payment_status: 'paid', paid_amount: 11500, remaining_amount: 0 })], 1, 2),
    };
    renderPage(ALL);
    fireEvent.click(await screen.findByTestId('tab-orders'));
    const row = await screen.findByTestId('customer-order-row-42');
    expect(row.textContent).toContain('#42');
    expect(row.textContent).toMatch(/SAR\s?115\.00/);
    expect(row.textContent).toMatch(/SAR\s?65\.00 left/);
    expect(row.textContent).toContain('Partially paid');
    expect(row.textContent).toContain('Confirmed');
    const done = screen.getByTestId('customer-order-row-41');
    expect(done.textContent).toContain('Completed');
    expect(done.textContent).toContain('Paid');
    // One page: the range, no page buttons.
    expect(screen.getByTestId('customer-orders-pagination-range').textContent).toBe('1–2 of 2');
    expect(screen.queryByTestId('customer-orders-pagination')).toBeNull();
    fireEvent.click(row);
    expect(await screen.findByTestId('order-page')).toBeTruthy();
  });

  it('shows the bookings and orders as cards on a phone, a booking card opening the booking and an order card linking to the order', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === PHONE_QUERY,
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    routes = {
      'GET /api/v1/customers/c1': () => ({ status: 200, json: { data: CUSTOMER } }),
      'GET /api/v1/customers/c1/bookings': () => page([booking(12)], 1, 1),
      'GET /api/v1/customers/c1/orders': () => page([order(41, { status: 'completed', payment_status: 'paid', paid_amount: 11500, remaining_amount: 0 })], 1, 1),
    };
    renderPage(ALL);
    fireEvent.click(await screen.findByTestId('tab-bookings'));
    const card = await screen.findByTestId('customer-booking-row-12');
    expect(within(screen.getByTestId('customer-bookings')).queryByRole('table')).toBeNull();
    expect(card.textContent).toContain('Haircut · Reem');
    expect(card.textContent).toContain('2 May 2030 · 14:30');
    expect(within(card).getByTestId('booking-status-badge').textContent).toBe('Confirmed');
    fireEvent.click(within(card).getByRole('button'));
    expect(await screen.findByTestId('booking-details')).toBeTruthy();

    fireEvent.click(screen.getByTestId('tab-orders'));
    const orderCard = await screen.findByTestId('customer-order-row-41');
    expect(orderCard.textContent).toContain('Completed');
    expect(orderCard.textContent).toMatch(/SAR\s?115\.00/);
    expect(within(orderCard).getByRole('link').getAttribute('href')).toBe('/orders/o41');
  });

  it('shows the empty states, and the error with a retry', async () => {
    let failing = true;
    routes = {
      'GET /api/v1/customers/c1': () => ({ status: 200, json: { data: CUSTOMER } }),
      'GET /api/v1/customers/c1/bookings': () => page([], 1, 0),
      'GET /api/v1/customers/c1/orders': () => (failing ? { status: 500, json: { message: 'Server error' } } : page([], 1, 0)),
    };
    renderPage(ALL);
    fireEvent.click(await screen.findByTestId('tab-bookings'));
    expect((await screen.findByTestId('list-empty')).textContent).toContain('No bookings yet');
    expect(screen.queryByTestId('customer-bookings-pagination-range')).toBeNull();

    fireEvent.click(screen.getByTestId('tab-orders'));
    const error = await screen.findByTestId('list-error');
    failing = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('list-empty')).textContent).toContain('No orders yet');
  });

  it('hides a tab whose list the user may not read', async () => {
    routes = { 'GET /api/v1/customers/c1': () => ({ status: 200, json: { data: CUSTOMER } }) };
    const ordersOnly = renderPage(['customers', 'orders']);
    expect(await screen.findByTestId('tab-orders')).toBeTruthy();
    expect(screen.queryByTestId('tab-bookings')).toBeNull();
    ordersOnly.unmount();

    renderPage(['customers']);
    expect(await screen.findByTestId('tab-notes')).toBeTruthy();
    expect(screen.queryByTestId('tab-bookings')).toBeNull();
    expect(screen.queryByTestId('tab-orders')).toBeNull();
  });
});
