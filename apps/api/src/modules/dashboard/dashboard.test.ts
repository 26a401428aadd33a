import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, readyUser, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/dashboard', () => {
  it('answers 401 signed out', async () => {
    expect((await new Client(t.app).get('dashboard')).statusCode).toBe(401);
  });

  it('answers 200 with the counts once onboarded', async () => {
    const u = await readyUser(t);
    const res = await u.client.get('dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { services_count: 1, providers_count: 1, branches_count: 1 } });
  });

  it('answers 402 when the trial ended without a subscription, while me still answers', async () => {
    const u = await readyUser(t);
    await t.db.execute(sql`update tenants set trial_ends_at = now() - interval '1 hour', subscription_status = null where id = ${u.user.tenant.uuid}`);
    const res = await u.client.get('dashboard');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'expired', message: 'Your subscription has ended, choose a plan to continue' });
    const me = await u.client.get('auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.tenant.onTrial).toBe(false);
    expect(me.json().data.tenant.trial_days_left).toBe(0);
    // Onboarding status stays reachable too.
    expect((await u.client.get('auth/onboarding-status')).statusCode).toBe(200);
  });

  it('answers 200 with an active subscription and 402 with the status code when it is past due', async () => {
    const u = await readyUser(t);
    const tenant = u.user.tenant.uuid;
    await t.db.execute(sql`update tenants set trial_ends_at = now() - interval '1 day', subscription_status = 'active', subscription_ends_at = now() + interval '30 days' where id = ${tenant}`);
    expect((await u.client.get('dashboard')).statusCode).toBe(200);
    await t.db.execute(sql`update tenants set subscription_status = 'past_due' where id = ${tenant}`);
    const res = await u.client.get('dashboard');
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('past_due');
    await t.db.execute(sql`update tenants set subscription_status = 'active', subscription_ends_at = now() - interval '1 minute' where id = ${tenant}`);
    expect((await u.client.get('dashboard')).statusCode).toBe(402);
  });
});
