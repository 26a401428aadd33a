import type { Dashboard, DashboardBooking } from '@app/shared/schemas/dashboard';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { me, renderPage, stubApi } from '@/features/subscription/test-support';
import { changeLocale } from '@/lib/i18n';
import { DashboardPage } from './dashboard-page';

const booking = (i: number): DashboardBooking => ({
  id: `b${i}`,
  booking_number: 100 + i,
  order_id: `o${i}`,
  start_time: `2026-11-29T${String(6 + (i % 10)).padStart(2, '0')}:00:00.000Z`,
  end_time: `2026-11-29T${String(6 + (i % 10)).padStart(2, '0')}:30:00.000Z`,
  status: 'confirmed',
  staff_id: 'p1',
  staff: { id: 'p1', name: 'Reem' },
  customer: { id: `c${i}`, name: `Customer ${i}` },
  service: { id: 's1', name: 'Haircut' },
});

const dashboard = (today: DashboardBooking[], todayCount: number): Dashboard => ({
  services_count: 3,
  providers_count: 2,
  branches_count: 1,
  currency: 'SAR',
  time_zone: 'Asia/Riyadh',
  today_appointments: today,
  today_count: todayCount,
  next_bookings: [],
  latest_orders: [],
  top_services: [],
  order_sources: [],
  sales: { today: 0, week: 0, month: 0, series: [] },
  customers: { total: 0, new_this_month: 0 },
});

const USER = me({ permissions: ['calendar.all', 'orders'] });

beforeAll(async () => {
  await changeLocale('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("DashboardPage: today's appointments", () => {
  it('counts the whole day in its badge and links to the calendar for those it does not list', async () => {
    const api = stubApi();
    api.routes['GET /api/v1/dashboard'] = () => ({ status: 200, json: { data: dashboard(Array.from({ length: 20 }, (_, i) => booking(i)), 114) } });
    renderPage(<DashboardPage />, { path: '/dashboard', user: USER });
    const card = await screen.findByTestId('dashboard-today');
    expect((await within(card).findByTestId('dashboard-today-count')).textContent).toBe('114');
    expect(within(card).getAllByText('Haircut · Reem')).toHaveLength(20);
    const all = within(card).getByTestId('dashboard-today-all');
    expect(all.textContent).toBe('View all 114 in the calendar');
    expect(all.getAttribute('href')).toBe('/calendar');
  });

  it('has no link when it lists the whole day', async () => {
    const api = stubApi();
    api.routes['GET /api/v1/dashboard'] = () => ({ status: 200, json: { data: dashboard([booking(1), booking(2)], 2) } });
    renderPage(<DashboardPage />, { path: '/dashboard', user: USER });
    const card = await screen.findByTestId('dashboard-today');
    expect((await within(card).findByTestId('dashboard-today-count')).textContent).toBe('2');
    expect(within(card).queryByTestId('dashboard-today-all')).toBeNull();
  });
});
