import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Coupon } from '@/features/marketing/api/coupons';
import { me, renderPage, sar, stubApi } from '@/features/subscription/test-support';
import { changeLocale } from '@/lib/i18n';
import { CouponsPage } from './coupons-page';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const SERVICE = '0b6e1c1e-0000-4000-8000-000000000001';
const SERVICE2 = '0b6e1c1e-0000-4000-8000-000000000002';
const PRODUCT = '0b6e1c1e-0000-4000-8000-000000000003';

const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  id: 'c1',
  code: 'EID25',
  name: 'Eid offer',
  description: null,
  discount_type: 'percentage',
  discount_amount: 2500,
  start_date: '2026-03-01',
  end_date: '2026-03-31',
  usage_limit: 10,
  usage_limit_per_user: 1,
  status: 'active',
  service_ids: [],
  product_ids: [],
  uses: 3,
  created_at: '2026-02-20T09:00:00.000Z',
  ...over,
});

const WELCOME = coupon({
  id: 'c2',
  code: 'WELCOME10',
  name: 'Welcome',
  discount_type: 'fixed',
  discount_amount: 1000,
  start_date: null,
  end_date: null,
  usage_limit: null,
  usage_limit_per_user: null,
  status: 'inactive',
  service_ids: [SERVICE, SERVICE2],
  product_ids: [PRODUCT],
  uses: 0,
});

