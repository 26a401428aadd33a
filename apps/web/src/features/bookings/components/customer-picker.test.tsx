import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';
import { changeLocale, i18n } from '@/lib/i18n';
import { createRef } from 'react';
import { act } from '@testing-library/react';
import { CustomerPicker, type PendingCustomer } from './customer-picker';

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
        const body = JSON.parse(String(init.body)) as { first_name: string; phone: string };
        if (body.phone === '0598765432') return json(201, { message: 'Added successfully', data: { uuid: 'c10', first_name: body.first_name, last_name: 'Saad', name: `${body.first_name} Saad`, phone: '+966598765432' } });
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

describe('booking drawer: "Book" with the new-customer form filled in', () => {
  function renderPicker(pending: PendingCustomer) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['auth', 'me'], { uuid: 'u1', permissions: ['customers', 'bookings'], tenant: { country: 'SA' } });
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme}>
          <QueryClientProvider client={client}>
            <MemoryRouter>
              <CustomerPicker value={null} onChange={vi.fn()} pending={pending} />
            </MemoryRouter>
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>,
    );
  }

  it('offers the drawer a save while the form is open: empty, it says what is missing; filled, it creates the customer', async () => {
    const pending = createRef() as PendingCustomer;
    pending.current = null;
    renderPicker(pending);
    expect(pending.current).toBeNull();
    fireEvent.click(screen.getByTestId('booking-customer-new'));
    expect(typeof pending.current).toBe('function');
    // Nothing typed: no customer, and every required field says so.
    let result: unknown;
    await act(async () => {
      result = await pending.current?.();
    });
    expect(result).toBeNull();
    expect(screen.getAllByText('Required')).toHaveLength(3);

    fireEvent.change(screen.getByTestId('booking-customer-first-name'), { target: { value: 'Nasser' } });
    fireEvent.change(screen.getByTestId('booking-customer-last-name'), { target: { value: 'Saad' } });
    fireEvent.change(screen.getByTestId('booking-customer-phone'), { target: { value: '0598765432' } });
    await act(async () => {
      result = await pending.current?.();
    });
    expect(result).toEqual({ id: 'c10', name: 'Nasser Saad', phone: '+966598765432' });
    // One Cancel in the drawer: this form goes back to the search instead.
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(screen.getByTestId('booking-customer-search-instead'));
    expect(screen.getByTestId('booking-customer-search')).toBeTruthy();
    expect(pending.current).toBeNull();
  });
});
