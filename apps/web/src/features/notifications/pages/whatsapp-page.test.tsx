import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { me, renderPage, stubApi } from '@/features/subscription/test-support';
import { changeLocale } from '@/lib/i18n';
import type { WhatsappSession } from '../api/whatsapp';
import { WhatsappPage } from './whatsapp-page';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const session = (over: Partial<WhatsappSession> = {}): WhatsappSession => ({
  status: 'disconnected',
  qr: null,
  qr_expires_at: null,
  phone: null,
  connected_at: null,
  simulator: true,
  cloud_api: false,
  ...over,
});
const SCAN = session({ status: 'scan', qr: 'khidma-whatsapp-simulator:sim-1:abc', qr_expires_at: '2026-03-10T09:01:00.000Z' });
const CONNECTED = session({ status: 'connected', phone: '+966555000111', connected_at: '2026-03-10T09:00:30.000Z' });

let api: ReturnType<typeof stubApi>;
let current: WhatsappSession;

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  show.mockClear();
  api = stubApi();
  current = session();
  api.routes['GET /api/v1/whatsapp/session'] = () => ({ status: 200, json: { data: current } });
  api.routes['GET /api/v1/auth/me'] = () => ({ status: 200, json: { data: me({ permissions: ['settings.notifications'] }) } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const render = (permissions = ['settings.notifications', 'notifications']) => renderPage(<WhatsappPage />, { path: '/notifications/whatsapp', user: me({ permissions }) });

describe('the WhatsApp page', () => {
  it('starts disconnected with the mass-sending warning; connecting shows the QR as an image', async () => {
    render();
    expect(await screen.findByTestId('whatsapp-status')).toHaveProperty('textContent', 'Disconnected');
    expect(screen.getByTestId('whatsapp-warning').textContent).toMatch(/may get the number blocked/);
    api.routes['POST /api/v1/whatsapp/session/connect'] = () => {
      current = SCAN;
      return { status: 200, json: { message: 'Updated', data: SCAN } };
    };
    fireEvent.click(screen.getByTestId('whatsapp-connect'));
    const qr = await screen.findByTestId('whatsapp-qr');
    expect(qr.getAttribute('data-payload')).toBe(SCAN.qr);
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('whatsapp-status').textContent).toBe('Waiting for the scan');
  });

  it('the simulator’s scan connects; connected shows the phone, and disconnect asks first', async () => {
    current = SCAN;
    render();
    api.routes['POST /api/v1/whatsapp/session/simulate-scan'] = () => {
      current = CONNECTED;
      return { status: 200, json: { message: 'WhatsApp is connected', data: CONNECTED } };
    };
    fireEvent.click(await screen.findByTestId('whatsapp-simulate-scan'));
    expect((await screen.findByTestId('whatsapp-phone')).textContent).toBe('+966555000111');
    api.routes['POST /api/v1/whatsapp/session/disconnect'] = () => {
      current = session();
      return { status: 200, json: { message: 'WhatsApp is disconnected', data: current } };
    };
    fireEvent.click(screen.getByTestId('whatsapp-disconnect'));
    expect(api.called('POST /api/v1/whatsapp/session/disconnect')).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(screen.getByTestId('whatsapp-status').textContent).toBe('Disconnected'));
    expect(api.called('POST /api/v1/whatsapp/session/disconnect')).toHaveLength(1);
  });

  it('a QR that cannot be made shows the QR load failure (spec §8)', async () => {
    render();
    api.routes['POST /api/v1/whatsapp/session/connect'] = () => ({ status: 502, json: { message: 'The QR code could not be loaded: try again' } });
    fireEvent.click(await screen.findByTestId('whatsapp-connect'));
    expect((await screen.findByTestId('whatsapp-qr-failed')).textContent).toMatch(/could not be loaded/);
  });

  it('polls while waiting for the scan; a QR that expires says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      current = SCAN;
      render();
      await screen.findByTestId('whatsapp-qr');
      current = session();
      await vi.advanceTimersByTimeAsync(2500);
      expect(await screen.findByTestId('whatsapp-qr-expired')).toBeTruthy();
      expect(api.called('GET /api/v1/whatsapp/session').length).toBeGreaterThanOrEqual(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a holder of the log’s key alone sees the state without the buttons', async () => {
    render(['notifications']);
    await screen.findByTestId('whatsapp-status');
    expect(screen.queryByTestId('whatsapp-connect')).toBeNull();
  });
});
