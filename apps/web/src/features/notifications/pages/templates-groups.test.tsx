import { NOTIFICATION_ACTIONS } from '@app/shared/schemas/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { me, renderPage, stubApi } from '@/features/subscription/test-support';
import { changeLocale } from '@/lib/i18n';
import { NotificationTemplatesPage } from './templates-page';

/**
 * `/notifications/settings` with the events beyond bookings (issue 18 §1): the actions grouped as
 * bookings, orders and payments, and the rest, each named in both languages, and a template's
 * variable chips limited to what its event fills.
 */

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

let api: ReturnType<typeof stubApi>;

beforeAll(async () => {
  Element.prototype.scrollIntoView ??= () => {};
  await changeLocale('en');
});
beforeEach(() => {
  api = stubApi();
  api.routes['GET /api/v1/templates'] = () => ({
    status: 200,
    json: {
      data: [
        {
          id: 't9',
          action: 'order_invoiced',
          channel: 'sms',
          receiver: 'customer',
          title_ar: '',
          title_en: '',
          body_ar: 'فاتورتك {{invoice_number}}',
          body_en: 'Your invoice {{invoice_number}} of {{amount}}',
          offset_minutes: null,
          status: 'active',
          created_at: '2026-03-01T09:00:00.000Z',
        },
      ],
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const render = () => renderPage(<NotificationTemplatesPage />, { path: '/notifications/settings', user: me({ permissions: ['settings.notifications'] }) });
const actionsOf = (section: HTMLElement) => [...section.querySelectorAll('[data-testid^="template-group-"]')].map((e) => e.getAttribute('data-testid')?.replace('template-group-', '')).filter((x) => x && !x.endsWith('-empty'));

describe('notification settings: the events beyond bookings', () => {
  it('groups the actions: bookings, orders and payments, other — every action once', async () => {
    render();
    const bookings = await screen.findByTestId('template-section-bookings');
    const orders = screen.getByTestId('template-section-orders');
    const other = screen.getByTestId('template-section-other');
    expect(within(bookings).getByRole('heading').textContent).toBe('Bookings');
    expect(within(orders).getByRole('heading').textContent).toBe('Orders and payments');
    expect(within(other).getByRole('heading').textContent).toBe('Other');
    expect(actionsOf(bookings)).toEqual(['booking_created', 'booking_confirmed', 'booking_cancelled', 'booking_rescheduled', 'booking_reminder']);
    expect(actionsOf(orders)).toEqual(['order_invoiced', 'payment_received', 'payment_failed', 'payment_link']);
    expect(actionsOf(other)).toEqual(['review_request', 'otp']);
    expect([...actionsOf(bookings), ...actionsOf(orders), ...actionsOf(other)].sort()).toEqual([...NOTIFICATION_ACTIONS].sort());
    // The invoice template sits under its event, its variables shown as chips.
    const invoiced = within(orders).getByTestId('template-group-order_invoiced');
    expect(within(invoiced).getByText('Order invoiced')).toBeTruthy();
    expect(within(invoiced).getByTestId('template-text-t9').textContent).toContain('Invoice no.');
    expect(within(other).getByText('Verification code')).toBeTruthy();
  });

  it("offers only the variables the event fills: an invoice's number and amount, an OTP's code", async () => {
    const first = render();
    fireEvent.click(await screen.findByTestId('template-add-order_invoiced'));
    await screen.findByTestId('template-variables');
    const chips = () => [...screen.getByTestId('template-variables').querySelectorAll('[data-testid^="template-var-"]')].map((e) => e.getAttribute('data-testid')?.replace('template-var-', ''));
    expect(chips()).toContain('invoice_number');
    expect(chips()).toContain('amount');
    expect(chips()).not.toContain('booking_number');
    expect(chips()).not.toContain('code');
    first.unmount();
    render();

    fireEvent.click(await screen.findByTestId('template-add-otp'));
    await screen.findByTestId('template-variables');
    await waitFor(() => expect(chips()).toEqual(['code', 'business_name']));
  }, 20_000); // two modal openings: a budget for a loaded machine, not a speed check

  it('names the groups and the new events in Arabic', async () => {
    await changeLocale('ar');
    try {
      render();
      expect(within(await screen.findByTestId('template-section-orders')).getByRole('heading').textContent).toBe('الطلبات والمدفوعات');
      expect(screen.getByText('تأكيد الحجز')).toBeTruthy();
      expect(screen.getByText('استلام دفعة')).toBeTruthy();
      expect(screen.getByText('رابط الدفع')).toBeTruthy();
      expect(screen.getByText('رمز التحقق')).toBeTruthy();
    } finally {
      await changeLocale('en');
    }
  });
});
