import type { Locale } from '@app/shared/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '@/lib/format';

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

/** A document line as printed: the quantity, the unit price, its discount share, net, VAT and total. */
export type DocLine = { name: ReactNode; quantity: number; unit_price: number; discount: number; net: number; vat_rate_pct: number; tax: number; total: number };

/** The lines table of a tax document (our invoices and the platform's subscription invoices alike), labels in both languages. */
export function DocLinesTable({ lines, lang, currency }: { lines: DocLine[]; lang: Locale; currency: string }) {
  const { both } = useBilingual(lang, 'invoices');
  const money = (minor: number) => <span className="ltr">{formatMoney(minor, lang, currency)}</span>;
  return (
    <div className="invoice-table">
      <table>
        <thead>
          <tr>
            <th>{both('doc.item')}</th>
            <th className="num">{both('doc.qty')}</th>
            <th className="num">{both('doc.unitPrice')}</th>
            <th className="num">{both('doc.discount')}</th>
            <th className="num">{both('doc.net')}</th>
            <th className="num">{both('doc.vatRate')}</th>
            <th className="num">{both('doc.vat')}</th>
            <th className="num">{both('doc.lineTotal')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a document's lines have no id; they never reorder
            <tr key={i} data-testid="invoice-line">
              <td>{l.name}</td>
              <td className="num">{formatNumber(l.quantity, lang)}</td>
              <td className="num">{money(l.unit_price)}</td>
              <td className="num">{l.discount ? money(l.discount) : '—'}</td>
              <td className="num">{money(l.net)}</td>
              <td className="num">{formatNumber(l.vat_rate_pct, lang)}%</td>
              <td className="num">{money(l.tax)}</td>
              <td className="num">{money(l.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A document's totals: what comes `before` (a price and its discount), the total excluding VAT, the
 * VAT by rate, the total VAT, the total, and what comes `after` (paid, refunded). `testId` prefixes
 * the rows' test ids.
 */
export function DocTotals(props: { lang: Locale; currency: string; taxable: number; groups: { label: string; amount: number }[]; vat: number; total: number; testId: string; before?: ReactNode; after?: ReactNode }) {
  const { lang, currency, testId } = props;
  const { both } = useBilingual(lang, 'invoices');
  const money = (minor: number) => <span className="ltr">{formatMoney(minor, lang, currency)}</span>;
  return (
    <section className="receipt-totals invoice-totals">
      {props.before}
      <DocRow label={both('doc.totalExclVat')} value={money(props.taxable)} testId={`${testId}-subtotal`} />
      {props.groups.map((g) => (
        <DocRow key={g.label} label={g.label} value={money(g.amount)} />
      ))}
      <DocRow label={both('doc.totalVat')} value={money(props.vat)} testId={`${testId}-vat`} />
      <hr className="receipt-rule" />
      <div className="receipt-total">
        <DocRow label={both('doc.total')} value={money(props.total)} testId={`${testId}-total`} />
      </div>
      {props.after}
    </section>
  );
}
