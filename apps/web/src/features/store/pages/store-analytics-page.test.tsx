import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { me, renderPage, stubApi } from '@/features/subscription/test-support';
import { changeLocale } from '@/lib/i18n';
import type { StoreAnalytics } from '../api/analytics';
import { addDays, todayIn } from '../lib/analytics';
import { StoreAnalyticsPage } from './store-analytics-page';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const DATA: StoreAnalytics = {
  days: [
    { date: '2026-11-25', visits: 40, bookings: 10, conversion: 0.25 },
    { date: '2026-11-26', visits: 20, bookings: 2, conversion: 0.1 },
    { date: '2026-11-27', visits: 0, bookings: 0, conversion: 0 },
  ],
  totals: { visits: 60, bookings: 12, conversion: 0.2 },
};

let api: ReturnType<typeof stubApi>;
beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  api = stubApi();
  api.routes['GET /api/v1/store/analytics'] = () => ({ status: 200, json: { data: DATA } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const render = () => renderPage(<StoreAnalyticsPage />, { path: '/store/analytics', user: me({ permissions: ['marketing.booking_page'] }) });

describe('StoreAnalyticsPage', () => {
  it('asks for the last 30 days of the business’s calendar', async () => {
    render();
    await waitFor(() => expect(api.called('GET /api/v1/store/analytics')).toHaveLength(1));
    const query = api.called('GET /api/v1/store/analytics')[0]?.query;
    const today = todayIn('Asia/Riyadh');
    expect(query?.get('to')).toBe(today);
    expect(query?.get('from')).toBe(addDays(today, -29));
  });

  it('shows the totals, a bar per day scaled to the busiest, and the table', async () => {
    render();
    expect((await screen.findByTestId('analytics-total-visits-value')).textContent).toBe('60');
    expect(screen.getByTestId('analytics-total-bookings-value').textContent).toBe('12');
    expect(screen.getByTestId('analytics-total-conversion-value').textContent).toBe('20%');

    const busiest = screen.getByTestId('analytics-bar-2026-11-25');
    expect((within(busiest).getByTestId('bar-visits') as HTMLElement).style.height).toBe('100%');
    expect((within(busiest).getByTestId('bar-bookings') as HTMLElement).style.height).toBe('25%');
    expect((within(screen.getByTestId('analytics-bar-2026-11-26')).getByTestId('bar-visits') as HTMLElement).style.height).toBe('50%');

    const row = screen.getByTestId('analytics-row-2026-11-26');
    expect(row.textContent).toContain('26 Nov 2026');
    expect(row.textContent).toContain('20');
    expect(row.textContent).toContain('10%');
  });

  it('says so when no one visited', async () => {
    api.routes['GET /api/v1/store/analytics'] = () => ({ status: 200, json: { data: { days: DATA.days.map((d) => ({ ...d, visits: 0, bookings: 0, conversion: 0 })), totals: { visits: 0, bookings: 0, conversion: 0 } } } });
    render();
    expect(await screen.findByTestId('analytics-chart-empty')).toBeTruthy();
    expect(screen.getByTestId('analytics-total-conversion-value').textContent).toBe('0%');
  });

  it('reads in Arabic', async () => {
    await changeLocale('ar');
    try {
      render();
      expect((await screen.findByTestId('analytics-total-conversion')).textContent).toContain('نسبة التحويل');
      expect(screen.getByTestId('analytics-total-conversion-value').textContent).toContain('20');
      expect(screen.getByTestId('analytics-row-2026-11-26').textContent).toContain('نوفمبر');
    } finally {
      await changeLocale('en');
    }
  });
});
