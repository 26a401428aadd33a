import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { me, renderPage, stubApi } from '@/features/subscription/test-support';
import { changeLocale } from '@/lib/i18n';
import type { AppNotification } from '../api/app-notifications';
import { NotificationBell } from './notification-bell';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const NOTES: AppNotification[] = [
  { id: 'n1', kind: 'payment_received', title: 'Payment received SAR 150.00', body: 'Paid online on order #518', url: '/sales/transactions/t1', created_at: ago(5) },
  { id: 'n2', kind: 'transaction_review', title: 'Bank transfer receipt to review', body: 'SAR 80.00 on order #517', url: '/sales/transactions/t2', created_at: ago(60 * 26) },
];

let api: ReturnType<typeof stubApi>;
let notes: AppNotification[];
let unread: number;

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  show.mockClear();
  api = stubApi();
  notes = [...NOTES];
  unread = 2;
  api.routes['GET /api/v1/load-unread-modules-counts'] = () => ({ status: 200, json: { data: { notifications: unread, orders: 0, transactions: 0, comments: 0, reviews: 0 } } });
  api.routes['GET /api/v1/app-notifications'] = () => ({ status: 200, json: { data: notes, meta: { unread: notes.length } } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const render = () => renderPage(<NotificationBell />, { user: me({ permissions: [] }) });

describe('NotificationBell', () => {
  it("shows the account's unread count, 99+ past 99, none at zero", async () => {
    const first = render();
    await waitFor(() => expect(screen.getByTestId('notifications-bell').getAttribute('aria-label')).toBe('Notifications (2 unread)'));
    expect(within(screen.getByTestId('notifications-count')).getByText('2')).toBeTruthy();
    // The list itself is fetched only when opened.
    expect(api.called('GET /api/v1/app-notifications')).toHaveLength(0);
    first.unmount();

    unread = 150;
    const second = render();
    await waitFor(() => expect(screen.getByText('99+')).toBeTruthy());
    second.unmount();

    unread = 0;
    render();
    await waitFor(() => expect(api.called('GET /api/v1/load-unread-modules-counts').length).toBeGreaterThan(2));
    expect(screen.getByTestId('notifications-bell').getAttribute('aria-label')).toBe('Notifications');
  });

  it('lists the notes newest first with how long ago; clicking one reads it and goes where it leads', async () => {
    api.routes['PUT /api/v1/app-notification/n1'] = () => {
      notes = notes.filter((n) => n.id !== 'n1');
      unread = 1;
      return { status: 200, json: { data: { url: '/sales/transactions/t1' } } };
    };
    render();
    fireEvent.click(await screen.findByTestId('notifications-bell'));
    const items = await screen.findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('Payment received SAR 150.00');
    expect(items[0]?.textContent).toContain('Paid online on order #518');
    expect(items[0]?.textContent).toContain('5 minutes ago');
    expect(items[1]?.textContent).toContain('yesterday');

    fireEvent.click(items[0]!);
    await waitFor(() => expect(screen.getByTestId('location')?.textContent).toContain('/sales/transactions/t1'));
    expect(api.called('PUT /api/v1/app-notification/n1')).toHaveLength(1);
    // The count follows at once (the counters are fetched again).
    await waitFor(() => expect(screen.getByTestId('notifications-bell').getAttribute('aria-label')).toBe('Notifications (1 unread)'));
  });

  it('marks all read, then says there is nothing new', async () => {
    api.routes['DELETE /api/v1/app-notifications'] = () => {
      notes = [];
      unread = 0;
      return { status: 200, json: { message: 'All notifications marked as read', data: { count: 2 } } };
    };
    render();
    fireEvent.click(await screen.findByTestId('notifications-bell'));
    fireEvent.click(await screen.findByTestId('notifications-read-all'));
    await waitFor(() => expect(screen.getByTestId('list-empty')?.textContent).toContain('You are all caught up'));
    expect(api.called('DELETE /api/v1/app-notifications')).toHaveLength(1);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'All notifications marked as read' }));
    expect(screen.queryByTestId('notifications-read-all')).toBeNull();
  });

  it('reads in Arabic', async () => {
    await changeLocale('ar');
    try {
      notes = [];
      render();
      fireEvent.click(await screen.findByTestId('notifications-bell'));
      expect(await screen.findByText('لا إشعارات جديدة')).toBeTruthy();
      expect(screen.getByText('الإشعارات')).toBeTruthy();
    } finally {
      await changeLocale('en');
    }
  });
});
