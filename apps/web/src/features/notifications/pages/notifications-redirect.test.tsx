import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { me, renderPage } from '@/features/subscription/test-support';
import { NotificationSettingsRedirect, NotificationsRedirect } from './notifications-redirect';

const at = (path: string, permissions: string[]) =>
  renderPage(
    <Routes>
      <Route path="/notifications" element={<NotificationsRedirect />} />
      <Route path="/settings/notifications" element={<NotificationSettingsRedirect />} />
      <Route path="*" element={null} />
    </Routes>,
    { path, user: me({ permissions }) },
  );

describe('the notifications redirects', () => {
  it('/notifications opens the WhatsApp screen (spec §2)', async () => {
    at('/notifications', ['notifications', 'settings.notifications']);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/notifications/whatsapp'));
  });

  it('/notifications opens the WhatsApp screen with the templates’ key alone too', async () => {
    at('/notifications', ['settings.notifications']);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/notifications/whatsapp'));
  });

  it('the settings hub’s address opens the templates', async () => {
    at('/settings/notifications', ['settings.notifications']);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/notifications/settings'));
  });
});
