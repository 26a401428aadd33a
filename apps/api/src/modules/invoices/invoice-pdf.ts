import type { Locale } from '@app/shared/constants';
import { formatDateTimeIn, formatMoney, formatNumber, type TimeFormat } from '@app/shared/format';
import type { Invoice } from '@app/shared/schemas/invoices';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { drawLine, useFonts } from '../../lib/pdf-text';
import { DOC_LABELS, type DocLabel } from './invoice-labels';

/**
 * The invoice (or credit note) as an A4 PDF: what the preview page shows, laid out by the server so
 * a business can send or archive the file. Every label in both languages, `lang` first and setting
 * the direction; amounts with the currency's digits; the ZATCA QR drawn as vector squares.
 */

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const INNER = PAGE.width - 2 * PAGE.margin;
const MUTED = '#5c6370';
const RULE = '#d0d4da';

type Column = { key: DocLabel; width: number; value: (l: Invoice['lines'][number]) => string };

export async function invoicePdf(inv: Invoice, lang: Locale, timeFormat: TimeFormat): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: `${DOC_LABELS[lang][titleKey(inv)]} #${inv.number}`, Author: inv.seller.name, Producer: 'Khidma' },
    lang: lang === 'ar' ? 'ar-SA' : 'en',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  useFonts(doc);

  const rtl = lang === 'ar';
  const second: Locale = rtl ? 'en' : 'ar';
  const main = DOC_LABELS[lang];
  const other = DOC_LABELS[second];
  /** x of a box placed `start` points from the line's start (the right edge in Arabic). */
  const at = (start: number, width: number) => (rtl ? PAGE.margin + INNER - start - width : PAGE.margin + start);
  const money = (minor: number) => formatMoney(minor, lang, inv.currency);
  const line = (text: string, start: number, width: number, y: number, o: { size?: number; bold?: boolean; color?: string; align?: 'start' | 'end' | 'center' } = {}) =>
    drawLine(doc, text, { x: at(start, width), y, width, size: o.size ?? 9, bold: o.bold, color: o.color, align: o.align, rtl });
  /** A label in the main language with the other beneath it, smaller. Returns the height used. */
  const label = (key: DocLabel, start: number, width: number, y: number, o: { bold?: boolean; align?: 'start' | 'end' | 'center'; size?: number } = {}) => {
    const size = o.size ?? 8.5;
    line(main[key], start, width, y, { size, bold: o.bold ?? true, align: o.align });
    line(other[key], start, width, y + size + 2.5, { size: size - 1.5, color: MUTED, align: o.align });
    return 2 * size + 4;
  };
  /** A row: the label at the start, the value at the end of the box. */
  const row = (key: DocLabel, value: string, start: number, width: number, y: number) => {
    const h = label(key, start, width * 0.55, y);
    line(value, start + width * 0.55, width * 0.45, y, { align: 'end' });
    return h + 3;
  };

  // Header: the title and the document's facts at the start, the QR at the end.
  let y = PAGE.margin;
  const qrSize = 104;
  const head = INNER - (inv.qr ? qrSize + 16 : 0);
  const title = titleKey(inv);
  line(main[title], 0, head, y, { size: 18, bold: true });
  line(other[title], 0, head, y + 24, { size: 11, color: MUTED });
  y += 46;
  const facts: [DocLabel, string][] = [
    ['number', `#${inv.number}`],
    ['date', formatDateTimeIn(inv.created_at, lang, timeFormat, inv.time_zone)],
  ];
  if (inv.order_number !== null) facts.push(['order', `#${inv.order_number}`]);
  if (inv.original_invoice) facts.push(['originalInvoice', `#${inv.original_invoice.number}`]);
  if (inv.reason) facts.push(['reason', inv.reason]);
  for (const [k, v] of facts) y += row(k, v, 0, Math.min(head, 300), y);
  if (inv.qr) {
    const top = PAGE.margin;
    drawQr(doc, inv.qr, at(INNER - qrSize, qrSize), top, qrSize);
    line(main.qr, INNER - qrSize - 10, qrSize + 20, top + qrSize + 4, { size: 7, color: MUTED, align: 'center' });
    y = Math.max(y, top + qrSize + 20);
  }
  y += 8;
  rule(doc, y);
  y += 10;

  // Seller and buyer, side by side.
  const half = (INNER - 20) / 2;
  const party = (start: number, heading: DocLabel, name: string, rows: [DocLabel, string][], notes: string[]) => {
    let py = y;
    py += label(heading, start, half, py, { size: 10 });
    line(name, start, half, py, { size: 11, bold: true });
    py += 16;
    for (const n of notes) {
      line(n, start, half, py, { size: 8.5, color: MUTED });
      py += 15;
    }
    for (const [k, v] of rows) py += row(k, v, start, half, py);
    return py;
  };
  const sellerRows: [DocLabel, string][] = [];
  if (inv.seller.vat_number) sellerRows.push(['vatNumber', inv.seller.vat_number]);
  const sellerEnd = party(0, 'seller', inv.seller.name, sellerRows, [inv.seller.branch, inv.seller.address].filter((x): x is string => !!x));
  let buyerEnd = y;
  const buyerName = inv.billing_name ?? inv.customer_name;
  if (buyerName) {
    const rows: [DocLabel, string][] = [];
    if (inv.vat_id) rows.push(['vatNumber', inv.vat_id]);
    if (inv.billing_country) rows.push(['country', inv.billing_country]);
    if (inv.customer_phone && !inv.vat_id) rows.push(['phone', inv.customer_phone]);
    const address = inv.billing_address
      ? [inv.billing_address, inv.billing_details?.building_number, inv.billing_details?.district, inv.billing_details?.city, inv.billing_details?.postal_code].filter(Boolean).join(rtl ? '، ' : ', ')
      : null;
    buyerEnd = party(half + 20, 'buyer', buyerName, rows, address ? [address] : []);
  }
  y = Math.max(sellerEnd, buyerEnd) + 6;

  // The lines.
  const rate = (l: Invoice['lines'][number]) => `${formatNumber(l.taxes.reduce((a, x) => a + x.rate_bps, 0) / 100, lang)}%`;
  const columns: Column[] = [
    { key: 'qty', width: 32, value: (l) => formatNumber(l.quantity, lang) },
    { key: 'unitPrice', width: 64, value: (l) => money(l.unit_price) },
    { key: 'discount', width: 56, value: (l) => (l.discount ? money(l.discount) : '—') },
    { key: 'net', width: 64, value: (l) => money(l.net) },
    { key: 'vatRate', width: 40, value: rate },
    { key: 'vat', width: 58, value: (l) => money(l.tax) },
    { key: 'lineTotal', width: 70, value: (l) => money(l.total) },
  ];
  const itemWidth = INNER - columns.reduce((a, c) => a + c.width, 0);
  const header = () => {
    doc.rect(PAGE.margin, y - 3, INNER, 27).fill('#f1f3f5');
    label('item', 4, itemWidth - 8, y, { size: 7.5 });
    let start = itemWidth;
    for (const c of columns) {
      label(c.key, start + 2, c.width - 4, y, { size: 7.5, align: 'end' });
      start += c.width;
    }
    y += 28;
  };
  header();
  for (const l of inv.lines) {
    if (y > PAGE.height - PAGE.margin - 40) {
      doc.addPage();
      y = PAGE.margin;
      header();
    }
    line(l.name, 4, itemWidth - 8, y, { size: 8.5 });
    let start = itemWidth;
    for (const c of columns) {
      line(c.value(l), start + 2, c.width - 4, y, { size: 8, align: 'end' });
      start += c.width;
    }
    y += 15;
    rule(doc, y - 3);
  }
  y += 8;

  // Totals, at the end side.
  if (y > PAGE.height - PAGE.margin - 160) {
    doc.addPage();
    y = PAGE.margin;
  }
  const totalsWidth = 260;
  const totalsStart = INNER - totalsWidth;
  y += row('totalExclVat', money(inv.taxable_amount), totalsStart, totalsWidth, y);
  for (const g of inv.tax_groups) {
    line(`${g.name} ${formatNumber(g.rate_bps / 100, lang)}%`, totalsStart, totalsWidth * 0.55, y, { size: 8.5 });
    line(money(g.amount), totalsStart + totalsWidth * 0.55, totalsWidth * 0.45, y, { align: 'end' });
    y += 14;
  }
  y += row('totalVat', money(inv.tax_amount), totalsStart, totalsWidth, y);
  rule(doc, y, at(totalsStart, totalsWidth), totalsWidth);
  y += 6;
  label('total', totalsStart, totalsWidth * 0.55, y, { size: 10 });
  line(money(inv.total), totalsStart + totalsWidth * 0.55, totalsWidth * 0.45, y, { size: 11, bold: true, align: 'end' });
  y += 28;
  if (inv.paid_amount > 0) y += row(inv.type === 'refund' ? 'refunded' : 'paid', money(inv.paid_amount), totalsStart, totalsWidth, y);

  // Footer: the document's UUID and who issued it.
  y = Math.max(y + 10, PAGE.height - PAGE.margin - 50);
  rule(doc, y - 6);
  y += row('uuid', inv.uuid, 0, INNER, y);
  if (inv.created_by) row('issuedBy', inv.created_by, 0, INNER, y);

  doc.end();
  return done;
}

function titleKey(inv: Invoice): DocLabel {
  if (inv.type === 'refund') return 'creditNote';
  if (inv.template === 'standard') return 'taxInvoice';
  if (inv.template === 'simplified') return 'simplifiedTaxInvoice';
  return 'invoice';
}

function rule(doc: PDFKit.PDFDocument, y: number, x = PAGE.margin, width = INNER): void {
  doc.moveTo(x, y).lineTo(x + width, y).lineWidth(0.6).strokeColor(RULE).stroke();
}

/** The QR's modules as filled squares (crisp at any zoom, nothing rasterised). */
function drawQr(doc: PDFKit.PDFDocument, payload: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + 2 * quiet);
  doc.save().fillColor('#000000');
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.modules.get(r, c)) doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell + 0.05, cell + 0.05);
    }
  }
  doc.fill().restore();
}
