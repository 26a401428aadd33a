import { PRODUCT_CHECKOUT_REDIRECT_MS } from '@app/shared/constants';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { pageLocation } from '../api/subscription';
import { checkout, renderPage, sar, stubApi } from '../test-support';
import { type PaymentTarget, PaymentModal } from './payment-modal';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const PRO: PaymentTarget = { mode: 'subscribe', plan: 'pro', planName: 'Professional', cycle: 'monthly' };
const STARTED = { charge_id: 'ch1', status: 'pending', url: 'https://gateway.test/pay/ch1' };
const BANKS = [{ id: 'b1', name: 'Al Rajhi Bank', beneficiary_name: 'Khidma Platform Co.', iban: 'SA0380000000608010167519', account_number: '608010167519' }];

let api: ReturnType<typeof stubApi>;
let assign: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  show.mockClear();
  api = stubApi();
  assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => {});
  api.routes['GET /api/v1/subscription/pro/checkout'] = () => ({ status: 200, json: { data: checkout() } });
  api.routes['GET /api/v1/subscription/get-banks'] = () => ({ status: 200, json: { data: BANKS } });
  api.routes['GET /api/v1/subscription'] = () => ({ status: 200, json: { data: {} } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(target: PaymentTarget = PRO) {
  const onClose = vi.fn();
  function Harness() {
    const [shown, setShown] = useState<PaymentTarget | null>(target);
    return (
      <PaymentModal
        target={shown}
        onClose={() => {
          onClose();
          setShown(null);
        }}
      />
    );
  }
  const view = renderPage(<Harness />, { path: '/settings/subscriptions/plans' });
  return { ...view, onClose };
}

const fileInput = () => document.querySelector<HTMLInputElement>('[data-testid="payment-modal"] input[type="file"]') ?? document.querySelector<HTMLInputElement>('input[type="file"]');

describe('PaymentModal: the card', () => {
  it('shows the order summary, sends { payment_method } only and goes to the gateway at once', async () => {
    api.routes['POST /api/v1/subscription/pro/checkout/monthly'] = () => ({ status: 201, json: { message: 'Started', data: { ...checkout(), ...STARTED } } });
    open();
    expect((await screen.findByTestId('checkout-total')).textContent).toBe(sar(22885));
    expect(screen.getByTestId('checkout-vat').textContent).toBe(sar(2985));
    expect(api.called('GET /api/v1/subscription/pro/checkout')[0]?.query.get('cycle')).toBe('monthly');
    expect(screen.getByTestId('checkout-submit').textContent).toBe(`Pay ${sar(22885)}`);

    fireEvent.click(screen.getByTestId('checkout-submit'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://gateway.test/pay/ch1'));
    const [post] = api.called('POST /api/v1/subscription/pro/checkout/monthly');
    expect(post?.body).toEqual({ payment_method: 'credit_card' });
    expect(post?.headers['Content-Type']).toBe('application/json');
    // No banks were asked for on the card's way.
    expect(api.called('GET /api/v1/subscription/get-banks')).toHaveLength(0);
  });

  it('toasts when the answer has no payment URL, and stays', async () => {
    api.routes['POST /api/v1/subscription/pro/checkout/monthly'] = () => ({ status: 201, json: { message: 'Started', data: { ...checkout(), ...STARTED, url: null } } });
    const { onClose } = open();
    await screen.findByTestId('checkout-total');
    fireEvent.click(screen.getByTestId('checkout-submit'));
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringMatching(/No payment URL/), color: 'red' })));
    expect(assign).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('renews the current plan through subscription/renew/{plan}', async () => {
    api.routes['POST /api/v1/subscription/renew/pro'] = () => ({ status: 201, json: { message: 'Started', data: { ...checkout({ kind: 'renewal' }), ...STARTED } } });
    open({ ...PRO, mode: 'renew' });
    expect(await screen.findByText('Renew Professional')).toBeTruthy();
    await screen.findByTestId('checkout-total');
    fireEvent.click(screen.getByTestId('checkout-submit'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(STARTED.url));
    expect(api.called('POST /api/v1/subscription/renew/pro')[0]?.body).toEqual({ payment_method: 'credit_card' });
  });
});

describe('PaymentModal: the coupon', () => {
  it('checks the code in the browser, shows the server refusal under the field, and sends an applied coupon', async () => {
    api.routes['GET /api/v1/subscription/pro/checkout/monthly'] = (call) =>
      call.query.get('coupon') === 'SAVE20'
        ? { status: 200, json: { data: checkout({ discount: 3980, coupon: { code: 'SAVE20', type: 'percentage', value: 2000 }, subtotal: 15920, vat_amount: 2388, total_amount: 18308 }) } }
        : { status: 422, json: { message: 'Coupon not found', errors: { coupon: ['Coupon not found'] } } };
    api.routes['POST /api/v1/subscription/pro/checkout/monthly'] = () => ({ status: 201, json: { message: 'Started', data: { ...checkout(), ...STARTED } } });
    open();
    await screen.findByTestId('checkout-total');
    const input = screen.getByTestId('coupon-input');
    const apply = screen.getByTestId('coupon-apply');
    expect(apply.hasAttribute('disabled')).toBe(true);

    fireEvent.change(input, { target: { value: 'SAVE 20' } });
    expect(await screen.findByText('The coupon code is letters and digits only, no spaces')).toBeTruthy();
    fireEvent.click(apply);
    expect(api.called('GET /api/v1/subscription/pro/checkout/monthly')).toHaveLength(0);
    fireEvent.change(input, { target: { value: 'SAVE-20' } });
    expect(screen.getByText('The coupon code is letters and digits only, no spaces')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'NOPE' } });
    expect(screen.queryByText('The coupon code is letters and digits only, no spaces')).toBeNull();
    fireEvent.click(apply);
    expect(await screen.findByText('Coupon not found')).toBeTruthy();
    expect(show).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'SAVE20' } });
    fireEvent.click(screen.getByTestId('coupon-apply'));
    await waitFor(() => expect(screen.getByTestId('checkout-total').textContent).toBe(sar(18308)));
    expect(screen.getByTestId('checkout-discount').textContent).toBe(`− ${sar(3980)}`);
    expect(screen.getByTestId('coupon-applied').textContent).toMatch(/SAVE20/);

    fireEvent.click(screen.getByTestId('checkout-submit'));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(api.called('POST /api/v1/subscription/pro/checkout/monthly')[0]?.body).toEqual({ payment_method: 'credit_card', coupon: 'SAVE20' });
  });
});

