import { expect, test } from '../support/fixtures';
import { apiAs, signIn } from '../support/session';

/**
 * Issue 19, the store panel in Chromium: the owner opens the store from the sidebar (the panel's
 * general tab, with the link to copy), changes the colours on the appearance tab with the live
 * preview, picks a homepage layout, then creates a custom page that is listed and deletes it. The
 * demo's colours and layout are put back at the end for the other specs.
 */
type StoreSettings = {
  store_url: string | null;
  primary_color: string;
  secondary_color: string;
  background_color: string;
  layout: string;
  approve_bookings: boolean;
  change_notice_hours: number;
  allow_reschedule: boolean;
  allow_cancel: boolean;
  require_phone_otp: boolean;
  show_prices: boolean;
  booking_window_days: number;
  waitlist_enabled: boolean;
};

test('the owner changes the store’s colours and layout and adds a custom page', async ({ page, request }) => {
  await signIn(page);
  const api = await apiAs(page, request);
  const before = await api.get<StoreSettings>('store/settings');

  try {
    await page.getByTestId('nav-store').click();
    await expect(page).toHaveURL(/\/store\/store-panel\/general$/);
    await expect(page.getByTestId('store-url')).toHaveText(before.store_url ?? '');
    await expect(page.getByTestId('store-copy-link')).toHaveText('نسخ رابط المتجر');

    // Appearance: a new primary colour shows in the preview, then is saved.
    await page.getByTestId('store-tab-appearance').click();
    await expect(page).toHaveURL(/\/store\/store-panel\/appearance$/);
    const primary = page.getByTestId('store-primary_color');
    await primary.fill('#7C3AED');
    await primary.blur();
    await expect(page.getByTestId('store-preview-header')).toHaveCSS('background-color', 'rgb(124, 58, 237)');
    await page.getByTestId('store-appearance-save').click();
    await expect.poll(async () => (await api.get<StoreSettings>('store/settings')).primary_color.toUpperCase()).toBe('#7C3AED');

    // Store settings: the homepage layout.
    await page.getByTestId('store-tab-store-settings').click();
    await page.getByTestId('store-layout-services_only').click();
    await page.getByTestId('store-booking-save').click();
    await expect.poll(async () => (await api.get<StoreSettings>('store/settings')).layout).toBe('services_only');

    // A custom page, created and listed, then deleted.
    await page.getByTestId('store-section-customPages').click();
    await expect(page).toHaveURL(/\/store\/custom-pages$/);
    await page.getByTestId('pages-add').click();
    const slug = `e2e-${Date.now().toString().slice(-6)}`;
    await page.getByTestId('page-title').fill('سياسة الحجز');
    await page.getByTestId('page-slug').fill(slug);
    await page.getByTestId('page-body').fill('يمكن إلغاء الحجز قبل الموعد بيوم.');
    await page.getByTestId('page-save').click();
    await expect(page).toHaveURL(/\/store\/custom-pages$/);
    const row = page.getByTestId('pages-list').locator('[data-testid^="page-row-"]', { hasText: slug });
    await expect(row).toContainText('سياسة الحجز');
    await expect(row).toContainText('محتوى');
    await row.locator('[data-testid^="page-delete-"]').click();
    await page.getByTestId('confirm-ok').click();
    await expect(row).toBeHidden();
  } finally {
    await api.post('store/settings/appearance', { primary_color: before.primary_color, secondary_color: before.secondary_color, background_color: before.background_color });
    await api.post('store/settings/booking', {
      layout: before.layout,
      approve_bookings: before.approve_bookings,
      change_notice_hours: before.change_notice_hours,
      allow_reschedule: before.allow_reschedule,
      allow_cancel: before.allow_cancel,
      require_phone_otp: before.require_phone_otp,
      show_prices: before.show_prices,
      booking_window_days: before.booking_window_days,
      waitlist_enabled: before.waitlist_enabled,
    });
  }
});
