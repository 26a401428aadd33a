import { DEFAULT_CURRENCY } from '@app/shared/constants';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { TimeFormat } from './format';

/** How the signed-in business shows amounts and times; the defaults stand for pages without a session (a payment link). */
export type TenantFormat = { currency: string; timeFormat: TimeFormat; timeZone?: string; startOfWeek: number };

const DEFAULTS: TenantFormat = { currency: DEFAULT_CURRENCY, timeFormat: '12', startOfWeek: 0 };
const TenantFormatContext = createContext<TenantFormat>(DEFAULTS);

export const useTenantFormat = (): TenantFormat => useContext(TenantFormatContext);

type TenantLike = { currency: string; time_format: TimeFormat; timezone: string; start_of_week: number } | undefined;

/**
 * Puts the business's currency, clock and first day of the week where shared components (`Money`,
 * date fields) read them. The app layer fills it from the signed-in profile, so components need not
 * reach into a feature for it.
 */
export function TenantFormatProvider({ tenant, children }: { tenant: TenantLike; children: ReactNode }) {
  const value = useMemo<TenantFormat>(
    () =>
      tenant
        ? { currency: tenant.currency, timeFormat: tenant.time_format, timeZone: tenant.timezone, startOfWeek: tenant.start_of_week }
        : DEFAULTS,
    [tenant],
  );
  return <TenantFormatContext.Provider value={value}>{children}</TenantFormatContext.Provider>;
}
