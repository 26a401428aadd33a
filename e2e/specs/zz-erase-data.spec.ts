// Named to run last (one worker, files in name order): it wipes the demo catalogue the other specs use.
import { expect, test } from '../support/fixtures';

const OWNER = { email: 'owner@demo.khidma.test', password: 'Demo@12345' };

test('the owner erases the catalogue with the password, after confirming; accounts and branches stay', async ({ page }) => {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(OWNER.email);
  await page.locator('input[name="password"]').fill(OWNER.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('stat-services')).not.toContainText(/^\D*0\D*$/);

  await page.goto('/settings/erase-data');
  const submit = page.getByTestId('erase-submit');
  await expect(submit).toBeDisabled();
  await page.getByTestId('erase-understand').check();

  // A wrong password is refused under the field, and nothing is deleted.
  await page.getByTestId('erase-password').fill('Wrong#Password1');
  await submit.click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('كلمة المرور غير صحيحة')).toBeVisible();

  await page.getByTestId('erase-password').fill(OWNER.password);
  await submit.click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('تم حذف بيانات النشاط')).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-services')).toContainText('0');
  await expect(page.getByTestId('stat-providers')).toContainText('0');
  await expect(page.getByTestId('stat-branches')).not.toContainText(/^\D*0\D*$/);
});
