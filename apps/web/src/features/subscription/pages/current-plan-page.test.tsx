import { SUBSCRIPTION_STATUSES, type FullSubscription } from '@app/shared/schemas/subscription';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Banners } from '@/app/layouts/banners';
import { changeLocale } from '@/lib/i18n';
import { pageReload } from '../api/subscription';
import { ACTIVE, checkout, me, renderPage, sar, stubApi, TRIAL_ENDED } from '../test-support';
import { CurrentPlanPage } from './current-plan-page';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

let api: ReturnType<typeof stubApi>;

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  show.mockClear();
  api = stubApi();
  api.routes['GET /api/v1/subscription/charges'] = () => ({ status: 200, json: { data: [] } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const serve = (sub: FullSubscription) => {
  api.routes['GET /api/v1/subscription'] = () => ({ status: 200, json: { data: sub } });
};
const page = (path = '/settings/subscriptions/current-plan', user = me()) => renderPage(<CurrentPlanPage />, { path, user });

describe('CurrentPlanPage: the free trial', () => {
  it('shows the days left and the end of a running trial', async () => {
    serve({ ...TRIAL_ENDED, state: 'on_trial', ended: false, status_label: 'free_trial', trial_days_left: 3, trial_ends_at: '2026-12-01T10:00:00.000Z', progress_percent: 80 });
    page('/settings/subscriptions');
    expect((await screen.findByTestId('subscription-status')).textContent).toBe('Free trial');
    expect(screen.getByText('3 days left in your free trial.')).toBeTruthy();
    expect(screen.getByText('Your free trial ends on 1 December 2026.')).toBeTruthy();
    expect(screen.getByTestId('subscription-days-left').textContent).toBe('3 days left');
    expect(screen.queryByTestId('extend-trial')).toBeNull();
    expect(screen.queryByTestId('renew-now')).toBeNull();
  });

  it('extends an ended trial once: toast, then the page reloads after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(pageReload, 'run').mockImplementation(() => {});
    serve(TRIAL_ENDED);
    api.routes['GET /api/v1/subscription/extend-trail'] = () => ({
      status: 200,
      json: { message: 'Your free trial was extended by 7 days', data: { ...TRIAL_ENDED, state: 'on_trial', ended: false, trial_days_left: 7, trial_extendable: false } },
    });
    page();
    expect(await screen.findByText('Your free trial has ended')).toBeTruthy();
    expect(screen.getByTestId('choose-plan').getAttribute('href')).toBe('/settings/subscriptions/plans');
    const button = screen.getByTestId('extend-trial');
    expect(button.textContent).toBe('Extend the trial 7 days');
    await act(async () => {
      fireEvent.click(button);
    });
    expect(await screen.findByTestId('trial-extended')).toBeTruthy();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Your free trial was extended by 7 days', color: 'green' }));
    expect(api.called('GET /api/v1/subscription/extend-trail')).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(2_500);
    });
    expect(reload).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the refusal of a second extension and fetches the state again', async () => {
    let extended = false;
    api.routes['GET /api/v1/subscription'] = () => ({ status: 200, json: { data: { ...TRIAL_ENDED, trial_extendable: !extended } } });
    api.routes['GET /api/v1/subscription/extend-trail'] = () => {
      extended = true;
      return { status: 422, json: { message: 'The free trial was already extended and cannot be extended again, choose a plan or contact support', code: 'trial-already-extended' } };
    };
    page();
    fireEvent.click(await screen.findByTestId('extend-trial'));
    expect(await screen.findByTestId('trial-already-extended')).toBeTruthy();
    expect(screen.queryByTestId('extend-trial')).toBeNull();
    expect(show).not.toHaveBeenCalled();
  });

  it('says so when the trial was already extended, without a button', async () => {
    serve({ ...TRIAL_ENDED, trial_extendable: false, trial_extended_at: '2026-01-03T09:00:00.000Z' });
    page();
    expect((await screen.findByTestId('trial-already-extended')).textContent).toMatch(/already extended your free trial.*contact support/);
    expect(screen.queryByTestId('extend-trial')).toBeNull();
  });

  it('reads in Arabic', async () => {
    await changeLocale('ar');
    try {
      serve(TRIAL_ENDED);
      page();
      expect(await screen.findByText('انتهت فترتك التجريبية المجانية')).toBeTruthy();
      expect(screen.getByTestId('extend-trial').textContent).toBe('مدّد الفترة التجريبية 7 أيام');
      expect(screen.getByTestId('subscription-status').textContent).toBe('انتهت الفترة التجريبية');
    } finally {
      await changeLocale('en');
    }
  });
});

