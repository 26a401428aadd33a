import { DEFAULT_CURRENCY } from '@app/shared/constants';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/ar';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { TimeFormat } from './format';
import { useLocale } from './use-locale';

/** How the signed-in business shows amounts and times; the defaults stand for pages without a session (a payment link). */
export type TenantFormat = { currency: string; timeFormat: TimeFormat; timeZone?: string; startOfWeek: number };

const DEFAULTS: TenantFormat = { currency: DEFAULT_CURRENCY, timeFormat: '12', startOfWeek: 0 };
const TenantFormatContext = createContext<TenantFormat>(DEFAULTS);

export const useTenantFormat = (): TenantFormat => useContext(TenantFormatContext);

type TenantLike = { currency: string; time_format: TimeFormat; timezone: string; start_of_week: number } | undefined;

/**
 * Puts the business's currency, clock and first day of the week where shared components (`Money`,
 * date fields) read them, and gives Mantine's date pickers the UI language. The app layer fills it
 * from the signed-in profile, so components need not reach into a feature for it.
 */
export function TenantFormatProvider({ tenant, children }: { tenant: TenantLike; children: ReactNode }) {
  const locale = useLocale();
  const value = useMemo<TenantFormat>(
    () =>
      tenant
        ? { currency: tenant.currency, timeFormat: tenant.time_format, timeZone: tenant.timezone, startOfWeek: tenant.start_of_week }
        : DEFAULTS,
    [tenant],
  );
  const firstDay = (((value.startOfWeek % 7) + 7) % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6;
  return (
    <TenantFormatContext.Provider value={value}>
      <DatesProvider settings={{ locale, firstDayOfWeek: firstDay, weekendDays: [5, 6] }}>{children}</DatesProvider>
    </TenantFormatContext.Provider>
  );
}
