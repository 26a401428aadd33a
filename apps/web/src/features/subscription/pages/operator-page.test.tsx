import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { me, PLANS, renderPage, sar, stubApi } from '../test-support';
import { OperatorPage } from './operator-page';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

let api: ReturnType<typeof stubApi>;
const OPERATOR = me({ can_imp: true, is_imp: false, permissions: [] });
const TRANSFER = {
  id: 't1',
  kind: 'new',
  status: 'awaiting_review',
  payment_method: 'bank_transfer',
  plan_name: 'Professional',
  cycle: 'monthly',
  total_amount: 22885,
  currency: 'SAR',
  failure_message: null,
  created_at: '2026-01-15T09:00:00.000Z',
  paid_at: null,
  business: 'Lamsa Salon',
  bank: 'Al Rajhi Bank',
  beneficiary_name: 'Huda Saleh',
  receipt_name: 'receipt.pdf',
  review_due_at: '2026-01-16T09:00:00.000Z',
};

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  show.mockClear();
  api = stubApi();
  api.routes['GET /api/v1/operator/plans'] = () => ({ status: 200, json: { data: PLANS.map((p, i) => ({ ...p, active: true, sort: i, subscribers: i * 3 })) } });
  api.routes['GET /api/v1/operator/bank-transfers'] = () => ({ status: 200, json: { data: [TRANSFER] } });
  api.routes['GET /api/v1/operator/subscriptions'] = () => ({
    status: 200,
    json: {
      data: [{ tenant_id: 'tn1', business: 'Lamsa Salon', owner_email: 'owner@lamsa.test', status_label: 'active', plan: 'Professional', cycle: 'monthly', ends_at: '2026-02-15T09:00:00.000Z', auto_renew: true }],
      meta: { current_page: 1, per_page: 25, total: 1, last_page: 1 },
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The open confirmation whose text matches (both dialogs of the transfers tab share the test id). */
async function dialogWith(text: RegExp): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.queryAllByTestId('confirm-dialog').find((d) => text.test(d.textContent ?? ''));
    expect(found).toBeTruthy();
  });
  return found as HTMLElement;
}