describe('PaymentModal: the bank transfer', () => {
  it('needs the beneficiary and the receipt, sends multipart and goes to the success page with the checkout figures', async () => {
    api.routes['POST /api/v1/subscription/pro/checkout/monthly'] = () => ({
      status: 201,
      json: { message: 'Received', data: { ...checkout(), charge_id: 'ch9', status: 'awaiting_review', url: null } },
    });
    const { onClose } = open();
    await screen.findByTestId('checkout-total');
    fireEvent.click(screen.getByTestId('method-transfer'));
    expect(await screen.findByTestId('transfer-form')).toBeTruthy();
    // The only bank is chosen; its IBAN and beneficiary show to copy.
    expect((await screen.findByTestId('bank-iban')).textContent).toBe('SA03 8000 0000 6080 1016 7519');
    expect(screen.getByTestId('bank-beneficiary').textContent).toBe('Khidma Platform Co.');
    expect(screen.getByText('JPEG, GIF, PNG or PDF, up to 5 MB.')).toBeTruthy();
    expect(screen.getByTestId('checkout-submit').textContent).toBe('Send the receipt');

    fireEvent.click(screen.getByTestId('checkout-submit'));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(api.called('POST /api/v1/subscription/pro/checkout/monthly')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('transfer-beneficiary'), { target: { value: 'Huda Saleh' } });
    const input = fileInput();
    if (!input) throw new Error('no file input');
    const gif = new File(['gif'], 'receipt.exe', { type: 'application/x-msdownload' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [gif] } });
    });
    fireEvent.click(screen.getByTestId('checkout-submit'));
    expect(await screen.findByText('File type unsupported')).toBeTruthy();

    const receipt = new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [receipt] } });
    });
    fireEvent.click(screen.getByTestId('checkout-submit'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/payment-success\?/));

    const [post] = api.called('POST /api/v1/subscription/pro/checkout/monthly');
    expect(post?.body).toBeInstanceOf(FormData);
    const form = post?.body as FormData;
    expect(form.get('payment_method')).toBe('bank_transfer');
    expect(form.get('bank_id')).toBe('b1');
    expect(form.get('beneficiary_name')).toBe('Huda Saleh');
    expect((form.get('receipt') as File).name).toBe('receipt.pdf');
    expect(form.has('coupon')).toBe(false);
    expect(post?.headers['Content-Type']).toBeUndefined();

    const query = new URLSearchParams(screen.getByTestId('location').textContent?.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({
      charge_id: 'ch9',
      plan: 'pro',
      cycle: 'monthly',
      total_amount: '22885',
      unit_amount: '19900',
      quantity: '1',
      discount: '0',
      payment_type: 'bank_transfer',
    });
    expect(onClose).toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes back to the choice of method, and shows a 422 under its field', async () => {
    api.routes['POST /api/v1/subscription/pro/checkout/monthly'] = () => ({
      status: 422,
      json: { message: 'Invalid', errors: { beneficiary_name: ['The name is too short'] } },
    });
    open();
    await screen.findByTestId('checkout-total');
    fireEvent.click(screen.getByTestId('method-transfer'));
    await screen.findByTestId('bank-iban');
    fireEvent.click(screen.getByTestId('transfer-back'));
    expect(await screen.findByTestId('method-card')).toBeTruthy();
    expect(screen.queryByTestId('transfer-form')).toBeNull();

    fireEvent.click(screen.getByTestId('method-transfer'));
    await screen.findByTestId('bank-iban');
    fireEvent.change(screen.getByTestId('transfer-beneficiary'), { target: { value: 'H' } });
    const input = fileInput();
    if (!input) throw new Error('no file input');
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['png'], 'r.png', { type: 'image/png' })] } });
    });
    fireEvent.click(screen.getByTestId('checkout-submit'));
    expect(await screen.findByText('The name is too short')).toBeTruthy();
    expect(show).not.toHaveBeenCalled();
  });
});

