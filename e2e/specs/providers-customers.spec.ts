import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/session';


/** The success toast (Mantine notification) with the server's message. */
const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

test('the owner adds a provider with split hours and a day off, then assigns a service', async ({ page }) => {
  const name = `سلمى الحربي ${String(Date.now()).slice(-5)}`;
  await signIn(page);

  // The sidebar's management entry opens the staff list.
  await page.getByRole('link', { name: 'الإدارة' }).first().click();
  await expect(page).toHaveURL(/\/management\/staffs$/);
  await page.getByTestId('provider-add').click();
  const drawer = page.getByTestId('provider-drawer');
  await drawer.getByTestId('provider-name').fill(name);
  await drawer.getByTestId('provider-label').fill('مصففة أولى');
  // Sunday: a split shift; an overlap is refused under the day.
  await drawer.getByTestId('hours-0-0-to').fill('13:00');
  await drawer.getByTestId('hours-0-add').click();
  await drawer.getByTestId('hours-0-1-from').fill('12:00');
  await drawer.getByTestId('hours-0-1-to').fill('22:00');
  await drawer.getByTestId('provider-save').click();
  await expect(drawer.getByTestId('hours-error-0')).toHaveText('الفترات متداخلة');
  await drawer.getByTestId('hours-0-1-from').fill('16:00');
  await drawer.getByTestId('provider-save').click();
  await expect(toast(page, 'تمت الإضافة بنجاح')).toBeVisible();

  // Saved without services: the list hints to assign services first.
  await expect(page.getByTestId(`provider-no-services-${name}`)).toBeVisible();
  await expect(page.getByTestId('providers-no-services-hint')).toBeVisible();

  // The drawer stays on the new provider: add a day off (the end before the start is refused first).
  await expect(drawer.getByTestId('time-off')).toBeVisible();
  await drawer.getByTestId('time-off-start').fill('2030-03-12');
  await drawer.getByTestId('time-off-end').fill('2030-03-10');
  // Leave the field as a person does before pressing Add: its open calendar closes, and the button
  // stops moving under the pointer (a press that lands after the layout settles otherwise misses it).
  await drawer.getByTestId('time-off-end').blur();
  await drawer.getByTestId('time-off-add').click();
  await expect(drawer.getByText('تاريخ النهاية يجب ألا يسبق تاريخ البداية')).toBeVisible();
  await drawer.getByTestId('time-off-end').fill('2030-03-12');
  await drawer.getByTestId('time-off-note').fill('إجازة عائلية');
  await drawer.getByTestId('time-off-note').blur();
  await drawer.getByTestId('time-off-add').click();
  await expect(drawer.getByTestId('time-off-row')).toHaveCount(1);
  await expect(drawer.getByTestId('time-off-row')).toContainText('إجازة عائلية');

  // Assign a service of the demo catalogue and save.
  await drawer.getByTestId('provider-services').click();
  await page.getByRole('option').first().click();
  await drawer.getByTestId('provider-save').click();
  await expect(toast(page, 'تم التحديث بنجاح')).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId(`provider-no-services-${name}`)).toHaveCount(0);

  // The saved hours and day off come back as entered.
  await page.getByTestId(`provider-edit-${name}`).click();
  await expect(drawer.getByTestId('hours-0-1-from')).toHaveValue('16:00');
  await expect(drawer.getByTestId('hours-0-1-to')).toHaveValue('22:00');
  await expect(drawer.getByTestId('hours-day-5')).toContainText('مغلق');
  await expect(drawer.getByTestId('time-off-row')).toHaveCount(1);
});

test('the owner adds a customer, finds them from the top bar, adds a note and blocks them', async ({ page }) => {
  const suffix = String(Date.now()).slice(-6);
  const firstName = `ريم${suffix}`;
  await signIn(page);

  await page.goto('/management/customers');
  await page.getByTestId('customer-add').click();
  const modal = page.getByTestId('customer-modal');
  // Names are required; a bad number is refused under the field.
  await modal.getByTestId('customer-save').click();
  await expect(modal.getByText('هذا الحقل مطلوب').first()).toBeVisible();
  await modal.getByTestId('customer-first-name').fill(firstName);
  await modal.getByTestId('customer-last-name').fill('القحطاني');
  await modal.getByTestId('customer-phone').fill('12345');
  await modal.getByTestId('customer-save').click();
  await expect(modal.getByText('رقم الجوال غير صالح')).toBeVisible();
  await modal.getByTestId('customer-phone').fill(`05${suffix.padStart(8, '0')}`);
  await modal.getByTestId('customer-email').fill(`reem${suffix}@example.com`);
  await modal.getByTestId('customer-save').click();
  await expect(toast(page, 'تمت الإضافة بنجاح')).toBeVisible();
  await expect(page).toHaveURL(/\/management\/customers\/[0-9a-f-]{36}$/);
  const customerUrl = page.url();
  await expect(page.getByTestId('customer-title')).toHaveText(`${firstName} القحطاني`);

  // The top bar's search finds the customer from 3 characters and opens the page.
  await page.goto('/dashboard');
  await page.getByTestId('customer-search').fill(suffix);
  const option = page.getByTestId('customer-search-option').filter({ hasText: firstName });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(customerUrl);

  // A note.
  await page.getByTestId('tab-notes').click();
  await page.getByTestId('note-body').fill('تفضّل المواعيد المسائية');
  await page.getByTestId('note-save').click();
  await expect(toast(page, 'تمت الإضافة بنجاح')).toBeVisible();
  await expect(page.getByTestId('note-row')).toContainText('تفضّل المواعيد المسائية');

  // A new customer has no bookings yet (the tab's empty state).
  await page.getByTestId('tab-bookings').click();
  await expect(page.getByText('لا توجد حجوزات بعد')).toBeVisible();

  // Block, after a confirmation.
  await page.getByTestId('customer-block').click();
  await page.getByTestId('confirm-ok').click();
  await expect(toast(page, 'تم حظر العميل')).toBeVisible();
  await expect(page.getByTestId('customer-blocked-badge')).toBeVisible();

  // The list filters blocked customers on the server.
  await page.goto('/management/customers');
  await page.getByTestId('customers-search').fill(firstName);
  await expect(page.getByTestId(`customer-row-${firstName}`)).toContainText('محظور');
});
