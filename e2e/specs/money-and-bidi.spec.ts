import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { apiAs, signIn } from '../support/session';

/**
 * Amounts, names and the shell at a desktop and a phone width in both languages: every amount is one
 * unbroken line inside its card (no "SAR 100.0 / 0", no "ر." / "س."), the English greeting keeps its
 * comma after "Hello", and the order page puts the amount due first on a phone. The screenshots are
 * attached to the report for a look.
 */
const WIDTHS = [1440, 360] as const;

/** Every amount on screen that wraps, or sticks out of the card it sits in. */
async function brokenAmounts(page: Page): Promise<string[]> {
  return page.locator('.money').evaluateAll((els) =>
    els.flatMap((el) => {
      const box = el.getBoundingClientRect();
      // Not laid out, or only for screen readers (the chart's table).
      if (box.width === 0 || el.closest('.mantine-VisuallyHidden-root')) return [];
      // An Arabic amount is several boxes (its number and its symbol run in opposite directions),
      // all on one line: wrapped means boxes on different lines.
      const tops = Array.from(el.getClientRects(), (r) => r.top);
      const fontSize = Number.parseFloat(getComputedStyle(el).fontSize);
      const wrapped = Math.max(...tops) - Math.min(...tops) > fontSize / 2;
      const card = el.closest('.mantine-Card-root');
      const outer = card?.getBoundingClientRect();
      const sticksOut = outer ? box.left < outer.left - 1 || box.right > outer.right + 1 : false;
      return wrapped || sticksOut ? [`${el.textContent} (${wrapped ? 'wrapped' : 'outside its card'})`] : [];
    }),
  );
}

for (const locale of ['ar', 'en'] as const) {
  for (const width of WIDTHS) {
    test(`the dashboard keeps amounts whole and names in place at ${width}px in ${locale}`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((l) => window.localStorage.setItem('selected-locale', l), locale);
      await signIn(page);
      await expect(page.getByTestId('stat-sales-today').locator('.money')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await brokenAmounts(page)).toEqual([]);
      const greeting = page.getByTestId('dashboard-greeting');
      // The name is isolated: "Hello, <name>" in English, "مرحبًا، <name>" in Arabic.
      await expect(greeting.locator('bdi')).toHaveCount(1);
      await expect(greeting).toHaveText(new RegExp(locale === 'en' ? '^Hello, ' : '^مرحبًا، '));
      await testInfo.attach(`dashboard-${locale}-${width}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
    });
  }

  test(`the order page shows the amount due first on a phone, and amounts whole, in ${locale}`, async ({ page, request }, testInfo) => {
    await page.addInitScript((l) => window.localStorage.setItem('selected-locale', l), locale);
    await signIn(page);
    const api = await apiAs(page, request);
    const product = await api.post<{ uuid: string }>('products', { name: `Money check ${Date.now()}`, price: 1234567, stock: 5 });
    const order = await api.post<{ id: string }>('orders', { customer_id: null, items: [{ type: 'product', product_id: product.uuid, quantity: 3 }] });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/orders/${order.id}`);
      await expect(page.getByTestId('order-remaining').locator('.money')).toBeVisible();
      expect(await brokenAmounts(page)).toEqual([]);
      const due = await page.getByTestId('order-totals').boundingBox();
      const items = await page.getByText(locale === 'ar' ? 'العناصر' : 'Items', { exact: true }).first().boundingBox();
      if (width === 360) expect(due!.y).toBeLessThan(items!.y);
      await testInfo.attach(`order-${locale}-${width}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
    }
  });
}
