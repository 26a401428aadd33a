import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { me, renderPage, stubApi } from '@/features/subscription/test-support';
import { formatClock, formatDay } from '@/lib/format';
import { changeLocale } from '@/lib/i18n';
import type { NotificationTemplate } from '../api/notifications';
import { sampleDay } from '../lib/preview';
import { NotificationTemplatesPage } from './templates-page';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const template = (over: Partial<NotificationTemplate> = {}): NotificationTemplate => ({
  id: 't1',
  action: 'booking_created',
  channel: 'sms',
  receiver: 'customer',
  title_ar: '',
  title_en: '',
  body_ar: 'مرحبًا {{customer_name}}، تم حجز {{service_name}}',
  body_en: 'Hi {{customer_name}}, your {{service_name}} is booked',
  offset_minutes: null,
  status: 'active',
  created_at: '2026-03-01T09:00:00.000Z',
  ...over,
});

const REMINDER = template({
  id: 't2',
  action: 'booking_reminder',
  channel: 'email',
  receiver: 'staff',
  title_en: 'Tomorrow',
  body_ar: 'تذكير: موعدك غدًا الساعة {{time}}',
  body_en: 'Reminder: your visit is at {{time}}',
  offset_minutes: 1440,
});
const CANCELLED = template({ id: 't3', action: 'booking_cancelled', receiver: 'user', body_en: 'A booking was cancelled', status: 'inactive' });

const USER = me({ permissions: ['settings.notifications'] });
let api: ReturnType<typeof stubApi>;
let list: NotificationTemplate[];

