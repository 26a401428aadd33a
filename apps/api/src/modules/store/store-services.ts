import { and, eq, type SQL } from 'drizzle-orm';
import { services } from '../../db/schema/business';

/**
 * The services the store offers (issue 19): shown on the booking page AND public. Any other is not the
 * store's to list, book or wait for. One rule for the store's reads, its booking and its waitlist.
 */

/** The service row is the store's to offer. */
export function isStoreService(s: { displayOnBookingPage: boolean; isPublic: boolean }): boolean {
  return s.displayOnBookingPage && s.isPublic;
}

/** The same rule as a query condition on `services`, within the business. */
export function storeServicesWhere(tenantId: string): SQL {
  return and(eq(services.tenantId, tenantId), eq(services.displayOnBookingPage, true), eq(services.isPublic, true))!;
}

type DepositFields = { depositEnabled: boolean | null; depositAmount: number | string | null };

/** A service's deposit in minor units (0 when it asks none). */
export function depositOf(s: DepositFields): number {
  return s.depositEnabled ? Number(s.depositAmount ?? 0) : 0;
}

/**
 * A visit's deposit: the sum of its appointments' (the store asks it before confirming). When booking,
 * each service's `depositOf` as it is then; afterwards the amounts its bookings kept
 * (`bookings.deposit_amount`), whatever the services ask for later.
 */
export function visitDeposit(deposits: readonly (number | string | null)[]): number {
  return deposits.reduce<number>((sum, d) => sum + Number(d ?? 0), 0);
}
