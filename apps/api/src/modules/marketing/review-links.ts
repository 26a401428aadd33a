import { REVIEW_LINK_DAYS } from '@app/shared/schemas/reviews';
import { clock, DAY_MS } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { readLinkToken, signedLinksBase, signLinkToken } from '../../lib/signed-links';

/**
 * The review link sent after a visit: `<appUrl>/r/<token>`, a signed link (lib/signed-links.ts) for
 * the order, good for REVIEW_LINK_DAYS days; the one-review-per-order key stops it being used twice.
 */

/** A token for the order's review, good until `expiresAt`. */
export function signReviewToken(tenantId: string, orderId: string, expiresAt: Date): string {
  return signLinkToken('review-link', tenantId, orderId, expiresAt);
}

/** The link sent to the customer when the visit is completed, good for REVIEW_LINK_DAYS days from `now`. */
export function reviewLinkFor(tenantId: string, orderId: string, now: Date = clock.now()): string {
  return `${signedLinksBase()}/r/${signReviewToken(tenantId, orderId, new Date(now.getTime() + REVIEW_LINK_DAYS * DAY_MS))}`;
}

export const reviewLinkInvalid = () => new AppError(404, 'review_link_invalid', { code: 'review_link_invalid' });
export const reviewLinkExpired = () => new AppError(410, 'review_link_expired', { code: 'review_link_expired' });

/**
 * What a token says, once its signature holds: a made-up or altered token is a 404
 * (`review_link_invalid`); a genuine one past its day a 410 (`review_link_expired`).
 */
export function readReviewToken(token: string, now: Date = clock.now()): { tenantId: string; orderId: string; expiresAt: Date } {
  const read = readLinkToken('review-link', token, now);
  if (read === 'invalid') throw reviewLinkInvalid();
  if (read === 'expired') throw reviewLinkExpired();
  return { tenantId: read.tenantId, orderId: read.id, expiresAt: read.expiresAt };
}
