import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountBooking } from './book';
import { setApiLanguage } from './api';
import { setLocale } from './i18n';
import { addDays, type StoreData } from './logic';
import { mountManage } from './manage';

const TODAY = '2026-12-01';
const data = (over: Partial<StoreData> = {}): StoreData => ({
  subdomain: 'demo',
  base: '/s/demo',
  api: '/api/v1/store/demo',
  locale: 'en',
  currency: 'SAR',
  currency_decimals: 2,
  timezone: 'Asia/Riyadh',
  today: TODAY,
  settings: { require_phone_otp: true, waitlist_enabled: true, show_prices: true, booking_window_days: 30, allow_reschedule: true, allow_cancel: true, change_notice_hours: 24 },
  branches: [{ id: 'b1', name: 'Main' }],
  services: [
    { id: 's1', name: 'Cut', duration: 30, price: 5000, deposit: 2000 },
    { id: 's2', name: 'Dye', duration: 60, price: 12050, deposit: 0 },
  ],
  providers: [
    { id: 'p1', name: 'Sara', service_ids: ['s1', 's2'] },
    { id: 'p2', name: 'Huda', service_ids: ['s1'] },
  ],
  custom_fields: [{ id: 'cf1', label: 'حساسية', name_en: 'Allergies', html_tag: 'text', options: [], is_required: true }],
  preselect: { service_ids: ['s1'], hold_token: null },
  ...over,
});

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let routes: ((c: Call) => { status: number; json: unknown } | undefined)[] = [];

