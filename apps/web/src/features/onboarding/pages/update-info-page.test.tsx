import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '@/features/subscription/test-support';
import { changeLocale, loadNamespaces } from '@/lib/i18n';
import { UpdateInfoPage } from './update-info-page';

let api: ReturnType<typeof stubApi>;

const STATUS = {
  completed_level: 0,
  profile_completed: false,
  skipped: false,
  tenant_info: { activity_name: null, store_name: null, subdomain: null },
  tenant_profile: { industries: [], system_type: null, service_types: [], features: [], owner_role: null, number_of_employees: null },
  complete_profile: { working_days: [], opens_at: null, closes_at: null, services_count: 0, providers_count: 0 },
};

beforeEach(() => {
  api = stubApi();
  api.routes['GET /api/v1/auth/onboarding-status'] = () => ({ status: 200, json: { data: STATUS } });
  api.routes['GET /api/v1/auth/suggestion-domains'] = (c) => {
    const sub = c.query.get('subdomain') ?? '';
    return { status: 200, json: { data: { subdomain: sub, available: sub !== 'salon', suggestions: sub === 'salon' ? ['salonriyadh', 'salonksa'] : [] } } };
  };
});
afterEach(() => vi.unstubAllGlobals());
afterAll(() => changeLocale('en'));

const typeSubdomain = async (value: string) => {
  const input = (await screen.findByRole('textbox', { name: /store (address|url)|رابط المتجر/i })) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  return input;
};

describe('UpdateInfoPage — the store address', () => {
  it('previews the address, says it is taken, and a suggestion makes it available', async () => {
    await changeLocale('en');
    await loadNamespaces(['onboarding']);
    renderPage(<UpdateInfoPage />, { path: '/onboarding/update-info' });
    const input = await typeSubdomain('Salon');
    expect(input.value).toBe('salon');
    expect(screen.getByTestId('store-url-preview').textContent).toBe('salon.khidma.localhost');
    expect((await screen.findByTestId('subdomain-taken', {}, { timeout: 2000 })).textContent).toBe('Taken');
    expect(screen.getByText('Suggestions:')).toBeTruthy();
    fireEvent.click(screen.getByTestId('subdomain-suggestion-salonksa'));
    expect(input.value).toBe('salonksa');
    expect((await screen.findByTestId('subdomain-available', {}, { timeout: 2000 })).textContent).toBe('Available');
    expect(screen.getByTestId('store-url-preview').textContent).toBe('salonksa.khidma.localhost');
    expect(screen.queryByTestId('subdomain-suggestion-salonksa')).toBeNull();
  });

  it('shows no preview for an address of the wrong shape, and speaks Arabic', async () => {
    await changeLocale('ar');
    await loadNamespaces(['onboarding']);
    renderPage(<UpdateInfoPage />, { path: '/onboarding/update-info' });
    await typeSubdomain('ab');
    expect(screen.queryByTestId('store-url-preview')).toBeNull();
    await typeSubdomain('salon');
    expect((await screen.findByTestId('subdomain-taken', {}, { timeout: 2000 })).textContent).toBe('غير متاح');
    expect(screen.getByText('اقتراحات:')).toBeTruthy();
    await waitFor(() => expect(api.called('GET /api/v1/auth/suggestion-domains').some((c) => c.query.get('subdomain') === 'salon')).toBe(true));
  });
});
