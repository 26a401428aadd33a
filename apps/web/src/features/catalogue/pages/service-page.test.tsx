import type { Category } from '@app/shared/schemas/catalogue';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';
import { changeLocale, i18n } from '@/lib/i18n';
import { ServicePage } from './service-page';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const me = {
  uuid: 'u1',
  name: 'Owner',
  email: 'owner@test.example',
  is_imp: false,
  type: 'user',
  permissions: ['services'],
  teams: [],
  tenant: { currency: 'SAR', timezone: 'Asia/Riyadh', time_format: '24', plugins: [], onTrial: false, trial_days_left: 0, trial_extendable: true, subscription: null },
};

const category = (name: string): Category => ({
  uuid: '7d0c6f1e-3c55-4c1a-9a57-0f3e4d5b6a71',
  name,
  description: null,
  slug: 'hlaqa-alrjal',
  sort_order: 0,
  services_count: 0,
  products_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
});

let categories: Category[] = [];
const provider = (uuid: string, name: string) => ({ uuid, name, label: null, branch: null });
let providerList: ReturnType<typeof provider>[] = [];
let calls: { key: string; body: unknown }[] = [];

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  categories = [];
  providerList = [];
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = String(input).split('?')[0] ?? '';
      const key = `${init.method ?? 'GET'} ${url}`;
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ key, body });
      if (key === 'GET /api/v1/categories') return json(200, { data: categories });
      if (key === 'GET /api/v1/taxes') return json(200, { data: [] });
      if (key === 'GET /api/v1/providers') return json(200, { data: providerList });
      if (key === 'POST /api/v1/services') return json(201, { message: 'Added successfully', data: { uuid: 'new-service', name: 'x' } });
      if (key === 'POST /api/v1/categories') {
        const created = category((body as { name: string }).name);
        categories = [created];
        return json(201, { message: 'Added successfully', data: created });
      }
      if (url.endsWith('/csrf-cookie')) return json(204, null);
      return json(404, { message: 'Not found' });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function renderNewService() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['auth', 'me'], me);
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/management/services/new']}>
            <Routes>
              <Route
                path="/management/services/:id"
                element={
                  <>
                    <ServicePage />
                    <Where />
                  </>
                }
              />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('ServicePage: a category made inline', () => {
  it('offers the first category when none exists, creates it in a modal, selects it and keeps what was typed', { timeout: 30_000 }, async () => {
    renderNewService();
    fireEvent.change(input('service-name'), { target: { value: 'Beard trim deluxe' } });
    fireEvent.change(input('service-price'), { target: { value: '35' } });

    // The empty state says why and offers the creation right there.
    expect(await screen.findByText('No categories yet, and a service needs one.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('service-category-create-first'));
    const name = (await screen.findByTestId('category-quick-name')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'حلاقة الرجال' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('category-quick-save'));
    });

    // Posted with the name only (the server makes the slug), then the list is fetched again.
    await waitFor(() => expect(input('service-category').value).toBe('حلاقة الرجال'));
    const posted = calls.filter((c) => c.key === 'POST /api/v1/categories');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toEqual({ name: 'حلاقة الرجال', sort_order: 0 });
    expect(calls.filter((c) => c.key === 'GET /api/v1/categories')).toHaveLength(2);
    // No service was sent and the page never left the form, which keeps every typed value.
    expect(calls.some((c) => c.key === 'POST /api/v1/services')).toBe(false);
    expect(screen.getByTestId('where').textContent).toBe('/management/services/new');
    expect(input('service-name').value).toBe('Beard trim deluxe');
    expect(input('service-price').value).toBe('35');
    await waitFor(() => expect(screen.queryByTestId('category-quick-form')).toBeNull());
    expect(screen.queryByText('No categories yet, and a service needs one.')).toBeNull();
  });
});

describe('ServicePage: providers chosen while creating', () => {
  it('ticks every provider, sends the ones left ticked with the new service', { timeout: 30_000 }, async () => {
    categories = [category('Hair')];
    providerList = [provider('p-1', 'Sara Ahmad'), provider('p-2', 'Omar Saleh')];
    renderNewService();
    const omar = (await screen.findByTestId('new-service-provider-Omar Saleh')) as HTMLInputElement;
    expect(omar.checked).toBe(true);
    expect((screen.getByTestId('new-service-provider-Sara Ahmad') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(omar);
    fireEvent.change(input('service-name'), { target: { value: 'Beard trim deluxe' } });
    fireEvent.change(input('service-price'), { target: { value: '35' } });
    fireEvent.click(input('service-category'));
    fireEvent.click(await screen.findByRole('option', { name: 'Hair', hidden: true }));
    await waitFor(() => expect(input('service-category').value).toBe('Hair'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('service-save'));
    });
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/v1/services')).toBe(true));
    const sent = calls.find((c) => c.key === 'POST /api/v1/services')?.body as { provider_ids: string[] };
    expect(sent.provider_ids).toEqual(['p-1']);
  });
});
