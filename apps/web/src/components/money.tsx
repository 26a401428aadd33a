import type { CSSProperties } from 'react';
import { formatMoney } from '@/lib/format';
import { useTenantFormat } from '@/lib/tenant-format';
import { useLocale } from '@/lib/use-locale';

/** Never broken across lines, and isolated so a neighbouring word or sign cannot reorder its parts. */
const MONEY_STYLE: CSSProperties = { whiteSpace: 'nowrap', unicodeBidi: 'isolate', fontVariantNumeric: 'tabular-nums' };

export type MoneyProps = {
  /** Minor units (halalas, fils…), as the API sends them. */
  amount: number;
  /** Defaults to the business's currency. */
  currency?: string;
  /** Shows a minus sign inside the amount (a discount, a refund). */
  negative?: boolean;
  'data-testid'?: string;
};

/**
 * An amount the way every screen shows one: the currency's decimal digits, the UI language's digits
 * and symbol ("SAR 250.00" / "250.00 ر.س."), on one line, in its own direction. Text that has to
 * be a string (a tooltip, a select option, a sentence) uses `formatMoney`, which gives the same text.
 */
export function Money({ amount, currency, negative = false, 'data-testid': testId }: MoneyProps) {
  const locale = useLocale();
  const tenant = useTenantFormat();
  const text = formatMoney(amount, locale, currency ?? tenant.currency);
  return (
    <span dir={locale === 'ar' ? 'rtl' : 'ltr'} className="money" style={MONEY_STYLE} data-testid={testId}>
      {negative ? `− ${text}` : text}
    </span>
  );
}
