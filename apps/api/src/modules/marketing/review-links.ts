import { REVIEW_LINK_DAYS } from '@app/shared/schemas/reviews';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import { clock, DAY_MS } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { keyMaterial } from '../../lib/secret-box';

/**
 * The review link sent after a visit: `<appUrl>/r/<token>`, where the token carries the business,
 * the order and an expiry, signed with a key derived from the server's secret (HMAC-SHA256). No row
 * stands behind it: the signature is the proof, so a link cannot be made up, moved to another order
 * or kept alive past its day; the one-review-per-order key stops it being used twice.
 *
 * Token: base64url of version (1 byte) · tenant id (16) · order id (16) · expiry in Unix seconds (4)
 * · the first 16 bytes of the HMAC of those 37 bytes. 71 characters, short enough for an SMS.
 */

const VERSION = 1;
const PAYLOAD = 1 + 16 + 16 + 4;
const MAC = 16;

type Runtime = { appUrl: string; key: () => Buffer };
let runtime: Runtime | null = null;

/** Called once by buildApp: the address links open and the server's secret they are signed with. */
export function configureReviewLinks(config: Pick<Config, 'appUrl' | 'secretKey' | 'dataDir' | 'env'>): void {
  let key: Buffer | null = null;
  runtime = {
    appUrl: config.appUrl,
    // Read at first use: a server that never sends a review link needs no key.
    key: () => {
      key ??= createHash('sha256').update(`khidma-review-link\u0000${keyMaterial(config)}`).digest();
      return key;
    },
  };
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (b: Buffer) => {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

function mac(payload: Buffer): Buffer {
  if (!runtime) throw new Error('review links are not configured');
  return createHmac('sha256', runtime.key()).update(payload).digest().subarray(0, MAC);
}

/** A token for the order's review, good until `expiresAt`. */
export function signReviewToken(tenantId: string, orderId: string, expiresAt: Date): string {
  const payload = Buffer.alloc(PAYLOAD);
  payload.writeUInt8(VERSION, 0);
  uuidBytes(tenantId).copy(payload, 1);
  uuidBytes(orderId).copy(payload, 17);
  payload.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000), 33);
  return Buffer.concat([payload, mac(payload)]).toString('base64url');
}

/** The link sent to the customer when the visit is completed, good for REVIEW_LINK_DAYS days from `now`. */
export function reviewLinkFor(tenantId: string, orderId: string, now: Date = clock.now()): string {
  if (!runtime) throw new Error('review links are not configured');
  return `${runtime.appUrl}/r/${signReviewToken(tenantId, orderId, new Date(now.getTime() + REVIEW_LINK_DAYS * DAY_MS))}`;
}

export const reviewLinkInvalid = () => new AppError(404, 'review_link_invalid', { code: 'review_link_invalid' });
export const reviewLinkExpired = () => new AppError(410, 'review_link_expired', { code: 'review_link_expired' });

/**
 * What a token says, once its signature holds: a made-up or altered token is a 404
 * (`review_link_invalid`); a genuine one past its day a 410 (`review_link_expired`).
 */
export function readReviewToken(token: string, now: Date = clock.now()): { tenantId: string; orderId: string; expiresAt: Date } {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) throw reviewLinkInvalid();
  const raw = Buffer.from(token, 'base64url');
  // One spelling per token: base64url leaves spare bits in the last character, which must not make other valid spellings.
  if (raw.length !== PAYLOAD + MAC || raw.toString('base64url') !== token || raw.readUInt8(0) !== VERSION) throw reviewLinkInvalid();
  const payload = raw.subarray(0, PAYLOAD);
  let expected: Buffer;
  try {
    expected = mac(payload);
  } catch {
    // No server secret (production without SECRET_KEY): no link was ever signed, so none is genuine (never a 500).
    throw reviewLinkInvalid();
  }
  if (!timingSafeEqual(raw.subarray(PAYLOAD), expected)) throw reviewLinkInvalid();
  const expiresAt = new Date(payload.readUInt32BE(33) * 1000);
  if (expiresAt.getTime() <= now.getTime()) throw reviewLinkExpired();
  return { tenantId: uuidOf(payload.subarray(1, 17)), orderId: uuidOf(payload.subarray(17, 33)), expiresAt };
}
