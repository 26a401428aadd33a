import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { me, renderPage, stubApi } from '@/features/subscription/test-support';
import { changeLocale } from '@/lib/i18n';
import type { Order } from '../api/types';
import { OrderPage } from './order-page';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const ORDER = {
  id: 'o1',
  number: 1042,
  date: '2026-03-10T09:00:00.000Z',
  status: 'confirmed',
  source: 'calendar',
  is_draft: false,
  branch_id: null,
  customer_id: 'cu1',
  customer: { id: 'cu1', name: 'Huda Saleh', phone: null, email: null },
  staff_id: null,
  discount: null,
  coupon_code: null,
  coupon_applied: false,
  fees: [],
  fees_amount: 0,
  transport_fee: 0,
  subtotal: 10000,
  tax_amount: 1500,
  total: 11500,
  paid_amount: 0,
  remaining_amount: 11500,
  payment_status: 'unpaid',
  invoice_status: 'not-invoiced',
  currency: 'SAR',
  notes: null,
  pin_code: null,
  receive_time: null,
  location: null,
  meta_data: {},
  read_at: null,
  deleted_at: null,
  created_at: '2026-03-10T09:00:00.000Z',
  updated_at: '2026-03-10T09:00:00.000Z',
  items_count: 0,
  bookings_count: 0,
  items: [],
  images: [],
} satisfies Order;

let api: ReturnType<typeof stubApi>;

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  show.mockClear();
  api = stubApi();
  api.routes['GET /api/v1/orders/o1'] = () => ({ status: 200, json: { data: ORDER } });
  api.routes['GET /api/v1/orders/o1/transactions'] = () => ({ status: 200, json: { data: [] } });
  api.routes['GET /api/v1/orders/o1/invoices'] = () => ({ status: 200, json: { data: [] } });
  api.routes['GET /api/v1/branches'] = () => ({ status: 200, json: { data: [] } });
  api.routes['GET /api/v1/orders/o1/notifications'] = () => ({
    status: 200,
    json: {
      data: [
        {
          id: 'n1',
          action: 'booking_cancelled',
          channel: 'sms',
          receiver_type: 'customer',
          receiver_name: 'Huda Saleh',
          email: null,
          phone: '+966512345678',
          title: null,
          body: 'Your booking is cancelled',
          status: 'pending',
          fail_reason: null,
          order_id: 'o1',
          booking_id: 'b1',
          sent_at: null,
          created_at: '2026-03-10T10:00:00.000Z',
        },
      ],
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the order page', () => {
  it('shows the messages sent about the order in its side column', async () => {
    renderPage(<OrderPage />, { path: '/orders/o1', route: '/orders/:id', user: me({ permissions: ['orders'] }) });
    const section = await screen.findByTestId('order-messages');
    const row = await within(section).findByTestId('order-message-n1');
    expect(row.textContent).toContain('Huda Saleh');
    expect(within(row).getByTestId('order-message-status-n1').textContent).toBe('Pending');
  });
});