beforeAll(async () => {
  // Mantine's select scrolls its chosen option into view, which jsdom cannot.
  Element.prototype.scrollIntoView ??= () => {};
  await changeLocale('en');
});
beforeEach(() => {
  show.mockClear();
  api = stubApi();
  list = [template(), CANCELLED, REMINDER];
  api.routes['GET /api/v1/templates'] = () => ({ status: 200, json: { data: list } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const render = () => renderPage(<NotificationTemplatesPage />, { path: '/notifications/settings', user: USER });

/** Opens a select of the form and picks one of its options. */
async function pick(modal: HTMLElement, testId: string, option: string) {
  fireEvent.click(within(modal).getByTestId(testId));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

const type = (modal: HTMLElement, testId: string, value: string) => fireEvent.change(within(modal).getByTestId(testId), { target: { value } });

async function openNew(testId = 'templates-add') {
  fireEvent.click(await screen.findByTestId(testId));
  await screen.findByTestId('template-body-ar');
  return screen.getByTestId('template-form-modal');
}

describe('NotificationTemplatesPage', () => {
  it('lists the templates grouped by event: channel, receiver, the reminder’s time, the text in the UI language', async () => {
    render();
    const created = await screen.findByTestId('template-group-booking_created');
    const row = within(created).getByTestId('template-row-t1');
    expect(within(row).getByTestId('template-channel-t1').textContent).toBe('SMS');
    expect(within(row).getByTestId('template-receiver-t1').textContent).toBe('Customer');
    // The variables read as their names.
    const text = within(row).getByTestId('template-text-t1');
    expect(text.textContent).toBe('Hi Customer name, your Service is booked');
    expect([...text.querySelectorAll('[data-variable]')].map((e) => e.getAttribute('data-variable'))).toEqual(['customer_name', 'service_name']);
    expect(within(row).queryByTestId('template-offset-t1')).toBeNull();

    const reminders = screen.getByTestId('template-group-booking_reminder');
    expect(within(reminders).getByTestId('template-offset-t2').textContent).toBe('1 day before');
    expect(within(reminders).getByTestId('template-receiver-t2').textContent).toBe('Provider');
    expect(within(reminders).getByTestId('template-channel-t2').textContent).toBe('E-mail');

    const cancelled = screen.getByTestId('template-group-booking_cancelled');
    expect(within(cancelled).getByTestId('template-receiver-t3').textContent).toBe('Supervisor');
    expect(within(cancelled).getByTestId('template-off-t3').textContent).toBe('Off');
    expect((within(cancelled).getByTestId('template-toggle-t3') as HTMLInputElement).checked).toBe(false);
    // An event without a template says so, with its own add button.
    expect(within(screen.getByTestId('template-group-booking_rescheduled')).getByTestId('template-group-booking_rescheduled-empty')).toBeTruthy();
  });

  it('explains templates when there is none, and adds the first', async () => {
    list = [];
    render();
    expect((await screen.findByTestId('list-empty')).textContent).toContain('A template is a message sent by itself');
    fireEvent.click(screen.getByTestId('templates-add-first'));
    expect(await screen.findByTestId('template-form-modal')).toBeTruthy();
  });

  it('creates a reminder: the event preset, one day before sent as 1440 minutes', async () => {
    api.routes['POST /api/v1/templates'] = () => ({ status: 201, json: { message: 'Created', data: REMINDER } });
    render();
    const modal = await openNew('template-add-booking_reminder');
    await pick(modal, 'template-offset', '1 day before');
    type(modal, 'template-body-ar', 'تذكير: موعدك {{service_name}} غدًا الساعة {{time}}');
    type(modal, 'template-body-en', 'Reminder: your {{service_name}} is tomorrow at {{time}}');
    fireEvent.click(within(modal).getByTestId('template-save'));
    await waitFor(() => expect(api.called('POST /api/v1/templates')).toHaveLength(1));
    expect(api.called('POST /api/v1/templates')[0]?.body).toEqual({
      action: 'booking_reminder',
      channel: 'sms',
      receiver: 'customer',
      title_ar: '',
      title_en: '',
      body_ar: 'تذكير: موعدك {{service_name}} غدًا الساعة {{time}}',
      body_en: 'Reminder: your {{service_name}} is tomorrow at {{time}}',
      offset_minutes: 1440,
      status: 'active',
    });
    await waitFor(() => expect(screen.queryByTestId('template-body-ar')).toBeNull());
  });

  it('checks the form before sending: both texts, a reminder’s time, no unknown variable', async () => {
    render();
    const modal = await openNew();
    await pick(modal, 'template-action', 'Appointment reminder');
    type(modal, 'template-body-en', 'Hi {{nickname}}');
    fireEvent.click(within(modal).getByTestId('template-save'));
    expect(await within(modal).findByText('Write the Arabic text.')).toBeTruthy();
    expect(within(modal).getByText('Choose when the reminder is sent.')).toBeTruthy();
    expect(within(modal).getByText('Unknown variable {{nickname}}: use only the variables listed.')).toBeTruthy();
    expect(api.called('POST /api/v1/templates')).toHaveLength(0);
  });

  it('offers WhatsApp and push disabled, needing their app', async () => {
    render();
    const modal = await openNew();
    fireEvent.click(within(modal).getByTestId('template-channel'));
    const whatsapp = await screen.findByRole('option', { name: 'WhatsApp (needs its app)', hidden: true });
    expect(whatsapp.getAttribute('data-combobox-disabled')).toBe('true');
    expect(screen.getByRole('option', { name: 'Push notification (needs its app)', hidden: true }).getAttribute('data-combobox-disabled')).toBe('true');
  });

  it('shows the server’s 422 on the channel under the channel field, and keeps the form open', async () => {
    api.routes['POST /api/v1/templates'] = () => ({
      status: 422,
      json: { message: 'The given data was invalid.', errors: { channel: ['A notification cannot be added for a channel with no app installed'] } },
    });
    render();
    const modal = await openNew();
    type(modal, 'template-body-ar', 'مرحبًا {{customer_name}}');
    type(modal, 'template-body-en', 'Hi {{customer_name}}');
    fireEvent.click(within(modal).getByTestId('template-save'));
    expect(await within(modal).findByText('A notification cannot be added for a channel with no app installed')).toBeTruthy();
    expect(within(modal).getByTestId('template-channel').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('template-form-modal')).toBeTruthy();
  });

  it('previews each text filled with sample data in its language, and chips insert variables into the focused text', async () => {
    render();
    const modal = await openNew();
    const en = within(modal).getByTestId('template-body-en') as HTMLTextAreaElement;
    fireEvent.focus(en);
    fireEvent.change(en, { target: { value: 'Hi ' } });
    expect(within(modal).getByTestId('template-variables-target').textContent).toContain('English text');
    fireEvent.click(within(modal).getByTestId('template-var-customer_name'));
    await waitFor(() => expect(en.value).toBe('Hi {{customer_name}}'));
    fireEvent.change(en, { target: { value: `${en.value}, your {{service_name}} is on {{date}} at {{time}}` } });
    const day = sampleDay();
    expect(within(modal).getByTestId('template-preview-en-text').textContent).toBe(
      `Hi Noura Al-Otaibi, your Cut and style is on ${formatDay(day, 'en')} at ${formatClock('16:30', 'en', '24')}`,
    );

    const ar = within(modal).getByTestId('template-body-ar') as HTMLTextAreaElement;
    fireEvent.focus(ar);
    fireEvent.click(within(modal).getByTestId('template-var-service_name'));
    await waitFor(() => expect(ar.value).toBe('{{service_name}}'));
    fireEvent.change(ar, { target: { value: 'مرحبًا {{customer_name}}، موعد {{service_name}} يوم {{date}}' } });
    expect(within(modal).getByTestId('template-preview-ar-text').textContent).toBe(`مرحبًا نورة العتيبي، موعد قص وتصفيف يوم ${formatDay(day, 'ar')}`);
    expect(within(modal).getByTestId('template-preview-ar').querySelector('[dir="rtl"]')).toBeTruthy();
  });

  it('edits a template with PUT on its id, the form filled from it (the e-mail’s subject shown)', async () => {
    api.routes['PUT /api/v1/templates/t2'] = () => ({ status: 200, json: { message: 'Updated', data: REMINDER } });
    render();
    fireEvent.click(await screen.findByTestId('template-edit-t2'));
    await waitFor(() => expect((screen.getByTestId('template-title-en') as HTMLInputElement).value).toBe('Tomorrow'));
    const modal = screen.getByTestId('template-form-modal');
    expect(within(modal).getByTestId('template-preview-en-subject').textContent).toBe('Tomorrow');
    fireEvent.click(within(modal).getByTestId('template-save'));
    await waitFor(() => expect(api.called('PUT /api/v1/templates/t2')).toHaveLength(1));
    expect(api.called('PUT /api/v1/templates/t2')[0]?.body).toMatchObject({ action: 'booking_reminder', channel: 'email', receiver: 'staff', offset_minutes: 1440, title_en: 'Tomorrow' });
  });

  it('switches a template off with the toggle route', async () => {
    api.routes['POST /api/v1/templates/t1/toggle'] = () => {
      list = [template({ status: 'inactive' }), CANCELLED, REMINDER];
      return { status: 200, json: { message: 'Updated', data: list[0] } };
    };
    render();
    const toggle = (await screen.findByTestId('template-toggle-t1')) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(api.called('POST /api/v1/templates/t1/toggle')).toHaveLength(1));
    expect(api.called('POST /api/v1/templates/t1/toggle')[0]?.body).toEqual({ status: 'inactive' });
    await waitFor(() => expect(screen.getByTestId('template-off-t1')).toBeTruthy());
    expect((screen.getByTestId('template-toggle-t1') as HTMLInputElement).checked).toBe(false);
  });

  it('deletes after a confirmation', async () => {
    api.routes['DELETE /api/v1/templates/t3'] = () => {
      list = [template(), REMINDER];
      return { status: 200, json: { message: 'Deleted' } };
    };
    render();
    fireEvent.click(await screen.findByTestId('template-delete-t3'));
    await screen.findByTestId('confirm-ok');
    const dialog = screen.getByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Booking cancelled');
    expect(api.called('DELETE /api/v1/templates/t3')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(api.called('DELETE /api/v1/templates/t3')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('template-row-t3')).toBeNull());
  });

  it('reads in Arabic: the Arabic text, the receivers’ names, the reminder’s time', async () => {
    await changeLocale('ar');
    try {
      render();
      expect((await screen.findByTestId('template-text-t1')).textContent).toBe('مرحبًا اسم العميل، تم حجز الخدمة');
      expect(screen.getByTestId('template-offset-t2').textContent).toBe('قبل يوم');
      expect(screen.getByTestId('template-receiver-t2').textContent).toBe('مقدّم الخدمة');
      expect(screen.getByTestId('template-receiver-t3').textContent).toBe('المشرف');
      expect(screen.getByText('إعدادات الإشعارات')).toBeTruthy();
    } finally {
      await changeLocale('en');
    }
  });
});