describe('CurrentPlanPage: a plan', () => {
  it('shows an active plan: name, cycle, dates, progress, usage against limits', async () => {
    serve({ ...ACTIVE, limits: { ...ACTIVE.limits, bookings_per_month: null } });
    page();
    expect((await screen.findByTestId('subscription-status')).textContent).toBe('Active');
    expect(screen.getByTestId('subscription-active')).toBeTruthy();
    expect(screen.getByTestId('subscription-plan').textContent).toBe('Professional');
    expect(screen.getByTestId('subscription-cycle').textContent).toBe('Monthly');
    expect(screen.getByTestId('subscription-starts').textContent).toBe('1 January 2026');
    expect(screen.getByTestId('subscription-ends').textContent).toBe('1 February 2026');
    expect(screen.getByTestId('subscription-days-left').textContent).toBe('18 days left');
    expect(screen.getByTestId('usage-providers-value').textContent).toBe('4 of 10');
    expect(screen.getByTestId('usage-bookings_per_month-value').textContent).toBe('120 (unlimited)');
    expect(screen.queryByTestId('renew-now')).toBeNull();
    expect(screen.getByTestId('auto-renew-cancel')).toBeTruthy();
  });

  it('shows the demo plan without an end', async () => {
    serve({ ...ACTIVE, plan: 'demo', plan_details: null, ends_at: null, cycle: null });
    page('/settings/subscriptions');
    expect((await screen.findByTestId('subscription-plan')).textContent).toBe('Demo');
    expect(screen.getByTestId('subscription-ends').textContent).toBe('No end date');
    expect(screen.queryByTestId('subscription-progress')).toBeNull();
  });

  it('has a badge for each of the nine statuses', async () => {
    const words: Record<string, string> = {
      free_trial: 'Free trial',
      extended: 'Extended trial',
      trial_ended: 'Trial ended',
      active: 'Active',
      renewed: 'Renewed',
      ending_soon: 'Ending soon',
      past_due: 'Payment overdue',
      expired: 'Expired',
      no_active_plan: 'No active plan',
    };
    for (const label of SUBSCRIPTION_STATUSES) {
      const trial = ['free_trial', 'extended', 'trial_ended'].includes(label);
      serve(trial ? { ...TRIAL_ENDED, state: label === 'trial_ended' ? 'trial_ended' : 'on_trial', status_label: label } : { ...ACTIVE, status_label: label });
      const view = page();
      const badge = await screen.findByTestId('subscription-status');
      expect(badge.textContent, label).toBe(words[label]);
      expect(badge.getAttribute('data-status')).toBe(label);
      // Renew now when past due, expired, with no active plan or ending soon.
      expect(Boolean(screen.queryByTestId('renew-now')), label).toBe(['past_due', 'expired', 'no_active_plan', 'ending_soon'].includes(label));
      view.unmount();
    }
  });

  it('asks before cancelling auto-renewal (the plan stays until its end), then offers to resume', async () => {
    serve(ACTIVE);
    api.routes['GET /api/v1/subscription/cancel'] = () => ({ status: 200, json: { message: 'Auto-renewal is off', data: { ...ACTIVE, auto_renew: false } } });
    api.routes['GET /api/v1/subscription/resume'] = () => ({ status: 200, json: { message: 'Auto-renewal is on', data: ACTIVE } });
    page();
    fireEvent.click(await screen.findByTestId('auto-renew-cancel'));
    const dialog = await screen.findByTestId('confirm-dialog');
    await waitFor(() => expect(dialog.textContent).toMatch(/stays active until its end date, 1 February 2026/));
    expect(api.called('GET /api/v1/subscription/cancel')).toHaveLength(0);
    fireEvent.click(await within(dialog).findByTestId('confirm-cancel'));
    expect(api.called('GET /api/v1/subscription/cancel')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('auto-renew-cancel'));
    fireEvent.click(await within(await screen.findByTestId('confirm-dialog')).findByTestId('confirm-ok'));
    expect(await screen.findByTestId('auto-renew-resume')).toBeTruthy();
    expect(api.called('GET /api/v1/subscription/cancel')).toHaveLength(1);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Auto-renewal is off' }));
    expect(screen.getByText('Your plan stays active until 1 February 2026, then ends.')).toBeTruthy();

    fireEvent.click(screen.getByTestId('auto-renew-resume'));
    expect(await screen.findByTestId('auto-renew-cancel')).toBeTruthy();
    expect(api.called('GET /api/v1/subscription/resume')).toHaveLength(1);
  });

  it('says when the card is tried again while past due, and renews from the button', async () => {
    serve({ ...ACTIVE, status_label: 'past_due', state: 'past_due', next_retry_at: '2026-02-04T09:00:00.000Z', retry_count: 2 });
    api.routes['GET /api/v1/subscription/pro/checkout'] = () => ({ status: 200, json: { data: checkout({ kind: 'renewal' }) } });
    page();
    expect((await screen.findByTestId('past-due-retry')).textContent).toBe('We will try your card again on 4 February 2026. Attempts so far: 2.');
    fireEvent.click(screen.getByTestId('renew-now'));
    expect(await screen.findByText('Renew Professional')).toBeTruthy();
    expect((await screen.findByTestId('checkout-total')).textContent).toBe(sar(22885));
  });

  it('opens the renewal by itself with ?renewNow=true, once', async () => {
    serve({ ...ACTIVE, status_label: 'ending_soon', auto_renew: false, show_renew_message: true });
    api.routes['GET /api/v1/subscription/pro/checkout'] = () => ({ status: 200, json: { data: checkout({ kind: 'renewal' }) } });
    page('/settings/subscriptions/current-plan?renewNow=true');
    expect(await screen.findByText('Renew Professional')).toBeTruthy();
    expect(await screen.findByTestId('checkout-total')).toBeTruthy();
    expect(api.called('GET /api/v1/subscription/pro/checkout')[0]?.query.get('cycle')).toBe('monthly');
    // The address drops the flag, so closing does not open it again.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/settings/subscriptions/current-plan'));
  });

  it('sends ?renewNow=true to the plans when there is no plan to renew', async () => {
    serve(TRIAL_ENDED);
    page('/settings/subscriptions/current-plan?renewNow=true');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/settings/subscriptions/plans'));
  });

  it('tells a transfer is reviewed within 24 hours, and drops a scheduled downgrade', async () => {
    let change: FullSubscription['pending_change'] = { plan: 'Basic', cycle: 'monthly', at: '2026-02-01T09:00:00.000Z' };
    api.routes['GET /api/v1/subscription'] = () => ({
      status: 200,
      json: {
        data: {
          ...ACTIVE,
          pending_change: change,
          pending_transfer: {
            id: 'ch7',
            kind: 'renewal',
            status: 'awaiting_review',
            payment_method: 'bank_transfer',
            plan_name: 'Professional',
            cycle: 'monthly',
            total_amount: 22885,
            currency: 'SAR',
            failure_message: null,
            created_at: '2026-01-20T09:00:00.000Z',
            paid_at: null,
          },
        },
      },
    });
    api.routes['DELETE /api/v1/subscription/pending-change'] = () => {
      change = null;
      return { status: 200, json: { message: 'The scheduled change was dropped' } };
    };
    page();
    expect((await screen.findByTestId('pending-transfer')).textContent).toMatch(/within 24 hours/);
    expect(screen.getByTestId('pending-change').textContent).toMatch(/changes to Basic \(Monthly\) on 1 February 2026/);
    fireEvent.click(screen.getByTestId('pending-change-drop'));
    await waitFor(() => expect(screen.queryByTestId('pending-change')).toBeNull());
    expect(api.called('DELETE /api/v1/subscription/pending-change')).toHaveLength(1);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'The scheduled change was dropped' }));
  });

  it('lists the recent payments with their status', async () => {
    serve(ACTIVE);
    api.routes['GET /api/v1/subscription/charges'] = () => ({
      status: 200,
      json: {
        data: [
          { id: 'c2', kind: 'renewal', status: 'failed', payment_method: 'credit_card', plan_name: 'Professional', cycle: 'monthly', total_amount: 22885, currency: 'SAR', failure_message: 'Card declined', created_at: '2026-02-01T09:00:00.000Z', paid_at: null },
          { id: 'c1', kind: 'new', status: 'paid', payment_method: 'credit_card', plan_name: 'Professional', cycle: 'monthly', total_amount: 22885, currency: 'SAR', failure_message: null, created_at: '2026-01-01T09:00:00.000Z', paid_at: '2026-01-01T09:01:00.000Z' },
        ],
      },
    });
    page();
    const rows = await screen.findAllByTestId('charge-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByTestId('charge-status').textContent).toBe('Failed');
    expect(rows[0]?.textContent).toMatch(/Card declined/);
    expect(within(rows[1] as HTMLElement).getByTestId('charge-status').textContent).toBe('Paid');
  });
});

