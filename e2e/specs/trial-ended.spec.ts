import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/session';

/**
 * The trial dead end, in the browser. The e2e server has no way to move a business's trial into
 * the past (and gets none: no test-only route), so the ended state is made in the browser: every API
 * call but the account's own session and profile answers 402 as the server does then, and `auth/me`
 * and `GET subscription` describe an ended trial. The API side (402s, extend once, races, the demo's
 * plan) is tested against the database in apps/api/src/modules/subscription/subscription.test.ts.
 */

const ENDED = {
  state: 'trial_ended',
  ended: true,
  trial_ends_at: new Date(Date.now() - 86_400_000).toISOString(),
  trial_days_left: 0,
  trial_extendable: true,
  trial_extended_at: null,
  status: null,
  plan: null,
  start_at: null,
  ends_at: null,
  show_renew_message: false,
};

/** Calls that answer while the subscription has ended (the API declares `subscription: false`). */
const STILL_OPEN = /\/api\/v1\/(auth\/|update-|csrf-cookie|subscription)/;

/** Makes the signed-in business look like its trial ended a day ago; returns the 402s answered and the extension calls. */
async function endTrialInBrowser(page: Page) {
  const seen = { refused: 0, extended: 0 };
  await page.route('**/api/v1/**', async (route: Route) => {
    const url = new URL(route.request().url());
    const path = url.pathname;
    if (path === '/api/v1/auth/me') {
      const res = await route.fetch();
      const body = (await res.json()) as { data: { tenant: Record<string, unknown> } };
      Object.assign(body.data.tenant, { onTrial: false, trial_days_left: 0, trial_extendable: true, subscription: null, trail_ends_at: ENDED.trial_ends_at });
      return route.fulfill({ response: res, json: body });
    }
    if (path === '/api/v1/subscription') return route.fulfill({ json: { data: ENDED } });
    if (path === '/api/v1/subscription/extend-trail') {
      seen.extended++;
      return route.fulfill({ json: { message: 'تم تمديد الفترة التجريبية 7 أيام', data: { ...ENDED, state: 'on_trial', ended: false, trial_days_left: 7, trial_extendable: false } } });
    }
    if (STILL_OPEN.test(path)) return route.fallback();
    seen.refused++;
    return route.fulfill({ status: 402, json: { message: 'انتهى اشتراكك، اختر خطة للمتابعة', code: 'expired' } });
  });
  return seen;
}

test('the demo business has an active plan without an end', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('sidebar-plans')).toHaveAttribute('href', '/settings/subscriptions/current-plan');
  await page.getByTestId('sidebar-plans').click();
  await expect(page.getByTestId('subscription-active')).toBeVisible();
  await expect(page.getByTestId('subscription-plan')).toHaveText('تجريبية للعرض');
  await expect(page.getByTestId('subscription-ends')).toHaveText('بلا تاريخ انتهاء');
});

test('an ended trial leads to the subscription page, which offers the extension and reloads after it', async ({ page }) => {
  await signIn(page);
  const seen = await endTrialInBrowser(page);

  // The dashboard's calls answer 402: one toast, then the plans page, and it stays there.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/settings\/subscriptions\/plans$/);
  await expect(page.getByTestId('trial-ended')).toContainText('انتهت فترتك التجريبية المجانية');
  expect(seen.refused).toBeGreaterThan(0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(1);
  await page.waitForTimeout(1_500);
  await expect(page).toHaveURL(/\/settings\/subscriptions\/plans$/);
  await expect(page.getByTestId('sidebar-plans')).toHaveAttribute('href', '/settings/subscriptions/plans');
  // The banner is left to the page here.
  await expect(page.getByTestId('trial-ended-banner')).toHaveCount(0);

  // The profile stays reachable, with the banner offering the extension.
  await page.goto('/profile');
  await expect(page.getByTestId('trial-ended-banner')).toBeVisible();
  await expect(page.getByTestId('trial-ended-banner').getByTestId('extend-trial')).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(page).toHaveURL(/\/profile$/);

  // Extending: the success toast, then the page reloads after 3 seconds onto the unlocked business.
  await page.goto('/settings/subscriptions');
  await page.getByTestId('extend-trial').click();
  await expect(page.getByText('تم تمديد الفترة التجريبية 7 أيام')).toBeVisible();
  await expect(page.getByTestId('trial-extended')).toBeVisible();
  const clicked = Date.now();
  await page.unroute('**/api/v1/**');
  await page.waitForEvent('load', { timeout: 10_000 });
  expect(Date.now() - clicked).toBeGreaterThanOrEqual(2_000);
  expect(seen.extended).toBe(1);
  await expect(page).toHaveURL(/\/settings\/subscriptions$/);
  await expect(page.getByTestId('subscription-active')).toBeVisible();
});

test('the subscription page fits a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page);
  await endTrialInBrowser(page);
  await page.goto('/settings/subscriptions/plans');
  await expect(page.getByTestId('extend-trial')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
