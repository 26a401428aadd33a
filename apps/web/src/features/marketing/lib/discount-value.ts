import { normalizeNumber, parseMoney, parsePercent } from '@/features/orders/lib/money-input';

/** Why a typed discount value is refused (each form's locale file has a message for each). */
export type DiscountValueError = 'valueRequired' | 'valuePositive' | 'tooManyDecimals' | 'percentMax' | 'amountTooLarge' | 'valueNumber';

/**
 * A coupon's or an offer's value as typed → the API's amount (basis points for a percentage, minor
 * units of `currency` for a fixed amount), or the error's key.
 */
export function discountValue(type: 'fixed' | 'percentage', text: string, currency: string): { amount: number } | { error: DiscountValueError } {
  const parsed = type === 'percentage' ? parsePercent(text) : parseMoney(text, currency);
  if (parsed.ok) return parsed.value > 0 ? { amount: parsed.value } : { error: 'valuePositive' };
  switch (parsed.error) {
    case 'required':
      return { error: 'valueRequired' };
    case 'negative':
      return { error: 'valuePositive' };
    case 'too_many_decimals':
      return { error: 'tooManyDecimals' };
    case 'too_large':
      return { error: type === 'percentage' ? 'percentMax' : 'amountTooLarge' };
    default:
      // A percentage of zero is "invalid" to the parser: say what is wrong with it.
      return { error: /^0+(\.0*)?$/.test(normalizeNumber(text)) ? 'valuePositive' : 'valueNumber' };
  }
}
