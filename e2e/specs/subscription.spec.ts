import { expect, test } from '../support/fixtures';
import { asOperator, newBusiness, signIn } from '../support/session';

/**
 * Issue 17 in Chromium: a business whose trial ended is sent to the plans, subscribes yearly by card
 * on the local payment simulator and lands back on its dashboard with the plan active and the
 * platform's invoice listed; the plans page reads in Arabic and English on a 360 px phone.
 */

test('a business whose trial ended subscribes yearly by card and is back on its dashboard', async ({ page, request }) => {
  const biz = await newBusiness(request);
  // The operator ends its trial (the support side of the product).
  await (await asOperator(request)).post(`operator/subscriptions/${biz.tenantId}/trial`, { days: 0 });

  await page.goto('/login');
  await page.locator('input[name="email"]').fill(biz.email);
  await page.locator('input[name="password"]').fill(biz.password);
  await page.locator('button[type="submit"]').click();
  // Every business page answers 402: the app goes to the plans.
  await expect(page).toHaveURL(/\/settings\/subscriptions\/plans$/);

  // Yearly: the Professional plan's yearly price, 10% less than twelve months.
  await page.getByTestId('cycle-switch').getByText('سنوي').click();
  await expect(page.getByTestId('plan-price-pro')).toContainText('2,149.20');
  await page.getByTestId('plan-subscribe-pro').click();
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  // The summary: the price, VAT 15%, the total.
  await expect(modal.getByTestId('checkout-summary')).toContainText('2,471.58');
  await modal.getByTestId('checkout-submit').click();

  // The gateway's page (the simulator): pay.
  await expect(page).toHaveURL(/\/subscription-checkout\//);
  await expect(page.getByTestId('simulator-charge')).toContainText('2,471.58');
  await page.getByTestId('simulator-pay').click();

  await expect(page).toHaveURL(/\/payment-success\?/);
  await expect(page.getByTestId('subscription-result-title')).toContainText('باقتك مفعّلة');
  await page.getByTestId('result-dashboard').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);

  // The current plan and the platform's invoice.
  await page.goto('/settings/subscriptions/current-plan');
  await expect(page.getByTestId('subscription-status')).toHaveAttribute('data-status', 'active');
  await expect(page.getByTestId('subscription-plan')).toContainText('الاحترافية');
  await page.goto('/settings/subscriptions/invoices');
  await expect(page.getByTestId('subscription-invoice-row')).toHaveCount(1);
  await expect(page.getByTestId('subscription-invoice-row')).toContainText('2,471.58');
  // Signed by the platform's own e-invoicing unit (the seed connects it to the local ZATCA simulator):
  // its status, and the XML to download.
  await page.getByTestId('subscription-invoice-row').click();
  await expect(page.getByTestId('subscription-invoice-doc')).toContainText('2,471.58');
  await expect(page.getByTestId('subscription-invoice-zatca')).toHaveText(/بانتظار هيئة الزكاة|مُبلّغ عنها لهيئة الزكاة/);
  const download = page.waitForEvent('download');
  await page.getByTestId('subscription-invoice-xml').click();
  expect((await download).suggestedFilename()).toMatch(/^invoice-SUB-\d+\.xml$/);
});

for (const lang of ['ar', 'en'] as const) {
  test(`the plans page reads in ${lang} on a 360 px phone, without sideways scrolling`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.addInitScript((l) => window.localStorage.setItem('selected-locale', l), lang);
    await signIn(page);
    await page.goto('/settings/subscriptions/plans');
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('plan-card-basic')).toBeVisible();
    await expect(page.getByTestId('plan-card-business')).toContainText(lang === 'ar' ? 'الأعمال' : 'Business');
    // The demo is on Business: its card says so.
    await expect(page.getByTestId('plan-card-business').getByTestId('plan-current')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await testInfo.attach(`plans-${lang}-360`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  });
}