describe('OperatorPage', () => {
  it('is the operator’s only', () => {
    renderPage(<OperatorPage />, { path: '/operator', user: me({ can_imp: true, is_imp: true }) });
    expect(screen.getByTestId('operator-only')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('creates a plan: riyals sent in halalas, empty limits unlimited, empty yearly left to the default', async () => {
    api.routes['POST /api/v1/operator/plans'] = () => ({ status: 201, json: { message: 'Plan saved', data: {} } });
    renderPage(<OperatorPage />, { path: '/operator', user: OPERATOR });
    expect(await screen.findByTestId('operator-plan-pro')).toBeTruthy();
    fireEvent.click(screen.getByTestId('operator-plan-add'));
    await screen.findByTestId('plan-slug');
    const modal = screen.getByTestId('plan-form-modal');
    fireEvent.change(within(modal).getByTestId('plan-slug'), { target: { value: 'starter' } });
    fireEvent.change(within(modal).getByTestId('plan-name-ar'), { target: { value: 'المبتدئة' } });
    fireEvent.change(within(modal).getByTestId('plan-name-en'), { target: { value: 'Starter' } });
    fireEvent.change(within(modal).getByTestId('plan-monthly'), { target: { value: '49.5' } });
    fireEvent.change(within(modal).getByTestId('plan-limit-providers'), { target: { value: '2' } });
    fireEvent.click(within(modal).getByTestId('plan-save'));
    await waitFor(() => expect(api.called('POST /api/v1/operator/plans')).toHaveLength(1));
    expect(api.called('POST /api/v1/operator/plans')[0]?.body).toEqual({
      slug: 'starter',
      name_ar: 'المبتدئة',
      name_en: 'Starter',
      description_ar: '',
      description_en: '',
      monthly_amount: 4950,
      limits: { providers: 2, branches: null, users: null, bookings_per_month: null },
      features: [],
      plugins: [],
      recommended: false,
      active: true,
      sort: 0,
    });
  });

  it('edits a plan with PUT on its id', async () => {
    api.routes['PUT /api/v1/operator/plans/uuid-pro'] = () => ({ status: 200, json: { message: 'Plan saved', data: {} } });
    renderPage(<OperatorPage />, { path: '/operator', user: OPERATOR });
    fireEvent.click(await screen.findByTestId('operator-plan-edit-pro'));
    await waitFor(() => expect((screen.getByTestId('plan-monthly') as HTMLInputElement).value).toBe('199.00'));
    const modal = screen.getByTestId('plan-form-modal');
    fireEvent.click(within(modal).getByTestId('plan-save'));
    await waitFor(() => expect(api.called('PUT /api/v1/operator/plans/uuid-pro')).toHaveLength(1));
    expect(api.called('PUT /api/v1/operator/plans/uuid-pro')[0]?.body).toMatchObject({ slug: 'pro', monthly_amount: 19900, yearly_amount: 214920, plugins: ['pos', 'packages'] });
  });

  it('approves a transfer after a confirmation, and rejects one only with a reason', async () => {
    api.routes['POST /api/v1/operator/bank-transfers/t1/approve'] = () => ({ status: 200, json: { message: 'Approved' } });
    api.routes['POST /api/v1/operator/bank-transfers/t1/reject'] = () => ({ status: 200, json: { message: 'Rejected' } });
    renderPage(<OperatorPage />, { path: '/operator?tab=transfers', user: OPERATOR });
    const row = await screen.findByTestId('operator-transfer-t1');
    expect(row.textContent).toMatch(/Lamsa Salon/);
    expect(api.called('GET /api/v1/operator/bank-transfers')[0]?.query.get('status')).toBe('awaiting_review');

    fireEvent.click(screen.getByTestId('operator-transfer-approve-t1'));
    const approve = await dialogWith(/Approve this transfer/);
    expect(approve.textContent).toMatch(/The plan of Lamsa Salon starts now/);
    fireEvent.click(within(approve).getByTestId('confirm-ok'));
    await waitFor(() => expect(api.called('POST /api/v1/operator/bank-transfers/t1/approve')).toHaveLength(1));

    fireEvent.click(screen.getByTestId('operator-transfer-reject-t1'));
    const reject = await dialogWith(/Reject this transfer/);
    fireEvent.click(within(reject).getByTestId('confirm-ok'));
    expect(await within(reject).findByText('This field is required')).toBeTruthy();
    expect(api.called('POST /api/v1/operator/bank-transfers/t1/reject')).toHaveLength(0);
    fireEvent.change(within(reject).getByTestId('operator-transfer-reason'), { target: { value: 'The amount does not match' } });
    fireEvent.click(within(reject).getByTestId('confirm-ok'));
    await waitFor(() => expect(api.called('POST /api/v1/operator/bank-transfers/t1/reject')).toHaveLength(1));
    expect(api.called('POST /api/v1/operator/bank-transfers/t1/reject')[0]?.body).toEqual({ reason: 'The amount does not match' });
  });

  it('lists every business’s subscription', async () => {
    renderPage(<OperatorPage />, { path: '/operator?tab=subscriptions', user: OPERATOR });
    expect(await screen.findByText('owner@lamsa.test')).toBeTruthy();
    expect(screen.getByTestId('subscription-status').textContent).toBe('Active');
  });
});

describe('the coupons tab', () => {
  const COUPONS = [
    { id: 'c1', code: 'RAMADAN25', type: 'percentage', value: 2500, max_redemptions: 100, redemptions: 7, expires_on: '2026-03-31', active: true },
    { id: 'c2', code: 'WELCOME10', type: 'fixed', value: 1000, max_redemptions: null, redemptions: 0, expires_on: null, active: false },
  ];
  beforeEach(() => {
    api.routes['GET /api/v1/operator/coupons'] = () => ({ status: 200, json: { data: COUPONS } });
  });

  it('lists the coupons: the discount as a percentage or an amount, the uses of the limit, the last day and whether it is on', async () => {
    renderPage(<OperatorPage />, { path: '/operator?tab=coupons', user: OPERATOR });
    const ramadan = await screen.findByTestId('operator-coupon-RAMADAN25');
    expect(ramadan.textContent).toContain('25%');
    expect(ramadan.textContent).toContain('7 / 100');
    expect(ramadan.textContent).toContain('31 Mar 2026');
    expect(ramadan.textContent).toContain('Active');
    const welcome = screen.getByTestId('operator-coupon-WELCOME10');
    expect(welcome.textContent).toContain(sar(1000));
    expect(welcome.textContent).toContain('0 / ∞');
    expect(welcome.textContent).toContain('—');
    expect(welcome.textContent).toContain('Off');
  });

  it('reads in Arabic', async () => {
    await changeLocale('ar');
    try {
      renderPage(<OperatorPage />, { path: '/operator?tab=coupons', user: OPERATOR });
      const ramadan = await screen.findByTestId('operator-coupon-RAMADAN25');
      expect(screen.getByTestId('operator-tab-coupons').textContent).toBe('الكوبونات');
      expect(screen.getByTestId('operator-tab-banks').textContent).toBe('البنوك');
      expect(ramadan.textContent).toContain('25%');
      expect(ramadan.textContent).toContain('مفعّل');
      expect(screen.getByTestId('operator-coupon-WELCOME10').textContent).toContain('موقوف');
    } finally {
      await changeLocale('en');
    }
  });

  it('says so when there are none', async () => {
    api.routes['GET /api/v1/operator/coupons'] = () => ({ status: 200, json: { data: [] } });
    renderPage(<OperatorPage />, { path: '/operator?tab=coupons', user: OPERATOR });
    expect(await screen.findByText('No coupons yet.')).toBeTruthy();
  });

  it('creates a coupon: 25 percent sent as 2500 basis points, empty uses unlimited, after checking the form', async () => {
    api.routes['POST /api/v1/operator/coupons'] = () => ({ status: 201, json: { message: 'Saved', data: {} } });
    renderPage(<OperatorPage />, { path: '/operator?tab=coupons', user: OPERATOR });
    await screen.findByTestId('operator-coupon-RAMADAN25');
    fireEvent.click(screen.getByTestId('operator-coupon-add'));
    await screen.findByTestId('coupon-code');
    const modal = screen.getByTestId('coupon-form-modal');
    fireEvent.change(within(modal).getByTestId('coupon-value'), { target: { value: '120' } });
    fireEvent.click(within(modal).getByTestId('coupon-save'));
    expect(await within(modal).findByText('Enter the coupon code.')).toBeTruthy();
    expect(within(modal).getByText('A percentage cannot be more than 100.')).toBeTruthy();
    expect(api.called('POST /api/v1/operator/coupons')).toHaveLength(0);

    fireEvent.change(within(modal).getByTestId('coupon-code'), { target: { value: 'eid25' } });
    fireEvent.change(within(modal).getByTestId('coupon-value'), { target: { value: '25' } });
    fireEvent.change(within(modal).getByTestId('coupon-last-day'), { target: { value: '2026-12-31' } });
    fireEvent.click(within(modal).getByTestId('coupon-save'));
    await waitFor(() => expect(api.called('POST /api/v1/operator/coupons')).toHaveLength(1));
    expect(api.called('POST /api/v1/operator/coupons')[0]?.body).toEqual({ code: 'EID25', type: 'percentage', value: 2500, max_redemptions: null, expires_on: '2026-12-31', active: true });
  });

  it('shows a taken code under the field, and edits a fixed amount in riyals with PUT on its id', async () => {
    api.routes['POST /api/v1/operator/coupons'] = () => ({ status: 422, json: { message: 'The given data was invalid.', errors: { code: ['This code is already used.'] } } });
    api.routes['PUT /api/v1/operator/coupons/c2'] = () => ({ status: 200, json: { message: 'Saved', data: {} } });
    renderPage(<OperatorPage />, { path: '/operator?tab=coupons', user: OPERATOR });
    await screen.findByTestId('operator-coupon-RAMADAN25');
    fireEvent.click(screen.getByTestId('operator-coupon-add'));
    await screen.findByTestId('coupon-code');
    let modal = screen.getByTestId('coupon-form-modal');
    fireEvent.change(within(modal).getByTestId('coupon-code'), { target: { value: 'RAMADAN25' } });
    fireEvent.change(within(modal).getByTestId('coupon-value'), { target: { value: '10' } });
    fireEvent.change(within(modal).getByTestId('coupon-max-uses'), { target: { value: '50' } });
    fireEvent.click(within(modal).getByTestId('coupon-save'));
    expect(await within(modal).findByText('This code is already used.')).toBeTruthy();
    expect(within(modal).getByTestId('coupon-code').getAttribute('aria-invalid')).toBe('true');
    expect(api.called('POST /api/v1/operator/coupons')[0]?.body).toMatchObject({ code: 'RAMADAN25', value: 1000, max_redemptions: 50 });
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('coupon-code')).toBeNull());

    fireEvent.click(screen.getByTestId('operator-coupon-edit-WELCOME10'));
    await screen.findByTestId('coupon-code');
    modal = screen.getByTestId('coupon-form-modal');
    await waitFor(() => expect((within(modal).getByTestId('coupon-value') as HTMLInputElement).value).toBe('10.00'));
    fireEvent.change(within(modal).getByTestId('coupon-value'), { target: { value: '12.5' } });
    fireEvent.click(within(modal).getByTestId('coupon-save'));
    await waitFor(() => expect(api.called('PUT /api/v1/operator/coupons/c2')).toHaveLength(1));
    expect(api.called('PUT /api/v1/operator/coupons/c2')[0]?.body).toEqual({ code: 'WELCOME10', type: 'fixed', value: 1250, max_redemptions: null, expires_on: null, active: false });
  });
});

describe('the banks tab', () => {
  const BANK = { id: 'b1', name_ar: 'مصرف الراجحي', name_en: 'Al Rajhi Bank', beneficiary_name: 'Khidma Co.', iban: 'SA0380000000608010167519', account_number: '608010167519', active: true };
  beforeEach(() => {
    api.routes['GET /api/v1/operator/banks'] = () => ({ status: 200, json: { data: [BANK] } });
  });

  it('lists a bank in both languages and edits it with PUT on its id', async () => {
    api.routes['PUT /api/v1/operator/banks/b1'] = () => ({ status: 200, json: { message: 'Saved', data: {} } });
    renderPage(<OperatorPage />, { path: '/operator?tab=banks', user: OPERATOR });
    const row = await screen.findByTestId('operator-bank-b1');
    expect(row.textContent).toContain('Al Rajhi Bank');
    expect(row.textContent).toContain('مصرف الراجحي');
    expect(row.textContent).toContain('SA03 8000 0000 6080 1016 7519');
    expect(row.textContent).toContain('608010167519');
    expect(row.textContent).toContain('Active');

    fireEvent.click(screen.getByTestId('operator-bank-edit-b1'));
    await screen.findByTestId('bank-name-en');
    const modal = screen.getByTestId('bank-form-modal');
    await waitFor(() => expect((within(modal).getByTestId('bank-name-en') as HTMLInputElement).value).toBe('Al Rajhi Bank'));
    fireEvent.change(within(modal).getByTestId('bank-iban'), { target: { value: 'SA00 1234' } });
    fireEvent.click(within(modal).getByTestId('bank-save'));
    await waitFor(() => expect(within(modal).getByTestId('bank-iban').getAttribute('aria-invalid')).toBe('true'));
    expect(api.called('PUT /api/v1/operator/banks/b1')).toHaveLength(0);

    fireEvent.change(within(modal).getByTestId('bank-iban'), { target: { value: 'sa03 8000 0000 6080 1016 7519' } });
    fireEvent.change(within(modal).getByTestId('bank-beneficiary'), { target: { value: 'Khidma Platform Co.' } });
    fireEvent.click(within(modal).getByTestId('bank-active'));
    fireEvent.click(within(modal).getByTestId('bank-save'));
    await waitFor(() => expect(api.called('PUT /api/v1/operator/banks/b1')).toHaveLength(1));
    expect(api.called('PUT /api/v1/operator/banks/b1')[0]?.body).toEqual({
      name_ar: 'مصرف الراجحي',
      name_en: 'Al Rajhi Bank',
      beneficiary_name: 'Khidma Platform Co.',
      iban: 'SA0380000000608010167519',
      account_number: '608010167519',
      active: false,
    });
  });

  it('adds a bank with POST, and shows a server error under its field', async () => {
    api.routes['POST /api/v1/operator/banks'] = () => ({ status: 422, json: { message: 'The given data was invalid.', errors: { account_number: ['Digits only.'] } } });
    renderPage(<OperatorPage />, { path: '/operator?tab=banks', user: OPERATOR });
    await screen.findByTestId('operator-bank-b1');
    fireEvent.click(screen.getByTestId('operator-bank-add'));
    await screen.findByTestId('bank-name-ar');
    const modal = screen.getByTestId('bank-form-modal');
    fireEvent.change(within(modal).getByTestId('bank-name-ar'), { target: { value: 'بنك الرياض' } });
    fireEvent.change(within(modal).getByTestId('bank-name-en'), { target: { value: 'Riyad Bank' } });
    fireEvent.change(within(modal).getByTestId('bank-beneficiary'), { target: { value: 'Khidma' } });
    fireEvent.change(within(modal).getByTestId('bank-iban'), { target: { value: 'SA0380000000608010167519' } });
    fireEvent.change(within(modal).getByTestId('bank-account-number'), { target: { value: '608010167519' } });
    fireEvent.click(within(modal).getByTestId('bank-save'));
    expect(await within(modal).findByText('Digits only.')).toBeTruthy();
    expect(api.called('POST /api/v1/operator/banks')[0]?.body).toEqual({
      name_ar: 'بنك الرياض',
      name_en: 'Riyad Bank',
      beneficiary_name: 'Khidma',
      iban: 'SA0380000000608010167519',
      account_number: '608010167519',
      active: true,
    });
  });
});

describe('the platform e-invoicing tab', () => {
  const UNIT = {
    common_name: 'Khidma-Platform-EGS',
    commercial_registration_number: '1010000001',
    organization_identifier: '310000000000003',
    organization_unit_name: 'Khidma Riyadh',
    organization_name: 'Khidma Platform Co.',
    street: 'King Fahd Road',
    street_address: null,
    building_number: '2222',
    subdivision: 'Al Olaya',
    city: 'Riyadh',
    postal_code: '12211',
    invoice_type: '1100',
    industry: 'Software',
    environment: 'simulation',
    status: 'not-connected',
    connected_at: null,
    last_error: null,
    icv: 0,
    invoices: { 'not-submitted': 3 },
  };

  it("shows the platform's unit and its invoices by status, and connects it with the OTP on the operator's endpoint", async () => {
    api.routes['GET /api/v1/operator/zatca'] = () => ({ status: 200, json: { data: UNIT } });
    api.routes['POST /api/v1/operator/zatca/connect'] = () => ({ status: 200, json: { message: 'Saved', data: { ...UNIT, status: 'connected', connected_at: '2026-11-27T10:00:00.000Z' } } });
    renderPage(<OperatorPage />, { path: '/operator?tab=zatca', user: OPERATOR });
    expect(await screen.findByTestId('zatca-status-badge')).toHaveProperty('textContent', 'Not connected');
    expect(screen.getByTestId('operator-zatca-counts').textContent).toContain('Not sent to ZATCA: 3');
    expect((screen.getByTestId('zatca-organization_name') as HTMLInputElement).value).toBe('Khidma Platform Co.');
    fireEvent.click(screen.getByTestId('zatca-connect'));
    const inputs = (await screen.findByTestId('zatca-otp')).querySelectorAll('input');
    for (const [i, d] of [...'123456'].entries()) fireEvent.change(inputs[i]!, { target: { value: d } });
    fireEvent.click(screen.getByTestId('zatca-connect-confirm'));
    await waitFor(() => expect(api.called('POST /api/v1/operator/zatca/connect')).toHaveLength(1));
    expect(api.called('POST /api/v1/operator/zatca/connect')[0]!.body).toEqual({ otp: '123456' });
    expect(api.called('POST /api/v1/zatca/connect')).toHaveLength(0);
  });
});
