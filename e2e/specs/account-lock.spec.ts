import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { fromOutbox, linkIn } from '../support/session';

/** A business signed up through the API (its phone stays unverified: sign-in lands on the code screen). */
async function signUp(request: APIRequestContext) {
  const n = String(Date.now()).slice(-8);
  const account = { name: 'هند الاختبار', email: `lock-${n}@example.com`, phone: `5${n}`, phone_country: 'SA', password: 'Secret@1234', password_confirmation: 'Secret@1234' };
  await request.get('/api/v1/csrf-cookie');
  const xsrf = decodeURIComponent((await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const res = await request.post('/api/v1/auth/register', { data: account, headers: { 'x-xsrf-token': xsrf } });
  expect(res.status(), await res.text()).toBe(201);
  return { ...account, xsrf };
}

/** Someone who knows the e-mail and keeps guessing, from outside the owner's browser, until the account locks. */
async function guessUntilLocked(request: APIRequestContext, email: string, xsrf: string) {
  let code: string | undefined;
  for (let i = 0; i < 10; i++) {
    const res = await request.post('/api/v1/auth/login', { data: { email, password: `Guess#${i}xxxx` }, headers: { 'x-xsrf-token': xsrf } });
    expect(res.status()).toBe(422);
    code = ((await res.json()) as { code?: string }).code;
  }
  expect(code).toBe('account-locked');
}

async function signInWith(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

test('a locked-out owner unlocks the account from the e-mailed link and stays in however often it is locked again', async ({ page, request }) => {
  const owner = await signUp(request);
  await guessUntilLocked(request, owner.email, owner.xsrf);

  // The right password meets the lock, and the message says where the way out is.
  await signInWith(page, owner.email, owner.password);
  await expect(page.getByText('افتح رابط فتح الحساب المرسل إلى بريدك').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The e-mailed link lifts the lock and trusts this browser.
  const link = await fromOutbox(request, owner.email, linkIn('/unlock-account'));
  await page.goto(link);
  await expect(page.getByTestId('unlock-result')).toContainText('تم فتح حسابك');
  await page.getByTestId('unlock-sign-in').click();
  await signInWith(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/verify-otp$/);

  // The same link works once.
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(link);
  await expect(page.getByTestId('unlock-result')).toContainText('رابط فتح الحساب غير صالح');

  // Locked again from outside: this browser still signs in.
  await guessUntilLocked(request, owner.email, owner.xsrf);
  await signInWith(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/verify-otp$/);
});