describe('PaymentModal: a downgrade', () => {
  it('charges nothing: the change is scheduled, the server message toasted, the dialog closed and the subscription refreshed', async () => {
    api.routes['GET /api/v1/subscription/basic/checkout'] = () => ({
      status: 200,
      json: { data: checkout({ kind: 'downgrade', plan: { uuid: 'uuid-basic', id: 'basic', name: 'Basic' }, period_start: '2026-02-01T09:00:00.000Z', total_amount: 0 }) },
    });
    api.routes['POST /api/v1/subscription/basic/checkout/monthly'] = () => ({
      status: 201,
      json: { message: 'Your plan changes to Basic on 1 Feb 2026', data: { ...checkout({ kind: 'downgrade' }), charge_id: null, status: 'scheduled', url: null } },
    });
    const { onClose } = open({ mode: 'subscribe', plan: 'basic', planName: 'Basic', cycle: 'monthly' });
    expect((await screen.findByTestId('checkout-downgrade')).textContent).toMatch(/nothing is charged now.*1 February 2026|nothing is charged now.*1 Feb 2026/);
    // No coupon and no method for a change that costs nothing now.
    expect(screen.queryByTestId('coupon-input')).toBeNull();
    expect(screen.queryByTestId('method-transfer')).toBeNull();
    expect(screen.getByTestId('checkout-submit').textContent).toBe('Schedule the change');

    fireEvent.click(screen.getByTestId('checkout-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Your plan changes to Basic on 1 Feb 2026', color: 'green' }));
    expect(api.called('POST /api/v1/subscription/basic/checkout/monthly')[0]?.body).toEqual({ payment_method: 'credit_card' });
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('PaymentModal: a product', () => {
  it('pays a quantity of a device by card: the payment page opens a second after the answer (spec §7)', async () => {
    api.routes['POST /api/v1/cashier-products/d1/checkout'] = () => ({ status: 201, json: { message: 'Started', data: { url: 'https://gateway.test/d1', charge_id: 'ch5' } } });
    open({ mode: 'product', product: { id: 'd1', kind: 'cashier', name: 'Cashier device', description: 'A counter terminal', price: 50000, currency: 'SAR' } });
    expect(await screen.findByText('Buy Cashier device')).toBeTruthy();
    fireEvent.change(screen.getByTestId('product-quantity'), { target: { value: '2' } });
    expect(screen.getByTestId('checkout-total').textContent).toBe(sar(100000));
    const timers = vi.spyOn(window, 'setTimeout');
    fireEvent.click(screen.getByTestId('checkout-submit'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://gateway.test/d1'), { timeout: 5000 });
    // Not at once: through a timer of one second.
    expect(timers).toHaveBeenCalledWith(expect.any(Function), PRODUCT_CHECKOUT_REDIRECT_MS);
    expect(PRODUCT_CHECKOUT_REDIRECT_MS).toBe(1000);
    timers.mockRestore();
    expect(api.called('POST /api/v1/cashier-products/d1/checkout')[0]?.body).toEqual({ payment_method: 'credit_card', quantity: 2 });
  });
});
