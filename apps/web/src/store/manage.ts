import { call } from './api';
import { busy, field, focusHeading, h, showError } from './dom';
import type { ManageBooking } from '@app/shared/schemas/store';
import { type StoreTextKey, t } from './i18n';
import { type ApiError, formatDateTime, formatMoney, lastDay, localDay, type Slot, type StoreData } from './logic';
import { dayPicker, slotButtons } from './picker';

export type ManageData = ManageBooking & { payment_url?: string | null };

/** The customer's own booking page (data-view="manage"): details, reschedule, cancel, pay the deposit. */
export function mountManage(root: HTMLElement, data: StoreData, token: string, manageApi: string): void {
  const loc = data.locale;
  const base = `${manageApi}/${encodeURIComponent(token)}`;
  let booking: ManageData | null = null;
  let notice: string | null = null;
  let mode: 'view' | 'reschedule' | 'cancel' = 'view';

  async function load(): Promise<void> {
    const res = await call<ManageData>('GET', base);
    if (!res.ok) return fail(res.error);
    booking = res.data;
    render();
  }

  function fail(err: ApiError): void {
    root.replaceChildren(
      h('section', { class: 'st-step', 'data-testid': 'store-manage-error' }, h('h2', { class: 'st-title' }, t('manage_title')), h('p', { class: 'st-alert', role: 'alert' }, err.status === 404 || err.status === 410 ? t('link_invalid') : err.message)),
    );
  }

  const money = (minor: number) => formatMoney(minor, booking?.business.currency ?? data.currency, data.currency_decimals, loc);
  /** The booking's zone (its branch's, as the server answers it), else the business's. */
  const zone = () => booking?.time_zone ?? data.timezone;
  /** Today in that zone: the branch's day from the page's data, else the browser's clock there. */
  const today = (): string => {
    const z = zone();
    if (z === data.timezone) return data.today;
    return data.branches.find((b) => b.timezone === z)?.today ?? localDay(new Date().toISOString(), z);
  };
  const statusText = (s: string) => {
    const key = `status_${s.replace(/-/g, '_')}` as StoreTextKey;
    return STATUS_KEYS.includes(key) ? t(key) : s;
  };

  function render(moved = true): void {
    const b = booking;
    if (!b) return;
    const section = h('section', { class: 'st-step', 'data-testid': 'store-manage' }, h('h2', { class: 'st-title' }, `${t('manage_title')} #${b.order_number}`));
    if (notice) section.append(h('p', { class: 'st-success', role: 'status', 'data-testid': 'store-manage-notice' }, notice));
    notice = null;
    const row = (label: string, value: string, testid?: string) => h('div', {}, h('dt', {}, label), h('dd', { 'data-testid': testid }, value));
    const cancelled = ['canceled', 'cancelled'].includes(b.order_status);
    section.append(
      h(
        'dl',
        { class: 'st-facts st-card' },
        row(t('status'), statusText(b.order_status), 'store-manage-status'),
        data.settings.show_prices ? row(t('total'), money(b.total)) : null,
        b.deposit > 0 ? row(t('deposit'), money(b.deposit)) : null,
        b.paid_amount > 0 ? row(t('paid'), money(b.paid_amount)) : null,
      ),
      h(
        'ul',
        { class: 'st-visits', 'data-testid': 'store-manage-visits' },
        b.visits.map((v) =>
          h(
            'li',
            { class: 'st-card', 'data-testid': `store-visit-${v.id}` },
            h('strong', {}, v.service_name ?? ''),
            h('span', { 'data-testid': 'store-visit-time' }, formatDateTime(v.start_time, zone(), loc)),
            v.provider_name ? h('span', { class: 'st-muted' }, v.provider_name) : null,
            h('span', { class: 'st-badge st-self-start' }, statusText(v.status)),
          ),
        ),
      ),
    );
    if (b.deposit_due > 0 && !cancelled) section.append(payButton(b.deposit_due));
    if (mode === 'reschedule') section.append(reschedulePanel());
    else if (mode === 'cancel') section.append(cancelPanel());
    else {
      const actions = h('div', { class: 'st-nav' });
      if (b.can_reschedule) actions.append(h('button', { type: 'button', class: 'st-btn st-btn-primary', 'data-testid': 'store-reschedule', onclick: () => setMode('reschedule') }, t('reschedule')));
      if (b.can_cancel) actions.append(h('button', { type: 'button', class: 'st-btn st-btn-danger', 'data-testid': 'store-cancel', onclick: () => setMode('cancel') }, t('cancel')));
      if (b.can_reschedule || b.can_cancel) {
        if (b.change_deadline) section.append(h('p', { class: 'st-muted' }, t('change_until', { time: formatDateTime(b.change_deadline, zone(), loc) })));
        section.append(actions);
      }
      const blocked = b.can_reschedule ? b.cancel_blocked : b.reschedule_blocked;
      if ((!b.can_reschedule || !b.can_cancel) && blocked && blocked !== 'status') {
        section.append(
          h(
            'p',
            { class: 'st-muted', 'data-testid': 'store-no-change' },
            blocked === 'notice_passed' && b.change_deadline ? t('deadline_passed', { time: formatDateTime(b.change_deadline, zone(), loc) }) : t('no_change'),
          ),
        );
      }
    }
    root.replaceChildren(section);
    if (moved) focusHeading(section.querySelector('[data-panel]') ?? section);
  }

  function setMode(m: typeof mode): void {
    mode = m;
    render();
  }

  function payButton(due: number): HTMLElement {
    const top = h('p', { class: 'st-error', role: 'alert', hidden: true });
    const button = h('button', { type: 'button', class: 'st-btn st-btn-primary st-btn-block', 'data-testid': 'store-manage-pay' }, t('pay_deposit', { amount: money(due) }));
    button.addEventListener('click', () => {
      void busy(button, async () => {
        const res = await call<{ url: string }>('POST', `${base}/pay`);
        if (!res.ok) return showError(top, res.error.message);
        window.location.assign(res.data.url);
      });
    });
    return h('div', { class: 'st-stack' }, top, button);
  }

  function reschedulePanel(): HTMLElement {
    let chosen: Slot | null = null;
    let daySlots: Slot[] = [];
    const top = h('p', { class: 'st-error', role: 'alert', hidden: true, 'data-testid': 'store-error' });
    const slotsBox = h('div', {});
    const confirm = h('button', { type: 'button', class: 'st-btn st-btn-primary', disabled: true, 'data-testid': 'store-reschedule-confirm' }, t('reschedule_confirm'));
    const cache = new Map<string, Slot[]>();
    const loadSlots = async (from: string, to: string): Promise<Map<string, Slot[]> | ApiError> => {
      const res = await call<{ date: string; slots: Slot[] }[]>('GET', `${base}/slots?from=${from}&to=${to}`);
      if (!res.ok) return res.error;
      for (const d of res.data) cache.set(d.date, d.slots);
      return cache;
    };
    const drawSlots = () => {
      slotsBox.replaceChildren(
        daySlots.length
          ? slotButtons(daySlots, {
              zone: zone(),
              locale: loc,
              selected: chosen?.start_time ?? null,
              onPick: (s) => {
                chosen = s;
                confirm.disabled = false;
                drawSlots();
              },
            })
          : h('p', { class: 'st-muted' }, t('no_slots_day')),
      );
    };
    const first = today();
    const picker = dayPicker({
      first,
      last: lastDay(first, data.settings.booking_window_days),
      start: first,
      selected: null,
      locale: loc,
      load: loadSlots,
      fullDaysPickable: false,
      onPick: (date, slots) => {
        for (const el of picker.querySelectorAll('.st-day')) el.setAttribute('aria-pressed', String(el.getAttribute('data-date') === date));
        daySlots = slots;
        chosen = null;
        confirm.disabled = true;
        drawSlots();
      },
    });
    confirm.addEventListener('click', () => {
      if (!chosen) return;
      const start = chosen.start_time;
      void busy(confirm, async () => {
        showError(top, null);
        const res = await call('POST', `${base}/reschedule`, { start_time: start });
        if (!res.ok) return showError(top, res.error.errors.start_time?.[0] ?? res.error.message);
        notice = t('rescheduled');
        mode = 'view';
        await load();
      });
    });
    return h(
      'div',
      { class: 'st-card st-stack', 'data-panel': '', 'data-testid': 'store-reschedule-panel' },
      h('h2', { class: 'st-subtitle' }, t('reschedule_pick')),
      top,
      picker,
      slotsBox,
      h('div', { class: 'st-nav' }, h('button', { type: 'button', class: 'st-btn st-btn-ghost', onclick: () => setMode('view') }, t('back')), confirm),
    );
  }

  function cancelPanel(): HTMLElement {
    const reason = field(t('cancel_reason'), h('textarea', { name: 'reason', rows: 3, required: true, maxlength: 500 }));
    const top = h('p', { class: 'st-error', role: 'alert', hidden: true });
    const yes = h('button', { type: 'button', class: 'st-btn st-btn-danger', 'data-testid': 'store-cancel-confirm' }, t('cancel_yes'));
    yes.addEventListener('click', () => {
      void busy(yes, async () => {
        showError(reason.error, null, reason.control);
        showError(top, null);
        const text = reason.control.value.trim();
        if (!text) return showError(reason.error, t('required'), reason.control);
        const res = await call('POST', `${base}/cancel`, { reason: text });
        if (!res.ok) {
          showError(reason.error, res.error.errors.reason?.[0] ?? null, reason.control);
          if (!res.error.errors.reason) showError(top, res.error.message);
          return;
        }
        notice = t('cancelled_done');
        mode = 'view';
        await load();
      });
    });
    return h(
      'div',
      { class: 'st-card st-stack', 'data-panel': '', 'data-testid': 'store-cancel-panel' },
      h('h2', { class: 'st-subtitle' }, t('cancel')),
      h('p', {}, t('cancel_confirm')),
      top,
      reason.wrap,
      h('div', { class: 'st-nav' }, h('button', { type: 'button', class: 'st-btn st-btn-ghost', onclick: () => setMode('view') }, t('keep')), yes),
    );
  }

  root.replaceChildren(h('p', { class: 'st-muted', role: 'status' }, t('loading')));
  void load();
}

const STATUS_KEYS: string[] = ['status_confirmed', 'status_pending', 'status_waiting_review', 'status_cancelled', 'status_canceled', 'status_completed', 'status_no_show', 'status_unpaid', 'status_unapproved', 'status_refunded', 'status_invoiced', 'status_rejected'];
