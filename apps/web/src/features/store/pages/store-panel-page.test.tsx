import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { me, renderPage, stubApi } from '@/features/subscription/test-support';
import { changeLocale } from '@/lib/i18n';
import type { StoreSettings } from '../api/store-settings';
import { ALL_STORE_KEYS, settings } from '../test-fixtures';
import { StorePanelPage } from './store-panel-page';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

let api: ReturnType<typeof stubApi>;
let current: StoreSettings;
const writeText = vi.fn<(text: string) => Promise<void>>();

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  show.mockClear();
  writeText.mockReset();
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  api = stubApi();
  current = settings();
  api.routes['GET /api/v1/store/settings'] = () => ({ status: 200, json: { data: current } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const render = (path = '/store/store-panel/general', permissions = ALL_STORE_KEYS) => renderPage(<StorePanelPage />, { path, user: me({ permissions }) });
const toasts = () => show.mock.calls.map(([n]) => n as { message: string; color: string });

describe('StorePanelPage — general tab', () => {
  it('shows the store link and copies it: a success toast, and "Copied" for 2 s', async () => {
    writeText.mockResolvedValue(undefined);
    render();
    expect((await screen.findByTestId('store-url')).textContent).toBe('http://demo.khidma.localhost:3000');
    expect(screen.getByTestId('store-open').getAttribute('href')).toBe('http://demo.khidma.localhost:3000');
    const button = screen.getByTestId('store-copy-link');
    expect(button.textContent).toBe('Copy store link');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith('http://demo.khidma.localhost:3000');
    expect(toasts()).toEqual([expect.objectContaining({ message: 'Store link copied', color: 'green' })]);
    expect(screen.getByTestId('store-copy-link').textContent).toBe('Copied');
    await act(async () => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.getByTestId('store-copy-link').textContent).toBe('Copied');
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('store-copy-link').textContent).toBe('Copy store link');
  });

  it('says so when the link cannot be copied, and the button does not claim it was', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    render();
    fireEvent.click(await screen.findByTestId('store-copy-link'));
    await waitFor(() => expect(toasts()).toEqual([expect.objectContaining({ message: 'The store link could not be copied. Select it and copy it by hand.', color: 'red' })]));
    expect(screen.getByTestId('store-copy-link').textContent).toBe('Copy store link');
  });

  it('shows the chosen subdomain read-only, with the note that it cannot change', async () => {
    render();
    expect((await screen.findByTestId('store-subdomain-fixed')).textContent).toContain('The store URL cannot be changed once chosen');
    expect(screen.queryByTestId('subdomain-input')).toBeNull();
  });

  it('without a subdomain: checks it live, offers suggestions, and chooses it after a confirmation', async () => {
    current = settings({ subdomain: null, store_url: null, full_domain: null });
    api.routes['POST /api/v1/settings/booking-page-settings/check-subdomain'] = (c) => {
      const sub = (c.body as { subdomain: string }).subdomain;
      return { status: 200, json: { data: { subdomain: sub, available: sub !== 'salon', suggestions: sub === 'salon' ? ['salonriyadh', 'salonksa'] : [] } } };
    };
    api.routes['POST /api/v1/settings/booking-page-settings/update-subdomain'] = () => {
      current = settings({ subdomain: 'salonksa', store_url: 'http://salonksa.khidma.localhost:3000', full_domain: 'salonksa.khidma.localhost' });
      return { status: 200, json: { message: 'Saved' } };
    };
    render();
    fireEvent.change(await screen.findByTestId('subdomain-input'), { target: { value: 'Salon' } });
    expect(await screen.findByTestId('subdomain-taken', {}, { timeout: 2000 })).toBeTruthy();
    expect((screen.getByTestId('subdomain-choose') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('subdomain-suggestion-salonksa'));
    expect(await screen.findByTestId('subdomain-available', {}, { timeout: 2000 })).toBeTruthy();
    fireEvent.click(screen.getByTestId('subdomain-choose'));
    await screen.findByTestId('confirm-ok');
    const dialog = screen.getByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('cannot be changed later');
    expect(api.called('POST /api/v1/settings/booking-page-settings/update-subdomain')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(api.called('POST /api/v1/settings/booking-page-settings/update-subdomain')[0]?.body).toEqual({ subdomain: 'salonksa' }));
    expect((await screen.findByTestId('store-url')).textContent).toBe('http://salonksa.khidma.localhost:3000');
  });

  it('refuses a subdomain of the wrong shape without asking the server', async () => {
    current = settings({ subdomain: null, store_url: null, full_domain: null });
    render();
    fireEvent.change(await screen.findByTestId('subdomain-input'), { target: { value: 'ab1' } });
    expect(await screen.findByText('3 to 20 English letters, no Arabic letters, digits or symbols')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 700));
    expect(api.called('POST /api/v1/settings/booking-page-settings/check-subdomain')).toHaveLength(0);
  });

  it('saves name, status and the maintenance page; the maintenance title is asked for', async () => {
    api.routes['POST /api/v1/store/settings/general'] = () => ({ status: 200, json: { message: 'Saved', data: current } });
    render();
    fireEvent.change(await screen.findByTestId('store-name'), { target: { value: 'Salon Noura' } });
    fireEvent.click(within(screen.getByTestId('store-status')).getByText('Maintenance'));
    expect(await screen.findByTestId('store-maintenance')).toBeTruthy();
    fireEvent.click(screen.getByTestId('store-general-save'));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(api.called('POST /api/v1/store/settings/general')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('store-maintenance-title'), { target: { value: 'Back soon' } });
    fireEvent.click(screen.getByTestId('store-general-save'));
    await waitFor(() => expect(api.called('POST /api/v1/store/settings/general')).toHaveLength(1));
    expect(api.called('POST /api/v1/store/settings/general')[0]?.body).toEqual({
      store_name: 'Salon Noura',
      description: null,
      status: 'maintenance',
      maintenance_title: 'Back soon',
      maintenance_body: null,
    });
  });

  it('custom domain: the TXT record to add and the verify button, for website management only', async () => {
    current = settings({ custom_domain: 'book.salon.sa', custom_domain_token: 'khidma-verify-abc123' });
    api.routes['POST /api/v1/store/settings/custom-domain/verify'] = () => {
      current = { ...current, custom_domain_verified: true };
      return { status: 200, json: { message: 'Verified', data: current } };
    };
    render();
    expect((await screen.findByTestId('domain-record-name')).textContent).toBe('_khidma.book.salon.sa');
    expect(screen.getByTestId('domain-record-value').textContent).toBe('khidma-verify-abc123');
    expect(screen.getByTestId('domain-unverified')).toBeTruthy();
    fireEvent.click(screen.getByTestId('domain-verify'));
    expect(await screen.findByTestId('domain-verified')).toBeTruthy();
    expect(screen.queryByTestId('domain-record')).toBeNull();
  });

  it('hides the custom domain without store.website_management, and the settings form without store.settings', async () => {
    render('/store/store-panel/general', ['store.settings']);
    await screen.findByTestId('store-name');
    expect(screen.queryByTestId('custom-domain-card')).toBeNull();
    // The tabs show only what the account may open.
    expect(screen.queryByTestId('store-tab-appearance')).toBeNull();
  });
});

