import { describe, expect, it } from 'vitest';
import { areaOf, decideRoute } from '@/app/guard';
import { findMainRoute } from '@/app/route-table';
import { resultPath } from './pay-page';
import { resultDetails } from './payment-result-page';

describe('the public pay pages', () => {
  it('are open signed in or not, verified or not', () => {
    for (const path of ['/pay/abc_DEF-123', '/payment-success', '/payment-failure']) {
      expect(areaOf(path)).toBe('open');
      expect(decideRoute({ pathname: path, loggedIn: false, user: undefined, userFailed: false })).toEqual({ kind: 'allow' });
    }
    expect(areaOf('/pay')).toBe('main');
    expect(findMainRoute('/pay/abc')).toBeUndefined();
  });

  it('pass the outcome on to the result pages, which read it back', () => {
    const success = resultPath('success', { token: 'tok', business: 'Lamsa', order_number: 12, amount: 5000, currency: 'SAR' });
    expect(success).toBe('/payment-success?business=Lamsa&order_number=12&amount=5000&currency=SAR');
    const failure = resultPath('failure', { token: 'tok', order_number: 12 });
    expect(failure).toBe('/payment-failure?token=tok&order_number=12');
    expect(resultDetails(new URLSearchParams(success.split('?')[1]))).toEqual({ token: '', business: 'Lamsa', orderNumber: 12, amount: 5000, currency: 'SAR' });
    expect(resultDetails(new URLSearchParams('amount=-1&order_number=x&currency=<b>'))).toEqual({ token: '', business: '', orderNumber: null, amount: null, currency: null });
  });
});

describe('the sales routes', () => {
  it('declare the API keys; /sales is the sidebar entry (order 9)', () => {
    expect(findMainRoute('/sales')?.sidebar).toMatchObject({ order: 9, labelKey: 'sales:nav', badge: 'transactions' });
    expect(findMainRoute('/sales')?.permissions).toEqual(['transaction', 'sales.payments', 'sales.invoices', 'quotations']);
    expect(findMainRoute('/sales/refunded-orders')?.permissions).toEqual(['sales.invoices', 'orders']);
    expect(findMainRoute('/sales/transactions')?.permissions).toEqual(['transaction', 'sales.payments', 'orders']);
    expect(findMainRoute('/sales/transactions/0b6e1c1e-0000-4000-8000-000000000000')?.permissions).toEqual(['transaction', 'sales.payments', 'orders']);
  });
});
