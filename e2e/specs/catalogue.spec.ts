import type { Page } from '@playwright/test';
import { encodePng } from '../../apps/api/src/lib/png';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/session';

/** A 1×1 PNG for the product image upload. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * A 1200×1000 PNG of noise, about 3.6 MB: a phone-sized photo over the 2 MB product-image limit
 * (noise — a 32-bit LCG — does not compress, so its size is the pixels'; it keeps the browser's redraw honest).
 */
function bigNoisePng(width = 1200, height = 1000): Buffer {
  const rgb = new Uint8Array(width * height * 3);
  let seed = 20261125;
  for (let i = 0; i < rgb.length; i += 1) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    rgb[i] = seed >>> 24;
  }
  return encodePng(width, height, rgb);
}

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

/** Opens a Mantine select and picks an option by its text (or its position). */
async function choose(page: Page, testId: string, option: string | number) {
  await page.getByTestId(testId).click();
  const listbox = page.getByRole('listbox');
  if (typeof option === 'number') await listbox.getByRole('option').nth(option).click();
  else await listbox.getByRole('option', { name: option, exact: true }).click();
}

test('the owner creates a category, a service with a buffer time assigned to a provider, and a product with two options and their combinations', async ({ page }) => {
  const tag = String(Date.now()).slice(-5);
  const category = `العناية بالبشرة ${tag}`;
  const service = `تنظيف البشرة العميق ${tag}`;
  const product = `قميص قطني ${tag}`;
  await signIn(page);

  // A category named only in Arabic: its slug is made from the name, nothing more to type.
  await page.goto('/management/categories');
  await page.getByTestId('category-add').click();
  await page.getByTestId('category-name').fill(category);
  await page.getByTestId('category-save').click();
  await expect(toast(page, 'تمت الإضافة بنجاح')).toBeVisible();
  await expect(page.getByTestId(`category-row-${category}`)).toBeVisible();
  // Keyboard reorder: the new (last) category moves up one place.
  await page.getByTestId(`category-up-${category}`).click();
  await expect(toast(page, 'تم حفظ الترتيب')).toBeVisible();

  // A service with a buffer time, in that category.
  await page.goto('/management/services');
  await page.getByTestId('service-add').click();
  await expect(page).toHaveURL(/\/management\/services\/new$/);
  await page.getByTestId('service-name').fill(service);
  await choose(page, 'service-category', category);
  await page.getByTestId('service-price').fill('180');
  await choose(page, 'service-duration', 3); // 1 h
  await choose(page, 'service-buffer', 2); // 10 minutes
  // A deposit above the price is refused under its field.
  await page.getByTestId('service-deposit-enabled').click();
  await page.getByTestId('service-deposit').fill('200');
  await page.getByTestId('service-save').click();
  await expect(page.getByText('العربون لا يزيد عن سعر الخدمة')).toBeVisible();
  await page.getByTestId('service-deposit').fill('50');
  // Its providers are chosen on the same form: every one is ticked; keep only سارة.
  const chosen = page.getByTestId('service-new-providers');
  await expect(chosen.getByTestId('new-service-provider-ريم الشهري')).toBeChecked();
  for (const box of await chosen.getByRole('checkbox').all()) await box.uncheck();
  await chosen.getByTestId('new-service-provider-سارة القحطاني').check();
  await page.getByTestId('service-save').click();
  await expect(toast(page, 'تمت الإضافة بنجاح')).toBeVisible();
  await expect(page).toHaveURL(/\/management\/services\/[0-9a-f-]{36}$/);

  // Created with سارة only; then given to ريم instead, from the providers card.
  const card = page.getByTestId('service-providers');
  await expect(card.getByTestId('provider-state-سارة القحطاني')).toHaveText('معيّن');
  await expect(card.getByTestId('provider-state-ريم الشهري')).toHaveText('غير معيّن');
  await card.getByTestId('provider-assign-سارة القحطاني').click();
  await card.getByTestId('provider-assign-ريم الشهري').click();
  await expect(card.getByTestId('provider-state-ريم الشهري')).toHaveText('معيّن');
  await page.getByTestId('service-providers-save').click();
  await expect(toast(page, 'تم تحديث تعيين مقدمي الخدمة')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('service-providers').getByTestId('provider-state-ريم الشهري')).toHaveText('معيّن');
  await expect(page.getByTestId('service-providers').getByTestId('provider-state-سارة القحطاني')).toHaveText('غير معيّن');

  // It is listed with its buffer time and one provider.
  await page.goto('/management/services');
  await page.getByTestId('services-search').fill(tag);
  const row = page.getByTestId(`service-row-${service}`);
  await expect(row).toContainText(category);
  await expect(row).toContainText('10');

  // A product with an image, two options and their four combinations.
  await page.goto('/management/product/new');
  await page.getByTestId('product-name').fill(product);
  await page.getByTestId('product-price').fill('75');
  await page.getByTestId('product-stock').fill('20');
  await page.getByTestId('product-save').click();
  await expect(toast(page, 'تمت الإضافة بنجاح')).toBeVisible();
  await expect(page).toHaveURL(/\/management\/product\/[0-9a-f-]{36}$/);

  await page.getByTestId('product-images').locator('input[type="file"]').setInputFiles({ name: 'shirt.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('product-image-main')).toBeVisible();
  // A photo over the 2 MB limit is made smaller in the browser and uploads, instead of being refused.
  const photo = bigNoisePng();
  expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
  await page.getByTestId('product-images').locator('input[type="file"]').setInputFiles({ name: 'phone-photo.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByTestId('product-image')).toHaveCount(1);
  await expect(page.getByTestId('product-images-error')).toHaveCount(0);

  await page.getByTestId('option-add').click();
  await page.getByTestId('option-name-0').fill('المقاس');
  const sizes = page.getByTestId('option-values-0');
  for (const v of ['S', 'M']) {
    await sizes.fill(v);
    await sizes.press('Enter');
  }
  await page.getByTestId('option-add').click();
  await page.getByTestId('option-name-1').fill('اللون');
  const colours = page.getByTestId('option-values-1');
  for (const v of ['أحمر', 'أزرق']) {
    await colours.fill(v);
    await colours.press('Enter');
  }
  const grid = page.getByTestId('combinations-grid');
  await expect(grid.locator('tbody tr')).toHaveCount(4);
  await expect(page.getByTestId('combination-M / أزرق')).toBeVisible();
  await page.getByTestId('combination-stock-0').fill('3');
  await page.getByTestId('combination-stock-3').fill('7');
  await page.getByTestId('variants-save').click();
  await expect(toast(page, 'تم التحديث بنجاح')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('combinations-grid').locator('tbody tr')).toHaveCount(4);
  await expect(page.getByTestId('combination-stock-3')).toHaveValue('7');
  await expect(page.getByTestId('product-image-main')).toBeVisible();
});
