import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { me, renderPage, stubApi } from '@/features/subscription/test-support';
import { formatDateTimeIn } from '@/lib/format';
import { changeLocale } from '@/lib/i18n';
import type { Notification } from '../api/notifications';
import { OrderMessages } from './order-messages';
import { message as logged } from '../test-fixtures';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const message = (over: Partial<Notification> = {}) => logged({ receiver_name: 'Huda Saleh', body: 'Hi Huda Saleh', ...over });

let api: ReturnType<typeof stubApi>;
let list: Notification[];

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  api = stubApi();
  list = [message(), message({ id: 'n2', channel: 'email', receiver_type: 'staff', receiver_name: 'Amal', status: 'failed', sent_at: null })];
  api.routes['GET /api/v1/orders/o1/notifications'] = () => ({ status: 200, json: { data: list } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const render = () => renderPage(<OrderMessages orderId="o1" />, { path: '/orders/o1', user: me({ permissions: ['orders'] }) });

describe('the order’s messages', () => {
  it('lists what was sent about the order: channel, receiver, status and time', async () => {
    render();
    const first = await screen.findByTestId('order-message-n1');
    expect(first.textContent).toContain('Huda Saleh');
    expect(first.textContent).toContain('SMS · Customer');
    expect(first.textContent).toContain(formatDateTimeIn('2026-03-10T09:00:05.000Z', 'en', '24', 'Asia/Riyadh'));
    expect(within(first).getByTestId('order-message-status-n1').textContent).toBe('Sent');
    const second = screen.getByTestId('order-message-n2');
    expect(second.textContent).toContain('E-mail · Provider');
    expect(within(second).getByTestId('order-message-status-n2').textContent).toBe('Failed');
    expect(api.called('GET /api/v1/orders/o1/notifications')).toHaveLength(1);
  });

  it('says so when none was sent', async () => {
    list = [];
    render();
    expect((await screen.findByTestId('order-messages-empty')).textContent).toBe('No messages about this order yet.');
    expect(screen.getByTestId('order-messages').textContent).toContain('Messages');
  });
});
