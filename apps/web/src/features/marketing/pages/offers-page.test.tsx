import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Offer } from '@/features/marketing/api/offers';
import { me, renderPage, sar, stubApi } from '@/features/subscription/test-support';
import { changeLocale } from '@/lib/i18n';
import { OffersPage } from './offers-page';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const SERVICE = '0b6e1c1e-0000-4000-8000-000000000001';
const SERVICE2 = '0b6e1c1e-0000-4000-8000-000000000002';

const offer = (over: Partial<Offer> = {}): Offer => ({
  id: 'o1',
  name: 'Eid haircut',
  code: 'EID20',
  type: 'percentage',
  amount: 2000,
  // 09:00 and 21:00 in Riyadh (UTC+3).
  start_at: '2026-03-01T06:00:00.000Z',
  end_at: '2026-03-05T18:00:00.000Z',
  status: 'active',
  channels: ['webapp', 'booking_page'],
  service_ids: [SERVICE, SERVICE2],
  running: true,
  created_at: '2026-02-20T09:00:00.000Z',
  ...over,
});

const LATER = offer({
  id: 'o2',
  name: 'Summer',
  code: null,
  type: 'fixed',
  amount: 1500,
  start_at: '2099-06-01T06:00:00.000Z',
  end_at: '2099-06-30T18:00:00.000Z',
  channels: ['booking_page'],
  service_ids: [SERVICE],
  running: false,
});

const USER = me({ permissions: ['marketing.offers'] });
let api: ReturnType<typeof stubApi>;
let list: Offer[];

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  show.mockClear();
  api = stubApi();
  list = [offer(), LATER];
  api.routes['GET /api/v1/offers'] = () => ({ status: 200, json: { data: list } });
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
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const render = () => renderPage(<OffersPage />, { path: '/marketing/offers', user: USER });

async function openNew() {
  fireEvent.click(await screen.findByTestId('offers-add'));
  await screen.findByTestId('offer-name');
  return screen.getByTestId('offer-form-modal');
}

