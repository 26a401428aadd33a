import { STORE_BOOKING_LINK_DAYS_AFTER } from '@app/shared/schemas/store';
import { clock, DAY_MS } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { readLinkToken, signedLinksBase, signLinkToken } from '../../lib/signed-links';

/**
 * Addresses of a business's store and of a customer's own booking page.
 *
 * The store is served on `<subdomain>.$STORE_DOMAIN`, on a verified custom domain, and always on the
 * main host at `/s/<subdomain>`; links we send (SMS, e-mail) use the main host's form, which works
 * wherever the product runs (docs/decisions.md "Store addresses").
 *
 * The customer's booking page `/s/<subdomain>/b/<token>`: a signed link (lib/signed-links.ts, purpose
 * booking-link) for the order, good until STORE_BOOKING_LINK_DAYS_AFTER days after its last visit.
 */

/** The store's address on the main host. */
export function storeUrlFor(subdomain: string): string {
  return `${signedLinksBase()}/s/${subdomain}`;
}

/** A token for the order's booking page, good until `expiresAt`. */
export function signBookingToken(tenantId: string, orderId: string, expiresAt: Date): string {
  return signLinkToken('booking-link', tenantId, orderId, expiresAt);
}

/** The customer's own page for the order whose last visit starts at `lastVisitAt`. */
export function manageUrlFor(subdomain: string, tenantId: string, orderId: string, lastVisitAt: Date): string {
  const expiresAt = new Date(Math.max(lastVisitAt.getTime(), clock.now().getTime()) + STORE_BOOKING_LINK_DAYS_AFTER * DAY_MS);
  return `${storeUrlFor(subdomain)}/b/${signBookingToken(tenantId, orderId, expiresAt)}`;
}

export const bookingLinkInvalid = () => new AppError(404, 'booking_link_invalid', { code: 'booking_link_invalid' });
export const bookingLinkExpired = () => new AppError(410, 'booking_link_expired', { code: 'booking_link_expired' });

/** The business and order a booking page token names: 404 when made up or altered, 410 once expired. */
export function readBookingToken(token: string, now: Date = clock.now()): { tenantId: string; orderId: string } {
  const read = readLinkToken('booking-link', token, now);
  if (read === 'invalid') throw bookingLinkInvalid();
  if (read === 'expired') throw bookingLinkExpired();
  return { tenantId: read.tenantId, orderId: read.id };
}
