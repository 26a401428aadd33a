import { Alert, Button, Group, Loader } from '@mantine/core';
import { IconArrowBack, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatDateTimeIn, formatDay, formatMoney, formatNumber } from '@/lib/format';
import { isRtl } from '@/lib/i18n';
import { useLocale } from '@/lib/use-locale';
import { useQuotation } from '../api/quotations';
import '@/features/orders/pages/receipt.css';
import './invoice.css';

/** `/print-quotation/:id`: the quotation on A4 in the UI language; the print dialog opens after a second (spec §7). */
export function QuotationPrintPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  const user = useCurrentUser();
  const q = useQuotation(id);
  useEffect(() => {
    if (!q.data) return;
    const timer = window.setTimeout(() => window.print(), 1000);
    return () => window.clearTimeout(timer);
  }, [q.data]);
  const money = (minor: number, currency: string) => <span className="ltr">{formatMoney(minor, locale, currency)}</span>;
  const row = (label: ReactNode, value: ReactNode, testId?: string) => (
    <div className="receipt-line" data-testid={testId}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
  let body: ReactNode;
  if (q.isPending) body = <Loader mx="auto" display="block" mt="xl" />;
  else if (!q.data)
    body = (
      <Alert color="red" variant="light" maw={520} mx="auto">
        {t('quotations.errorTitle')}
      </Alert>
    );
  else {
    const d = q.data;
    body = (
      <article className="receipt receipt--a4 invoice" dir={isRtl(locale) ? 'rtl' : 'ltr'} lang={locale} data-testid="quotation-doc">
        <header className="invoice-head">
          <div>
            <h1>{t('quotations.doc.title')}</h1>
            <div className="invoice-strong">{user.tenant.name}</div>
            {row(t('quotations.doc.number'), <span className="ltr">#{d.number}</span>)}
            {row(t('quotations.doc.date'), formatDateTimeIn(d.created_at, locale, user.tenant.time_format, user.tenant.timezone))}
            {d.valid_until && row(t('quotations.doc.validUntil'), formatDay(d.valid_until, locale))}
            {d.customer_name && row(t('quotations.doc.customer'), d.customer_name)}
          </div>
        </header>
        <table>
          <thead>
            <tr>
              <th>{t('doc.item')}</th>
              <th className="num">{t('doc.qty')}</th>
              <th className="num">{t('doc.unitPrice')}</th>
              <th className="num">{t('doc.vat')}</th>
              <th className="num">{t('doc.lineTotal')}</th>
            </tr>
          </thead>
          <tbody>
            {d.items.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: quotation lines have no id
              <tr key={i}>
                <td>{l.name}</td>
                <td className="num">{formatNumber(l.quantity, locale)}</td>
                <td className="num">{money(l.unit_price, d.currency)}</td>
                <td className="num">{money(l.tax, d.currency)}</td>
                <td className="num">{money(l.total, d.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <section className="receipt-totals invoice-totals">
          {row(t('quotations.doc.subtotal'), money(d.subtotal, d.currency))}
          {row(t('quotations.doc.vat'), money(d.tax_amount, d.currency))}
          <hr className="receipt-rule" />
          <div className="receipt-total">{row(t('quotations.doc.total'), money(d.total, d.currency), 'quotation-total')}</div>
        </section>
        {d.notes && (
          <footer className="invoice-foot">
            {t('quotations.doc.notes')}: {d.notes}
          </footer>
        )}
      </article>
    );
  }
  return (
    <div className="receipt-page">
      <style>{'@page { size: A4; margin: 12mm 14mm; }'}</style>
      <Group className="receipt-toolbar" justify="space-between" gap="sm">
        <Button component={Link} to="/sales/quotations" variant="subtle" leftSection={<IconArrowBack size={16} />}>
          {t('quotations.title')}
        </Button>
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!q.data}>
          {t('page.print')}
        </Button>
      </Group>
      {body}
    </div>
  );
}
