import { expect, test } from '../support/fixtures';
import { apiAs, signIn } from '../support/session';

/**
 * Issue 18 §2 in Chromium: the owner makes a campaign to a tag on the marketing page, sees the live
 * count of who it reaches (an opted-out customer left out), sends it now, and watches the result per
 * recipient on its page as the campaigns job and the outbox worker of the server deliver it.
 */

test('a campaign to a tag is sent now and its page shows the result per recipient', async ({ page, request }) => {
  await signIn(page);
  const api = await apiAs(page, request);
  const stamp = Date.now().toString().slice(-6);
  const tag = await api.post<{ uuid: string; name: string }>('tags', { name: `حملة ${stamp}`, color: '#3B71FE' });
  await api.post('customers', { first_name: 'نوف', last_name: `الشهري ${stamp}`, phone: `056${stamp}1`, phone_country: 'SA', tag_ids: [tag.uuid] });
  await api.post('customers', { first_name: 'هند', last_name: `العتيبي ${stamp}`, phone: `056${stamp}2`, phone_country: 'SA', tag_ids: [tag.uuid], marketing_opt_out: true });

  await page.goto('/marketing/campaigns');
  await page.getByTestId('campaigns-add').click();
  const modal = page.getByTestId('campaign-form-modal');
  await modal.getByTestId('campaign-name').fill(`عرض ${stamp}`);
  await modal.getByTestId('campaign-var-customer_name').click();
  await modal.getByTestId('campaign-content').pressSequentially(' عرض خاص لك هذا الأسبوع');
  await modal.getByTestId('campaign-tags').click();
  await page.getByRole('option', { name: tag.name }).click();
  await page.keyboard.press('Escape');
  // One customer reaches it; the one who opted out is counted apart and never sent.
  await expect(modal.getByTestId('campaign-audience-count')).toContainText('ستصل إلى عميل واحد');
  await expect(modal.getByTestId('campaign-audience-count')).toContainText('ألغى الاشتراك في التسويق');
  await modal.getByTestId('campaign-submit').click();
  await page.getByTestId('confirm-ok').click();
  await expect(modal).toBeHidden();

  await page.getByText(`عرض ${stamp}`).click();
  await expect(page).toHaveURL(/\/marketing\/campaigns\/[0-9a-f-]+$/);
  const recipients = page.getByTestId('campaign-recipients');
  // The job hands it to the outbox and the worker delivers it within seconds.
  await expect(recipients).toContainText(`نوف الشهري ${stamp}`, { timeout: 30_000 });
  await expect(recipients).toContainText('أُرسلت', { timeout: 30_000 });
  await expect(recipients).not.toContainText('هند');
  await expect(page.getByTestId('campaign-status')).toContainText('مكتملة', { timeout: 30_000 });
  await expect(page.getByTestId('campaign-count-sent')).toHaveText('1');
});
