import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';
import { changeLocale, i18n } from '@/lib/i18n';
import { CustomerPicker } from './customer-picker';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const TAKEN = 'This number already belongs to the customer “Huda Saleh”';

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      if (init.method === 'POST' && String(input) === '/api/v1/customers') {
        return json(422, { message: TAKEN, errors: { phone: [TAKEN] }, conflict: { field: 'phone', customer: { uuid: 'c9', name: 'Huda Saleh' } } });
      }
      return json(404, { message: 'not found' });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('booking drawer: quick-create with a phone another customer has', () => {
  it('shows the message under the phone and offers that customer instead', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['auth', 'me'], { uuid: 'u1', permissions: ['customers', 'bookings'], tenant: { country: 'SA' } });
    const onChange = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme}>
          <QueryClientProvider client={client}>
            <MemoryRouter>
              <CustomerPicker value={null} onChange={onChange} />
            </MemoryRouter>
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByTestId('booking-customer-new'));
    fireEvent.change(screen.getByTestId('booking-customer-first-name'), { target: { value: 'Khalid' } });
    fireEvent.change(screen.getByTestId('booking-customer-last-name'), { target: { value: 'Omar' } });
    fireEvent.change(screen.getByTestId('booking-customer-phone'), { target: { value: '0512345678' } });
    fireEvent.click(screen.getByTestId('booking-customer-save'));

    const use = await screen.findByTestId('booking-customer-use-existing');
    expect(screen.getByText(TAKEN)).toBeTruthy();
    expect(use.textContent).toBe('Use this customer');
    fireEvent.click(use);
    expect(onChange).toHaveBeenCalledWith({ id: 'c9', name: 'Huda Saleh', phone: '+966512345678' });
  });
});
