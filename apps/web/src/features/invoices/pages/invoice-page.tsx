import type { Locale } from '@app/shared/constants';
import type { Invoice } from '@app/shared/schemas/invoices';
import { Alert, Button, Group, Loader, SegmentedControl } from '@mantine/core';
import { IconArrowBack, IconDownload, IconFileCode, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { downloadFile, isApiError } from '@/lib/api-client';
import { formatDateTimeIn, formatMoney, formatNumber } from '@/lib/format';
import { isRtl, loadTexts } from '@/lib/i18n';
import { useInvoice } from '../api/invoices';
import { QrCode } from '../components/qr-code';
import { DocLinesTable, DocRow, DocTotals, useBilingual } from '../components/bilingual';
import '@/features/orders/pages/receipt.css';
import './invoice.css';

/** The print dialog opens this long after the page shows (spec §7: one second). */
const PRINT_DELAY_MS = 1000;
/** The documents signed into the ZATCA chain: they have an e-invoice XML to download. */
const SIGNED = new Set(['pending', 'reported', 'cleared', 'rejected']);
const isLocale = (v: string | null): v is Locale => v === 'ar' || v === 'en';

/** `/preview-invoices/:id`: the document on screen, with print and the language of its main labels. */
export function InvoicePreviewPage() {
  return <InvoicePage autoPrint={false} />;
}

/** `/print-invoice/:id`: the same page, whose print dialog opens by itself after a second. */
export function InvoicePrintPage() {
  return <InvoicePage autoPrint />;
}

function InvoicePage({ autoPrint }: { autoPrint: boolean }) {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('invoices');
  const [params, setParams] = useSearchParams();
  const invoice = useInvoice(id);
  const langParam = params.get('lang');
  const lang: Locale = isLocale(langParam) ? langParam : i18n.language === 'en' ? 'en' : 'ar';
  // Every label shows in both languages; `lang` leads (and sets the direction). Both are fetched first.
  const [ready, setReady] = useState(false);
  const [downloading, setDownloading] = useState(false);
  useEffect(() => {
    let alive = true;
    void Promise.all([loadTexts('ar', ['common', 'invoices']), loadTexts('en', ['common', 'invoices'])]).then(() => alive && setReady(true));
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    if (!autoPrint || !invoice.data || !ready) return;
    const timer = window.setTimeout(() => window.print(), PRINT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [autoPrint, invoice.data, ready]);

  let body: ReactNode;
  if (invoice.isPending || !ready) body = <Loader mx="auto" display="block" mt="xl" />;
  else if (invoice.isError || !invoice.data) {
    const e = invoice.error;
    body = (
      <Alert color="red" variant="light" maw={520} mx="auto" data-testid="invoice-error">
        {isApiError(e) && e.status === 404 ? t('page.notFound') : t('page.error')}
      </Alert>
    );
  } else body = <InvoicePaper invoice={invoice.data} lang={lang} />;

  return (
    <div className="receipt-page">
      <style>{'@page { size: A4; margin: 12mm 14mm; }'}</style>
      <Group className="receipt-toolbar" justify="space-between" gap="sm" wrap="wrap">
        <Button component={Link} to={invoice.data ? `/orders/${invoice.data.order_id}` : '/orders'} variant="subtle" leftSection={<IconArrowBack size={16} />}>
          {t('page.back')}
        </Button>
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            value={lang}
            onChange={(v) => {
              const next = new URLSearchParams(params);
              next.set('lang', v);
              setParams(next, { replace: true });
            }}
            data={[
              { value: 'ar', label: 'العربية' },
              { value: 'en', label: 'English' },
            ]}
            data-testid="invoice-lang"
          />
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={downloading}
            disabled={!invoice.data}
            onClick={() => {
              if (!invoice.data) return;
              setDownloading(true);
              const name = `${invoice.data.type === 'refund' ? 'credit-note' : 'invoice'}-${invoice.data.number}.pdf`;
              void downloadFile(`invoices/${invoice.data.id}/pdf?lang=${lang}`, name)
                .catch(() => undefined)
                .finally(() => setDownloading(false));
            }}
            data-testid="invoice-pdf"
          >
            {t('page.pdf')}
          </Button>
          {invoice.data && SIGNED.has(invoice.data.zatca_status) && (
            <Button
              variant="subtle"
              leftSection={<IconFileCode size={16} />}
              onClick={() => {
                const d = invoice.data;
                if (d) void downloadFile(`invoices/${d.id}/xml`, `${d.type === 'refund' ? 'credit-note' : 'invoice'}-${d.number}.xml`).catch(() => undefined);
              }}
              data-testid="invoice-xml"
            >
              {t('page.xml')}
            </Button>
          )}
          <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!invoice.data} data-testid="invoice-print">
            {t('page.print')}
          </Button>
        </Group>
      </Group>
      {body}
    </div>
  );
}

/** The document: every label in both languages (`lang` first), amounts with the currency's digits. */
function InvoicePaper({ invoice: inv, lang }: { invoice: Invoice; lang: Locale }) {
  const { main, both } = useBilingual(lang, 'invoices');
  const timeFormat = useCurrentUser().tenant.time_format;
  const money = (minor: number) => <span className="ltr">{formatMoney(minor, lang, inv.currency)}</span>;
  const when = (iso: string) => formatDateTimeIn(iso, lang, timeFormat, inv.time_zone);
  const row = (label: ReactNode, value: ReactNode, testId?: string) => <DocRow label={label} value={value} testId={testId} />;
  const title = inv.type === 'refund' ? 'doc.creditNote' : inv.template === 'standard' ? 'doc.taxInvoice' : inv.template === 'simplified' ? 'doc.simplifiedTaxInvoice' : 'doc.invoice';
  const vatRate = (l: Invoice['lines'][number]) => l.taxes.reduce((a, x) => a + x.rate_bps, 0) / 100;
  return (
    <article className="receipt receipt--a4 invoice" dir={isRtl(lang) ? 'rtl' : 'ltr'} lang={lang} data-testid="invoice-doc" data-number={inv.number} data-type={inv.type}>
      <header className="invoice-head">
        <div>
          <h1 data-testid="invoice-title">{both(title)}</h1>
          {row(both('doc.number'), <span className="ltr" data-testid="invoice-number">#{inv.number}</span>)}
          {row(both('doc.date'), when(inv.created_at))}
          {inv.order_number !== null && row(both('doc.order'), <span className="ltr">#{inv.order_number}</span>)}
          {inv.original_invoice && row(both('doc.originalInvoice'), <span className="ltr">#{inv.original_invoice.number}</span>, 'invoice-original')}
          {inv.reason && row(both('doc.reason'), inv.reason)}
        </div>
        {inv.qr && <QrCode payload={inv.qr} label={main('doc.qr')} />}
      </header>
      <section className="invoice-parties">
        <div data-testid="invoice-seller">
          <h2>{both('doc.seller')}</h2>
          <div className="invoice-strong">{inv.seller.name}</div>
          {inv.seller.vat_number && row(both('doc.vatNumber'), <span className="ltr">{inv.seller.vat_number}</span>)}
          {inv.seller.branch && <div>{inv.seller.branch}</div>}
          {inv.seller.address && (
            <div className="receipt-muted" dir="auto">
              {inv.seller.address}
            </div>
          )}
        </div>
        {(inv.billing_name || inv.customer_name) && (
          <div data-testid="invoice-buyer">
            <h2>{both('doc.buyer')}</h2>
            <div className="invoice-strong">{inv.billing_name ?? inv.customer_name}</div>
            {inv.vat_id && row(both('doc.vatNumber'), <span className="ltr" data-testid="invoice-buyer-vat">{inv.vat_id}</span>)}
            {inv.billing_address && (
              <div className="receipt-muted" data-testid="invoice-buyer-address">
                {[inv.billing_address, inv.billing_details?.building_number, inv.billing_details?.district, inv.billing_details?.city, inv.billing_details?.postal_code].filter(Boolean).join(lang === 'ar' ? '، ' : ', ')}
              </div>
            )}
            {inv.billing_country && row(both('doc.country'), <span className="ltr">{inv.billing_country}</span>)}
            {inv.customer_phone && !inv.vat_id && row(both('doc.phone'), <span className="ltr">{inv.customer_phone}</span>)}
          </div>
        )}
      </section>
      <DocLinesTable lines={inv.lines.map((l) => ({ ...l, vat_rate_pct: vatRate(l) }))} lang={lang} currency={inv.currency} />
      <DocTotals
        lang={lang}
        currency={inv.currency}
        taxable={inv.taxable_amount}
        groups={inv.tax_groups.map((g) => ({ label: `${g.name} ${formatNumber(g.rate_bps / 100, lang)}%`, amount: g.amount }))}
        vat={inv.tax_amount}
        total={inv.total}
        testId="invoice"
        after={inv.paid_amount > 0 && row(both(inv.type === 'refund' ? 'doc.refunded' : 'doc.paid'), money(inv.paid_amount))}
      />
      <footer className="invoice-foot receipt-muted">
        {row(both('doc.uuid'), <span className="ltr">{inv.uuid}</span>)}
        {inv.created_by && row(both('doc.issuedBy'), inv.created_by)}
      </footer>
    </article>
  );
}
