import type { Locale } from '@app/shared/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The other of the two languages. */
export const otherLocale = (l: Locale): Locale => (l === 'ar' ? 'en' : 'ar');

/**
 * The labels of a printed document in both languages (a Saudi tax invoice carries Arabic and
 * English): `main` in `lang`, `both(key)` the label in `lang` with the other beneath it.
 */
export function useBilingual(lang: Locale, ns: string) {
  const { i18n } = useTranslation();
  const main = i18n.getFixedT(lang, ns);
  const second = i18n.getFixedT(otherLocale(lang), ns);
  const both = (key: string) => (
    <>
      {main(key)}
      <span className="invoice-second" lang={otherLocale(lang)}>
        {second(key)}
      </span>
    </>
  );
  return { main, second, both };
}

/** A label and its value on one line of a document. */
export function DocRow({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <div className="receipt-line" data-testid={testId}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
}