function respond(status: number, json: unknown) {
  return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  calls = [];
  routes = [];
  setLocale('en');
  setApiLanguage('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const c = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(c);
      for (const r of routes) {
        const out = r(c);
        if (out) return respond(out.status, out.json);
      }
      return respond(404, { message: 'not found' });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const root = () => document.getElementById('store-app') as HTMLElement;
const q = <T extends Element = HTMLElement>(sel: string) => root().querySelector(sel) as T;
const tid = <T extends Element = HTMLElement>(id: string) => q<T>(`[data-testid="${id}"]`);
const flush = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};
const mount = (d: StoreData) => {
  document.body.innerHTML = '<div id="store-app" data-view="book"></div>';
  mountBooking(root(), d);
};
const input = (name: string, value: string) => {
  const el = q<HTMLInputElement>(`[name="${name}"]`);
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
};

/** Slots: the second day free at 09:00 and 17:30 (Riyadh), the third full. */
function slotsRoute(c: Call) {
  if (c.method !== 'GET' || !c.url.startsWith('/api/v1/store/demo/slots?')) return undefined;
  const p = new URL(c.url, 'http://x').searchParams;
  const day = addDays(p.get('from') ?? '', 1);
  return {
    status: 200,
    json: {
      data: [
        { date: day, slots: [`${day}T06:00:00.000Z`, `${day}T14:30:00.000Z`].map((s, i) => ({ start_time: s, end_time: s, slot: i ? '17:30' : '09:00', staff_ids: ['p1'], split_staff_ids: null })) },
        { date: addDays(day, 1), slots: [] },
      ],
      meta: { time_zone: 'Asia/Riyadh' },
    },
  };
}

describe('the booking steps', () => {
  it('books two services with a provider: totals, providers for both, slots, hold, code, details, confirmation', async () => {
    routes.push(slotsRoute);
    routes.push((c) => (c.method === 'POST' && c.url.endsWith('/holds') ? { status: 201, json: { data: { hold_token: `hold-${calls.length}`, expires_at: new Date(Date.now() + 600_000).toISOString(), start_time: (c.body as { start_time: string }).start_time, staff_ids: ['p1'] } } } : undefined));
    routes.push((c) => (c.url.endsWith('/otp') ? { status: 200, json: { message: 'sent' } } : undefined));
    routes.push((c) =>
      c.url.endsWith('/otp/verify') ? ((c.body as { code: string }).code === '1234' ? { status: 200, json: { data: { phone_proof: 'proof-1' } } } : { status: 422, json: { message: 'Wrong code', errors: { code: ['Wrong code'] } } }) : undefined,
    );
    routes.push((c) =>
      c.url.endsWith('/bookings')
        ? { status: 201, json: { message: 'Booked', data: { order_number: 1042, status: 'confirmed', payment_url: null, deposit: 2000, total: 17050, currency: 'SAR', manage_url: '/s/demo/b/tok' } } }
        : undefined,
    );
    mount(data());

    // 1) services: s1 preselected; adding s2 sums them.
    expect(tid('store-step-services')).toBeTruthy();
    expect(q<HTMLInputElement>('input[value="s1"]').checked).toBe(true);
    expect(tid('store-total').textContent).toMatch(/50\.00/);
    q<HTMLInputElement>('input[value="s2"]').click();
    expect(tid('store-total').textContent).toMatch(/170\.50/);
    expect(tid('store-deposit').textContent).toMatch(/20\.00/);
    tid<HTMLButtonElement>('store-next').click();

    // 2) provider: only Sara does both.
    expect(tid('store-step-provider')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Choose a provider');
    expect(tid('store-provider-p1')).toBeTruthy();
    expect(tid('store-provider-p2')).toBeNull();
    q<HTMLInputElement>('input[name="staff_id"][value="p1"]').click();
    tid<HTMLButtonElement>('store-next').click();

    // 3) date: one call for the page, the full day greyed (the waitlist is on: still pickable).
    await flush();
    const slotCall = calls.find((c) => c.url.includes('/slots?'));
    const params = new URL(slotCall?.url ?? '', 'http://x').searchParams;
    expect(params.get('service_ids')).toBe('s1,s2');
    expect(params.get('staff_id')).toBe('p1');
    expect(params.get('branch_id')).toBe('b1');
    expect(params.get('from')).toBe(TODAY);
    expect(params.get('to')).toBe(addDays(TODAY, 13));
    const free = addDays(TODAY, 1);
    expect(tid<HTMLButtonElement>(`store-day-${addDays(TODAY, 2)}`).className).toContain('is-full');
    tid<HTMLButtonElement>(`store-day-${free}`).click();

    // 4) time: by part of the day; choosing holds it; another replaces it.
    expect(tid('store-step-time')).toBeTruthy();
    expect(root().textContent).toContain('Morning');
    expect(root().textContent).toContain('Evening');
    tid<HTMLButtonElement>('store-slot-09:00').click();
    await flush();
    const hold1 = calls.filter((c) => c.url.endsWith('/holds'));
    expect(hold1.at(-1)?.body).toEqual({ service_ids: ['s1', 's2'], staff_id: 'p1', branch_id: 'b1', start_time: `${free}T06:00:00.000Z` });
    expect(tid('store-hold').textContent).toMatch(/10 minutes/);
    expect(tid('store-hold').textContent).toMatch(/Time left: (10:00|9:5\d)/);
    const firstToken = `hold-${calls.indexOf(hold1.at(-1) as Call) + 1}`;
    tid<HTMLButtonElement>('store-slot-17:30').click();
    await flush();
    expect(calls.filter((c) => c.url.endsWith('/holds')).at(-1)?.body).toMatchObject({ start_time: `${free}T14:30:00.000Z`, replace_token: firstToken });
    expect(tid('store-slot-17:30').getAttribute('aria-pressed')).toBe('true');
    tid<HTMLButtonElement>('store-next').click();

    // 5) details: labels, required fields, the phone code.
    expect(tid('store-step-details')).toBeTruthy();
    for (const el of root().querySelectorAll('input, textarea, select')) expect(root().querySelector(`label[for="${el.id}"]`), el.getAttribute('name') ?? '').toBeTruthy();
    tid<HTMLButtonElement>('store-submit').click();
    await flush();
    expect(calls.some((c) => c.url.endsWith('/bookings'))).toBe(false);
    expect(root().textContent).toContain('This field is required.');
    input('first_name', 'Layla');
    input('phone', '0551234567');
    input('custom_fields.cf1', 'None');
    tid<HTMLButtonElement>('store-otp-send').click();
    await flush();
    expect(calls.find((c) => c.url.endsWith('/otp'))?.body).toEqual({ phone: '0551234567', phone_country: 'SA' });
    expect(tid<HTMLButtonElement>('store-otp-send').disabled).toBe(true);
    input('code', '9999');
    tid<HTMLButtonElement>('store-otp-verify').click();
    await flush();
    expect(root().textContent).toContain('Wrong code');
    input('code', '1234');
    tid<HTMLButtonElement>('store-otp-verify').click();
    await flush();
    expect(tid('store-otp-verified')).toBeTruthy();

    // 6) submit once, however often it is clicked.
    tid<HTMLButtonElement>('store-submit').click();
    tid<HTMLButtonElement>('store-submit').click();
    await flush();
    const booked = calls.filter((c) => c.url.endsWith('/bookings'));
    expect(booked).toHaveLength(1);
    expect(booked[0]?.body).toMatchObject({ first_name: 'Layla', phone: '0551234567', phone_country: 'SA', phone_proof: 'proof-1', custom_fields: { cf1: 'None' }, locale: 'en' });
    expect((booked[0]?.body as { hold_token?: string } | undefined)?.hold_token).toMatch(/^hold-/);
    expect(tid('store-order-number').textContent).toBe('#1042');
    expect(tid<HTMLAnchorElement>('store-manage-link').getAttribute('href')).toBe('/s/demo/b/tok');
    expect(root().textContent).toContain('Sara');
  });

  it('shows the server’s field errors next to the field, and sends to the payment page when a deposit is due', async () => {
    let fail = true;
    routes.push((c) =>
      c.url.endsWith('/bookings')
        ? fail
          ? { status: 422, json: { message: 'The e-mail is invalid', errors: { email: ['The e-mail is invalid'] } } }
          : { status: 201, json: { data: { order_number: 7, status: 'unpaid', payment_url: '/pay/abc', deposit: 2000, total: 5000, currency: 'SAR', manage_url: '/s/demo/b/t' } } }
        : undefined,
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const offer = { token: 'offer-hold-token', start_time: '2026-12-03T06:00:00.000Z', expires_at: new Date(Date.now() + 600_000).toISOString(), service_ids: ['s1'], staff_id: null, branch_id: 'b1' };
    mount(data({ settings: { ...data().settings, require_phone_otp: false }, custom_fields: [], preselect: { service_ids: [], hold_token: 'offer-hold-token', hold: offer } }));
    // A waitlist offer: straight to the details with its hold.
    expect(tid('store-step-details')).toBeTruthy();
    expect(tid('store-back')).toBeNull();
    input('first_name', 'Layla');
    input('phone', '0551234567');
    input('email', 'bad@');
    tid<HTMLButtonElement>('store-submit').click();
    await flush();
    const email = q<HTMLInputElement>('[name="email"]');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${email.id}-err`)?.textContent).toBe('The e-mail is invalid');
    expect(tid('store-error').hidden).toBe(true);
    fail = false;
    input('email', 'layla@example.com');
    tid<HTMLButtonElement>('store-submit').click();
    await flush();
    expect(calls.filter((c) => c.url.endsWith('/bookings')).at(-1)?.body).toMatchObject({ hold_token: 'offer-hold-token', email: 'layla@example.com' });
    expect(assign).toHaveBeenCalledWith('/pay/abc');
    expect(tid('store-pay-link').textContent).toMatch(/20\.00/);
  });

  it('releases the seat when the hold expires and asks to choose again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-12-01T08:00:00Z'));
    routes.push(slotsRoute);
    routes.push((c) => (c.url.endsWith('/holds') ? { status: 201, json: { data: { hold_token: 'h1', expires_at: '2026-12-01T08:10:00.000Z', start_time: (c.body as { start_time: string }).start_time, staff_ids: ['p1'] } } } : undefined));
    mount(data());
    tid<HTMLButtonElement>('store-next').click();
    tid<HTMLButtonElement>('store-next').click();
    await flush();
    tid<HTMLButtonElement>(`store-day-${addDays(TODAY, 1)}`).click();
    tid<HTMLButtonElement>('store-slot-09:00').click();
    await flush();
    expect(tid('store-hold')).toBeTruthy();
    vi.advanceTimersByTime(601_000);
    await flush();
    expect(tid('store-step-time')).toBeTruthy();
    expect(tid('store-notice').textContent).toMatch(/released/);
    expect(tid('store-hold')).toBeNull();
  });

  const joined = (c: Call) => (c.url.endsWith('/waitlist') ? { status: 201, json: { message: 'Joined', data: { day: (c.body as { day: string }).day, status: 'waiting' } } } : undefined);

  it('offers the waiting list on a full day: without a phone code asked, it joins directly', async () => {
    routes.push(slotsRoute);
    routes.push(joined);
    mount(data({ country: 'AE', settings: { ...data().settings, require_phone_otp: false } }));
    tid<HTMLButtonElement>('store-next').click();
    tid<HTMLButtonElement>('store-next').click();
    await flush();
    const full = addDays(TODAY, 2);
    tid<HTMLButtonElement>(`store-day-${full}`).click();
    expect(tid('store-waitlist')).toBeTruthy();
    input('name', 'Layla');
    input('phone', '0551234567');
    tid<HTMLButtonElement>('store-waitlist-submit').click();
    await flush();
    // The business's country is the phone's default country.
    expect(calls.find((c) => c.url.endsWith('/waitlist'))?.body).toMatchObject({ service_ids: ['s1'], day: full, name: 'Layla', phone: '0551234567', staff_id: null, phone_country: 'AE' });
    expect(calls.find((c) => c.url.endsWith('/waitlist'))?.body).not.toHaveProperty('phone_proof');
    expect(calls.some((c) => c.url.includes('/otp'))).toBe(false);
    expect(tid('store-otp')).toBeNull();
    expect(tid('store-waitlist-done')).toBeTruthy();
  });

  it('asks for the phone code before joining the waiting list where the store requires it, then sends its proof', async () => {
    routes.push(slotsRoute);
    routes.push((c) => (c.url.endsWith('/otp') ? { status: 200, json: { message: 'sent' } } : undefined));
    routes.push((c) =>
      c.url.endsWith('/otp/verify') ? ((c.body as { code: string }).code === '1234' ? { status: 200, json: { data: { phone_proof: `proof-${(c.body as { phone: string }).phone}` } } } : { status: 422, json: { message: 'Wrong code', errors: { code: ['Wrong code'] } } }) : undefined,
    );
    let answer: 'ok' | 'limit' | 'proof' = 'limit';
    routes.push((c) => {
      if (!c.url.endsWith('/waitlist')) return undefined;
      if (answer === 'limit') return { status: 422, json: { message: 'This number is already on the waitlist for 3 visits, the most allowed', errors: { phone: ['This number is already on the waitlist for 3 visits, the most allowed'] } } };
      if (answer === 'proof') return { status: 422, json: { message: 'Confirm your phone number with the verification code first', errors: { phone_proof: ['Confirm your phone number with the verification code first'] } } };
      return joined(c);
    });
    mount(data({ country: 'AE' }));
    tid<HTMLButtonElement>('store-next').click();
    tid<HTMLButtonElement>('store-next').click();
    await flush();
    const full = addDays(TODAY, 2);
    tid<HTMLButtonElement>(`store-day-${full}`).click();
    const phone = () => q<HTMLInputElement>('[name="phone"]');
    const phoneError = () => document.getElementById(`${phone().id}-err`)?.textContent;
    input('name', 'Layla');
    input('phone', '0551234567');
    // Not yet confirmed: no join.
    tid<HTMLButtonElement>('store-waitlist-submit').click();
    await flush();
    expect(calls.some((c) => c.url.endsWith('/waitlist'))).toBe(false);
    expect(phoneError()).toBe('Verify your phone number first.');
    // The same code flow as the details: send, a wrong code, the right one.
    tid<HTMLButtonElement>('store-otp-send').click();
    await flush();
    expect(calls.find((c) => c.url.endsWith('/otp'))?.body).toEqual({ phone: '0551234567', phone_country: 'AE' });
    expect(tid<HTMLButtonElement>('store-otp-send').disabled).toBe(true);
    expect(tid('store-otp-send').textContent).toMatch(/Resend in \d+ s/);
    input('code', '9999');
    tid<HTMLButtonElement>('store-otp-verify').click();
    await flush();
    expect(tid('store-waitlist').textContent).toContain('Wrong code');
    input('code', '1234');
    tid<HTMLButtonElement>('store-otp-verify').click();
    await flush();
    expect(calls.find((c) => c.url.endsWith('/otp/verify'))?.body).toMatchObject({ phone: '0551234567', phone_country: 'AE' });
    expect(tid('store-otp-verified')).toBeTruthy();
    // The server's refusal (a 4th day for this phone) next to the phone field; the form stays.
    tid<HTMLButtonElement>('store-waitlist-submit').click();
    await flush();
    expect(calls.filter((c) => c.url.endsWith('/waitlist')).at(-1)?.body).toMatchObject({ day: full, phone: '0551234567', phone_proof: 'proof-0551234567' });
    expect(phoneError()).toMatch(/already on the waitlist for 3 visits/);
    expect(phone().getAttribute('aria-invalid')).toBe('true');
    expect(tid('store-waitlist-done')).toBeNull();
    // A lapsed proof: said at the phone, and the code is asked again.
    answer = 'proof';
    tid<HTMLButtonElement>('store-waitlist-submit').click();
    await flush();
    expect(phoneError()).toBe('Confirm your phone number with the verification code first');
    expect(tid('store-otp-verified')).toBeNull();
    expect(tid('store-otp-verify')).toBeTruthy();
    tid<HTMLButtonElement>('store-waitlist-submit').click();
    await flush();
    expect(calls.filter((c) => c.url.endsWith('/waitlist'))).toHaveLength(2);
    input('code', '1234');
    tid<HTMLButtonElement>('store-otp-verify').click();
    await flush();
    answer = 'ok';
    tid<HTMLButtonElement>('store-waitlist-submit').click();
    await flush();
    expect(calls.filter((c) => c.url.endsWith('/waitlist')).at(-1)?.body).toMatchObject({ phone_proof: 'proof-0551234567', phone_country: 'AE' });
    expect(tid('store-waitlist-done')).toBeTruthy();
  });

  it("shows times in the branch's zone, not the business's, and starts the days at the branch's today", async () => {
    // The business is in Riyadh (UTC+3); its one branch in Dubai (UTC+4), where it is already the next day.
    routes.push((c) => {
      const out = slotsRoute(c);
      return out ? { ...out, json: { ...(out.json as object), meta: { time_zone: 'Asia/Dubai' } } } : undefined;
    });
    routes.push((c) => (c.url.endsWith('/holds') ? { status: 201, json: { data: { hold_token: 'h1', expires_at: new Date(Date.now() + 600_000).toISOString(), start_time: (c.body as { start_time: string }).start_time, staff_ids: ['p1'] } } } : undefined));
    const nextDay = addDays(TODAY, 1);
    mount(data({ branches: [{ id: 'b1', name: 'Dubai', timezone: 'Asia/Dubai', today: nextDay }], country: 'AE' }));
    tid<HTMLButtonElement>('store-next').click();
    tid<HTMLButtonElement>('store-next').click();
    await flush();
    // The first day shown is the branch's today, and the slots were asked from it.
    expect(q('[data-testid^="store-day-"]')?.getAttribute('data-date')).toBe(nextDay);
    expect(calls.find((c) => c.url.includes('/slots?'))?.url).toContain(`from=${nextDay}`);
    tid<HTMLButtonElement>(`store-day-${addDays(nextDay, 1)}`).click();
    // 06:00 UTC is 10:00 in Dubai (09:00 in Riyadh).
    expect(tid('store-slot-09:00').textContent).toContain('10:00');
    tid<HTMLButtonElement>('store-slot-09:00').click();
    await flush();
    expect(tid('store-hold-when').textContent).toContain('10:00');
    expect(tid('store-hold-when').textContent).not.toContain('09:00');
  });

  it('formats the times in the branch zone from the page’s data before any slots are read (a waitlist offer)', async () => {
    const offer = { token: 'offer-1', start_time: '2026-12-03T06:00:00.000Z', expires_at: new Date(Date.now() + 300_000).toISOString(), service_ids: ['s1', 's2'], staff_id: 'p1', staff_ids: ['p1', 'p1'], branch_id: 'b2' };
    routes.push((c) => (c.url.endsWith('/bookings') ? { status: 201, json: { data: { order_number: 9, status: 'confirmed', payment_url: null, deposit: 0, total: 17050, currency: 'SAR', manage_url: '/s/demo/b/t' } } } : undefined));
    mount(
      data({
        country: 'AE',
        settings: { ...data().settings, require_phone_otp: false },
        custom_fields: [],
        branches: [
          { id: 'b1', name: 'Riyadh', timezone: 'Asia/Riyadh', today: TODAY },
          { id: 'b2', name: 'Dubai', timezone: 'Asia/Dubai', today: TODAY },
        ],
        preselect: { service_ids: [], hold_token: 'offer-1', hold: offer },
      }),
    );
    // Straight to the details: when (in Dubai), what, and the time left.
    expect(tid('store-step-details')).toBeTruthy();
    expect(tid('store-back')).toBeNull();
    expect(tid('store-hold-when').textContent).toMatch(/3 December 2026/);
    expect(tid('store-hold-when').textContent).toContain('10:00');
    expect(tid('store-hold-services').textContent).toContain('Cut, Dye');
    expect(q('[data-countdown]').textContent).toMatch(/Time left: [45]:\d\d/);
    expect(tid('store-total').textContent).toMatch(/170\.50/);
    input('first_name', 'Layla');
    input('phone', '0501234567');
    tid<HTMLButtonElement>('store-submit').click();
    await flush();
    expect(calls.find((c) => c.url.endsWith('/bookings'))?.body).toMatchObject({ hold_token: 'offer-1', phone_country: 'AE' });
    // Leaving the offer's page never frees its seat.
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('an expired or unknown offer says so and opens the usual steps', async () => {
    mount(data({ preselect: { service_ids: [], hold_token: 'gone-token', hold: null } }));
    expect(tid('store-step-services')).toBeTruthy();
    expect(tid('store-notice').textContent).toMatch(/offer has expired/);
    expect(tid('store-hold')).toBeNull();
  });
});

describe('the customer’s booking page', () => {
  const booking = (over = {}) => ({
    business: { name: 'Demo', subdomain: 'demo', logo: null, locale: 'en', currency: 'SAR', timezone: 'Asia/Riyadh' },
    order_number: 1042,
    order_status: 'confirmed',
    branch_id: 'b1',
    time_zone: 'Asia/Riyadh',
    staff_id: 'p1',
    visits: [{ id: 'v1', service_id: 's1', service_name: 'Cut', provider_name: 'Sara', start_time: '2026-12-03T06:00:00.000Z', end_time: '2026-12-03T06:30:00.000Z', status: 'confirmed' }],
    total: 5000,
    paid_amount: 0,
    deposit: 2000,
    deposit_due: 2000,
    payment_status: 'unpaid',
    payment_link_open: false,
    can_reschedule: true,
    can_cancel: true,
    reschedule_blocked: null,
    cancel_blocked: null,
    change_deadline: '2026-12-02T06:00:00.000Z',
    change_notice_hours: 24,
    ...over,
  });
  const mountIt = () => {
    document.body.innerHTML = '<div id="store-app" data-view="manage" data-token="tok"></div>';
    mountManage(root(), data(), 'tok', '/api/v1/store/booking');
  };

  it('shows the visit, moves it to a new time and cancels with a reason', async () => {
    let current = booking();
    routes.push((c) => (c.method === 'GET' && c.url === '/api/v1/store/booking/tok' ? { status: 200, json: { data: current } } : undefined));
    routes.push((c) => {
      if (!c.url.startsWith('/api/v1/store/booking/tok/slots?')) return undefined;
      const day = addDays(new URL(c.url, 'http://x').searchParams.get('from') ?? '', 1);
      return { status: 200, json: { data: [{ date: day, slots: [{ start_time: `${day}T10:00:00.000Z`, end_time: '', slot: '13:00', staff_ids: ['p1'] }] }] } };
    });
    routes.push((c) => {
      if (!c.url.endsWith('/reschedule')) return undefined;
      current = booking({ visits: [{ ...current.visits[0], start_time: (c.body as { start_time: string }).start_time }] });
      return { status: 200, json: { data: current } };
    });
    routes.push((c) => (c.url.endsWith('/cancel') ? { status: 200, json: { data: {} } } : undefined));
    mountIt();
    await flush();
    expect(tid('store-manage-status').textContent).toBe('Confirmed');
    expect(tid('store-manage-visits').textContent).toContain('Cut');
    expect(tid('store-manage-pay').textContent).toMatch(/20\.00/);
    tid<HTMLButtonElement>('store-reschedule').click();
    await flush();
    const day = addDays(TODAY, 1);
    tid<HTMLButtonElement>(`store-day-${day}`).click();
    expect(tid<HTMLButtonElement>('store-reschedule-confirm').disabled).toBe(true);
    tid<HTMLButtonElement>('store-slot-13:00').click();
    tid<HTMLButtonElement>('store-reschedule-confirm').click();
    await flush();
    expect(calls.find((c) => c.url.endsWith('/reschedule'))?.body).toEqual({ start_time: `${day}T10:00:00.000Z` });
    expect(tid('store-manage-notice').textContent).toBe('Your booking has been moved.');

    tid<HTMLButtonElement>('store-cancel').click();
    tid<HTMLButtonElement>('store-cancel-confirm').click();
    await flush();
    expect(calls.some((c) => c.url.endsWith('/cancel'))).toBe(false);
    expect(root().textContent).toContain('This field is required.');
    const reason = q<HTMLTextAreaElement>('textarea[name="reason"]');
    reason.value = 'Travelling';
    current = booking({ order_status: 'canceled', can_reschedule: false, can_cancel: false, reschedule_blocked: 'status', cancel_blocked: 'status', deposit_due: 0 });
    tid<HTMLButtonElement>('store-cancel-confirm').click();
    await flush();
    expect(calls.find((c) => c.url.endsWith('/cancel'))?.body).toEqual({ reason: 'Travelling' });
    expect(tid('store-manage-status').textContent).toBe('Cancelled');
    expect(tid('store-reschedule')).toBeNull();
  });

  it('says why the booking can no longer be changed', async () => {
    routes.push((c) => (c.method === 'GET' ? { status: 200, json: { data: booking({ can_reschedule: false, can_cancel: false, reschedule_blocked: 'notice_passed', cancel_blocked: 'notice_passed' }) } } : undefined));
    mountIt();
    await flush();
    expect(tid('store-reschedule')).toBeNull();
    expect(tid('store-cancel')).toBeNull();
    expect(tid('store-no-change').textContent).toMatch(/could be changed or cancelled until .*passed/);
  });
});
