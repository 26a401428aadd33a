import type { Locale } from '@app/shared/constants';
import { RECEIPT_SIZES, type Receipt, type ReceiptSize } from '@app/shared/schemas/transactions';
import { Alert, Button, Group, Loader, SegmentedControl } from '@mantine/core';
import { IconArrowBack, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { isApiError } from '@/lib/api-client';
import { formatDateTimeIn, formatMoney, formatNumber } from '@/lib/format';
import { isRtl, loadTexts } from '@/lib/i18n';
import { useReceipt } from '../api/checkout';
import { QrCode } from '@/features/invoices/components/qr-code';
import './receipt.css';

const MM_PER_PX = 25.4 / 96;
/** Printers wait this long after the page shows before the print dialog opens (spec §7: one second). */
const PRINT_DELAY_MS = 1000;

const isSize = (v: string | null): v is ReceiptSize => (RECEIPT_SIZES as readonly (string | null)[]).includes(v);
const isLocale = (v: string | null): v is Locale => v === 'ar' || v === 'en';

/**
 * `/orders/:id/receipt?size=a4|80mm&lang=ar|en&print=1`: the order's receipt, printable on A4 or an
 * 80 mm thermal roll, in Arabic (right to left) or English whatever the screen's language. The print
 * dialog opens by itself with `print=1` (from this page's own script: the CSP allows no inline one).
 */
export function ReceiptPage() {
  const { id = '' } = useParams();
  const { t: tUi, i18n } = useTranslation('orders');
  const [params, setParams] = useSearchParams();
  const receipt = useReceipt(id);
  const size: ReceiptSize = isSize(params.get('size')) ? (params.get('size') as ReceiptSize) : 'a4';
  const langParam = params.get('lang');
  const lang: Locale = isLocale(langParam) ? langParam : (receipt.data?.locale ?? (i18n.language === 'en' ? 'en' : 'ar'));
  const autoPrint = params.get('print') === '1';
  // The receipt's language may not be the screen's: its texts are fetched first.
  const [langReady, setLangReady] = useState<Locale | null>(null);
  useEffect(() => {
    let alive = true;
    void loadTexts(lang, ['common', 'orders']).then(() => alive && setLangReady(lang));
    return () => {
      alive = false;
    };
  }, [lang]);
  const paper = useRef<HTMLElement>(null);
  const [pageCss, setPageCss] = useState('');

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    next.delete('print');
    setParams(next, { replace: true });
  };

  // The paper: A4 with margins, or the roll's width and exactly the receipt's length (which the language changes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the language re-renders the receipt
  useLayoutEffect(() => {
    if (!receipt.data) return;
    if (size === 'a4') {
      setPageCss('@page { size: A4; margin: 12mm 14mm; }');
      return;
    }
    const height = Math.ceil((paper.current?.scrollHeight ?? 1100) * MM_PER_PX) + 8;
    setPageCss(`@page { size: 80mm ${Math.max(height, 80)}mm; margin: 3mm 2mm; }`);
  }, [receipt.data, size, lang, langReady]);

  useEffect(() => {
    if (!autoPrint || !receipt.data || !pageCss) return;
    const timer = window.setTimeout(() => window.print(), PRINT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [autoPrint, receipt.data, pageCss]);

  let body: ReactNode;
  if (receipt.isPending || langReady !== lang) body = <Loader mx="auto" display="block" mt="xl" />;
  else if (receipt.isError || !receipt.data) {
    const e = receipt.error;
    const text = isApiError(e) ? (e.status === 404 ? tUi('page.notFound') : (Object.values(e.fieldErrors)[0] ?? e.message)) : tUi('states.errorTitle');
    body = (
      <Alert color="red" variant="light" maw={520} mx="auto" data-testid="receipt-error">
        {text}
      </Alert>
    );
  } else body = <ReceiptPaper ref={paper} receipt={receipt.data} size={size} lang={lang} />;

  return (
    <div className="receipt-page">
      {pageCss && <style>{pageCss}</style>}
      <Group className="receipt-toolbar" justify="space-between" gap="sm" wrap="wrap">
        <Button component={Link} to={`/orders/${id}`} variant="subtle" leftSection={<IconArrowBack size={16} />}>
          {tUi('receipt.backToOrder')}
        </Button>
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label={tUi('receipt.paper')}
            value={size}
            onChange={(v) => set('size', v)}
            data={[
              { value: 'a4', label: tUi('receipt.a4') },
              { value: '80mm', label: tUi('receipt.roll') },
            ]}
            data-testid="receipt-size"
          />
          <SegmentedControl
            aria-label={tUi('receipt.language')}
            value={lang}
            onChange={(v) => set('lang', v)}
            data={[
              { value: 'ar', label: 'العربية' },
              { value: 'en', label: 'English' },
            ]}
            data-testid="receipt-lang"
          />
          <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!receipt.data} data-testid="receipt-print">
            {tUi('receipt.print')}
          </Button>
        </Group>
      </Group>
      {body}
    </div>
  );
}

type PaperProps = { receipt: Receipt; size: ReceiptSize; lang: Locale; ref: React.Ref<HTMLElement> };

/** The receipt itself, in `lang` (its own direction), with the business's clock and time zone. */
function ReceiptPaper({ receipt: r, size, lang, ref }: PaperProps) {
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(lang, 'orders');
  const timeFormat = useCurrentUser().tenant.time_format;
  const money = (minor: number) => <span className="ltr">{formatMoney(minor, lang, r.currency)}</span>;
  const when = (iso: string) => formatDateTimeIn(iso, lang, timeFormat, r.time_zone);
  const line = (label: ReactNode, value: ReactNode, className?: string, testId?: string) => (
    <div className={`receipt-line${className ? ` ${className}` : ''}`} data-testid={testId}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
  const wide = size === 'a4';
  const hr = <hr className="receipt-rule" />;
  return (
    <article ref={ref} className={`receipt receipt--${size}`} dir={isRtl(lang) ? 'rtl' : 'ltr'} lang={lang} data-testid="receipt" data-size={size}>
      <header className="receipt-center">
        <h1 data-testid="receipt-business">{r.business.name}</h1>
        {r.branch && (
          <div className="receipt-muted">
            {r.branch.name}
            {r.branch.address ? ` — ${r.branch.address}` : ''}
          </div>
        )}
        {r.business.vat_number && (
          <div data-testid="receipt-vat">
            {t('receipt.vatNumber')}: <span className="ltr">{r.business.vat_number}</span>
          </div>
        )}
      </header>
      <div className="receipt-title">{t('receipt.title')}</div>
      {line(t('receipt.order'), <span className="ltr">#{r.order.number}</span>, undefined, 'receipt-order-number')}
      {r.invoice && line(t('receipt.invoice'), <span className="ltr">#{r.invoice.number}</span>, undefined, 'receipt-invoice-number')}
      {line(t('receipt.date'), when(r.order.date))}
      {r.customer && line(t('receipt.customer'), r.customer.name)}
      {r.customer?.phone && line(t('receipt.phone'), <span className="ltr">{r.customer.phone}</span>)}
      {hr}
      <table>
        <thead>
          <tr>
            <th>{t('receipt.item')}</th>
            <th className="num">{t('receipt.qty')}</th>
            {wide && <th className="num">{t('receipt.unit')}</th>}
            {wide && <th className="num">{t('receipt.tax')}</th>}
            <th className="num">{t('receipt.lineTotal')}</th>
          </tr>
        </thead>
        <tbody>
          {r.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: receipt lines have no id of their own here; the list never reorders
            <tr key={i}>
              <td>
                {item.name}
                {!wide && item.quantity > 1 && (
                  <div className="receipt-sub">
                    {formatNumber(item.quantity, lang)} × {money(item.unit_price)}
                  </div>
                )}
              </td>
              <td className="num">{formatNumber(item.quantity, lang)}</td>
              {wide && <td className="num">{money(item.unit_price)}</td>}
              {wide && <td className="num">{money(item.tax_amount)}</td>}
              <td className="num">{money(item.subtotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hr}
      <section className="receipt-totals">
        {line(t('totals.subtotal'), money(r.subtotal))}
        {r.discount &&
          r.discount.amount > 0 &&
          line(r.discount.type === 'percentage' ? t('totals.discountPercent', { rate: formatNumber(r.discount.value / 100, lang) }) : t('totals.discount'), <>− {money(r.discount.amount)}</>)}
        {r.taxes.map((tax) => (
          <div key={`${tax.name}-${tax.rate_bps}`}>{line(t('totals.taxLine', { name: tax.name, rate: formatNumber(tax.rate_bps / 100, lang) }), money(tax.amount))}</div>
        ))}
        {line(t('totals.tax'), money(r.tax_amount))}
        {r.fees.map((fee, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fees have no id
          <div key={i}>{line(fee.title, money(fee.amount))}</div>
        ))}
        {r.tip > 0 && line(t('totals.tip'), money(r.tip), undefined, 'receipt-tip')}
        {r.transport_fee > 0 && line(t('details.transportFee'), money(r.transport_fee))}
        {hr}
        {line(t('totals.total'), money(r.total), 'receipt-total', 'receipt-total')}
        {hr}
        {r.payments.map((p) => (
          <div key={p.number} data-testid={`receipt-payment-${p.number}`}>
            {line(t(`paymentMethod.${p.payment_method}`), money(p.amount))}
            {p.tendered_amount !== null && <div className="receipt-sub">{line(t('receipt.received'), money(p.tendered_amount))}</div>}
            {p.change_due > 0 && <div className="receipt-sub">{line(t('receipt.change'), money(p.change_due))}</div>}
          </div>
        ))}
        {line(t('totals.paid'), money(r.paid_amount))}
        {r.remaining_amount > 0 && line(t('totals.remaining'), money(r.remaining_amount), 'receipt-total')}
        {r.pending_amount > 0 && line(t('receipt.pendingTransfer'), money(r.pending_amount))}
      </section>
      {hr}
      {r.invoice?.qr && (
        <div className="receipt-center" data-testid="receipt-qr">
          <QrCode payload={r.invoice.qr} label={t('receipt.invoice')} className="receipt-qr" />
        </div>
      )}
      <footer className="receipt-center receipt-muted">
        <div>{t('receipt.thanks')}</div>
        <div>
          {t('receipt.printedAt')} {when(r.printed_at)}
        </div>
      </footer>
    </article>
  );
}
