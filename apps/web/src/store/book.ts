import { call, query } from './api';
import { busy, field, focusHeading, h, showError } from './dom';
import { t } from './i18n';
import {
  addDays,
  type ApiError,
  backward,
  type BookingState,
  clockText,
  fieldMessages,
  formatDateTime,
  formatDay,
  formatMoney,
  forward,
  initialState,
  lastDay,
  localDay,
  phoneCountry,
  providersFor,
  rangeChunks,
  secondsLeft,
  servicesFor,
  type Slot,
  type StoreData,
  todayOf,
  toggle,
  totals,
  withServices,
  zoneOf,
} from './logic';
import { phoneCodeBox, phoneCodeState, proofFor } from './phone-code';
import { dayPicker, slotButtons } from './picker';

type Hold = { hold_token: string; expires_at: string; start_time: string; staff_ids: string[] };
type BookingResult = { order_number: number; status: string; payment_url: string | null; deposit: number; total: number; currency: string; manage_url: string };

/** The booking steps (data-view="book"): services, provider, day, time (held), details, done. */
export function mountBooking(root: HTMLElement, data: StoreData): void {
  const loc = data.locale;
  const money = (minor: number) => formatMoney(minor, data.currency, data.currency_decimals, loc);
  const single = data.branches.length === 1 ? (data.branches[0]?.id ?? null) : null;
  const known = new Set(data.services.map((s) => s.id));
  let state: BookingState = initialState((data.preselect?.service_ids ?? []).filter((id) => known.has(id)), single);
  const country = phoneCountry(data);
  let pageStart: string | null = null;
  let daySlots: Slot[] = [];
  let notice: string | null = null;
  let result: BookingResult | null = null;
  /** Slots already fetched for the current choice, by day, and the zone the server gave them in. */
  let cache: { key: string; days: Map<string, Slot[]>; zone: string | null } = { key: '', days: new Map<string, Slot[]>(), zone: null };
  /** The zone of the choice's times: the server's answer for its slots, else its branch's (never the business's when the branch has its own). */
  const zone = (): string => (cache.key === choiceKey() && cache.zone) || zoneOf(data, state.branchId, state.serviceIds);
  /** Today in the choice's branch. */
  const today = (): string => todayOf(data, state.branchId, state.serviceIds);
  /** The details typed so far (kept across steps). */
  const form = { first_name: '', last_name: '', phone: '', email: '', notes: '', coupon_code: '' };
  type FormKey = keyof typeof form;
  const custom: Record<string, string> = {};
  /** The phone code, one for the details and the waitlist (a phone confirmed in one is in the other). */
  const otp = phoneCodeState();

  // A waitlist offer's link: its held seat (when, what, the countdown) straight on the details step; expired: the usual steps.
  const pre = data.preselect;
  const offered = pre?.hold && Date.parse(pre.hold.expires_at) > Date.now() ? pre.hold : null;
  if (offered) {
    const serviceIds = offered.service_ids.filter((id) => known.has(id));
    state = {
      ...state,
      step: 'details',
      branchId: offered.branch_id ?? state.branchId,
      serviceIds: serviceIds.length ? serviceIds : state.serviceIds,
      staffId: offered.staff_id,
      hold: { token: offered.token, expiresAt: offered.expires_at, startTime: offered.start_time, staffIds: offered.staff_ids ?? (offered.staff_id ? [offered.staff_id] : []) },
    };
    state = { ...state, date: localDay(offered.start_time, zoneOf(data, state.branchId, state.serviceIds)) };
  } else if (pre?.hold_token) {
    notice = t('offer_expired');
  }

  // ---------------------------------------------------------------- the hold's countdown

  const timer = window.setInterval(() => {
    const hold = state.hold;
    if (!hold?.expiresAt || state.step === 'done') return;
    const left = secondsLeft(hold.expiresAt);
    for (const el of root.querySelectorAll<HTMLElement>('[data-countdown]')) el.textContent = t('held_left', { time: clockText(left) });
    if (left === 0) {
      state = { ...state, hold: null, step: 'time' };
      if (state.date) cache.days.delete(state.date);
      notice = t('hold_expired');
      void reloadDay();
    }
  }, 1000);
  window.addEventListener('pagehide', () => window.clearInterval(timer));

  function releaseHold(): void {
    // A waitlist offer's seat is the customer's to keep until it lapses: leaving the page does not free it.
    if (offered && state.hold?.token === offered.token) return;
    const token = state.hold?.token;
    if (token) void call('DELETE', `${data.api}/holds/${encodeURIComponent(token)}`);
  }

  // ---------------------------------------------------------------- slots

  const choiceKey = () => `${state.serviceIds.join(',')}|${state.staffId ?? ''}|${state.branchId ?? ''}`;

  async function loadDays(from: string, to: string): Promise<Map<string, Slot[]> | ApiError> {
    const key = choiceKey();
    if (cache.key !== key) cache = { key, days: new Map(), zone: null };
    const missing = rangeChunks(from, to).filter(([a, b]) => !(cache.days.has(a) && cache.days.has(b)));
    for (const [a, b] of missing) {
      const q = query({ service_ids: state.serviceIds.join(','), staff_id: state.staffId, branch_id: state.branchId, from: a, to: b });
      const res = await call<{ date: string; slots: Slot[] }[]>('GET', `${data.api}/slots?${q}`);
      if (!res.ok) return res.error;
      const meta = res.body.meta as { time_zone?: unknown } | undefined;
      if (cache.key === key && typeof meta?.time_zone === 'string' && meta.time_zone) cache.zone = meta.time_zone;
      for (let d = a; d <= b; d = addDays(d, 1)) cache.days.set(d, []);
      for (const day of res.data) cache.days.set(day.date, day.slots);
    }
    return cache.days;
  }

  async function reloadDay(): Promise<void> {
    if (!state.date) return render();
    const loaded = await loadDays(state.date, state.date);
    daySlots = loaded instanceof Map ? (loaded.get(state.date) ?? []) : [];
    render();
  }

  // ---------------------------------------------------------------- rendering

  function go(next: BookingState): void {
    const moved = next.step !== state.step;
    state = next;
    render(moved);
  }

  function render(moved = true): void {
    const stepNo = ['services', 'provider', 'date', 'time', 'details'].indexOf(state.step) + 1;
    const body = h('section', { class: 'st-step', 'data-step': state.step, 'data-testid': `store-step-${state.step}` });
    if (stepNo > 0) body.append(h('p', { class: 'st-progress' }, t('step_of', { n: stepNo, total: 5 })));
    body.append(h('h2', { class: 'st-title' }, t(`step_${state.step}`)));
    if (notice) body.append(h('p', { class: 'st-alert', role: 'alert', 'data-testid': 'store-notice' }, notice));
    notice = null;
    const views = { services: servicesStep, provider: providerStep, date: dateStep, time: timeStep, details: detailsStep, done: doneStep };
    body.append(views[state.step]());
    root.replaceChildren(body);
    if (moved) focusHeading(body);
  }

  function nav(nextButton?: HTMLButtonElement): HTMLElement {
    const back =
      state.step !== 'services' && !(state.step === 'details' && offered && state.hold?.token === offered.token)
        ? h('button', { type: 'button', class: 'st-btn st-btn-ghost', 'data-testid': 'store-back', onclick: () => go(backward(state)) }, t('back'))
        : null;
    return h('div', { class: 'st-nav' }, back, nextButton);
  }

  const nextButton = (enabled: boolean) => h('button', { type: 'button', class: 'st-btn st-btn-primary', 'data-testid': 'store-next', disabled: !enabled, onclick: () => go(forward(state)) }, t('next'));

  function summary(): HTMLElement {
    const sum = totals(data.services, state.serviceIds);
    return h(
      'dl',
      { class: 'st-summary', 'data-testid': 'store-summary', 'aria-live': 'polite' },
      h('div', {}, h('dt', {}, t('duration')), h('dd', {}, t('minutes', { n: sum.duration }))),
      data.settings.show_prices ? h('div', {}, h('dt', {}, t('total')), h('dd', { 'data-testid': 'store-total' }, money(sum.price))) : null,
      sum.deposit > 0 ? h('div', {}, h('dt', {}, t('deposit')), h('dd', { 'data-testid': 'store-deposit' }, money(sum.deposit))) : null,
    );
  }

  function servicesStep(): HTMLElement {
    const box = h('div', { class: 'st-stack' });
    if (data.branches.length > 1) {
      const select = h('select', { name: 'branch_id', onchange: (e: Event) => go({ ...withServices({ ...state, branchId: (e.target as HTMLSelectElement).value || null }, [], data.providers) }) }, h('option', { value: '' }, t('choose')), data.branches.map((b) => h('option', { value: b.id, selected: state.branchId === b.id }, b.name)));
      box.append(field(t('branch'), select).wrap);
    }
    const list = servicesFor(data.services, state.branchId);
    if (list.length === 0) box.append(h('p', { class: 'st-muted' }, t('no_services')));
    const sum = h('div', {});
    const next = nextButton(state.serviceIds.length > 0);
    const items = list.map((s) => {
      const input = h('input', {
        type: 'checkbox',
        name: 'service_ids',
        value: s.id,
        checked: state.serviceIds.includes(s.id),
        onchange: () => {
          releaseHold();
          state = withServices(state, toggle(state.serviceIds, s.id), data.providers);
          sum.replaceChildren(summary());
          next.disabled = state.serviceIds.length === 0;
        },
      });
      return h(
        'label',
        { class: 'st-card st-choice', 'data-testid': `store-service-${s.id}` },
        input,
        h(
          'span',
          { class: 'st-choice-body' },
          h('span', { class: 'st-choice-name' }, s.name),
          s.description ? h('span', { class: 'st-muted st-small' }, s.description) : null,
          h('span', { class: 'st-meta' }, h('span', {}, t('minutes', { n: s.duration })), data.settings.show_prices ? h('span', { class: 'st-price' }, money(s.price)) : null, s.deposit > 0 ? h('span', { class: 'st-badge' }, `${t('deposit')}: ${money(s.deposit)}`) : null),
        ),
      );
    });
    sum.append(summary());
    box.append(h('fieldset', { class: 'st-list' }, h('legend', { class: 'st-sr' }, t('step_services')), items), sum);
    if (totals(data.services, state.serviceIds).deposit > 0) box.append(h('p', { class: 'st-muted st-small' }, t('deposit_note')));
    box.append(nav(next));
    return box;
  }

  function providerStep(): HTMLElement {
    const providers = providersFor(data.providers, state.serviceIds, state.branchId);
    const option = (id: string | null, name: string, hint?: string) =>
      h(
        'label',
        { class: 'st-card st-choice', 'data-testid': `store-provider-${id ?? 'any'}` },
        h('input', {
          type: 'radio',
          name: 'staff_id',
          value: id ?? '',
          checked: state.staffId === id,
          onchange: () => {
            releaseHold();
            state = { ...state, staffId: id, date: null, hold: null };
          },
        }),
        h('span', { class: 'st-choice-body' }, h('span', { class: 'st-choice-name' }, name), hint ? h('span', { class: 'st-muted st-small' }, hint) : null),
      );
    return h(
      'div',
      { class: 'st-stack' },
      h('fieldset', { class: 'st-list' }, h('legend', { class: 'st-sr' }, t('step_provider')), option(null, t('any_provider'), t('any_provider_hint')), providers.map((p) => option(p.id, p.name))),
      providers.length === 0 ? h('p', { class: 'st-muted' }, t('no_providers')) : null,
      nav(nextButton(true)),
    );
  }

  function dateStep(): HTMLElement {
    const first = today();
    const start = pageStart && pageStart >= first ? pageStart : first;
    const picker = dayPicker({
      first,
      last: lastDay(first, data.settings.booking_window_days),
      start,
      selected: state.date,
      locale: loc,
      load: loadDays,
      fullDaysPickable: data.settings.waitlist_enabled,
      onPage: (s) => {
        pageStart = s;
      },
      onPick: (date, slots) => {
        if (state.hold && state.date !== date) releaseHold();
        daySlots = slots;
        go({ ...state, date, hold: state.date === date ? state.hold : null, step: 'time' });
      },
    });
    return h('div', { class: 'st-stack' }, picker, nav());
  }

  function holdBanner(): HTMLElement | null {
    const hold = state.hold;
    if (!hold || !(hold.startTime || hold.expiresAt)) return null;
    const names = state.step === 'details' ? data.services.filter((s) => state.serviceIds.includes(s.id)).map((s) => s.name) : [];
    return h(
      'div',
      { class: 'st-held', 'data-testid': 'store-hold', role: 'status' },
      hold.startTime ? h('p', { class: 'st-held-when', 'data-testid': 'store-hold-when' }, `${t('selected_time')}: ${formatDateTime(hold.startTime, zone(), loc)}`) : null,
      names.length ? h('p', { 'data-testid': 'store-hold-services' }, `${t('services')}: ${names.join(loc === 'en' ? ', ' : '، ')}`) : null,
      hold.expiresAt ? h('p', {}, t('held', { n: Math.max(1, Math.ceil(secondsLeft(hold.expiresAt) / 60)) })) : null,
      hold.expiresAt ? h('p', { class: 'st-countdown', 'data-countdown': '' }, t('held_left', { time: clockText(secondsLeft(hold.expiresAt)) })) : null,
    );
  }

  function timeStep(): HTMLElement {
    const date = state.date ?? today();
    const box = h('div', { class: 'st-stack' }, h('p', { class: 'st-day-title' }, formatDay(date, loc)));
    const top = h('p', { class: 'st-error', role: 'alert', hidden: true });
    box.append(top);
    if (daySlots.length === 0) {
      box.append(h('p', { class: 'st-muted' }, t('no_slots_day')));
      if (data.settings.waitlist_enabled) box.append(waitlistForm(date));
      box.append(nav());
      return box;
    }
    const next = nextButton(state.hold !== null);
    box.append(
      slotButtons(daySlots, {
        zone: zone(),
        locale: loc,
        selected: state.hold?.startTime ?? null,
        onPick: (slot, button) => {
          if (state.hold?.startTime === slot.start_time) return;
          void busy(button, async () => {
            const previous = state.hold?.token;
            const res = await call<Hold>('POST', `${data.api}/holds`, {
              service_ids: state.serviceIds,
              staff_id: state.staffId,
              ...(state.branchId ? { branch_id: state.branchId } : {}),
              start_time: slot.start_time,
              ...(previous ? { replace_token: previous } : {}),
            });
            if (!res.ok) {
              showError(top, res.error.message);
              cache.days.delete(date);
              return;
            }
            state = { ...state, hold: { token: res.data.hold_token, expiresAt: res.data.expires_at, startTime: res.data.start_time, staffIds: res.data.staff_ids } };
            render(false);
            root.querySelector<HTMLElement>('[data-testid="store-hold"]')?.focus();
          });
        },
      }),
      holdBanner() ?? '',
      nav(next),
    );
    return box;
  }

  function waitlistForm(date: string): HTMLElement {
    const name = field(t('name'), h('input', { name: 'name', autocomplete: 'name', required: true, value: [form.first_name, form.last_name].filter(Boolean).join(' ') }));
    const phone = field(t('phone'), h('input', { name: 'phone', type: 'tel', inputmode: 'tel', autocomplete: 'tel', dir: 'ltr', required: true, value: form.phone, oninput: (e: Event) => (form.phone = (e.target as HTMLInputElement).value) }), { hint: t('phone_hint') });
    const email = field(t('email'), h('input', { name: 'email', type: 'email', autocomplete: 'email', dir: 'ltr', value: form.email }), { optional: t('optional') });
    const top = h('p', { class: 'st-error', role: 'alert', hidden: true });
    const submit = h('button', { type: 'submit', class: 'st-btn st-btn-primary', 'data-testid': 'store-waitlist-submit' }, t('join_waitlist'));
    // Where the store asks for a confirmed phone, the join carries the proof of the same code flow as the details.
    const check = data.settings.require_phone_otp ? phoneCodeBox(data.api, country, phone, otp) : null;
    const fields: Record<string, ReturnType<typeof field>> = { name, phone, email, ...(check ? { code: check.code } : {}) };
    const formEl: HTMLFormElement = h('form', { class: 'st-card st-stack', 'data-testid': 'store-waitlist', novalidate: true }, h('p', {}, t('waitlist_offer')), top, name.wrap, phone.wrap, check?.box, email.wrap, submit);
    formEl.addEventListener('submit', (e) => {
      e.preventDefault();
      void busy(submit, async () => {
        for (const f of Object.values(fields)) showError(f.error, null, f.control);
        showError(top, null);
        let missing = false;
        for (const f of [name, phone]) {
          if (!f.control.value.trim()) {
            showError(f.error, t('required'), f.control);
            missing = true;
          }
        }
        const proof = proofFor(otp, phone.control.value);
        if (check && !missing && !proof) {
          showError(phone.error, t('verify_first'), phone.control);
          missing = true;
        }
        if (missing) return;
        const res = await call<{ day: string; status: string }>('POST', `${data.api}/waitlist`, {
          service_ids: state.serviceIds,
          staff_id: state.staffId,
          ...(state.branchId ? { branch_id: state.branchId } : {}),
          day: date,
          name: name.control.value.trim(),
          phone: phone.control.value.trim(),
          phone_country: country,
          ...(email.control.value.trim() ? { email: email.control.value.trim() } : {}),
          ...(proof ? { phone_proof: proof } : {}),
          locale: loc === 'en' ? 'en' : 'ar',
        });
        if (!res.ok) {
          const m = fieldMessages(check ? check.rejected(res.error) : res.error, Object.keys(fields));
          for (const [k, f] of Object.entries(fields)) showError(f.error, m.byField[k] ?? null, f.control);
          showError(top, m.top);
          const first = Object.keys(m.byField)[0];
          (first ? fields[first]?.control : top)?.focus();
          return;
        }
        formEl.replaceChildren(h('p', { class: 'st-success', role: 'status', 'data-testid': 'store-waitlist-done', tabindex: '-1' }, t('waitlist_done')));
        formEl.querySelector<HTMLElement>('p')?.focus();
      });
    });
    return formEl;
  }

  function detailsStep(): HTMLElement {
    const input = (name: FormKey, attrs: Record<string, unknown> = {}) => h('input', { name, value: form[name], oninput: (e: Event) => (form[name] = (e.target as HTMLInputElement).value), ...attrs });
    const fields: Record<string, ReturnType<typeof field>> = {
      first_name: field(t('first_name'), input('first_name', { autocomplete: 'given-name', required: true })),
      last_name: field(t('last_name'), input('last_name', { autocomplete: 'family-name' }), { optional: t('optional') }),
      phone: field(t('phone'), input('phone', { type: 'tel', inputmode: 'tel', autocomplete: 'tel', dir: 'ltr', required: true }), { hint: t('phone_hint') }),
      email: field(t('email'), input('email', { type: 'email', autocomplete: 'email', dir: 'ltr' }), { optional: t('optional') }),
    };
    const customWraps: HTMLElement[] = [];
    for (const cf of data.custom_fields ?? []) {
      const id = cf.uuid ?? cf.id ?? '';
      if (!id || cf.html_tag === 'file' || cf.html_tag === 'location') continue;
      const label = loc === 'en' && cf.name_en ? cf.name_en : cf.label;
      const common = { name: `custom_fields.${id}`, required: cf.is_required, onchange: (e: Event) => (custom[id] = (e.target as HTMLInputElement).value), oninput: (e: Event) => (custom[id] = (e.target as HTMLInputElement).value) };
      const control =
        cf.html_tag === 'select'
          ? h('select', common, h('option', { value: '' }, t('choose')), (cf.options ?? []).map((o) => h('option', { value: o, selected: custom[id] === o }, o)))
          : cf.html_tag === 'textarea'
            ? h('textarea', { ...common, rows: 3 }, custom[id] ?? '')
            : h('input', { ...common, type: cf.html_tag === 'number' ? 'number' : cf.html_tag === 'date' ? 'date' : 'text', value: custom[id] ?? '' });
      const f = field(label, control, cf.is_required ? {} : { optional: t('optional') });
      fields[`custom_fields.${id}`] = f;
      customWraps.push(f.wrap);
    }
    fields.notes = field(t('notes'), h('textarea', { name: 'notes', rows: 3, oninput: (e: Event) => (form.notes = (e.target as HTMLTextAreaElement).value) }, form.notes), { optional: t('optional') });
    fields.coupon_code = field(t('coupon'), input('coupon_code', { autocomplete: 'off', dir: 'ltr' }), { optional: t('optional') });

    const top = h('p', { class: 'st-error', role: 'alert', hidden: true, 'data-testid': 'store-error' });
    const check = data.settings.require_phone_otp && fields.phone ? phoneCodeBox(data.api, country, fields.phone, otp) : null;
    if (check) fields.code = check.code;
    const sum = totals(data.services, state.serviceIds);
    const submit = h('button', { type: 'submit', class: 'st-btn st-btn-primary st-btn-block', 'data-testid': 'store-submit' }, sum.deposit > 0 ? t('pay_deposit', { amount: money(sum.deposit) }) : t('book'));
    const formEl: HTMLFormElement = h(
      'form',
      { class: 'st-stack', novalidate: true, 'data-testid': 'store-details' },
      holdBanner(),
      top,
      h('div', { class: 'st-grid2' }, fields.first_name?.wrap, fields.last_name?.wrap),
      fields.phone?.wrap,
      check?.box,
      fields.email?.wrap,
      customWraps,
      fields.notes?.wrap,
      fields.coupon_code?.wrap,
      summary(),
      submit,
      nav(),
    );
    formEl.addEventListener('submit', (e) => {
      e.preventDefault();
      void busy(submit, () => submitBooking(fields, top, check?.rejected));
    });
    return formEl;
  }

  async function submitBooking(fields: Record<string, ReturnType<typeof field>>, top: HTMLElement, rejected?: (e: ApiError) => ApiError): Promise<void> {
    for (const f of Object.values(fields)) showError(f.error, null, f.control);
    showError(top, null);
    const hold = state.hold;
    if (!hold) return;
    let firstBad: Element | null = null;
    const bad = (key: string, msg: string) => {
      const f = fields[key];
      if (!f) return;
      showError(f.error, msg, f.control);
      firstBad ??= f.control;
    };
    if (!form.first_name.trim()) bad('first_name', t('required'));
    if (!form.phone.trim()) bad('phone', t('required'));
    for (const cf of data.custom_fields ?? []) {
      const id = cf.uuid ?? cf.id ?? '';
      if (cf.is_required && fields[`custom_fields.${id}`] && !custom[id]?.trim()) bad(`custom_fields.${id}`, t('required'));
    }
    const proof = proofFor(otp, form.phone);
    if (data.settings.require_phone_otp && form.phone.trim() && !proof) bad('phone', t('verify_first'));
    if (firstBad) return (firstBad as HTMLElement).focus();

    const values: Record<string, string> = {};
    for (const [k, v] of Object.entries(custom)) if (v.trim()) values[k] = v.trim();
    const opt = (v: string) => (v.trim() ? v.trim() : undefined);
    const res = await call<BookingResult>('POST', `${data.api}/bookings`, {
      hold_token: hold.token,
      first_name: form.first_name.trim(),
      last_name: opt(form.last_name),
      phone: form.phone.trim(),
      phone_country: country,
      email: opt(form.email),
      phone_proof: proof || undefined,
      notes: opt(form.notes),
      coupon_code: opt(form.coupon_code),
      custom_fields: Object.keys(values).length ? values : undefined,
      locale: loc === 'en' ? 'en' : 'ar',
    });
    if (!res.ok) {
      const errs = res.error.errors;
      if (errs.hold_token || res.error.status === 410) {
        state = { ...state, hold: null, step: 'time' };
        if (state.date) cache.days.delete(state.date);
        notice = errs.hold_token?.[0] ?? res.error.message;
        return reloadDay();
      }
      const m = fieldMessages(rejected ? rejected(res.error) : res.error, Object.keys(fields));
      for (const [k, f] of Object.entries(fields)) if (m.byField[k]) showError(f.error, m.byField[k] ?? null, f.control);
      showError(top, m.top);
      const first = Object.keys(m.byField)[0];
      (first ? fields[first]?.control : top)?.focus?.();
      return;
    }
    result = res.data;
    if (result.payment_url) {
      window.location.assign(result.payment_url);
    }
    go({ ...state, step: 'done' });
  }

  function doneStep(): HTMLElement {
    const r = result;
    if (!r) return h('div', {});
    const hold = state.hold;
    const names = data.services.filter((s) => state.serviceIds.includes(s.id)).map((s) => s.name);
    const staffId = state.staffId ?? hold?.staffIds[0] ?? null;
    const provider = data.providers.find((p) => p.id === staffId)?.name;
    const row = (label: string, value: string, testid?: string) => h('div', {}, h('dt', {}, label), h('dd', { 'data-testid': testid }, value));
    if (r.payment_url) {
      return h(
        'div',
        { class: 'st-card st-stack', 'data-testid': 'store-pay' },
        h('p', { role: 'status' }, t('redirecting')),
        h('a', { class: 'st-btn st-btn-primary st-btn-block', href: r.payment_url, 'data-testid': 'store-pay-link' }, t('pay_deposit', { amount: money(r.deposit) })),
      );
    }
    return h(
      'div',
      { class: 'st-card st-stack', 'data-testid': 'store-done' },
      h(
        'dl',
        { class: 'st-facts' },
        row(t('order_number'), `#${r.order_number}`, 'store-order-number'),
        hold?.startTime ? row(t('when'), formatDateTime(hold.startTime, zone(), loc)) : null,
        provider ? row(t('provider'), provider) : null,
        names.length ? row(t('services'), names.join(loc === 'en' ? ', ' : '، ')) : null,
        data.settings.show_prices ? row(t('total'), money(r.total)) : null,
      ),
      h('p', { class: 'st-success' }, t('message_sent')),
      h('a', { class: 'st-btn st-btn-primary st-btn-block', href: r.manage_url, 'data-testid': 'store-manage-link' }, t('manage_link')),
      h('a', { class: 'st-btn st-btn-ghost st-btn-block', href: `${data.base}/book` }, t('book_again')),
    );
  }

  render(false);
}
