import { expect, test } from '../support/fixtures';
import { signIn } from '../support/session';

/**
 * Issue 18 §1 in Chromium: the WhatsApp link by QR (spec §2, §4, §8). /notifications opens the
 * WhatsApp screen; the demo business starts disconnected; connecting draws a QR; the local
 * simulator stands in for the phone's scan; connected shows the phone and the sidebar's dot turns
 * green; disconnecting (after a confirmation) goes back to the default.
 */
test('WhatsApp is linked by QR with the local simulator, and the sidebar dot follows', async ({ page }) => {
  await signIn(page);
  await page.goto('/notifications');
  await expect(page).toHaveURL(/\/notifications\/whatsapp$/);
  await expect(page.getByTestId('whatsapp-warning')).toBeVisible();
  const status = page.getByTestId('whatsapp-status');
  await expect(status).toHaveAttribute('data-status', 'disconnected');
  await expect(page.getByTestId('nav-whatsapp-dot')).toHaveAttribute('data-connected', 'false');

  await page.getByTestId('whatsapp-connect').click();
  await expect(status).toHaveAttribute('data-status', 'scan');
  const qr = page.getByTestId('whatsapp-qr');
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('data-payload', /^khidma-whatsapp-simulator:/);
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml/);

  await page.getByTestId('whatsapp-simulate-scan').click();
  await expect(status).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('whatsapp-phone')).toHaveText(/\d{8,}/);
  await expect(page.getByTestId('nav-whatsapp-dot')).toHaveAttribute('data-connected', 'true');

  // Back to the demo's default, after a confirmation.
  await page.getByTestId('whatsapp-disconnect').click();
  await page.getByTestId('confirm-ok').click();
  await expect(status).toHaveAttribute('data-status', 'disconnected');
  await expect(page.getByTestId('nav-whatsapp-dot')).toHaveAttribute('data-connected', 'false');
});
