import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { OPERATOR } from '../support/session';

const OWNER = { email: 'owner@demo.khidma.test', name: 'نورة العتيبي' };

const PASSWORD = 'Demo@12345';

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The success toast (Mantine notification) with the server's message. */
const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test('the owner adds a branch with working hours, switches to it, and installs and uninstalls a plugin', async ({ page }) => {
  const branchName = `فرع جدة ${String(Date.now()).slice(-5)}`;
  await signIn(page, OWNER.email);

  await page.goto('/settings/branches');
  await expect(page.getByTestId('branch-main-badge')).toBeVisible();
  await page.getByTestId('branch-add').click();
  await expect(page).toHaveURL(/\/settings\/branches\/new$/);

  await page.getByTestId('branch-name').fill(branchName);
  await page.getByTestId('branch-type').getByText('خدمة منزلية').click();
  await page.getByTestId('branch-address').fill('طريق الأمير سلطان، جدة');
  await page.getByTestId('branch-lat').fill('21.5433');
  await page.getByTestId('branch-lng').fill('39.1728');
  // Sunday: a split shift; a range ending where it starts is refused under the day.
  await page.getByTestId('hours-0-0-to').fill('13:00');
  await page.getByTestId('hours-0-add').click();
  await page.getByTestId('hours-0-1-from').fill('16:00');
  await page.getByTestId('hours-0-1-to').fill('16:00');
  await page.getByTestId('branch-save').click();
  await expect(page.getByTestId('hours-error-0')).toHaveText('الفترة لا يمكن أن تنتهي عند بدايتها (00:00–00:00 تعني اليوم كله)');
  await page.getByTestId('hours-0-1-to').fill('22:00');
  // Friday: a night shift, 14:00 to 02:00 the next day; Thursday closed.
  await page.getByTestId('hours-open-5').click();
  await page.getByTestId('hours-5-0-from').fill('14:00');
  await page.getByTestId('hours-5-0-to').fill('02:00');
  await expect(page.getByTestId('hours-5-0-next-day')).toHaveText('ينتهي في اليوم التالي');
  await page.getByTestId('hours-open-4').click();
  await page.getByTestId('branch-save').click();

  await expect(page).toHaveURL(/\/settings\/branches$/);
  await expect(toast(page, 'تمت الإضافة بنجاح')).toBeVisible();
  const row = page.locator('[data-testid^="branch-row-"]').filter({ hasText: branchName });
  await expect(row).toContainText('خدمة منزلية');

  // The saved hours come back as entered.
  await row.getByRole('link', { name: branchName }).click();
  await expect(page.getByTestId('branch-name')).toHaveValue(branchName);
  await expect(page.getByTestId('hours-0-1-from')).toHaveValue('16:00');
  await expect(page.getByTestId('hours-0-1-to')).toHaveValue('22:00');
  await expect(page.getByTestId('hours-5-0-to')).toHaveValue('02:00');
  await expect(page.getByTestId('hours-day-4')).toContainText('مغلق');

  // Two branches now: the top bar switches to the new one.
  await page.goto('/dashboard');
  const branchSwitch = page.getByTestId('branch-switch');
  await expect(branchSwitch).toHaveValue('كل الفروع');
  await branchSwitch.click();
  await page.getByRole('option', { name: branchName }).click();
  await expect(toast(page, 'تم تغيير الفرع')).toBeVisible();
  await expect(branchSwitch).toHaveValue(branchName);
  await page.reload();
  await expect(page.getByTestId('branch-switch')).toHaveValue(branchName);
  // Back to every branch: later specs expect the unscoped lists.
  await page.getByTestId('branch-switch').click();
  await page.getByRole('option', { name: 'كل الفروع' }).click();
  await expect(page.getByTestId('branch-switch')).toHaveValue('كل الفروع');

  // Plugins: install, then uninstall after the confirmation.
  await page.goto('/settings/plugins');
  await page.getByTestId('plugin-install-packages').click();
  await expect(toast(page, 'تم تثبيت الإضافة')).toBeVisible();
  await expect(page.getByTestId('plugin-status-packages')).toHaveText('مثبّتة');
  await page.getByTestId('plugin-uninstall-packages').click();
  await page.getByTestId('confirm-ok').click();
  await expect(toast(page, 'تم إلغاء تثبيت الإضافة')).toBeVisible();
  await expect(page.getByTestId('plugin-install-packages')).toBeVisible();
  await expect(page.getByTestId('plugin-status-packages')).toHaveText('غير مثبّتة');
});

test('support staff sign in as the owner with a reason, see the banner, and end it', async ({ page }) => {
  await signIn(page, OPERATOR.email, OPERATOR.password);
  await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);

  await page.getByTestId('profile-menu').click();
  await page.getByTestId('impersonate-open').click();
  // Both fields are required.
  await page.getByTestId('impersonate-submit').click();
  await expect(page.getByText('هذا الحقل مطلوب')).toHaveCount(2);
  await page.getByTestId('impersonate-email').fill(OWNER.email);
  await page.getByTestId('impersonate-reason').fill('طلب دعم رقم 1042: مراجعة إعدادات الفروع');
  await page.getByTestId('impersonate-submit').click();

  await expect(page).toHaveURL(/\/dashboard$/);
  const banner = page.getByTestId('impersonation-banner');
  await expect(banner).toContainText(OWNER.name);
  await expect(banner).toContainText(OWNER.email);
  await expect(page.getByTestId('dashboard-greeting')).toContainText(OWNER.name);
  // Inside an impersonation the menu offers the way back, not a second impersonation.
  await page.getByTestId('profile-menu').click();
  await expect(page.getByTestId('impersonate-open')).toHaveCount(0);
  await expect(page.getByTestId('impersonation-end-menu')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByTestId('impersonation-end').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-greeting')).toContainText('فريق الدعم');
  await page.getByTestId('profile-menu').click();
  await expect(page.getByTestId('impersonate-open')).toBeVisible();
});