describe('Banners', () => {
  it('offers the extension when the trial has ended', async () => {
    renderPage(<Banners />, { path: '/dashboard' });
    expect((await screen.findByTestId('trial-ended-banner')).textContent).toMatch(/Your free trial has ended/);
    expect(screen.getByTestId('extend-trial')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View subscription' }).getAttribute('href')).toBe('/settings/subscriptions/plans');
  });

  it('links to the subscription page once extended, asks the owner without the key, stays off the subscription page', async () => {
    const { unmount } = renderPage(<Banners />, { path: '/dashboard', user: me({}, { trial_extendable: false }) });
    expect(screen.getByTestId('trial-ended-banner')).toBeTruthy();
    expect(screen.queryByTestId('extend-trial')).toBeNull();
    unmount();
    const staff = renderPage(<Banners />, { path: '/profile', user: me({ permissions: ['orders'] }) });
    expect(screen.getByText('Ask the account owner to extend the trial or choose a plan.')).toBeTruthy();
    expect(screen.queryByTestId('extend-trial')).toBeNull();
    staff.unmount();
    renderPage(<Banners />, { path: '/settings/subscriptions/plans' });
    expect(screen.queryByTestId('trial-ended-banner')).toBeNull();
  });

  it('shows the days left while on trial, with the link to the plans', () => {
    renderPage(<Banners />, { path: '/dashboard', user: me({}, { onTrial: true, trial_days_left: 5 }) });
    expect(screen.getByTestId('trial-banner').textContent).toMatch(/5 days left/);
    expect(screen.getByRole('link', { name: 'Subscribe now' }).getAttribute('href')).toBe('/settings/subscriptions/plans');
    expect(screen.queryByTestId('trial-ended-banner')).toBeNull();
  });

  it('asks an active plan due for renewal to renew now, into the renewal dialog', () => {
    renderPage(<Banners />, { path: '/dashboard', user: me({}, { subscription: { plan: 'pro', status: 'active', start_at: null, ends_at: null, show_renew_message: true } }) });
    expect(screen.getByRole('link', { name: 'Renew now' }).getAttribute('href')).toBe('/settings/subscriptions/current-plan?renewNow=true');
  });
});