describe('OffersPage', () => {
  it('lists the offers: name and code, the cut, the window in the business zone, channels, services, on or off', async () => {
    render();
    const row = await screen.findByTestId('offer-row-o1');
    expect(row.textContent).toContain('Eid haircut');
    expect(within(row).getByTestId('offer-code-o1').textContent).toBe('EID20');
    expect(within(row).getByTestId('offer-amount-o1').textContent).toBe('20%');
    const window = within(row).getByTestId('offer-window-o1').textContent ?? '';
    // 06:00 and 18:00 UTC on Riyadh's clock.
    expect(window).toBe('1 Mar 2026, 09:00 am – 5 Mar 2026, 09:00 pm');
    expect(within(row).getByTestId('offer-phase-o1').textContent).toBe('Running now');
    expect(within(row).getByTestId('offer-services-o1').textContent).toBe('2 services');
    expect((within(row).getByTestId('offer-toggle-o1') as HTMLInputElement).checked).toBe(true);

    const later = screen.getByTestId('offer-row-o2');
    expect(within(later).getByTestId('offer-amount-o2').textContent).toBe(sar(1500));
    expect(within(later).getByTestId('offer-phase-o2').textContent).toBe('Scheduled');
    expect(within(later).getByTestId('offer-services-o2').textContent).toBe('1 service');
    expect(later.textContent).toContain('Booking page');
  });

  it('invites to add the first offer when there is none', async () => {
    list = [];
    render();
    expect(await screen.findByText('No offers yet')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('offers-add-first'));
    expect(await screen.findByTestId('offer-form-modal')).toBeTruthy();
  });

  it('creates an offer: 25 percent as 2500 basis points, the chosen services, both channels, a week from now by default', async () => {
    api.routes['POST /api/v1/offers'] = () => ({ status: 201, json: { message: 'Created', data: offer({ id: 'o3' }) } });
    render();
    const modal = await openNew();
    fireEvent.change(within(modal).getByTestId('offer-name'), { target: { value: 'Spring offer' } });
    fireEvent.change(within(modal).getByTestId('offer-code'), { target: { value: 'spring25' } });
    fireEvent.change(within(modal).getByTestId('offer-value'), { target: { value: '25' } });
    // No service: the form says so before sending.
    fireEvent.click(within(modal).getByTestId('offer-save'));
    expect(await within(modal).findByText('Choose at least one service.')).toBeTruthy();
    fireEvent.click(within(modal).getByTestId('offer-services'));
    fireEvent.click(await screen.findByRole('option', { name: 'Haircut', hidden: true }));
    fireEvent.click(within(modal).getByTestId('offer-save'));
    await waitFor(() => expect(api.called('POST /api/v1/offers')).toHaveLength(1));
    const body = api.called('POST /api/v1/offers')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Spring offer', code: 'SPRING25', type: 'percentage', amount: 2500, status: 'active', channels: ['booking_page', 'webapp'], service_ids: [SERVICE] });
    expect(Date.parse(body.end_at as string) - Date.parse(body.start_at as string)).toBe(7 * 86_400_000);
  });

  it('checks the form: a percentage over 100, no channel', async () => {
    render();
    const modal = await openNew();
    fireEvent.change(within(modal).getByTestId('offer-name'), { target: { value: 'Eid offer' } });
    fireEvent.change(within(modal).getByTestId('offer-value'), { target: { value: '120' } });
    fireEvent.click(within(modal).getByTestId('offer-channel-webapp'));
    fireEvent.click(within(modal).getByTestId('offer-channel-booking_page'));
    fireEvent.click(within(modal).getByTestId('offer-save'));
    expect(await within(modal).findByText('A percentage cannot be more than 100.')).toBeTruthy();
    expect(within(modal).getByText('Choose at least one channel.')).toBeTruthy();
    expect(api.called('POST /api/v1/offers')).toHaveLength(0);
  });

  it('edits with PUT on its id, the form filled from it, and shows the server’s 422 under the field', async () => {
    api.routes['PUT /api/v1/offers/o2'] = () => ({ status: 422, json: { message: 'The given data was invalid.', errors: { code: ['This value already exists'] } } });
    render();
    fireEvent.click(await screen.findByTestId('offer-edit-o2'));
    await waitFor(() => expect((screen.getByTestId('offer-value') as HTMLInputElement).value).toBe('15.00'));
    const modal = screen.getByTestId('offer-form-modal');
    fireEvent.change(within(modal).getByTestId('offer-code'), { target: { value: 'EID20' } });
    fireEvent.click(within(modal).getByTestId('offer-save'));
    await waitFor(() => expect(api.called('PUT /api/v1/offers/o2')).toHaveLength(1));
    expect(api.called('PUT /api/v1/offers/o2')[0]?.body).toMatchObject({
      name: 'Summer',
      code: 'EID20',
      type: 'fixed',
      amount: 1500,
      start_at: '2099-06-01T06:00:00.000Z',
      end_at: '2099-06-30T18:00:00.000Z',
      channels: ['booking_page'],
      service_ids: [SERVICE],
    });
    expect(await within(modal).findByText('This value already exists')).toBeTruthy();
  });

  it('switches an offer off with its status', async () => {
    api.routes['POST /api/v1/offers/o1/toggle'] = () => {
      list = [offer({ status: 'inactive', running: false }), LATER];
      return { status: 200, json: { message: 'Updated', data: list[0] } };
    };
    render();
    fireEvent.click(await screen.findByTestId('offer-toggle-o1'));
    await waitFor(() => expect(api.called('POST /api/v1/offers/o1/toggle')).toHaveLength(1));
    expect(api.called('POST /api/v1/offers/o1/toggle')[0]?.body).toEqual({ status: 'inactive' });
    await waitFor(() => expect(screen.getByTestId('offer-phase-o1').textContent).toBe('Off'));
  });

  it('deletes after a confirmation', async () => {
    api.routes['DELETE /api/v1/offers/o2'] = () => {
      list = [offer()];
      return { status: 200, json: { message: 'Deleted' } };
    };
    render();
    fireEvent.click(await screen.findByTestId('offer-delete-o2'));
    await screen.findByTestId('confirm-ok');
    const dialog = screen.getByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Summer');
    expect(api.called('DELETE /api/v1/offers/o2')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(api.called('DELETE /api/v1/offers/o2')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('offer-row-o2')).toBeNull());
  });

  it('reads in Arabic: plural forms and channel names', async () => {
    await changeLocale('ar');
    try {
      render();
      const row = await screen.findByTestId('offer-row-o1');
      expect(within(row).getByTestId('offer-services-o1').textContent).toBe('خدمتان');
      expect(within(row).getByTestId('offer-amount-o1').textContent).toBe('20٪');
      expect(screen.getByText('العروض')).toBeTruthy();
    } finally {
      await changeLocale('en');
    }
  });
});
