import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider, Trans } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { theme } from '@/app/theme';
import { changeLocale, i18n } from '@/lib/i18n';
import { TenantFormatProvider } from '@/lib/tenant-format';
import { Ltr, PersonName } from './bidi';
import { Money } from './money';

const tenant = (currency: string) => ({ currency, time_format: '24' as const, timezone: 'Asia/Riyadh', start_of_week: 0 });

function wrap(children: ReactNode, currency = 'SAR') {
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <TenantFormatProvider tenant={tenant(currency)}>{children}</TenantFormatProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('Money', () => {
  it('shows an English amount as one unbreakable, isolated left-to-right word', async () => {
    await changeLocale('en');
    wrap(<Money amount={25000} data-testid="m" />);
    const el = screen.getByTestId('m');
    expect(el.textContent).toBe('SAR\u00a0250.00');
    expect(el.children).toHaveLength(0);
    expect(el.getAttribute('dir')).toBe('ltr');
    expect(el.style.whiteSpace).toBe('nowrap');
    expect(el.style.unicodeBidi).toBe('isolate');
  });

  it('shows an Arabic amount right to left with the symbol after the number, whole', async () => {
    await changeLocale('ar');
    wrap(<Money amount={25000} data-testid="m" />);
    const el = screen.getByTestId('m');
    expect(el.getAttribute('dir')).toBe('rtl');
    expect(el.textContent).toContain('250.00');
    expect(el.textContent).toContain('ر.س.');
    expect(el.children).toHaveLength(0);
    expect(el.style.whiteSpace).toBe('nowrap');
  });

  it("takes the business's currency and its digits unless told another", async () => {
    await changeLocale('en');
    wrap(
      <>
        <Money amount={1250} data-testid="tenant" />
        <Money amount={1250} currency="USD" data-testid="usd" />
        <Money amount={1500} negative data-testid="neg" />
      </>,
      'KWD',
    );
    expect(screen.getByTestId('tenant').textContent).toBe('KWD\u00a01.250');
    expect(screen.getByTestId('usd').textContent).toBe('US$12.50');
    expect(screen.getByTestId('neg').textContent).toBe('− KWD\u00a01.500');
  });
});

describe('PersonName and Ltr', () => {
  it('isolates an Arabic name in an English greeting, comma staying with "Hello"', async () => {
    await changeLocale('en');
    wrap(
      <p data-testid="greeting">
        <Trans i18nKey="dashboard:greeting" values={{ name: 'نورة' }} components={{ name: <PersonName /> }} />
      </p>,
    );
    const greeting = screen.getByTestId('greeting');
    const bdi = greeting.querySelector('bdi');
    expect(bdi?.textContent).toBe('نورة');
    expect(greeting.textContent).toBe('Hello, نورة');
    // The comma is outside the isolated name: it belongs to the English sentence.
    expect(bdi?.previousSibling?.textContent).toBe('Hello, ');
  });

  it('the same in Arabic, with the Arabic comma', async () => {
    await changeLocale('ar');
    wrap(
      <p data-testid="greeting">
        <Trans i18nKey="dashboard:greeting" values={{ name: 'Sarah' }} components={{ name: <PersonName /> }} />
      </p>,
    );
    const greeting = screen.getByTestId('greeting');
    expect(greeting.textContent).toBe('مرحبًا، Sarah');
    expect(greeting.querySelector('bdi')?.textContent).toBe('Sarah');
  });

  it('renders a name prop, and LTR text isolated left to right', () => {
    wrap(
      <>
        <PersonName name="Omar" />
        <Ltr data-testid="phone">+966 50 123 4567</Ltr>
      </>,
    );
    expect(screen.getByText('Omar').tagName).toBe('BDI');
    const phone = screen.getByTestId('phone');
    expect(phone.getAttribute('dir')).toBe('ltr');
    expect(phone.className).toContain('ltr-value');
  });
});
