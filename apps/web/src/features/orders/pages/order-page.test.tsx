import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { me, renderPage, stubApi } from '@/features/subscription/test-support';
import { changeLocale } from '@/lib/i18n';
import type { Order } from '../api/types';
import { orderSummary } from '../test-fixtures';
import { OrderPage } from './order-page';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const ORDER: Order = {
  ...orderSummary({ number: 1042, date: '2026-03-10T09:00:00.000Z', customer_id: 'cu1', customer: { id: 'cu1', name: 'Huda Saleh', phone: null, email: null }, items_count: 0, created_at: '2026-03-10T09:00:00.000Z', updated_at: '2026-03-10T09:00:00.000Z' }),
  items: [],
  images: [],
};

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
