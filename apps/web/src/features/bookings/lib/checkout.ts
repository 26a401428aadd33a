import type { Booking } from '@app/shared/schemas/bookings';

/**
 * Whether a booking offers "Checkout": its order is read with the `orders` key (which also records
 * payments), and a cancelled or rejected visit has nothing to take payment for.
 */
export const canCheckout = (b: Pick<Booking, 'status'>, permissions: readonly string[]): boolean =>
  permissions.includes('orders') && b.status !== 'cancelled' && b.status !== 'rejected';
