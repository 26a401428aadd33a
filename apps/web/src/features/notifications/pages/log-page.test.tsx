import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, me, renderPage, stubApi } from '@/features/subscription/test-support';
import { changeLocale } from '@/lib/i18n';
import type { Notification } from '../api/notifications';
import { NotificationLogPage } from './log-page';
import { message } from '../test-fixtures';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));


const FAILED = message({ id: 'n2', channel: 'email', receiver_type: 'staff', receiver_name: 'Amal', email: 'amal@example.com', phone: null, title: 'New booking', status: 'failed', fail_reason: 'provider down' });
const NOT_SENT = message({ id: 'n3', receiver_type: 'user', receiver_name: null, phone: null, status: 'not-sent', fail_reason: 'no phone number' });

const USER = me({ permissions: ['notifications', 'settings.notifications'] });
let api: ReturnType<typeof stubApi>;
let rows: Notification[];

const page = (data: Notification[], meta: Partial<{ current_page: number; last_page: number; total: number }> = {}) => ({
  status: 200,
  json: { data, meta: { current_page: 1, per_page: 25, total: data.length, last_page: 1, ...meta } },
});

beforeAll(async () => {
  Element.prototype.scrollIntoView ??= () => {};
  await changeLocale('en');
});
beforeEach(() => {
  show.mockClear();
  api = stubApi();
  rows = [message(), FAILED, NOT_SENT];
  api.routes['GET /api/v1/notifications'] = () => page(rows);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const render = (path = '/notifications/log') => renderPage(<NotificationLogPage />, { path, user: USER });
const lastQuery = (): URLSearchParams => (api.called('GET /api/v1/notifications').at(-1) as Call).query;

async function pick(testId: string, option: string) {
  fireEvent.click(screen.getByTestId(testId));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('NotificationLogPage', () => {
  it('lists the last 7 days’ messages: the receiver and where, the text, the status with its reason', async () => {
    render();
    const row = await screen.findByTestId('notification-row-n1');
    expect(lastQuery().get('days')).toBe('7');
    expect(lastQuery().get('status')).toBeNull();
    expect(within(row).getByTestId('notification-receiver-n1').textContent).toBe('Khalid Omar');
    expect(within(row).getByTestId('notification-receiver-type-n1').textContent).toBe('Customer');
    const phone = within(row).getByTestId('notification-contact-n1');
    expect(phone.textContent).toBe('+966512345678');
    expect(phone.getAttribute('dir')).toBe('ltr');
    expect(within(row).getByTestId('notification-body-n1').textContent).toContain('your Haircut');
    expect(within(row).getByTestId('notification-status-n1').textContent).toBe('Sent');
    expect(row.textContent).toContain('SMS');

    const failed = screen.getByTestId('notification-row-n2');
    expect(within(failed).getByTestId('notification-status-n2').textContent).toBe('Failed');
    expect(within(failed).getByTestId('notification-reason-n2').textContent).toBe('provider down');
    expect(within(failed).getByTestId('notification-contact-n2').textContent).toBe('amal@example.com');
    expect(within(failed).getByTestId('notification-receiver-type-n2').textContent).toBe('Provider');
    expect(failed.textContent).toContain('New booking');

    const notSent = screen.getByTestId('notification-row-n3');
    expect(within(notSent).getByTestId('notification-status-n3').textContent).toBe('Not sent');
    expect(within(notSent).getByTestId('notification-receiver-n3').textContent).toBe('Supervisor');
    expect(within(notSent).getByTestId('notification-reason-n3').textContent).toBe('no phone number');
    expect(screen.getByText('Messages to your customers, providers and supervisors in the last 7 days.')).toBeTruthy();
  });

  it('colours the statuses: sent green, failed red, not sent orange', async () => {
    render();
    const color = (id: string) => screen.getByTestId(`notification-status-${id}`).style.getPropertyValue('--badge-color') || screen.getByTestId(`notification-status-${id}`).getAttribute('style');
    await screen.findByTestId('notification-row-n1');
    expect(color('n1')).toContain('green');
    expect(color('n2')).toContain('red');
    expect(color('n3')).toContain('orange');
  });

  it('sends the filters as the API’s query: status, channel, days', async () => {
    render();
    await screen.findByTestId('notification-row-n1');
    await pick('notification-log-filter-status', 'Failed');
    await waitFor(() => expect(lastQuery().get('status')).toBe('failed'));
    await pick('notification-log-filter-channel', 'E-mail');
    await waitFor(() => expect(lastQuery().get('channel')).toBe('email'));
    expect(lastQuery().get('status')).toBe('failed');
    await pick('notification-log-filter-days', 'Last 30 days');
    await waitFor(() => expect(lastQuery().get('days')).toBe('30'));
    expect(screen.getByTestId('location').textContent).toContain('days=30');
  });

  it('reads the filters from the address', async () => {
    render('/notifications/log?status=retried&channel=sms&days=90&page=2');
    await screen.findByTestId('notification-row-n1');
    expect(Object.fromEntries(lastQuery())).toMatchObject({ status: 'retried', channel: 'sms', days: '90', page: '2' });
  });

  it('says when nothing was sent, and when nothing matches the filters', async () => {
    rows = [];
    render();
    expect((await screen.findByTestId('list-empty')).textContent).toContain('No messages in the last 7 days');
    expect(screen.getByTestId('notification-log-templates').getAttribute('href')).toBe('/notifications/settings');
  });

  it('resends after a confirmation', async () => {
    api.routes['POST /api/v1/notifications/n2/resend'] = () => ({ status: 201, json: { message: 'The message is queued to be sent', data: message({ id: 'n4', status: 'pending' }) } });
    render();
    fireEvent.click(await screen.findByTestId('notification-resend-n2'));
    await screen.findByTestId('confirm-ok');
    const dialog = screen.getByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Amal');
    expect(api.called('POST /api/v1/notifications/n2/resend')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(api.called('POST /api/v1/notifications/n2/resend')).toHaveLength(1));
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'The message is queued to be sent' })));
    // The log is asked for again, with the new message in it.
    await waitFor(() => expect(api.called('GET /api/v1/notifications').length).toBeGreaterThan(1));
  });

  it('shows the server’s refusal when the receiver cannot be reached', async () => {
    api.routes['POST /api/v1/notifications/n3/resend'] = () => ({ status: 422, json: { message: 'The receiver cannot be reached on this channel' } });
    render();
    fireEvent.click(await screen.findByTestId('notification-resend-n3'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    const refused = await screen.findByTestId('notification-resend-refused');
    expect(refused.textContent).toBe('The receiver cannot be reached on this channel');
  });

  it('pages like the other lists', async () => {
    api.routes['GET /api/v1/notifications'] = (call) => page(rows, { current_page: Number(call.query.get('page') ?? 1), last_page: 3, total: 60 });
    render();
    await screen.findByTestId('notification-row-n1');
    expect(screen.getByTestId('notification-log-pagination-range').textContent).toBe('1–25 of 60');
    fireEvent.click(within(screen.getByTestId('notification-log-pagination')).getByText('2'));
    await waitFor(() => expect(lastQuery().get('page')).toBe('2'));
  });

  it('reads in Arabic', async () => {
    await changeLocale('ar');
    try {
      render();
      expect((await screen.findByTestId('notification-status-n2')).textContent).toBe('فشلت');
      expect(screen.getByTestId('notification-receiver-type-n2').textContent).toBe('مقدّم الخدمة');
      expect(screen.getByText('الرسائل إلى عملائك ومقدّمي الخدمة والمشرفين خلال آخر 7 أيام.')).toBeTruthy();
    } finally {
      await changeLocale('en');
    }
  });
});
