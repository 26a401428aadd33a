import { STORE_DEFAULTS, type StoreLayout, type StoreSettings, type StoreStatus } from '@app/shared/schemas/store';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type StoreSettingsRow, storeSettings } from '../../db/schema/store';

/** The store's settings that have a default, by STORE_DEFAULTS' names (those of the panel's and the store's JSON). */
export type StoreRules = Pick<StoreSettings, keyof typeof STORE_DEFAULTS>;

/**
 * A store's settings row with the defaults: the row's values, or STORE_DEFAULTS while the business
 * has none (it never saved its store). The one place the store's settings get their defaults.
 */
export function storeRulesOf(row: StoreSettingsRow | null | undefined): StoreRules {
  if (!row) return { ...STORE_DEFAULTS };
  return {
    status: row.status as StoreStatus,
    primary_color: row.primaryColor,
    secondary_color: row.secondaryColor,
    background_color: row.backgroundColor,
    layout: row.layout as StoreLayout,
    approve_bookings: row.approveBookings,
    change_notice_hours: row.changeNoticeHours,
    allow_reschedule: row.allowReschedule,
    allow_cancel: row.allowCancel,
    require_phone_otp: row.requirePhoneOtp,
    show_prices: row.showPrices,
    booking_window_days: row.bookingWindowDays,
    waitlist_enabled: row.waitlistEnabled,
  };
}

/** The store's settings with the defaults (storeRulesOf), read in the caller's transaction. */
export async function storeRules(tx: Tx, tenantId: string): Promise<StoreRules> {
  const [row] = await tx.select().from(storeSettings).where(eq(storeSettings.tenantId, tenantId));
  return storeRulesOf(row);
}
