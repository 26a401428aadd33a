import type { Locale } from '@app/shared/constants';
import type { SubscriptionInvoice } from '@app/shared/schemas/subscription';
import { Alert, Badge, Button, Group, Loader } from '@mantine/core';
import { IconArrowBack, IconFileCode, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QrCode } from '@/features/invoices/components/qr-code';
import { downloadFile, isApiError } from '@/lib/api-client';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { isRtl, loadTexts } from '@/lib/i18n';
import { useLocale } from '@/lib/use-locale';
import { useSubscriptionInvoice } from '../api/subscription';
import { DocLinesTable, DocRow, DocTotals, useBilingual } from '@/features/invoices/components/bilingual';
import '@/features/orders/pages/receipt.css';
import '@/features/invoices/pages/invoice.css';


/** The platform's e-invoicing status of the invoice, as a badge colour. */
const ZATCA_COLORS: Record<SubscriptionInvoice['zatca_status'], string> = { 'not-submitted': 'gray', pending: 'yellow', reported: 'green', cleared: 'green', rejected: 'red' };

/**
 * `/settings/subscriptions/invoices/:id`: the platform's tax invoice to the business on A4, every
 * label in both languages (the one in use first), with the seller, the buyer, the amounts, the VAT
 * and the ZATCA QR (signed by the platform's unit once it is connected); its e-invoicing status, the
 * XML once signed, and a Print button. Printable, so without the shell.
 */
export function SubscriptionInvoicePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('subscription');
  const lang = useLocale();
  const invoice = useSubscriptionInvoice(id);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let alive = true;
    void Promise.all([loadTexts('ar', ['common', 'subscription', 'invoices']), loadTexts('en', ['common', 'subscription', 'invoices'])]).then(() => alive && setReady(true));
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
        <Group gap="xs">
          {invoice.data && (
            <Badge variant="light" color={ZATCA_COLORS[invoice.data.zatca_status]} data-testid="subscription-invoice-zatca">
              {t(`invoices.zatca.${invoice.data.zatca_status}`)}
            </Badge>
          )}
          {invoice.data && invoice.data.icv !== null && (
            <Button
              variant="subtle"
              leftSection={<IconFileCode size={16} />}
              onClick={() => {
                const d = invoice.data;
                if (d) void downloadFile(`subscription/invoices/${d.id}/xml`, `invoice-${d.number}.xml`).catch(() => undefined);
              }}
              data-testid="subscription-invoice-xml"
            >
              {t('invoices.xml')}
            </Button>
          )}
          <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!invoice.data} data-testid="subscription-invoice-print">
            {t('invoices.print')}
          </Button>
        </Group>
      </Group>
      {body}
    </div>
  );
}

function InvoicePaper({ invoice: inv, lang }: { invoice: SubscriptionInvoice; lang: Locale }) {
  const { main, both } = useBilingual(lang, 'subscription');
  // The labels every tax document shares are the invoices' own.
  const shared = useBilingual(lang, 'invoices');
  const doc = shared.both;
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
          <h1>{doc(inv.template === 'standard' ? 'doc.taxInvoice' : 'doc.simplifiedTaxInvoice')}</h1>
          {row(doc('doc.number'), <span className="ltr" data-testid="subscription-invoice-number">{inv.number}</span>)}
          {row(doc('doc.date'), day(inv.issued_at))}
          {period && row(both('invoices.doc.period'), period)}
          {row(both('invoices.doc.paymentMethod'), main(`method.${inv.payment_method}`))}
        </div>
        {inv.qr && <QrCode payload={inv.qr} label={shared.main('doc.qr')} />}
      </header>
      <section className="invoice-parties">
        <div data-testid="subscription-invoice-seller">
          <h2>{doc('doc.seller')}</h2>
          <div className="invoice-strong">{inv.seller.name}</div>
          {inv.seller.vat_number && row(doc('doc.vatNumber'), <span className="ltr">{inv.seller.vat_number}</span>)}
          {inv.seller.address && (
            <div className="receipt-muted" dir="auto">
              {inv.seller.address}
            </div>
          )}
        </div>
        <div data-testid="subscription-invoice-buyer">
          <h2>{doc('doc.buyer')}</h2>
          <div className="invoice-strong">{inv.buyer.name}</div>
          {inv.buyer.vat_number && row(doc('doc.vatNumber'), <span className="ltr">{inv.buyer.vat_number}</span>)}
        </div>
      </section>
      <DocLinesTable
        lines={[
          {
            name: (
              <>
                {inv.description}
                {period && <div className="receipt-muted">{period}</div>}
              </>
            ),
            quantity: 1,
            unit_price: gross,
            discount: inv.discount,
            net: taxable,
            vat_rate_pct: inv.vat_rate_bps / 100,
            tax: inv.vat_amount,
            total: inv.total,
          },
        ]}
        lang={lang}
        currency={inv.currency}
      />
      <DocTotals
        lang={lang}
        currency={inv.currency}
        taxable={taxable}
        groups={[{ label: main('invoices.doc.vatAt', { rate }), amount: inv.vat_amount }]}
        vat={inv.vat_amount}
        total={inv.total}
        testId="subscription-invoice"
        before={
          inv.discount > 0 && (
            <>
              {row(both('invoices.doc.price'), money(gross))}
              {row(doc('doc.discount'), <>− {money(inv.discount)}</>, 'subscription-invoice-discount')}
            </>
          )
        }
      />
    </article>
  );
}
