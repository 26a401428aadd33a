import { MantineProvider } from '@mantine/core';
import type { InvoicingSettings } from '@app/shared/schemas/invoices';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';
import { changeLocale, i18n, loadTexts } from '@/lib/i18n';
import { ConnectModal } from './invoicing-settings-page';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

beforeAll(async () => {
  await changeLocale('en');
  await loadTexts('en', ['common', 'invoices']);
});
afterEach(() => {
  vi.useRealTimers();
});

const settings = { environment: 'simulation' } as InvoicingSettings;

describe('connecting to ZATCA: the OTP is valid one minute (spec §5)', () => {
  it('counts down from the first digit typed, then says it expired and will not send it', () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme}>
          <QueryClientProvider client={client}>
            <ConnectModal settings={settings} onClose={vi.fn()} />
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(screen.queryByTestId('zatca-otp-timer')).toBeNull();
    const inputs = screen.getByTestId('zatca-otp').querySelectorAll('input');
    expect(inputs).toHaveLength(6);
    for (const [i, input] of [...inputs].entries()) fireEvent.change(input, { target: { value: String(i + 1) } });
    expect(screen.getByTestId('zatca-otp-timer').textContent).toBe('Expires in 60 s');
    const confirm = screen.getByTestId('zatca-connect-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);

    act(() => vi.advanceTimersByTime(45_000));
    expect(screen.getByTestId('zatca-otp-timer').textContent).toBe('Expires in 15 s');
    expect(confirm.disabled).toBe(false);

    act(() => vi.advanceTimersByTime(15_000));
    expect(screen.getByTestId('zatca-otp-timer').textContent).toBe('This OTP has expired: generate a new one on the portal.');
    expect(confirm.disabled).toBe(true);
  });
});
