import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { asOperator, newBusiness, signIn } from '../support/session';

/**
 * The trial's end, in the browser, on a real business: the platform operator ends the trial of a
 * business signed up for the test (`operator/subscriptions/{id}/trial`), and the business meets the
 * 402 lock, the plans, and the one-time extension. The API side (402s, extend once, races) is tested
 * against the database in apps/api/src/modules/subscription/subscription.test.ts.
 */

async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

test('the demo business holds a real plan: Business, yearly, with its end date', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('sidebar-plans')).toHaveAttribute('href', '/settings/subscriptions/current-plan');
  await page.getByTestId('sidebar-plans').click();
  await expect(page.getByTestId('subscription-active')).toBeVisible();
  await expect(page.getByTestId('subscription-plan')).toContainText('الأعمال');
  await expect(page.getByTestId('subscription-cycle')).toContainText('سنوي');
  await expect(page.getByTestId('subscription-ends')).not.toContainText('بلا تاريخ انتهاء');
});

test('an ended trial leads to the plans, which offer the extension; extending reloads onto the unlocked business', async ({ page, request }) => {
  const biz = await newBusiness(request);
  await (await asOperator(request)).post(`operator/subscriptions/${biz.tenantId}/trial`, { days: 0 });
  await signInAs(page, biz.email, biz.password);

  // The dashboard's calls answer 402: one toast, then the plans page, and it stays there.
  await expect(page).toHaveURL(/\/settings\/subscriptions\/plans$/);
  await expect(page.getByTestId('trial-ended')).toContainText('انتهت فترتك التجريبية المجانية');
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(1);
  await page.waitForTimeout(1_500);
  await expect(page).toHaveURL(/\/settings\/subscriptions\/plans$/);
  await expect(page.getByTestId('sidebar-plans')).toHaveAttribute('href', '/settings/subscriptions/plans');

  // The profile stays reachable, with the banner offering the extension.
  await page.goto('/profile');
  await expect(page.getByTestId('trial-ended-banner')).toBeVisible();
  await expect(page.getByTestId('trial-ended-banner').getByTestId('extend-trial')).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(page).toHaveURL(/\/profile$/);

  // Extending: the success toast, then the page reloads after 3 seconds onto the unlocked business.
  await page.goto('/settings/subscriptions/plans');
  await page.getByTestId('extend-trial').click();
  await expect(page.getByText('تم تمديد الفترة التجريبية 7 أيام')).toBeVisible();
  const clicked = Date.now();
  await page.waitForEvent('load', { timeout: 10_000 });
  expect(Date.now() - clicked).toBeGreaterThanOrEqual(2_000);
  await page.goto('/settings/subscriptions');
  await expect(page.getByTestId('subscription-status')).toHaveAttribute('data-status', 'extended');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the plans page with an ended trial fits a 360 px phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const biz = await newBusiness(request);
  await (await asOperator(request)).post(`operator/subscriptions/${biz.tenantId}/trial`, { days: 0 });
  await signInAs(page, biz.email, biz.password);
  await expect(page).toHaveURL(/\/settings\/subscriptions\/plans$/);
  await expect(page.getByTestId('extend-trial')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
