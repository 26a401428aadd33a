import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { me, renderPage, stubApi } from '@/features/subscription/test-support';
import { changeLocale } from '@/lib/i18n';
import { keyBytes } from '../api/push';
import { PushCard } from './push-card';

let api: ReturnType<typeof stubApi>;
beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  api = stubApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the browser notifications card', () => {
  it('is not shown while the server sends no push (no VAPID keys)', async () => {
    api.routes['GET /api/v1/push/config'] = () => ({ status: 200, json: { data: { enabled: false, public_key: null } } });
    renderPage(<PushCard />, { user: me() });
    await waitFor(() => expect(api.called('GET /api/v1/push/config')).toHaveLength(1));
    expect(screen.queryByTestId('push-card')).toBeNull();
  });

  it('is shown when it does; a browser without push support says so', async () => {
    api.routes['GET /api/v1/push/config'] = () => ({ status: 200, json: { data: { enabled: true, public_key: 'BEl62iUYgUivxIkv69yViEuiBIa' } } });
    renderPage(<PushCard />, { user: me() });
    expect((await screen.findByTestId('push-card')).textContent).toMatch(/Browser notifications.*does not support notifications/);
  });

  it('reads the VAPID key (base64url) as bytes', () => {
    expect([...keyBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });
});
