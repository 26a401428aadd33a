import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '@/features/marketing/api/campaigns';
import { me, renderPage, stubApi } from '@/features/subscription/test-support';
import { changeLocale } from '@/lib/i18n';
import { CampaignsPage } from './campaigns-page';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const TAG = '0b6e1c1e-0000-4000-8000-000000000011';
const counts = { pending: 0, queued: 0, sent: 0, success: 0, failed: 0, skipped: 0, cancelled: 0 };
const campaign = (over: Partial<Campaign> = {}): Campaign => ({
  id: 'k1',
  name: 'Eid offer',
  channel: 'sms',
  title: null,
  content: 'Hello {{customer_name}}',
  audience: { tag_ids: [TAG], last_visit_from: null, last_visit_to: null, min_spent: null, max_spent: null, service_ids: [] },
  targeted_count: 40,
  scheduled_at: '2026-03-02T17:00:00.000Z',
  status: 'completed',
  started_at: '2026-03-02T17:00:00.000Z',
  finished_at: '2026-03-02T17:02:00.000Z',
  cancelled_at: null,
  created_at: '2026-03-01T09:00:00.000Z',
  counts: { ...counts, sent: 37, failed: 2, skipped: 1 },
  ...over,
});

const USER = me({ permissions: ['marketing.campaigns'] });
let api: ReturnType<typeof stubApi>;
let list: Campaign[];

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  show.mockClear();
  api = stubApi();
  list = [campaign(), campaign({ id: 'k2', name: 'Ramadan', status: 'draft', scheduled_at: null, targeted_count: 12, counts, started_at: null, finished_at: null })];
  api.routes['GET /api/v1/campaigns'] = () => ({ status: 200, json: { data: list, meta: { current_page: 1, per_page: 25, total: list.length, last_page: 1 } } });
  api.routes['GET /api/v1/tags'] = () => ({ status: 200, json: { data: [{ uuid: TAG, name: 'VIP', color: null }] } });
  api.routes['GET /api/v1/services'] = () => ({ status: 200, json: { data: [], meta: { current_page: 1, per_page: 100, total: 0, last_page: 1 } } });
  api.routes['POST /api/v1/campaigns/audience-count'] = () => ({ status: 200, json: { data: { targeted: 7, opted_out: 2, no_address: 1 } } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const render = () => renderPage(<CampaignsPage />, { path: '/marketing/campaigns', user: USER });

async function openNew() {
  fireEvent.click(await screen.findByTestId('campaigns-add'));
  await screen.findByTestId('campaign-name');
  return screen.getByTestId('campaign-form-modal');
}

describe('CampaignsPage', () => {
  it('lists the campaigns: status, channel, targeted, sent and failed, the time on the business clock', async () => {
    render();
    const row = await screen.findByTestId('campaign-row-k1');
    expect(within(row).getByTestId('campaign-status-k1').textContent).toBe('Completed');
    expect(row.textContent).toContain('SMS');
    expect(row.textContent).toContain('40');
    expect(within(row).getByTestId('campaign-results-k1').textContent).toBe('37 sent · 2 failed');
    // 17:00 UTC is 20:00 in Riyadh.
    expect(row.textContent).toContain('20:00');
    const draft = screen.getByTestId('campaign-row-k2');
    expect(draft.textContent).toContain('Not scheduled');
    // Only a draft or scheduled one can be edited or deleted.
    expect(screen.queryByTestId('campaign-edit-k1')).toBeNull();
    expect(screen.getByTestId('campaign-edit-k2')).toBeTruthy();
  });

  it('invites to create the first campaign when there is none', async () => {
    list = [];
    render();
    fireEvent.click(await screen.findByTestId('campaigns-add-first'));
    expect(await screen.findByTestId('campaign-form-modal')).toBeTruthy();
  });

  it('counts the audience live, warns about WhatsApp mass sending, and sends now after a confirmation', async () => {
    api.routes['POST /api/v1/campaigns'] = (call) => ({ status: 201, json: { message: 'Created', data: campaign({ id: 'k3', status: 'draft', ...(call.body as object) }) } });
    api.routes['POST /api/v1/campaigns/k3/send'] = () => ({ status: 200, json: { message: 'The campaign is being sent', data: campaign({ id: 'k3', status: 'sending' }) } });
    render();
    const modal = await openNew();
    expect(await within(modal).findByTestId('campaign-targeted')).toBeTruthy();
    expect(within(modal).getByTestId('campaign-audience-count').textContent).toContain('7 customers will receive it');
    expect(within(modal).getByTestId('campaign-audience-count').textContent).toContain('2 opted out of marketing');
    expect(within(modal).queryByTestId('campaign-whatsapp-warning')).toBeNull();
    fireEvent.click(within(modal).getByText('WhatsApp'));
    expect(await within(modal).findByTestId('campaign-whatsapp-warning')).toBeTruthy();
    fireEvent.click(within(modal).getByText('SMS'));
    fireEvent.change(within(modal).getByTestId('campaign-name'), { target: { value: 'Summer' } });
    fireEvent.click(within(modal).getByTestId('campaign-var-customer_name'));
    await waitFor(() => expect((within(modal).getByTestId('campaign-content') as HTMLTextAreaElement).value).toBe('{{customer_name}}'));
    expect(within(modal).getByTestId('campaign-preview').textContent).toContain('Sara Ahmed');
    fireEvent.click(within(modal).getByTestId('campaign-submit'));
    expect(await screen.findByText('The message goes by SMS to 7 customers now.')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(api.called('POST /api/v1/campaigns/k3/send')).toHaveLength(1));
    expect(api.called('POST /api/v1/campaigns')[0]?.body).toMatchObject({ name: 'Summer', channel: 'sms', content: '{{customer_name}}', status: 'draft', scheduled_at: null });
    expect(api.called('POST /api/v1/campaigns/k3/send')[0]?.body).toEqual({ scheduled_at: null });
  });

  it('checks the form before sending, and shows the server’s 422 under its field', async () => {
    api.routes['POST /api/v1/campaigns'] = () => ({ status: 422, json: { message: 'The given data was invalid.', errors: { 'audience.min_spent': ['Must be at least 0'] } } });
    render();
    const modal = await openNew();
    fireEvent.change(within(modal).getByTestId('campaign-last-visit-from'), { target: { value: '30' } });
    fireEvent.change(within(modal).getByTestId('campaign-last-visit-to'), { target: { value: '10' } });
    fireEvent.click(within(modal).getByTestId('campaign-save-draft'));
    expect(await within(modal).findByText('The upper bound cannot be below the lower bound')).toBeTruthy();
    expect(api.called('POST /api/v1/campaigns')).toHaveLength(0);
    fireEvent.change(within(modal).getByTestId('campaign-last-visit-to'), { target: { value: '' } });
    fireEvent.change(within(modal).getByTestId('campaign-name'), { target: { value: 'Summer' } });
    fireEvent.change(within(modal).getByTestId('campaign-content'), { target: { value: 'Hello' } });
    fireEvent.click(within(modal).getByTestId('campaign-save-draft'));
    expect(await within(modal).findByText('Must be at least 0')).toBeTruthy();
  });
});
