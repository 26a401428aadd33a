import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { fromOutbox } from '../support/session';

/** A fresh Saudi mobile number and letters-only store name per run. */
function uniqueUser() {
  const digits = String(Date.now()).slice(-8);
  const letters = Array.from(digits, (d) => String.fromCharCode(97 + Number(d))).join('');
  return {
    name: 'عبدالله التجربة',
    email: `e2e-${digits}@example.com`,
    phone: `5${digits}`,
    password: 'Secret@1234',
    subdomain: `salon${letters}`.slice(0, 20),
  };
}

/** The sign-up code, as the platform operator reads it in the local outbox (the console shows it too). */
const readOtp = (request: APIRequestContext, phone: string) =>
  fromOutbox(request, phone, (messages) => messages.find((m) => m.channel === 'sms')?.body.match(/\b(\d{4})\b/)?.[1]);

async function expectDir(page: Page, dir: 'rtl' | 'ltr', lang: 'ar' | 'en') {
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

test('a new business signs up, verifies its phone, onboards and lands on the dashboard', async ({ page, request }) => {
  const user = uniqueUser();

  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expectDir(page, 'rtl', 'ar');

  await page.goto('/signup');
  await page.locator('input[name="name"]').fill(user.name);
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="phone"]').fill(user.phone);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('input[name="password_confirmation"]').fill(user.password);
  await page.locator('button[type="submit"]').click();

  await expect(page).toHaveURL(/\/verify-otp$/);
  const code = await readOtp(request, `+966${user.phone}`);
  for (let i = 0; i < 4; i++) await page.getByTestId(`otp-${i}`).fill(code[i] ?? '');

  await expect(page).toHaveURL(/\/onboarding\/update-info$/);
  await page.locator('input[name="activity_name"]').fill('صالون التجربة');
  await page.locator('input[name="store_name"]').fill('متجر التجربة');
  await page.locator('input[name="subdomain"]').fill(user.subdomain);
  await expect(page.getByTestId('subdomain-available')).toBeVisible();
  await page.locator('button[type="submit"]').click();

  await expect(page).toHaveURL(/\/onboarding\/update-profile$/);
  await page.getByTestId('industry-salon').click();
  await page.getByTestId('system-booking_management').click();
  await page.getByTestId('service-type-on_site').click();
  await page.locator('select[name="owner_role"]').selectOption('owner');
  await page.getByTestId('employees-1-5').click();
  await page.locator('button[type="submit"]').click();

  await expect(page).toHaveURL(/\/onboarding\/complete-profile$/);
  await page.getByTestId('day-0').click();
  await page.getByTestId('day-1').click();
  await page.locator('input[name="service.name"]').fill('قص شعر رجالي');
  await page.locator('input[name="service.price"]').fill('50');
  await page.locator('input[name="provider.name"]').fill('محمد الحلاق');
  await page.locator('button[type="submit"]').click();

  await expect(page).toHaveURL(/\/launch-profile$/);
  await page.getByTestId('launch').click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-greeting')).toContainText(user.name);
  await expectDir(page, 'rtl', 'ar');

  await page.getByTestId('lang-switch').click();
  await expectDir(page, 'ltr', 'en');
  await expect(page.getByTestId('dashboard-greeting')).toContainText(user.name);

  await page.getByTestId('profile-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the demo owner signs in and a wrong password shows the error under the field', async ({ page }) => {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill('owner@demo.khidma.test');
  await page.locator('input[name="password"]').fill('wrong-password');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByText('بيانات الدخول غير صحيحة')).toBeVisible();

  await page.locator('input[name="password"]').fill('Demo@12345');
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
});
