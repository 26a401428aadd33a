import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import { keyMaterial } from './secret-box';

/**
 * Links a customer opens without signing in (a review after the visit, their own booking page): the
 * token carries the business, one row's id and an expiry, signed with a key derived from the server's
 * secret and the link's purpose (HMAC-SHA256), so a token of one purpose is worthless for another. No
 * row stands behind it: the signature is the proof, so a link cannot be made up, moved to another row
 * or kept alive past its time.
 *
 * Token: base64url of version (1 byte) · tenant id (16) · row id (16) · expiry in Unix seconds (4)
 * · the first 16 bytes of the HMAC of those 37 bytes. 71 characters, short enough for an SMS.
 */

const VERSION = 1;
const PAYLOAD = 1 + 16 + 16 + 4;
const MAC = 16;

/** phone-proof: a store visitor's confirmed phone (the store_otps row), for STORE_PHONE_PROOF_MINUTES. */
export type SignedLinkPurpose = 'review-link' | 'booking-link' | 'phone-proof';

type Runtime = { appUrl: string; key: (purpose: SignedLinkPurpose) => Buffer };
let runtime: Runtime | null = null;

/** Called once by buildApp: the address links open and the server's secret they are signed with. */
export function configureSignedLinks(config: Pick<Config, 'appUrl' | 'secretKey' | 'dataDir' | 'env'>): void {
  const keys = new Map<SignedLinkPurpose, Buffer>();
  runtime = {
    appUrl: config.appUrl,
    // Read at first use: a server that never signs a link needs no key.
    key: (purpose) => {
      let key = keys.get(purpose);
      if (!key) {
        key = createHash('sha256').update(`khidma-${purpose}\u0000${keyMaterial(config)}`).digest();
        keys.set(purpose, key);
      }
      return key;
    },
  };
}

/** The address signed links open on (APP_URL). */
export function signedLinksBase(): string {
  if (!runtime) throw new Error('signed links are not configured');
  return runtime.appUrl;
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (b: Buffer) => {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

function mac(purpose: SignedLinkPurpose, payload: Buffer): Buffer {
  if (!runtime) throw new Error('signed links are not configured');
  return createHmac('sha256', runtime.key(purpose)).update(payload).digest().subarray(0, MAC);
}

/** A token for `id` of the business, good until `expiresAt`. */
export function signLinkToken(purpose: SignedLinkPurpose, tenantId: string, id: string, expiresAt: Date): string {
  const payload = Buffer.alloc(PAYLOAD);
  payload.writeUInt8(VERSION, 0);
  uuidBytes(tenantId).copy(payload, 1);
  uuidBytes(id).copy(payload, 17);
  payload.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000), 33);
  return Buffer.concat([payload, mac(purpose, payload)]).toString('base64url');
}

/**
 * What a token says once its signature holds: 'invalid' for a made-up, altered or other-purpose
 * token, 'expired' for a genuine one past its time.
 */
export function readLinkToken(
  purpose: SignedLinkPurpose,
  token: string,
  now: Date,
): { tenantId: string; id: string; expiresAt: Date } | 'invalid' | 'expired' {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return 'invalid';
  const raw = Buffer.from(token, 'base64url');
  // One spelling per token: base64url leaves spare bits in the last character, which must not make other valid spellings.
  if (raw.length !== PAYLOAD + MAC || raw.toString('base64url') !== token || raw.readUInt8(0) !== VERSION) return 'invalid';
  const payload = raw.subarray(0, PAYLOAD);
  let expected: Buffer;
  try {
    expected = mac(purpose, payload);
  } catch {
    // No server secret (production without SECRET_KEY): no link was ever signed, so none is genuine (never a 500).
    return 'invalid';
  }
  if (!timingSafeEqual(raw.subarray(PAYLOAD), expected)) return 'invalid';
  const expiresAt = new Date(payload.readUInt32BE(33) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return 'expired';
  return { tenantId: uuidOf(payload.subarray(1, 17)), id: uuidOf(payload.subarray(17, 33)), expiresAt };
}
