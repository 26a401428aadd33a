import { randomToken } from '../../lib/crypto';

/** How long a QR code may be scanned before a new one is needed (WhatsApp's own codes last about a minute). */
export const QR_TTL_MS = 60_000;

/**
 * The business's WhatsApp link by QR (spec §4): the adapter holds the real session (a WhatsApp Web
 * gateway); `whatsapp_sessions` holds its state. `start` opens a session and answers the QR payload
 * to show; `poll` says whether the phone has scanned it; `stop` ends the session.
 */
export type WhatsappSessionAdapter = {
  name: string;
  /** The local simulator: a developer "scans" with `POST whatsapp/session/simulate-scan`. */
  simulator: boolean;
  start(tenantId: string, now: Date): Promise<{ sessionRef: string; qr: string; expiresAt: Date }>;
  poll(sessionRef: string): Promise<{ status: 'scan' } | { status: 'connected'; phone: string } | { status: 'gone' }>;
  stop(sessionRef: string): Promise<void>;
};

/**
 * No WhatsApp gateway: a simulator. Its QR is a real code (with a payload no phone understands);
 * scanning is a signed-in developer's call, answered only while this adapter is in use.
 */
export function localWhatsappSession(): WhatsappSessionAdapter {
  return {
    name: 'local',
    simulator: true,
    async start(_tenantId, now) {
      const sessionRef = `sim-${randomToken(9)}`;
      return { sessionRef, qr: `khidma-whatsapp-simulator:${sessionRef}:${randomToken(12)}`, expiresAt: new Date(now.getTime() + QR_TTL_MS) };
    },
    poll: async () => ({ status: 'scan' }),
    stop: async () => {},
  };
}

/**
 * In production with no gateway configured there is nothing to link to: connecting fails with the QR
 * load failure message (spec §8) rather than a simulator that would "connect" and deliver nowhere.
 */
export function unavailableWhatsappSession(): WhatsappSessionAdapter {
  return {
    name: 'none',
    simulator: false,
    start: async () => {
      throw new Error('no WhatsApp gateway is configured');
    },
    poll: async () => ({ status: 'gone' }),
    stop: async () => {},
  };
}
