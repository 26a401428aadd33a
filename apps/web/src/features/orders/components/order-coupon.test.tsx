import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { me, renderPage, stubApi } from '@/features/subscription/test-support';
import { changeLocale } from '@/lib/i18n';
import { useOrder } from '../api/orders';
import type { Order } from '../api/types';
import { DiscountCard } from './order-side';
import { orderSummary } from '../test-fixtures';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const ORDER: Order = {
  ...orderSummary({ number: 1042, date: '2026-03-10T09:00:00.000Z', customer_id: 'cu1', customer: { id: 'cu1', name: 'Huda Saleh', phone: null, email: null }, created_at: '2026-03-10T09:00:00.000Z', updated_at: '2026-03-10T09:00:00.000Z' }),
  items: [],
  images: [],
};

const WITH_COUPON: Order = { ...ORDER, coupon_code: 'EID25', coupon_applied: true, discount: { type: 'percentage', value: 2500, amount: 2500 }, total: 8625 };

let api: ReturnType<typeof stubApi>;
let order: Order;

/** The discount card of the order as the API has it now (refetched after every write). */
function Harness({ editable = true }: { editable?: boolean }) {
  const q = useOrder('o1');
  return q.data ? <DiscountCard order={q.data} editable={editable} /> : null;
}

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  show.mockClear();
  api = stubApi();
  order = ORDER;
  api.routes['GET /api/v1/orders/o1'] = () => ({ status: 200, json: { data: order } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const render = (editable = true) => renderPage(<Harness editable={editable} />, { path: '/orders/o1', user: me({ permissions: ['orders'] }) });

describe('the order’s coupon', () => {
  it('applies a code: Apply waits for one, sends it, then shows the coupon with a way to remove it', async () => {
    api.routes['PUT /api/v1/orders/o1/coupon'] = () => {
      order = WITH_COUPON;
      return { status: 200, json: { message: 'Updated', data: order } };
    };
    render();
    const input = (await screen.findByTestId('order-coupon-input')) as HTMLInputElement;
    const apply = screen.getByTestId('order-coupon-apply') as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(apply.disabled).toBe(true);
    fireEvent.change(input, { target: { value: ' eid25 ' } });
    expect(apply.disabled).toBe(false);
    fireEvent.click(apply);
    await waitFor(() => expect(api.called('PUT /api/v1/orders/o1/coupon')).toHaveLength(1));
    expect(api.called('PUT /api/v1/orders/o1/coupon')[0]?.body).toEqual({ code: 'eid25' });
    const badge = await screen.findByTestId('order-coupon-badge');
    expect(badge.textContent).toBe('EID25');
    expect(screen.queryByTestId('order-coupon-input')).toBeNull();
    // The discount is the coupon's: only removing the coupon changes it.
    expect(screen.getByTestId('order-discount').textContent).toContain('25% off');
    expect(screen.queryByTestId('order-discount-edit')).toBeNull();
    expect(screen.getByTestId('order-coupon-remove')).toBeTruthy();
  });

  it('is disabled while the code is being applied', async () => {
    let answer: (() => void) | undefined;
    api.routes['PUT /api/v1/orders/o1/coupon'] = () => ({ status: 200, json: { message: 'Updated', data: order } });
    const original = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) =>
        init?.method === 'PUT' ? new Promise<Response>((resolve) => (answer = () => resolve(original(input, init) as unknown as Response))) : original(input, init),
      ),
    );
    render();
    fireEvent.change(await screen.findByTestId('order-coupon-input'), { target: { value: 'EID25' } });
    fireEvent.click(screen.getByTestId('order-coupon-apply'));
    await waitFor(() => expect((screen.getByTestId('order-coupon-apply') as HTMLButtonElement).disabled).toBe(true));
    answer?.();
  });

  it('shows the server’s refusal under the box', async () => {
    api.routes['PUT /api/v1/orders/o1/coupon'] = () => ({ status: 422, json: { message: 'The given data was invalid.', errors: { code: ['Coupon not found'] } } });
    render();
    const input = await screen.findByTestId('order-coupon-input');
    fireEvent.change(input, { target: { value: 'NOPE' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const card = screen.getByTestId('order-coupon');
    expect(await within(card).findByText('Coupon not found')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // Typing again clears it.
    fireEvent.change(input, { target: { value: 'NOPE2' } });
    expect(within(card).queryByText('Coupon not found')).toBeNull();
  });

  it('shows why a manual discount and a coupon do not combine', async () => {
    order = { ...ORDER, discount: { type: 'fixed', value: 1000, amount: 1000 } };
    api.routes['PUT /api/v1/orders/o1/coupon'] = () => ({
      status: 422,
      json: { message: 'The given data was invalid.', errors: { code: ['A coupon and a manual discount do not combine: remove one first'] } },
    });
    render();
    fireEvent.change(await screen.findByTestId('order-coupon-input'), { target: { value: 'EID25' } });
    fireEvent.click(screen.getByTestId('order-coupon-apply'));
    expect(await screen.findByText('A coupon and a manual discount do not combine: remove one first')).toBeTruthy();
  });

  it('removes the coupon', async () => {
    order = WITH_COUPON;
    api.routes['DELETE /api/v1/orders/o1/coupon'] = () => {
      order = ORDER;
      return { status: 200, json: { message: 'Updated', data: order } };
    };
    render();
    fireEvent.click(await screen.findByTestId('order-coupon-remove'));
    await waitFor(() => expect(api.called('DELETE /api/v1/orders/o1/coupon')).toHaveLength(1));
    expect(await screen.findByTestId('order-coupon-input')).toBeTruthy();
    expect(screen.queryByTestId('order-coupon-badge')).toBeNull();
    expect(screen.getByTestId('order-discount-edit')).toBeTruthy();
  });

  it('offers no box on an order that can no longer change, but still names its coupon', async () => {
    order = WITH_COUPON;
    render(false);
    expect((await screen.findByTestId('order-coupon-badge')).textContent).toBe('EID25');
    expect(screen.queryByTestId('order-coupon-remove')).toBeNull();
    order = ORDER;
  });

  it('hides the box on a locked order without a coupon', async () => {
    render(false);
    await screen.findByTestId('order-discount');
    expect(screen.queryByTestId('order-coupon')).toBeNull();
  });
});