describe('StorePanelPage — store settings and contacts', () => {
  it('saves the layout and booking rules', async () => {
    api.routes['POST /api/v1/store/settings/booking'] = () => ({ status: 200, json: { message: 'Saved', data: current } });
    render('/store/store-panel/store-settings');
    fireEvent.click(await screen.findByText('Services only'));
    fireEvent.click(screen.getByTestId('store-approve_bookings'));
    fireEvent.change(screen.getByTestId('store-window-days'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('store-booking-save'));
    await waitFor(() => expect(api.called('POST /api/v1/store/settings/booking')).toHaveLength(1));
    expect(api.called('POST /api/v1/store/settings/booking')[0]?.body).toEqual({
      layout: 'services_only',
      approve_bookings: true,
      change_notice_hours: 24,
      allow_reschedule: true,
      allow_cancel: true,
      require_phone_otp: true,
      show_prices: true,
      booking_window_days: 30,
      waitlist_enabled: true,
    });
  });

  it('shows the server’s 422 on a social link under its field', async () => {
    api.routes['POST /api/v1/store/settings/contacts'] = () => ({ status: 422, json: { message: 'Invalid', errors: { 'social.instagram': ['Invalid URL'] } } });
    render('/store/store-panel/contacts');
    fireEvent.change(await screen.findByTestId('store-social-instagram'), { target: { value: 'instagram' } });
    fireEvent.click(screen.getByTestId('store-contacts-save'));
    expect(await screen.findByText('Invalid URL')).toBeTruthy();
    expect(screen.getByTestId('store-social-instagram').getAttribute('aria-invalid')).toBe('true');
    expect(api.called('POST /api/v1/store/settings/contacts')[0]?.body).toMatchObject({ social: { instagram: 'instagram', facebook: null } });
  });

  it('reads in Arabic', async () => {
    await changeLocale('ar');
    try {
      render();
      expect(await screen.findByText('نسخ رابط المتجر')).toBeTruthy();
      expect(screen.getByTestId('store-tab-store-settings').textContent).toBe('إعدادات المتجر');
    } finally {
      await changeLocale('en');
    }
  });
});
