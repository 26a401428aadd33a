import { expect, test } from '../support/fixtures';
import { apiAs, signIn } from '../support/session';

/**
 * Issue 18 §1 in Chromium: the demo owner's bell shows its unread count and notes; clicking one reads
 * it (it leaves the bell) and opens its page — the notification settings, grouped, with the order and
 * payment templates; opening the orders list clears the sidebar's unread badge for this account.
 */

type Counts = { notifications: number; orders: number };
type Note = { id: string; title: string; url: string | null };

test('the bell lists the notes; one click reads a note and opens its page', async ({ page, request }) => {
  await signIn(page);
  const api = await apiAs(page, request);
  const before = await api.get<Counts>('load-unread-modules-counts');
  expect(before.notifications).toBeGreaterThan(0);
  await expect(page.getByTestId('notifications-count')).toContainText(String(Math.min(before.notifications, 99)));

  await page.getByTestId('notifications-bell').click();
  const item = page.getByTestId('notification-item').filter({ hasText: 'قوالب جديدة للطلبات والمدفوعات' });
  await expect(item).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(/\/notifications\/settings$/);
  // The note is gone: read means removed.
  const notes = await api.get<Note[]>('app-notifications');
  expect(notes.some((n) => n.title === 'قوالب جديدة للطلبات والمدفوعات')).toBe(false);
  expect((await api.get<Counts>('load-unread-modules-counts')).notifications).toBe(before.notifications - 1);

  // The page it opened: the actions grouped, the demo's invoice template under "Orders and payments".
  const orders = page.getByTestId('template-section-orders');
  await expect(orders.getByRole('heading', { name: 'الطلبات والمدفوعات' })).toBeVisible();
  await expect(orders.getByTestId('template-group-order_invoiced')).toContainText('صدرت فاتورتك');
  await expect(orders.getByTestId('template-group-payment_received')).toContainText('استلمنا دفعتك');
});

test('opening the orders list clears its unread badge for this account', async ({ page, request }) => {
  await signIn(page);
  await page.goto('/orders');
  await expect(page.getByTestId('nav-badge-orders')).toBeHidden();
  const api = await apiAs(page, request);
  await expect.poll(async () => (await api.get<Counts>('load-unread-modules-counts')).orders).toBe(0);
});
