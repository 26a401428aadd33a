import { TRIAL_EXTENSION_DAYS } from '@app/shared/constants';
import { PERMISSION_KEYS } from '@app/shared/permissions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, injectAs, readyUser, rows, type TestApp } from '../../../test/helper';
import { DEMO, seedDemo } from '../../db/seed';
import { staffAccount } from '../branches/staff.fixture';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;

/** Ends the trial of a business with no subscription status, an hour ago. */
async function endTrial(tenantId: string) {
  await t.db.execute(sql`update tenants set trial_ends_at = now() - interval '1 hour', subscription_status = null where id = ${tenantId}`);
}

describe('a business whose trial ended', () => {
  it('gets 402 on business routes, while the subscription, sign-out and profile routes answer', async () => {
    const u = await readyUser(t);
    await endTrial(u.user.tenant.uuid);
    const orders = await u.client.get('orders');
    expect(orders.statusCode).toBe(402);
    expect(orders.json().code).toBe('expired');

    const sub = await u.client.get('subscription');
    expect(sub.statusCode).toBe(200);
    expect(sub.json().data).toMatchObject({ state: 'trial_ended', ended: true, trial_days_left: 0, trial_extendable: true, trial_extended_at: null, status: null, plan: null });

    const me = await u.client.get('auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.tenant).toMatchObject({ onTrial: false, trial_days_left: 0, trial_extendable: true, subscription: null });
    expect((await u.client.put('update-locale', { locale: 'en' })).statusCode).toBe(200);
    expect((await u.client.post('update-locale', { locale: 'ar' })).statusCode).toBe(200);
    expect((await u.client.post('update-profile', { name: 'Owner Renamed' })).statusCode).toBe(200);
    const password = await u.client.post('auth/update-password', { current_password: u.input.password, password: 'NewSecret#987', password_confirmation: 'NewSecret#987' });
    expect(password.statusCode).toBe(200);
    u.client.token = password.json().data.token;
    expect((await u.client.post('auth/logout')).statusCode).toBe(200);
    expect((await u.client.get('auth/me')).statusCode).toBe(401);
  });

  it('answers 402 on every route of the table but the sign-in, profile, onboarding and subscription ones', async () => {
    const u = await readyUser(t);
    await endTrial(u.user.tenant.uuid);
    const open: string[] = [];
    const wrong: string[] = [];
    const id = '0b6e1c1e-0000-4000-8000-000000000000';
    for (const route of t.app.routeTable) {
      if (route.config.auth === 'public' || !route.url.startsWith('/api/v1/')) continue;
      const where = `${route.method} ${route.url}`;
      if (route.config.subscription === false) {
        open.push(where);
        continue;
      }
      const url = route.url.replace(/:\w+/g, id);
      const res = await u.client.request(route.method as 'GET', url, route.method === 'GET' ? {} : { body: {} });
      if (res.statusCode !== 402) wrong.push(`${where} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    // The routes that answer anyway: the caller's own session and profile, onboarding, the way out,
    // and the development outbox (support staff only, never in production).
    for (const where of open) expect(where).toMatch(/^\w+ \/api\/v1\/(auth\/|update-|fetchIndustries|subscription(\/|$)|dev\/|operator\/)/);
    expect(open).toEqual(
      expect.arrayContaining([
        'GET /api/v1/subscription',
        'GET /api/v1/subscription/extend-trail',
        'GET /api/v1/auth/me',
        'POST /api/v1/auth/logout',
        'POST /api/v1/auth/update-password',
        'POST /api/v1/update-profile',
        'POST /api/v1/update-locale',
        'PUT /api/v1/update-locale',
      ]),
    );
  });

  it('extends the trial once: the business routes answer again, a second extension is refused', async () => {
    const u = await readyUser(t);
    const tenant = u.user.tenant.uuid;
    await endTrial(tenant);
    const before = Date.now();
    const res = await u.client.get('subscription/extend-trail');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(`Your free trial was extended by ${TRIAL_EXTENSION_DAYS} days`);
    expect(body.data).toMatchObject({ state: 'on_trial', ended: false, trial_days_left: TRIAL_EXTENSION_DAYS, trial_extendable: false });
    // Counted from now, the trial having ended.
    const ends = new Date(body.data.trial_ends_at).getTime();
    expect(ends).toBeGreaterThanOrEqual(before + TRIAL_EXTENSION_DAYS * DAY - 5_000);
    expect(ends).toBeLessThanOrEqual(Date.now() + TRIAL_EXTENSION_DAYS * DAY + 5_000);
    const [row] = await rows<{ trial_extended_at: Date | null }>(t.db, sql`select trial_extended_at from tenants where id = ${tenant}`);
    expect(row?.trial_extended_at).not.toBeNull();

    expect((await u.client.get('orders')).statusCode).toBe(200);
    expect((await u.client.get('auth/me')).json().data.tenant).toMatchObject({ onTrial: true, trial_extendable: false });

    const again = await u.client.get('subscription/extend-trail');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'trial-already-extended', message: expect.stringMatching(/already extended/) });
    const arabic = await u.client.get('subscription/extend-trail', { lang: 'ar' });
    expect(arabic.json().message).toBe('تم تمديد الفترة التجريبية مسبقًا ولا يمكن تمديدها مرة أخرى، اختر خطة أو تواصل مع الدعم');

    // Once the extension ends too, the business is locked again and the state says it cannot extend.
    await t.db.execute(sql`update tenants set trial_ends_at = now() - interval '1 minute' where id = ${tenant}`);
    expect((await u.client.get('orders')).statusCode).toBe(402);
    expect((await u.client.get('subscription')).json().data).toMatchObject({ state: 'trial_ended', trial_extendable: false });
    expect((await u.client.get('subscription/extend-trail')).statusCode).toBe(422);
  });

  it('adds the days to a trial still running, from its end', async () => {
    const u = await readyUser(t);
    const tenant = u.user.tenant.uuid;
    await t.db.execute(sql`update tenants set trial_ends_at = now() + interval '2 days' where id = ${tenant}`);
    const [before] = await rows<{ trial_ends_at: Date }>(t.db, sql`select trial_ends_at from tenants where id = ${tenant}`);
    const res = await u.client.get('subscription/extend-trail');
    expect(res.statusCode).toBe(200);
    expect(new Date(res.json().data.trial_ends_at).getTime()).toBe(new Date(before!.trial_ends_at).getTime() + TRIAL_EXTENSION_DAYS * DAY);
    expect(res.json().data.trial_days_left).toBe(2 + TRIAL_EXTENSION_DAYS);
  });

  it('extends once when two calls race', async () => {
    const u = await readyUser(t);
    await endTrial(u.user.tenant.uuid);
    const results = await Promise.all([u.client.get('subscription/extend-trail'), u.client.get('subscription/extend-trail'), u.client.get('subscription/extend-trail')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    const [row] = await rows<{ days: number }>(t.db, sql`select extract(epoch from trial_ends_at - now()) / 86400 as days from tenants where id = ${u.user.tenant.uuid}`);
    expect(Number(row?.days)).toBeLessThanOrEqual(TRIAL_EXTENSION_DAYS);
  });

  it('refuses a business with a subscription status, active or ended', async () => {
    const u = await readyUser(t);
    const tenant = u.user.tenant.uuid;
    await t.db.execute(sql`update tenants set subscription_status = 'active', subscription_plan = 'pro', subscription_start_at = now(), subscription_ends_at = now() + interval '30 days' where id = ${tenant}`);
    const sub = (await u.client.get('subscription')).json().data;
    expect(sub).toMatchObject({ state: 'active', ended: false, plan: 'pro', status: 'active', trial_extendable: false });
    const res = await u.client.get('subscription/extend-trail');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'subscription-exists', message: 'The free trial cannot be extended for a business with a subscription' });

    await t.db.execute(sql`update tenants set subscription_status = 'past_due' where id = ${tenant}`);
    expect((await u.client.get('subscription')).json().data).toMatchObject({ state: 'past_due', ended: true });
    expect((await u.client.get('subscription/extend-trail')).statusCode).toBe(422);
    // An active plan past its end that renews by itself stays open until the renewal job answers (a minute);
    // one that will not renew has ended.
    await t.db.execute(sql`update tenants set subscription_status = 'active', subscription_ends_at = now() - interval '1 day' where id = ${tenant}`);
    expect((await u.client.get('subscription')).json().data).toMatchObject({ state: 'active', ended: false });
    await t.db.execute(sql`update tenants set subscription_auto_renew = false where id = ${tenant}`);
    expect((await u.client.get('subscription')).json().data).toMatchObject({ state: 'expired', ended: true });
    const [row] = await rows<{ trial_extended_at: Date | null }>(t.db, sql`select trial_extended_at from tenants where id = ${tenant}`);
    expect(row?.trial_extended_at).toBeNull();
  });

  it('needs settings.subscriptions (the owner holds it)', async () => {
    const u = await readyUser(t);
    const tenant = u.user.tenant.uuid;
    await endTrial(tenant);
    const staff = await staffAccount(t.db, tenant, { permissions: PERMISSION_KEYS.filter((k) => k !== 'settings.subscriptions') });
    expect((await injectAs(t.app, staff.token, { url: 'subscription' })).statusCode).toBe(403);
    expect((await injectAs(t.app, staff.token, { url: 'subscription/extend-trail' })).statusCode).toBe(403);
    const manager = await staffAccount(t.db, tenant, { permissions: ['settings.subscriptions'] });
    expect((await injectAs(t.app, manager.token, { url: 'subscription' })).statusCode).toBe(200);
    expect((await injectAs(t.app, manager.token, { url: 'subscription/extend-trail' })).statusCode).toBe(200);
    expect((await new Client(t.app).get('subscription')).statusCode).toBe(401);
  });
});

describe('the demo business', () => {
  it('is seeded with a real plan (Business, yearly, renewing by itself), so it does not lock', async () => {
    const first = await seedDemo(t.db);
    expect(first.created).toBe(true);
    const [tenant] = await rows<{ id: string; subscription_status: string; subscription_plan: string; subscription_ends_at: Date | null }>(
      t.db,
      sql`select id, subscription_status, subscription_plan, subscription_ends_at from tenants where subdomain = ${DEMO.subdomain}`,
    );
    expect(tenant).toMatchObject({ subscription_status: 'active', subscription_plan: 'business' });
    expect(new Date(tenant!.subscription_ends_at!).getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    // Years after its first start.
    await t.db.execute(sql`update tenants set trial_ends_at = now() - interval '3 years' where id = ${tenant!.id}`);
    const owner = new Client(t.app);
    const login = await owner.post('auth/login', { email: DEMO.email, password: DEMO.password });
    expect(login.statusCode).toBe(200);
    owner.token = login.json().data.token;
    expect((await owner.get('orders')).statusCode).toBe(200);
    expect((await owner.get('subscription')).json().data).toMatchObject({ state: 'active', ended: false, plan: 'business', cycle: 'yearly', auto_renew: true, status_label: 'active' });
    expect(await seedDemo(t.db)).toEqual({ created: false, upgraded: false });
  });

  it('upgrades a demo seeded by an older version (no subscription status, trial over) on the next start', async () => {
    await seedDemo(t.db);
    const [tenant] = await rows<{ id: string }>(t.db, sql`select id from tenants where subdomain = ${DEMO.subdomain}`);
    await t.db.execute(
      sql`update tenants set subscription_status = null, subscription_plan = null, subscription_start_at = null, trial_ends_at = now() - interval '30 days' where id = ${tenant!.id}`,
    );
    const owner = new Client(t.app);
    owner.token = (await owner.post('auth/login', { email: DEMO.email, password: DEMO.password })).json().data.token;
    expect((await owner.get('orders')).statusCode).toBe(402);
    expect(await seedDemo(t.db)).toEqual({ created: false, upgraded: true });
    expect((await owner.get('orders')).statusCode).toBe(200);
    // A status set since (a real plan, even an ended one) is left alone.
    await t.db.execute(sql`update tenants set subscription_status = 'past_due' where id = ${tenant!.id}`);
    expect(await seedDemo(t.db)).toEqual({ created: false, upgraded: false });
    const [after] = await rows<{ subscription_status: string }>(t.db, sql`select subscription_status from tenants where id = ${tenant!.id}`);
    expect(after?.subscription_status).toBe('past_due');
  });

  it('never gives the demo plan to a business that is not the demo, whatever its subdomain', async () => {
    await seedDemo(t.db);
    const [demo] = await rows<{ id: string }>(t.db, sql`select id from tenants where subdomain = ${DEMO.subdomain}`);
    const other = await readyUser(t);
    // Another business holding the demo's subdomain (the demo was erased and renamed away).
    await t.db.execute(sql`update tenants set subdomain = 'olddemo' where id = ${demo!.id}`);
    await t.db.execute(sql`update tenants set subdomain = ${DEMO.subdomain}, subscription_status = null where id = ${other.user.tenant.uuid}`);
    expect(await seedDemo(t.db)).toEqual({ created: false, upgraded: false });
    const [after] = await rows<{ subscription_status: string | null }>(t.db, sql`select subscription_status from tenants where id = ${other.user.tenant.uuid}`);
    expect(after?.subscription_status).toBeNull();
    await t.db.execute(sql`update tenants set subdomain = ${other.subdomain} where id = ${other.user.tenant.uuid}`);
    await t.db.execute(sql`update tenants set subdomain = ${DEMO.subdomain} where id = ${demo!.id}`);
  });
});
