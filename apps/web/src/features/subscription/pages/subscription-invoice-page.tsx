import type { Locale } from '@app/shared/constants';
import type { SubscriptionInvoice } from '@app/shared/schemas/subscription';
import { Alert, Button, Group, Loader } from '@mantine/core';
import { IconArrowBack, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QrCode } from '@/features/invoices/components/qr-code';
import { isApiError } from '@/lib/api-client';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { isRtl, loadTexts } from '@/lib/i18n';
import { useLocale } from '@/lib/use-locale';
import { useSubscriptionInvoice } from '../api/subscription';
import { DocRow, otherLocale, useBilingual } from '@/features/invoices/components/bilingual';
import '@/features/orders/pages/receipt.css';
import '@/features/invoices/pages/invoice.css';


/**
 * `/settings/subscriptions/invoices/:id`: the platform's tax invoice to the business on A4, every
 * label in both languages (the one in use first), with the seller, the buyer, the amounts, the VAT
 * and the ZATCA QR; a Print button. Printable, so without the shell.
 */
export function SubscriptionInvoicePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('subscription');
  const lang = useLocale();
  const invoice = useSubscriptionInvoice(id);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let alive = true;
    void Promise.all([loadTexts('ar', ['common', 'subscription']), loadTexts('en', ['common', 'subscription'])]).then(() => alive && setReady(true));
    return () => {
      alive = false;
    };
  }, []);

  let body: ReactNode;
  if (invoice.isPending || !ready) body = <Loader mx="auto" display="block" mt="xl" />;
  else if (invoice.isError)
    body = (
      <Alert color="red" variant="light" maw={520} mx="auto" data-testid="subscription-invoice-error">
        {isApiError(invoice.error) && invoice.error.status === 404 ? t('invoices.notFound') : t('invoices.loadFailed')}
      </Alert>
    );
  else body = <InvoicePaper invoice={invoice.data} lang={lang} />;

  return (
    <div className="receipt-page">
      <style>{'@page { size: A4; margin: 12mm 14mm; }'}</style>
      <Group className="receipt-toolbar" justify="space-between" gap="sm" wrap="wrap">
        <Button component={Link} to="/settings/subscriptions/invoices" variant="subtle" leftSection={<IconArrowBack size={16} />}>
          {t('invoices.back')}
        </Button>
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!invoice.data} data-testid="subscription-invoice-print">
          {t('invoices.print')}
        </Button>
      </Group>
      {body}
    </div>
  );
}

function InvoicePaper({ invoice: inv, lang }: { invoice: SubscriptionInvoice; lang: Locale }) {
  const { main, second, both } = useBilingual(lang, 'subscription');
  const money = (minor: number) => <span className="ltr">{formatMoney(minor, lang, inv.currency)}</span>;
  const day = (iso: string) => formatDate(iso, lang);
  const row = (label: ReactNode, value: ReactNode, testId?: string) => <DocRow label={label} value={value} testId={testId} />;
  // What VAT was charged on (the total less its VAT), and the price before the discount (a coupon, an
  // upgrade's credit): read from the total, whichever way the subtotal is counted.
  const taxable = inv.total - inv.vat_amount;
  const gross = taxable + inv.discount;
  const period = inv.period_start && inv.period_end ? main('invoices.periodRange', { from: day(inv.period_start), to: day(inv.period_end) }) : null;
  const rate = formatNumber(inv.vat_rate_bps / 100, lang);
  return (
    <article className="receipt receipt--a4 invoice" dir={isRtl(lang) ? 'rtl' : 'ltr'} lang={lang} data-testid="subscription-invoice-doc" data-number={inv.number}>
      <header className="invoice-head">
        <div>
          <h1>{both(inv.template === 'standard' ? 'invoices.doc.taxInvoice' : 'invoices.doc.simplifiedTaxInvoice')}</h1>
          {row(both('invoices.doc.number'), <span className="ltr" data-testid="subscription-invoice-number">{inv.number}</span>)}
          {row(both('invoices.doc.date'), day(inv.issued_at))}
          {period && row(both('invoices.doc.period'), period)}
          {row(both('invoices.doc.paymentMethod'), main(`method.${inv.payment_method}`))}
        </div>
        {inv.qr && <QrCode payload={inv.qr} label={main('invoices.doc.qr')} />}
      </header>
      <section className="invoice-parties">
        <div data-testid="subscription-invoice-seller">
          <h2>{both('invoices.doc.seller')}</h2>
          <div className="invoice-strong">{inv.seller.name}</div>
          {inv.seller.vat_number && row(both('invoices.doc.vatNumber'), <span className="ltr">{inv.seller.vat_number}</span>)}
          {inv.seller.address && <div className="receipt-muted">{inv.seller.address}</div>}
        </div>
        <div data-testid="subscription-invoice-buyer">
          <h2>{both('invoices.doc.buyer')}</h2>
          <div className="invoice-strong">{inv.buyer.name}</div>
          {inv.buyer.vat_number && row(both('invoices.doc.vatNumber'), <span className="ltr">{inv.buyer.vat_number}</span>)}
        </div>
      </section>
      <div className="invoice-table">
        <table>
          <thead>
            <tr>
              <th>{both('invoices.doc.item')}</th>
              <th className="num">{both('invoices.doc.price')}</th>
              <th className="num">{both('invoices.doc.discount')}</th>
              <th className="num">{both('invoices.doc.net')}</th>
              <th className="num">{both('invoices.doc.vatRate')}</th>
              <th className="num">{both('invoices.doc.vat')}</th>
              <th className="num">{both('invoices.doc.lineTotal')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                {inv.description}
                {period && <div className="receipt-muted">{period}</div>}
              </td>
              <td className="num">{money(gross)}</td>
              <td className="num">{inv.discount > 0 ? money(inv.discount) : '—'}</td>
              <td className="num">{money(taxable)}</td>
              <td className="num">{rate}%</td>
              <td className="num">{money(inv.vat_amount)}</td>
              <td className="num">{money(inv.total)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <section className="receipt-totals invoice-totals">
        {inv.discount > 0 && row(both('invoices.doc.price'), money(gross))}
        {inv.discount > 0 && row(both('invoices.doc.discount'), <>− {money(inv.discount)}</>, 'subscription-invoice-discount')}
        {row(both('invoices.doc.totalExclVat'), money(taxable), 'subscription-invoice-subtotal')}
        {row(
          <>
            {main('invoices.doc.vatAt', { rate })}
            <span className="invoice-second" lang={otherLocale(lang)}>
              {second('invoices.doc.vatAt', { rate: formatNumber(inv.vat_rate_bps / 100, otherLocale(lang)) })}
            </span>
          </>,
          money(inv.vat_amount),
          'subscription-invoice-vat',
        )}
        <hr className="receipt-rule" />
        <div className="receipt-total">{row(both('invoices.doc.total'), money(inv.total), 'subscription-invoice-total')}</div>
      </section>
    </article>
  );
}