const USER = me({ permissions: ['marketing.coupons'] });
let api: ReturnType<typeof stubApi>;
let list: Coupon[];

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  show.mockClear();
  api = stubApi();
  list = [coupon(), WELCOME];
  api.routes['GET /api/v1/coupons'] = () => ({ status: 200, json: { data: list } });
  api.routes['GET /api/v1/services'] = () => ({
    status: 200,
    json: {
      data: [
        { uuid: SERVICE, name: 'Haircut' },
        { uuid: SERVICE2, name: 'Beard trim' },
      ],
      meta: { current_page: 1, per_page: 100, total: 2, last_page: 1 },
    },
  });
  api.routes['GET /api/v1/products'] = () => ({ status: 200, json: { data: [{ uuid: PRODUCT, name: 'Hair oil' }], meta: { current_page: 1, per_page: 100, total: 1, last_page: 1 } } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const render = () => renderPage(<CouponsPage />, { path: '/marketing/coupons', user: USER });

/** The confirmation dialog once its buttons are in. */
async function confirmDialog(): Promise<HTMLElement> {
  await screen.findByTestId('confirm-ok');
  return screen.getByTestId('confirm-dialog');
}

async function openNew() {
  fireEvent.click(await screen.findByTestId('coupons-add'));
  await screen.findByTestId('coupon-code');
  return screen.getByTestId('coupon-form-modal');
}

describe('CouponsPage', () => {
  it('lists the coupons: code, discount, uses of the limit, validity, what they cover, on or off', async () => {
    render();
    const row = await screen.findByTestId('coupon-row-c1');
    expect(within(row).getByTestId('coupon-code-c1').textContent).toBe('EID25');
    expect(within(row).getByTestId('coupon-discount-c1').textContent).toBe('25%');
    expect(within(row).getByTestId('coupon-uses-c1').textContent).toBe('3 / 10');
    expect(row.textContent).toContain('1 Mar 2026 – 31 Mar 2026');
    expect(row.textContent).toContain('All services and products');
    expect(within(row).getByTestId('coupon-status-c1').textContent).toBe('Active');

    const other = screen.getByTestId('coupon-row-c2');
    expect(within(other).getByTestId('coupon-discount-c2').textContent).toBe(sar(1000));
    expect(within(other).getByTestId('coupon-uses-c2').textContent).toBe('0 / ∞');
    expect(other.textContent).toContain('No end date');
    expect(other.textContent).toContain('2 services, 1 product');
    expect(within(other).getByTestId('coupon-status-c2').textContent).toBe('Off');
  });

  it('invites to add the first coupon when there is none', async () => {
    list = [];
    render();
    fireEvent.click(await screen.findByTestId('coupons-add-first'));
    expect(await screen.findByTestId('coupon-form-modal')).toBeTruthy();
  });

  it('creates a coupon: 25 percent sent as 2500 basis points, the code in capitals, empty limits and days as null', async () => {
    api.routes['POST /api/v1/coupons'] = () => ({ status: 201, json: { message: 'Created', data: coupon({ id: 'c3', code: 'SUMMER25' }) } });
    render();
    const modal = await openNew();
    fireEvent.change(within(modal).getByTestId('coupon-code'), { target: { value: 'summer25' } });
    fireEvent.change(within(modal).getByTestId('coupon-name'), { target: { value: 'Summer offer' } });
    fireEvent.change(within(modal).getByTestId('coupon-value'), { target: { value: '25' } });
    fireEvent.click(within(modal).getByTestId('coupon-save'));
    await waitFor(() => expect(api.called('POST /api/v1/coupons')).toHaveLength(1));
    expect(api.called('POST /api/v1/coupons')[0]?.body).toEqual({
      code: 'SUMMER25',
      name: 'Summer offer',
      description: null,
      discount_type: 'percentage',
      discount_amount: 2500,
      start_date: null,
      end_date: null,
      usage_limit: null,
      usage_limit_per_user: null,
      status: 'active',
      service_ids: [],
      product_ids: [],
    });
  });

  it('sends a fixed amount in halalas and only the chosen services', async () => {
    api.routes['POST /api/v1/coupons'] = () => ({ status: 201, json: { message: 'Created', data: coupon({ id: 'c3' }) } });
    render();
    const modal = await openNew();
    fireEvent.change(within(modal).getByTestId('coupon-code'), { target: { value: 'CUT10' } });
    fireEvent.change(within(modal).getByTestId('coupon-name'), { target: { value: 'Haircut deal' } });
    fireEvent.click(within(modal).getByText('Fixed amount'));
    fireEvent.change(within(modal).getByTestId('coupon-value'), { target: { value: '10.5' } });
    fireEvent.change(within(modal).getByTestId('coupon-limit'), { target: { value: '20' } });
    fireEvent.change(within(modal).getByTestId('coupon-limit-per-customer'), { target: { value: '2' } });
    fireEvent.click(within(modal).getByTestId('coupon-scope-some'));
    // Choosing nothing is not "everything": the form says so.
    fireEvent.click(within(modal).getByTestId('coupon-save'));
    expect(await within(modal).findByText('Choose at least one service or product, or apply it to everything.')).toBeTruthy();
    fireEvent.click(within(modal).getByTestId('coupon-services'));
    fireEvent.click(await screen.findByRole('option', { name: 'Haircut', hidden: true }));
    fireEvent.click(within(modal).getByTestId('coupon-save'));
    await waitFor(() => expect(api.called('POST /api/v1/coupons')).toHaveLength(1));
    expect(api.called('POST /api/v1/coupons')[0]?.body).toMatchObject({
      code: 'CUT10',
      discount_type: 'fixed',
      discount_amount: 1050,
      usage_limit: 20,
      usage_limit_per_user: 2,
      service_ids: [SERVICE],
      product_ids: [],
    });
  });

  it('checks the form before sending: an empty code, a percentage over 100', async () => {
    render();
    const modal = await openNew();
    fireEvent.change(within(modal).getByTestId('coupon-name'), { target: { value: 'Eid offer' } });
    fireEvent.change(within(modal).getByTestId('coupon-value'), { target: { value: '120' } });
    fireEvent.click(within(modal).getByTestId('coupon-save'));
    expect(await within(modal).findByText('Enter the coupon code.')).toBeTruthy();
    expect(within(modal).getByText('A percentage cannot be more than 100.')).toBeTruthy();
    expect(api.called('POST /api/v1/coupons')).toHaveLength(0);
  });

  it('shows the server’s 422 on the code under the field, and keeps the form open', async () => {
    api.routes['POST /api/v1/coupons'] = () => ({ status: 422, json: { message: 'The given data was invalid.', errors: { code: ['This value already exists'] } } });
    render();
    const modal = await openNew();
    fireEvent.change(within(modal).getByTestId('coupon-code'), { target: { value: 'EID25' } });
    fireEvent.change(within(modal).getByTestId('coupon-name'), { target: { value: 'Eid offer' } });
    fireEvent.change(within(modal).getByTestId('coupon-value'), { target: { value: '25' } });
    fireEvent.click(within(modal).getByTestId('coupon-save'));
    expect(await within(modal).findByText('This value already exists')).toBeTruthy();
    const code = within(modal).getByTestId('coupon-code');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('coupon-form-modal')).toBeTruthy();
  });

  it('edits a coupon with PUT on its id, the form filled from it', async () => {
    api.routes['PUT /api/v1/coupons/c2'] = () => ({ status: 200, json: { message: 'Updated', data: WELCOME } });
    render();
    fireEvent.click(await screen.findByTestId('coupon-edit-c2'));
    await waitFor(() => expect((screen.getByTestId('coupon-value') as HTMLInputElement).value).toBe('10.00'));
    fireEvent.click(within(screen.getByTestId('coupon-form-modal')).getByTestId('coupon-save'));
    await waitFor(() => expect(api.called('PUT /api/v1/coupons/c2')).toHaveLength(1));
    expect(api.called('PUT /api/v1/coupons/c2')[0]?.body).toMatchObject({
      code: 'WELCOME10',
      discount_type: 'fixed',
      discount_amount: 1000,
      status: 'inactive',
      service_ids: [SERVICE, SERVICE2],
      product_ids: [PRODUCT],
    });
  });

  it('switches a coupon off and on', async () => {
    api.routes['POST /api/v1/coupons/c1/toggle'] = () => {
      list = [coupon({ status: 'inactive' }), WELCOME];
      return { status: 200, json: { message: 'Updated', data: list[0] } };
    };
    render();
    const toggle = await screen.findByTestId('coupon-toggle-c1');
    expect(toggle.getAttribute('aria-label')).toBe('Switch off');
    fireEvent.click(toggle);
    await waitFor(() => expect(api.called('POST /api/v1/coupons/c1/toggle')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('coupon-status-c1').textContent).toBe('Off'));
    expect(screen.getByTestId('coupon-toggle-c1').getAttribute('aria-label')).toBe('Switch on');
  });

  it('deletes after a confirmation', async () => {
    api.routes['DELETE /api/v1/coupons/c2'] = () => {
      list = [coupon()];
      return { status: 200, json: { message: 'Deleted' } };
    };
    render();
    fireEvent.click(await screen.findByTestId('coupon-delete-c2'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('WELCOME10');
    expect(api.called('DELETE /api/v1/coupons/c2')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(api.called('DELETE /api/v1/coupons/c2')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('coupon-row-c2')).toBeNull());
  });

  it('shows the server’s refusal when orders use the coupon, and offers to switch it off instead', async () => {
    api.routes['DELETE /api/v1/coupons/c1'] = () => ({ status: 422, json: { message: 'Orders use this coupon: switch it off instead of deleting it' } });
    api.routes['POST /api/v1/coupons/c1/toggle'] = () => ({ status: 200, json: { message: 'Updated', data: coupon({ status: 'inactive' }) } });
    render();
    fireEvent.click(await screen.findByTestId('coupon-delete-c1'));
    const dialog = await confirmDialog();
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    const refused = await within(dialog).findByTestId('coupon-delete-refused');
    expect(refused.textContent).toContain('Orders use this coupon: switch it off instead of deleting it');
    fireEvent.click(within(refused).getByTestId('coupon-switch-off-instead'));
    await waitFor(() => expect(api.called('POST /api/v1/coupons/c1/toggle')).toHaveLength(1));
    // The dialog closes once the coupon is off.
    await waitFor(() => expect(screen.queryByTestId('coupon-delete-refused')).toBeNull());
    expect(api.called('DELETE /api/v1/coupons/c1')).toHaveLength(1);
  });

  it('reads in Arabic: the counts in their plural forms, the percent sign of the language', async () => {
    await changeLocale('ar');
    try {
      render();
      const other = await screen.findByTestId('coupon-row-c2');
      expect(other.textContent).toContain('خدمتان، منتج واحد');
      expect(within(other).getByTestId('coupon-status-c2').textContent).toBe('موقوف');
      expect(screen.getByTestId('coupon-discount-c1').textContent).toBe('25٪');
      expect(screen.getByText('الكوبونات')).toBeTruthy();
    } finally {
      await changeLocale('en');
    }
  });
});
