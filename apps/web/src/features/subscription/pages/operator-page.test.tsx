import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { me, PLANS, renderPage, stubApi } from '../test-support';
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
