import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { me, renderPage, stubApi } from '@/features/subscription/test-support';
import { changeLocale } from '@/lib/i18n';
import type { LineDraft } from '../lib/order-form';
import { ItemPicker } from './item-picker';

const CUT = '0b6e1c1e-0000-4000-8000-000000000001';
const TRIM = '0b6e1c1e-0000-4000-8000-000000000002';

let api: ReturnType<typeof stubApi>;

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  api = stubApi();
  api.routes['GET /api/v1/services'] = () => ({
    status: 200,
    json: {
      data: [
        { uuid: CUT, name: 'Haircut', price: 10_000 },
        { uuid: TRIM, name: 'Beard trim', price: 4000 },
      ],
      meta: { current_page: 1, per_page: 100, total: 2, last_page: 1 },
    },
  });
  api.routes['GET /api/v1/products'] = () => ({ status: 200, json: { data: [], meta: { current_page: 1, per_page: 100, total: 0, last_page: 1 } } });
  api.routes['GET /api/v1/offers/prices'] = () => ({ status: 200, json: { data: [{ service_id: CUT, offer_id: 'o1', offer_name: 'Eid', original_price: 10_000, price: 8000 }] } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ItemPicker', () => {
  it('shows a running offer’s price with the catalogue price struck through, and adds the line at the offered price', async () => {
    const onAdd = vi.fn<(line: LineDraft) => void>();
    renderPage(<ItemPicker onAdd={onAdd} />, { user: me({ permissions: ['orders'] }) });
    await waitFor(() => expect(api.called('GET /api/v1/offers/prices')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('item-select'));
    const offered = await screen.findByTestId(`item-offer-${CUT}`);
    expect(offered.textContent).toContain('Haircut');
    expect(offered.textContent).toContain('80.00');
    expect(within(offered).getByTestId(`item-was-${CUT}`).textContent).toContain('100.00');
    expect(screen.queryByTestId(`item-offer-${TRIM}`)).toBeNull();
    fireEvent.click(offered);
    fireEvent.click(screen.getByTestId('item-add'));
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(onAdd.mock.calls[0]![0]).toMatchObject({ type: 'service', ref_id: CUT, unit_price: 8000 });
  });
});
