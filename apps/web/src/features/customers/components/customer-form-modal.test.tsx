import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';
import { changeLocale, i18n } from '@/lib/i18n';
import { CustomerFormModal } from './customer-form-modal';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const TAKEN = 'This number already belongs to the customer “Huda Saleh”';
let posted: unknown[] = [];

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const [url = ''] = String(input).split('?');
      if (init.method === 'POST' && url === '/api/v1/customers') {
        posted.push(JSON.parse(String(init.body)));
        return json(422, { message: TAKEN, errors: { phone: [TAKEN] }, conflict: { field: 'phone', customer: { uuid: 'c9', name: 'Huda Saleh' } } });
      }
      if (url === '/api/v1/tags' || url === '/api/v1/custom-fields') return json(200, { data: [] });
      return json(404, { message: 'not found' });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderForm(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/management/customers']}>
            <Routes>
              <Route path="/management/customers" element={<CustomerFormModal opened onClose={onClose} />} />
              <Route path="/management/customers/:id" element={<div data-testid="customer-page" />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return onClose;
}

describe('customer form: a phone another customer has', () => {
  it('shows the message under the phone with a link to the customer who has it', async () => {
    const onClose = renderForm();
    fireEvent.change(await screen.findByTestId('customer-first-name'), { target: { value: 'Khalid' } });
    fireEvent.change(screen.getByTestId('customer-last-name'), { target: { value: 'Omar' } });
    fireEvent.change(screen.getByTestId('customer-phone'), { target: { value: '512345678' } });
    fireEvent.click(screen.getByTestId('customer-save'));

    const link = await screen.findByTestId('customer-phone-owner');
    expect(posted).toHaveLength(1);
    expect(screen.getByText(TAKEN)).toBeTruthy();
    expect(link.textContent).toBe('Open Huda Saleh');
    expect(link.getAttribute('href')).toBe('/management/customers/c9');

    // The link opens that customer's page and closes the form.
    fireEvent.click(link);
    expect(await screen.findByTestId('customer-page')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('drops the link once the phone is changed', async () => {
    renderForm();
    fireEvent.change(await screen.findByTestId('customer-first-name'), { target: { value: 'Khalid' } });
    fireEvent.change(screen.getByTestId('customer-last-name'), { target: { value: 'Omar' } });
    fireEvent.change(screen.getByTestId('customer-phone'), { target: { value: '512345678' } });
    fireEvent.click(screen.getByTestId('customer-save'));
    await screen.findByTestId('customer-phone-owner');
    fireEvent.change(screen.getByTestId('customer-phone'), { target: { value: '512345679' } });
    await waitFor(() => expect(screen.queryByTestId('customer-phone-owner')).toBeNull());
  });
});
