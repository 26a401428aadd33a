import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/session';


/** Picks an option of a searchable Mantine select by typing part of it. */
async function choose(page: Page, testId: string, typed: string, option: RegExp | string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

async function saveGeneral(page: Page, currency: string, clock: RegExp) {
  await page.goto('/settings/general');
  await expect(page.getByTestId('general-settings-form')).toBeVisible();
  await choose(page, 'general-currency', currency, new RegExp(`^${currency}`));
  await page.getByTestId('general-time-format').getByText(clock).click();
  await page.getByTestId('general-save').click();
  await expect(page.getByText('تم حفظ الإعدادات')).toBeVisible();
}

test('general settings drive money formatting; taxes; an expense type in use cannot be deleted', async ({ page }) => {
  await signIn(page);

  // Kuwaiti dinars (3 decimals) and the 24-hour clock.
  await saveGeneral(page, 'KWD', /24/);

  // A tax.
  await page.goto('/settings/taxes');
  await page.getByTestId('taxes-add').click();
  await page.getByTestId('tax-name').fill('رسوم البلدية');
  await page.getByTestId('tax-rate').fill('5');
  await page.getByTestId('tax-save').click();
  await expect(page.getByText('تمت الإضافة بنجاح')).toBeVisible();
  await expect(page.getByTestId('taxes-table').getByRole('row', { name: /رسوم البلدية/ })).toContainText('5%');

  // An expense type and an expense of 1.250 KWD.
  await page.goto('/management/expense-types');
  await page.getByTestId('expense-types-add').click();
  await page.getByTestId('expense-type-name').fill('إيجار المحل');
  await page.getByTestId('expense-type-save').click();
  await expect(page.getByTestId('expense-types-table')).toContainText('إيجار المحل');

  await page.goto('/management/expenses');
  await page.getByTestId('expenses-add').click();
  await choose(page, 'expense-type', 'إيجار', 'إيجار المحل');
  await page.getByTestId('expense-amount-input').fill('1.250');
  await page.getByTestId('expense-note').fill('إيجار شهر مارس');
  await page.getByTestId('expense-save').click();
  await expect(page.getByText('تمت الإضافة بنجاح')).toBeVisible();
  await expect(page.getByTestId('expense-amount').first()).toContainText('1.250');

  // The type is used: deleting it is refused with the spec's message, and it stays.
  await page.goto('/management/expense-types');
  const row = page.getByTestId('expense-types-table').getByRole('row', { name: /إيجار المحل/ });
  await row.getByRole('button', { name: 'حذف' }).click();
  await expect(page.getByText('مستخدم في 1 مصروف')).toBeVisible();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('لا يمكن الحذف (مستخدم في المصروفات)')).toBeVisible();
  await expect(page.getByTestId('expense-types-table')).toContainText('إيجار المحل');

  // Back to Saudi riyals and the 12-hour clock: the same 1250 minor units show with 2 decimals.
  await saveGeneral(page, 'SAR', /12/);
  await page.goto('/management/expenses');
  await expect(page.getByTestId('expense-amount').first()).toContainText('12.50');
});
