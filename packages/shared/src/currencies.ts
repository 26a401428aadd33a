/**
 * Currencies (spec §3): the main list the settings offer first, and the table with code, symbol,
 * native symbol, names, decimal digits (0, 2 or 3), rounding and plural name. Money is stored in
 * integer minor units with the currency's decimal digits.
 */
export type Currency = {
  code: string;
  symbol: string;
  symbolNative: string;
  name: string;
  nameAr: string;
  namePlural: string;
  decimalDigits: 0 | 2 | 3;
  rounding: number;
};

export const MAIN_CURRENCIES = ['SAR', 'USD', 'BHD', 'AED', 'OMR', 'QAR', 'EGP', 'JOD', 'DZD', 'IQD', 'KWD', 'TND', 'MAD', 'LBP', 'SDG', 'SYP', 'YER'] as const;

const c = (code: string, symbol: string, symbolNative: string, name: string, nameAr: string, namePlural: string, decimalDigits: 0 | 2 | 3, rounding = 0): Currency => ({
  code,
  symbol,
  symbolNative,
  name,
  nameAr,
  namePlural,
  decimalDigits,
  rounding,
});

/** The currency table (extended to the full list of about 150 in the settings issue). */
export const CURRENCIES: readonly Currency[] = [
  c('SAR', 'SR', 'ر.س.‏', 'Saudi Riyal', 'ريال سعودي', 'Saudi riyals', 2),
  c('USD', '$', '$', 'US Dollar', 'دولار أمريكي', 'US dollars', 2),
  c('BHD', 'BD', 'د.ب.‏', 'Bahraini Dinar', 'دينار بحريني', 'Bahraini dinars', 3),
  c('AED', 'AED', 'د.إ.‏', 'United Arab Emirates Dirham', 'درهم إماراتي', 'UAE dirhams', 2),
  c('OMR', 'OMR', 'ر.ع.‏', 'Omani Rial', 'ريال عماني', 'Omani rials', 3),
  c('QAR', 'QR', 'ر.ق.‏', 'Qatari Rial', 'ريال قطري', 'Qatari rials', 2),
  c('EGP', 'EGP', 'ج.م.‏', 'Egyptian Pound', 'جنيه مصري', 'Egyptian pounds', 2),
  c('JOD', 'JD', 'د.أ.‏', 'Jordanian Dinar', 'دينار أردني', 'Jordanian dinars', 3),
  c('DZD', 'DA', 'د.ج.‏', 'Algerian Dinar', 'دينار جزائري', 'Algerian dinars', 2),
  c('IQD', 'IQD', 'د.ع.‏', 'Iraqi Dinar', 'دينار عراقي', 'Iraqi dinars', 0),
  c('KWD', 'KD', 'د.ك.‏', 'Kuwaiti Dinar', 'دينار كويتي', 'Kuwaiti dinars', 3),
  c('TND', 'DT', 'د.ت.‏', 'Tunisian Dinar', 'دينار تونسي', 'Tunisian dinars', 3),
  c('MAD', 'MAD', 'د.م.‏', 'Moroccan Dirham', 'درهم مغربي', 'Moroccan dirhams', 2),
  c('LBP', 'LB£', 'ل.ل.‏', 'Lebanese Pound', 'ليرة لبنانية', 'Lebanese pounds', 0),
  c('SDG', 'SDG', 'ج.س.', 'Sudanese Pound', 'جنيه سوداني', 'Sudanese pounds', 2),
  c('SYP', 'SY£', 'ل.س.‏', 'Syrian Pound', 'ليرة سورية', 'Syrian pounds', 0),
  c('YER', 'YR', 'ر.ي.‏', 'Yemeni Rial', 'ريال يمني', 'Yemeni rials', 0),
];

const BY_CODE = new Map(CURRENCIES.map((cur) => [cur.code, cur]));

export function findCurrency(code: string): Currency | undefined {
  return BY_CODE.get(code.toUpperCase());
}

export function isCurrencyCode(code: string): boolean {
  return BY_CODE.has(code.toUpperCase());
}

/** Decimal digits of a currency (2 when unknown). */
export function currencyDigits(code: string): number {
  return findCurrency(code)?.decimalDigits ?? 2;
}
