import { currencyDigits } from '@app/shared/currencies';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth/api/get-me';
import type { Locale } from '@app/shared/constants';
import { formatDate, formatDateTimeIn, formatMoney, formatNumber, formatTime, intlTag } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';

/** Money, numbers and times the way the business shows them: its currency digits, its 12/24 h clock, its time zone. */
export function useOrderFormat() {
  const user = useCurrentUser();
  const locale = useLocale();
  const { currency, timezone, time_format: timeFormat } = user.tenant;
  return {
    locale,
    currency,
    timezone,
    money: (minor: number, code: string = currency) => formatMoney(minor, locale, code),
    /** The currency as the amounts show it ("ر.س." / "SAR"), for the end of a money input. */
    symbol: (code: string = currency) => currencySymbol(code, locale),
    number: (n: number) => formatNumber(n, locale),
    dateTime: (iso: string) => formatDateTimeIn(iso, locale, timeFormat, timezone),
    date: (iso: string) => formatDate(iso, locale, { dateStyle: 'medium', timeZone: timezone }),
    time: (iso: string, zone: string = timezone) => formatTime(iso, locale, timeFormat, zone),
  };
}

/** A money input's error code (`parseMoney`: required, invalid, too_many_decimals …) as the person reads it. */
export function useErrorText() {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  return (code: string) => t(`errors.${code}`, { digits: currencyDigits(fmt.currency), defaultValue: code });
}

export function currencySymbol(code: string, locale: Locale): string {
  try {
    return new Intl.NumberFormat(intlTag(locale), { style: 'currency', currency: code }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}
