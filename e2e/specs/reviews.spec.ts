import { expect, test } from '../support/fixtures';
import { apiAs, signIn } from '../support/session';

/**
 * Issue 18 §3 in Chromium: a visit is completed, its customer's review request (read back from the
 * order's message log, as the dashboard shows it) carries the signed link; the customer opens it on
 * a phone without signing in, gives five stars and a few words; the owner approves the review on
 * the reviews page and replies, and sees it approved with the reply.
 */

type Notification = { action: string; body: string };
type Review = { id: string; order_id: string; status: string };

test('a customer reviews a completed visit through the signed link; the owner approves it and replies', async ({ page, request, browser }) => {
  await signIn(page);
  const api = await apiAs(page, request);

  // The demo has a review request template; make sure one is on (another spec may have changed them).
  const templates = await api.get<{ id: string; action: string; status: string; body_ar: string }[]>('templates');
  if (!templates.some((x) => x.action === 'review_request' && x.status === 'active' && x.body_ar.includes('{{review_link}}'))) {
    await api.post('templates', { action: 'review_request', channel: 'sms', receiver: 'customer', body_ar: 'قيّم زيارتك: {{review_link}}', body_en: 'Review your visit: {{review_link}}' });
  }

  const tag = Date.now().toString().slice(-6);
  const customer = await api.post<{ uuid: string }>('customers', { first_name: 'هيفاء', last_name: `الدوسري ${tag}`, phone: `056${tag}3`, phone_country: 'SA' });
  const service = (await api.get<{ uuid: string; name: string; price: number }[]>('services')).find((s) => s.price > 0)!;
  const order = await api.post<{ id: string; number: number }>('orders', { customer_id: customer.uuid, items: [{ type: 'service', service_id: service.uuid }] });
  await api.post(`orders/${order.id}/change-status`, { status: 'completed' });

  const sent = (await api.get<Notification[]>(`orders/${order.id}/notifications`)).filter((n) => n.action === 'review_request');
  expect(sent).toHaveLength(1);
  const link = sent[0]!.body.match(/https?:\/\/\S+\/r\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, sent[0]!.body).toBeTruthy();
  const path = new URL(link!).pathname;

  // The customer, on a phone, signed out.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ar-SA' });
  const customerPage = await phone.newPage();
  await customerPage.goto(path);
  await expect(customerPage.getByTestId('public-review-business')).toBeVisible();
  await expect(customerPage.getByTestId('public-review-visit')).toContainText(service.name);
  expect(await customerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const stars = customerPage.getByTestId('public-review-stars');
  const fifth = await stars.locator('input[value="5"]').getAttribute('id');
  await customerPage.locator(`label[for="${fifth}"]`).click();
  await expect(customerPage.getByTestId('public-review-stars-hint')).toHaveText('ممتازة');
  await customerPage.getByTestId('public-review-body').fill('خدمة ممتازة وتعامل راقٍ');
  await customerPage.getByTestId('public-review-submit').click();
  await expect(customerPage.getByTestId('public-review-thanks')).toContainText('شكرًا لتقييمك');
  // Opened again: already reviewed.
  await customerPage.reload();
  await expect(customerPage.getByTestId('public-review-done')).toBeVisible();
  // An altered link says so.
  await customerPage.goto(`${path.slice(0, -2)}${path.endsWith('AA') ? 'BB' : 'AA'}`);
  await expect(customerPage.getByTestId('public-review-invalid')).toBeVisible();
  await phone.close();

  // The owner moderates it.
  const review = (await api.get<Review[]>('reviews?status=pending')).find((r) => r.order_id === order.id)!;
  expect(review).toBeTruthy();
  await page.goto('/marketing');
  await expect(page).toHaveURL(/\/marketing\/reviews$/);
  const row = page.getByTestId(`review-row-${review.id}`);
  await expect(row).toContainText('خدمة ممتازة وتعامل راقٍ');
  await expect(row.getByTestId(`review-rating-${review.id}`)).toHaveAttribute('data-rating', '5');
  await expect(row.getByTestId(`review-status-${review.id}`)).toHaveText('بانتظار المراجعة');
  await row.getByTestId(`review-approve-${review.id}`).click();
  await expect(row.getByTestId(`review-status-${review.id}`)).toHaveText('معتمد');
  await row.getByTestId(`review-reply-open-${review.id}`).click();
  await page.getByTestId('reply-text').fill('شكرًا لك، سعدنا بزيارتك');
  await page.getByTestId('reply-save').click();
  await expect(page.getByTestId('reply-modal')).toBeHidden();
  await expect(row.getByTestId(`review-reply-${review.id}`)).toContainText('شكرًا لك، سعدنا بزيارتك');

  // The approved tab holds it.
  await page.getByTestId('reviews-tab-approved').click();
  await expect(page.getByTestId(`review-row-${review.id}`)).toBeVisible();
  expect((await api.get<Review[]>('reviews?status=approved')).some((r) => r.id === review.id)).toBe(true);
});
