import type { SubscriptionInvoice } from '@app/shared/schemas/subscription';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { renderPage, sar, stubApi } from '../test-support';
import { SubscriptionInvoicePage } from './subscription-invoice-page';
import { SubscriptionInvoicesPage } from './subscription-invoices-page';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

let api: ReturnType<typeof stubApi>;
const INVOICE: SubscriptionInvoice = {
  id: 'inv1',
  number: 'SUB-2026-0001',
  template: 'simplified',
  issued_at: '2026-01-15T09:00:00.000Z',
  period_start: '2026-01-15T09:00:00.000Z',
  period_end: '2026-02-15T09:00:00.000Z',
  description: 'Professional plan, monthly',
  payment_method: 'credit_card',
  subtotal: 19900,
  discount: 0,
  vat_rate_bps: 1500,
  vat_amount: 2985,
  total: 22885,
  currency: 'SAR',
  seller: { name: 'Khidma Platform Co.', vat_number: '300000000000003', address: 'Riyadh' },
  buyer: { name: 'Lamsa Salon', vat_number: null },
  qr: 'AQxLaGlkbWEgUGxhdGZvcm0=',
  zatca_status: 'not-submitted',
  icv: null,
};

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  api = stubApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SubscriptionInvoicesPage', () => {
  it('lists the invoices with number, date, description and total; a row opens the invoice', async () => {
    api.routes['GET /api/v1/subscription/invoices'] = () => ({ status: 200, json: { data: [INVOICE], meta: { current_page: 1, per_page: 20, total: 1, last_page: 1 } } });
    renderPage(<SubscriptionInvoicesPage />, { path: '/settings/subscriptions/invoices' });
    const row = await screen.findByTestId('subscription-invoice-row');
    expect(row.textContent).toMatch(/SUB-2026-0001/);
    expect(row.textContent).toMatch(/15 Jan 2026/);
    expect(row.textContent).toMatch(/Professional plan, monthly/);
    expect(row.textContent).toContain(sar(22885));
    fireEvent.click(row);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/settings/subscriptions/invoices/inv1'));
  });

  it('says when there is none yet', async () => {
    api.routes['GET /api/v1/subscription/invoices'] = () => ({ status: 200, json: { data: [], meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 } } });
    renderPage(<SubscriptionInvoicesPage />, { path: '/settings/subscriptions/invoices' });
    expect((await screen.findByTestId('list-empty')).textContent).toMatch(/No invoices yet/);
  });
});

describe('SubscriptionInvoicePage', () => {
  it('prints the platform’s tax invoice: seller, buyer, VAT, total and the QR', async () => {
    api.routes['GET /api/v1/subscription/invoices/inv1'] = () => ({ status: 200, json: { data: INVOICE } });
    renderPage(<SubscriptionInvoicePage />, { path: '/settings/subscriptions/invoices/inv1', route: '/settings/subscriptions/invoices/:id' });
    const doc = await screen.findByTestId('subscription-invoice-doc');
    expect(doc.textContent).toMatch(/Simplified tax invoice/);
    expect(doc.textContent).toMatch(/فاتورة ضريبية مبسطة/);
    expect(screen.getByTestId('subscription-invoice-seller').textContent).toMatch(/Khidma Platform Co\..*300000000000003/);
    expect(screen.getByTestId('subscription-invoice-buyer').textContent).toMatch(/Lamsa Salon/);
    expect(screen.getByTestId('subscription-invoice-vat').textContent).toContain(sar(2985));
    expect(screen.getByTestId('subscription-invoice-subtotal').textContent).toContain(sar(19900));
    expect(screen.queryByTestId('subscription-invoice-discount')).toBeNull();
    expect(screen.getByTestId('subscription-invoice-total').textContent).toContain(sar(22885));
    await waitFor(() => expect(screen.getByTestId('invoice-qr').getAttribute('data-payload')).toBe(INVOICE.qr));
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    fireEvent.click(screen.getByTestId('subscription-invoice-print'));
    expect(print).toHaveBeenCalled();
    // Not signed (the platform's unit was not connected): its status, and no XML to download.
    expect(screen.getByTestId('subscription-invoice-zatca').textContent).toBe('Not sent to ZATCA');
    expect(screen.queryByTestId('subscription-invoice-xml')).toBeNull();
  });

  it('a signed invoice shows its ZATCA status and downloads its XML', async () => {
    api.routes['GET /api/v1/subscription/invoices/inv3'] = () => ({ status: 200, json: { data: { ...INVOICE, id: 'inv3', zatca_status: 'reported', icv: 7 } } });
    api.routes['GET /api/v1/subscription/invoices/inv3/xml'] = () => ({ status: 200, json: {} });
    const created = vi.fn(() => 'blob:xml');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    // The browser would save the file; jsdom cannot follow the link.
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage(<SubscriptionInvoicePage />, { path: '/settings/subscriptions/invoices/inv3', route: '/settings/subscriptions/invoices/:id' });
    await screen.findByTestId('subscription-invoice-doc');
    expect(screen.getByTestId('subscription-invoice-zatca').textContent).toBe('Reported to ZATCA');
    fireEvent.click(screen.getByTestId('subscription-invoice-xml'));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    clicked.mockRestore();
    expect(api.called('GET /api/v1/subscription/invoices/inv3/xml')).toHaveLength(1);
  });
});

describe('SubscriptionInvoicePage with a discount', () => {
  it('shows the price, the discount and what VAT was charged on', async () => {
    // As the API issues it: the subtotal before the discount (a coupon or an upgrade's credit).
    api.routes['GET /api/v1/subscription/invoices/inv2'] = () => ({
      status: 200,
      json: { data: { ...INVOICE, id: 'inv2', subtotal: 19900, discount: 3980, vat_amount: 2388, total: 18308 } },
    });
    renderPage(<SubscriptionInvoicePage />, { path: '/settings/subscriptions/invoices/inv2', route: '/settings/subscriptions/invoices/:id' });
    await screen.findByTestId('subscription-invoice-doc');
    expect(screen.getByTestId('subscription-invoice-discount').textContent).toContain(sar(3980));
    expect(screen.getByTestId('subscription-invoice-subtotal').textContent).toContain(sar(15920));
    expect(screen.getByTestId('subscription-invoice-total').textContent).toContain(sar(18308));
  });
});
