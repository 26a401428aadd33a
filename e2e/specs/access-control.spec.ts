import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, watchCsp } from '../support/fixtures';
import { fromOutbox, linkIn } from '../support/session';

const OWNER = { email: 'owner@demo.khidma.test', password: 'Demo@12345' };

/** A fresh address and role name per run (the demo business outlives a run when the data dir is reused). */
function unique() {
  const n = String(Date.now()).slice(-8);
  return { email: `staff-${n}@example.com`, role: `استقبال ${n}`, name: 'سارة المدعوة', password: 'Staff@12345' };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The invitation link from the e-mail, as the platform operator reads it in the local outbox. */
const readInvitationLink = (request: APIRequestContext, email: string) => fromOutbox(request, email, linkIn('/accept-invitation'));

test('the owner makes a role, invites a user with it, the user joins with only its pages, and deactivation signs them out', async ({
  page,
  browser,
  request,
}) => {
  const staff = unique();

  // The owner creates a role holding only bookings and customers.
  await signIn(page, OWNER.email, OWNER.password);
  await expect(page.getByTestId('nav-settings')).toBeVisible();
  await page.getByTestId('nav-settings').click();
  await expect(page).toHaveURL(/\/settings\/panel$/);
  await page.getByTestId('settings-card-users-and-roles').click();
  await expect(page).toHaveURL(/\/settings\/users-and-roles$/);
  await page.getByTestId('tab-roles').click();
  await page.getByTestId('role-create').click();
  await page.getByTestId('role-name').fill(staff.role);
  await page.getByTestId('perm-bookings').check();
  await page.getByTestId('perm-customers').check();
  // One of the group's two keys: the group box is half-ticked; both: ticked.
  await expect(page.getByTestId('perm-group-appointments')).not.toBeChecked();
  await page.getByTestId('perm-bookings.record_past').check();
  await expect(page.getByTestId('perm-group-appointments')).toBeChecked();
  await expect(page.getByTestId('perm-settings.roles')).not.toBeChecked();
  await page.getByTestId('role-save').click();
  await expect(page.getByTestId('role-modal')).toBeHidden();
  await expect(page.getByRole('row', { name: staff.role })).toBeVisible();

  // … and invites a new user with it.
  await page.goto('/settings/users');
  await page.getByTestId('invite-user').click();
  await page.getByTestId('invite-email').fill(staff.email);
  await page.getByTestId('invite-role').click();
  await page.getByRole('option', { name: staff.role }).click();
  await page.getByTestId('invite-submit').click();
  await expect(page.getByTestId('invite-modal')).toBeHidden();
  await page.goto('/settings/users-and-roles?tab=invitations');
  await expect(page.getByTestId(`invitation-row-${staff.email}`)).toBeVisible();

  // The invited person opens the e-mailed link in their own browser and accepts.
  const link = await readInvitationLink(request, staff.email);
  const staffContext = await browser.newContext();
  await watchCsp(staffContext);
  const staffPage = await staffContext.newPage();
  await staffPage.goto(link);
  await expect(staffPage.getByTestId('accept-email')).toHaveText(staff.email);
  await expect(staffPage.getByTestId('accept-role')).toHaveText(staff.role);
  await staffPage.getByTestId('accept-name').fill(staff.name);
  await staffPage.getByTestId('accept-password').fill(staff.password);
  await staffPage.getByTestId('accept-password-confirmation').fill(staff.password);
  await staffPage.getByTestId('accept-submit').click();
  await expect(staffPage).toHaveURL(/\/dashboard$/);

  // Signing out and in again with the chosen password works.
  await staffPage.getByTestId('profile-menu').click();
  await staffPage.getByTestId('sign-out').click();
  await expect(staffPage).toHaveURL(/\/login$/);
  await signIn(staffPage, staff.email, staff.password);

  // The sidebar shows only what bookings and customers allow: the dashboard, no settings.
  await expect(staffPage.getByTestId('nav-dashboard')).toBeVisible();
  await expect(staffPage.getByTestId('nav-settings')).toHaveCount(0);
  await staffPage.goto('/settings/roles');
  await expect(staffPage).toHaveURL(/\/unauthorized$/);
  await expect(staffPage.getByTestId('unauthorized-page')).toBeVisible();

  // The owner deactivates the account, after a confirmation.
  await page.goto('/settings/users');
  await page.getByTestId('users-search').fill(staff.email);
  const row = page.getByTestId(`user-row-${staff.email}`);
  await expect(row).toBeVisible();
  await page.getByTestId(`user-actions-${staff.email}`).click();
  await page.getByTestId(`user-deactivate-${staff.email}`).click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('confirm-ok')).toBeHidden();
  await page.getByTestId(`user-actions-${staff.email}`).click();
  await expect(page.getByTestId(`user-activate-${staff.email}`)).toBeVisible();
  await page.keyboard.press('Escape');

  // The deactivated user's next request signs them out.
  await staffPage.goto('/dashboard');
  await expect(staffPage).toHaveURL(/\/login$/);
  await staffContext.close();
});

test('a dead invitation link says so and offers the way to sign in', async ({ page }) => {
  await page.goto('/accept-invitation?token=not-a-real-token');
  await expect(page.getByTestId('accept-invalid')).toBeVisible();
  await page.getByRole('link', { name: 'الذهاب إلى تسجيل الدخول' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
