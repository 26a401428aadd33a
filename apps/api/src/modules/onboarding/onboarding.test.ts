import { PROVIDER_COLORS } from '@app/shared/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  completeProfile,
  industryId,
  randomLetters,
  readyUser,
  registerUser,
  rows,
  tenantInfo,
  tenantProfile,
  type TestApp,
  verifyPhone,
} from '../../../test/helper';

let t: TestApp;
let salon: number;
beforeAll(async () => {
  t = await buildTestApp();
  salon = await industryId(t.db, 'salon');
});
afterAll(async () => {
  await t?.close();
});

async function verifiedUser() {
  const u = await registerUser(t.app);
  await verifyPhone(t.db, u);
  return u;
}

describe('GET /api/v1/fetchIndustries', () => {
  it('lists the industries, including food, grocery, barber and petroleum, in the asked language', async () => {
    const u = await verifiedUser();
    const en = await u.client.get('fetchIndustries');
    expect(en.statusCode).toBe(200);
    const slugs = en.json().data.map((i: { slug: string }) => i.slug);
    for (const s of ['food', 'grocery', 'barber', 'petroleum']) expect(slugs).toContain(s);
    expect(en.json().data.find((i: { slug: string }) => i.slug === 'food').name).toBe('Food');
    const ar = await u.client.get('fetchIndustries', { lang: 'ar' });
    expect(ar.json().data.find((i: { slug: string }) => i.slug === 'food').name).toBe('مطاعم وأطعمة');
    for (const i of en.json().data) expect(Object.keys(i).sort()).toEqual(['icon', 'id', 'name', 'slug']);
  });

  it('answers 401 signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/fetchIndustries' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/auth/suggestion-domains', () => {
  it('tells a free subdomain is available and offers 5 free suggestions', async () => {
    const u = await verifiedUser();
    const wanted = randomLetters(10);
    const res = await u.client.get(`auth/suggestion-domains?subdomain=${wanted}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ subdomain: wanted, available: true });
    expect(data.suggestions).toHaveLength(5);
    for (const s of data.suggestions) {
      expect(s).toMatch(/^[a-z]{3,20}$/);
      expect(s).not.toBe(wanted);
    }
  });

  it('tells a subdomain taken by another tenant is not available, and never suggests a taken one', async () => {
    const other = await readyUser(t);
    const u = await verifiedUser();
    const res = await u.client.get(`auth/suggestion-domains?subdomain=${other.subdomain}`);
    expect(res.json().data.available).toBe(false);
    expect(res.json().data.suggestions).not.toContain(other.subdomain);
    // The owner of the subdomain sees it as its own.
    const own = await other.client.get(`auth/suggestion-domains?subdomain=${other.subdomain}`);
    expect(own.json().data.available).toBe(true);
  });

  it('tells reserved and invalid subdomains are not available', async () => {
    const u = await verifiedUser();
    for (const s of ['admin', 'ab', 'abc123', 'my-store']) {
      const res = await u.client.get(`auth/suggestion-domains?subdomain=${encodeURIComponent(s)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.available, s).toBe(false);
    }
  });

  it('suggests from a business name, even in Arabic', async () => {
    const u = await verifiedUser();
    const res = await u.client.get(`auth/suggestion-domains?name=${encodeURIComponent('Lamsa Beauty')}`);
    expect(res.json().data.suggestions.length).toBeGreaterThan(0);
    expect(res.json().data.suggestions[0]).toMatch(/^lamsabeauty/);
    const ar = await u.client.get(`auth/suggestion-domains?name=${encodeURIComponent('صالون لمسة')}`);
    expect(ar.statusCode).toBe(200);
    for (const s of ar.json().data.suggestions) expect(s).toMatch(/^[a-z]{3,20}$/);
  });

  it('rejects an over-long query with 422', async () => {
    const u = await verifiedUser();
    const res = await u.client.get(`auth/suggestion-domains?subdomain=${'a'.repeat(61)}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.subdomain).toBeDefined();
  });
});

describe('POST /api/v1/auth/update-tenant-info', () => {
  it('saves the names and the subdomain (lower-cased) and reaches level 3', async () => {
    const u = await verifiedUser();
    const sub = randomLetters(12);
    const res = await u.client.post('auth/update-tenant-info', tenantInfo({ subdomain: sub.toUpperCase() }));
    expect(res.statusCode).toBe(200);
    const me = (await u.client.get('auth/me')).json().data;
    expect(me.tenant.booking_page).toEqual({ subdomain: sub, full_domain: `${sub}.khidma.localhost` });
    expect(me.tenant.name).toBe('Lamsa Beauty');
    expect(me.tenant.onboarding.completed_level).toBe(3);
  });

  const badSubdomains: [string, string, string][] = [
    ['digits', 'store123', '3 to 20 English letters, no Arabic letters, digits or symbols'],
    ['Arabic letters', 'متجري', '3 to 20 English letters, no Arabic letters, digits or symbols'],
    ['symbols', 'my-store', '3 to 20 English letters, no Arabic letters, digits or symbols'],
    ['a dot', 'my.store', '3 to 20 English letters, no Arabic letters, digits or symbols'],
    ['2 characters', 'ab', '3 to 20 English letters, no Arabic letters, digits or symbols'],
    ['21 characters', 'a'.repeat(21), '3 to 20 English letters, no Arabic letters, digits or symbols'],
    ['the reserved admin', 'admin', 'This name is reserved'],
    ['nothing', '', 'This field is required'],
  ];
  for (const [what, subdomain, message] of badSubdomains) {
    it(`rejects a subdomain with ${what} with 422`, async () => {
      const u = await verifiedUser();
      const res = await u.client.post('auth/update-tenant-info', tenantInfo({ subdomain }));
      expect(res.statusCode).toBe(422);
      // An empty value may also fail the format rule; the first message is the one shown.
      expect(res.json().errors.subdomain[0]).toBe(message);
    });
  }

  it('accepts 3 and 20 letters', async () => {
    for (const n of [3, 20]) {
      const u = await verifiedUser();
      const res = await u.client.post('auth/update-tenant-info', tenantInfo({ subdomain: randomLetters(n) }));
      expect(res.statusCode, String(n)).toBe(200);
    }
  });

  it('rejects a subdomain taken by another tenant', async () => {
    const other = await readyUser(t);
    const u = await verifiedUser();
    const res = await u.client.post('auth/update-tenant-info', tenantInfo({ subdomain: other.subdomain }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.subdomain).toEqual(['This store URL is taken, try a suggestion']);
  });

  it('refuses to change the subdomain once chosen, but accepts the same again', async () => {
    const u = await verifiedUser();
    const info = tenantInfo();
    expect((await u.client.post('auth/update-tenant-info', info)).statusCode).toBe(200);
    const change = await u.client.post('auth/update-tenant-info', tenantInfo({ subdomain: randomLetters(12) }));
    expect(change.statusCode).toBe(422);
    expect(change.json().errors.subdomain).toEqual(['The store URL cannot change once chosen']);
    const same = await u.client.post('auth/update-tenant-info', { ...info, activity_name: 'New Activity' });
    expect(same.statusCode).toBe(200);
  });

  it('rejects short names with 422 on each', async () => {
    const u = await verifiedUser();
    const res = await u.client.post('auth/update-tenant-info', tenantInfo({ activity_name: 'Ab', store_name: '' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.activity_name).toEqual(['Name must be more than 3 characters']);
    expect(res.json().errors.store_name[0]).toBe('This field is required');
  });
});

describe('POST /api/v1/auth/update-tenant-profile', () => {
  it('refuses to run before the tenant info (order)', async () => {
    const u = await verifiedUser();
    const res = await u.client.post('auth/update-tenant-profile', tenantProfile(salon));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Complete the previous step first');
  });

  it('rejects an unknown industry with 422 on industries', async () => {
    const u = await verifiedUser();
    await u.client.post('auth/update-tenant-info', tenantInfo());
    const res = await u.client.post('auth/update-tenant-profile', tenantProfile(salon, { industries: [salon, 999999] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.industries).toEqual(['The chosen industry does not exist']);
  });

  it('rejects bad enumerations and an empty industry list', async () => {
    const u = await verifiedUser();
    await u.client.post('auth/update-tenant-info', tenantInfo());
    const res = await u.client.post('auth/update-tenant-profile', tenantProfile(salon, { industries: [], system_type: 'x', owner_role: 'king', number_of_employees: '7', service_types: ['teleport'] }));
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    for (const f of ['industries', 'system_type', 'owner_role', 'number_of_employees']) expect(errors[f], f).toBeDefined();
    expect(Object.keys(errors).some((k) => k.startsWith('service_types'))).toBe(true);
  });

  it('saves the profile and reaches level 4', async () => {
    const u = await verifiedUser();
    await u.client.post('auth/update-tenant-info', tenantInfo());
    const food = await industryId(t.db, 'food');
    const res = await u.client.post('auth/update-tenant-profile', tenantProfile(salon, { industries: [salon, food, salon], features: ['bookings', 'orders'] }));
    expect(res.statusCode).toBe(200);
    const status = (await u.client.get('auth/onboarding-status')).json().data;
    expect(status.completed_level).toBe(4);
    expect(status.tenant_profile).toEqual({
      industries: [salon, food],
      system_type: 'booking_management',
      service_types: ['on_site'],
      features: ['bookings', 'orders'],
      owner_role: 'owner',
      number_of_employees: '1-5',
    });
    const me = (await u.client.get('auth/me')).json().data;
    expect(me.tenant.industry.map((i: { slug: string }) => i.slug).sort()).toEqual(['food', 'salon']);
  });
});

describe('POST /api/v1/auth/complete-profile', () => {
  async function atLevel4() {
    const u = await verifiedUser();
    await u.client.post('auth/update-tenant-info', tenantInfo());
    await u.client.post('auth/update-tenant-profile', tenantProfile(salon));
    return u;
  }

  it('refuses to run before the tenant profile (order)', async () => {
    const u = await verifiedUser();
    await u.client.post('auth/update-tenant-info', tenantInfo());
    const res = await u.client.post('auth/complete-profile', completeProfile());
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Complete the previous step first');
  });

  it('needs at least one working day', async () => {
    const u = await atLevel4();
    const res = await u.client.post('auth/complete-profile', completeProfile({ working_days: [] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.working_days).toEqual(['Choose at least 1']);
  });

  it('needs a service or a provider (422 on both)', async () => {
    const u = await atLevel4();
    const res = await u.client.post('auth/complete-profile', { working_days: [1] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.service).toEqual(['Add at least one service or provider']);
    expect(res.json().errors.provider).toEqual(['Add at least one service or provider']);
  });

  const badServices: [string, Record<string, unknown>, string][] = [
    ['a duration off the 15-minute steps', { duration: 20 }, 'service.duration'],
    ['a zero duration', { duration: 0 }, 'service.duration'],
    ['a duration over 4 h 45', { duration: 300 }, 'service.duration'],
    ['a zero price', { price: 0 }, 'service.price'],
    ['a negative price', { price: -5 }, 'service.price'],
    ['a fractional price', { price: 10.5 }, 'service.price'],
    ['a short name', { name: 'Cut' }, 'service.name'],
    ['a price as text', { price: '100' }, 'service.price'],
  ];
  for (const [what, patch, field] of badServices) {
    it(`rejects a service with ${what}`, async () => {
      const u = await atLevel4();
      const res = await u.client.post('auth/complete-profile', completeProfile({ service: { name: 'Haircut', price: 5000, duration: 30, ...patch } }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field], JSON.stringify(res.json().errors)).toBeDefined();
    });
  }

  it('accepts 15 and 285 minutes', async () => {
    for (const duration of [15, 285]) {
      const u = await atLevel4();
      const res = await u.client.post('auth/complete-profile', completeProfile({ service: { name: 'Haircut', price: 1, duration }, provider: undefined }));
      expect(res.statusCode, String(duration)).toBe(200);
    }
  });

  it('rejects closing when it opens, bad times and bad days; closing before opening is a night past midnight', async () => {
    const u = await atLevel4();
    const res = await u.client.post('auth/complete-profile', completeProfile({ opens_at: '18:00', closes_at: '18:00' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.closes_at).toEqual(['Closing time must be after opening time']);
    const bad = await u.client.post('auth/complete-profile', completeProfile({ opens_at: '24:00', working_days: [7] }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.opens_at).toEqual(['Invalid time']);
    expect(bad.json().errors['working_days.0']).toBeDefined();
    const night = await u.client.post('auth/complete-profile', completeProfile({ opens_at: '18:00', closes_at: '02:00', working_days: [4] }));
    expect(night.statusCode, night.body).toBe(200);
    const [branch] = await rows<{ working_hours: unknown }>(t.db, sql`select working_hours from branches where tenant_id = ${u.user.tenant.uuid}`);
    expect(branch?.working_hours).toEqual({ '4': [['18:00', '02:00']] });
  });

  it('completes the profile with real rows in services, providers and branches', async () => {
    const u = await atLevel4();
    const before = await u.client.get('dashboard');
    expect(before.statusCode).toBe(403);
    expect(before.json().code).toBe('profile-completion');

    const res = await u.client.post('auth/complete-profile', completeProfile({ working_days: [2, 0, 2, 1] }));
    expect(res.statusCode).toBe(200);
    const tenantId = u.user.tenant.uuid;
    const svc = await rows<{ name: string; price: number; duration: number; slug: string }>(t.db, sql`select name, price, duration, slug from services where tenant_id = ${tenantId}`);
    // The first service has its slug from the start, not after a first edit.
    expect(svc).toEqual([{ name: 'Haircut', price: 5000, duration: 30, slug: 'haircut' }]);
    const prov = await rows<{ name: string; color: string }>(t.db, sql`select name, color from providers where tenant_id = ${tenantId}`);
    expect(prov).toEqual([{ name: 'Sara Ahmad', color: PROVIDER_COLORS[0] }]);
    const br = await rows<{ name: string; is_main: boolean; working_hours: unknown }>(t.db, sql`select name, is_main, working_hours from branches where tenant_id = ${tenantId}`);
    expect(br).toHaveLength(1);
    expect(br[0]?.is_main).toBe(true);
    expect(br[0]?.name).toBe('Lamsa Store');
    expect(br[0]?.working_hours).toEqual({ '0': [['09:00', '21:00']], '1': [['09:00', '21:00']], '2': [['09:00', '21:00']] });
    const links = await rows(t.db, sql`select 1 from provider_services where tenant_id = ${tenantId}`);
    expect(links).toHaveLength(1);

    const me = (await u.client.get('auth/me')).json().data;
    expect(me.profile_completed).toBe(true);
    expect(me.tenant.onboarding.completed_level).toBe(5);
    expect(me.teams).toHaveLength(1);

    const status = (await u.client.get('auth/onboarding-status')).json().data;
    expect(status).toMatchObject({
      completed_level: 5,
      profile_completed: true,
      skipped: false,
      tenant_info: { activity_name: 'Lamsa Beauty', store_name: 'Lamsa Store' },
      complete_profile: { working_days: [0, 1, 2], opens_at: '09:00', closes_at: '21:00', services_count: 1, providers_count: 1 },
    });

    const dash = await u.client.get('dashboard');
    expect(dash.statusCode).toBe(200);
    expect(dash.json().data).toMatchObject({ services_count: 1, providers_count: 1, branches_count: 1 });
  });

  it('sent again, keeps one main branch and adds the new service', async () => {
    const u = await atLevel4();
    await u.client.post('auth/complete-profile', completeProfile({ provider: undefined }));
    const again = await u.client.post('auth/complete-profile', completeProfile({ service: { name: 'Beard trim', price: 2000, duration: 15 }, provider: undefined, working_days: [5] }));
    expect(again.statusCode).toBe(200);
    const dash = (await u.client.get('dashboard')).json().data;
    expect(dash).toMatchObject({ services_count: 2, providers_count: 0, branches_count: 1 });
  });
});

describe('GET /api/v1/auth/onboarding-status', () => {
  it('reflects a fresh tenant', async () => {
    const u = await verifiedUser();
    const res = await u.client.get('auth/onboarding-status');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      completed_level: 2,
      profile_completed: false,
      skipped: false,
      tenant_info: { activity_name: null, store_name: null, subdomain: null },
      tenant_profile: { industries: [], system_type: null, service_types: [], features: [], owner_role: null, number_of_employees: null },
      complete_profile: { working_days: [], opens_at: null, closes_at: null, services_count: 0, providers_count: 0 },
    });
  });
});

describe('/api/v1/auth/onboarding-skip', () => {
  it('refuses before level 3', async () => {
    const u = await verifiedUser();
    const res = await u.client.get('auth/onboarding-skip');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Complete the previous step first');
  });

  it('after the tenant info, marks the profile complete (GET and POST)', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const u = await verifiedUser();
      await u.client.post('auth/update-tenant-info', tenantInfo());
      const res = await u.client.request(method, 'auth/onboarding-skip');
      expect(res.statusCode, method).toBe(200);
      expect(res.json().message).toBe('Setup skipped, you can finish it later in settings');
      const me = (await u.client.get('auth/me')).json().data;
      expect(me.profile_completed).toBe(true);
      expect(me.tenant.onboarding.skipped).toBe(true);
      const dash = await u.client.get('dashboard');
      expect(dash.statusCode).toBe(200);
      expect(dash.json().data).toMatchObject({ services_count: 0, providers_count: 0, branches_count: 0 });
    }
  });
});
