import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerUser, type TestApp } from '../../../test/helper';

describe('GET /api/v1/dev/outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the latest messages, filtered by recipient', async () => {
    const u = await registerUser(t.app);
    await registerUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?recipient=${encodeURIComponent(u.phoneE164)}` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ channel: 'sms', recipient: u.phoneE164, status: 'pending', subject: null, provider: null });
    expect(data[0].body).toMatch(/\d{4}/);
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox?limit=3' });
    expect(all.json().data).toHaveLength(3);
  });

  it('rejects a bad limit with 422', async () => {
    for (const limit of ['0', '201', 'abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?limit=${limit}` });
      expect(res.statusCode, limit).toBe(422);
    }
  });
});

describe('dev outbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { NODE_ENV: 'production', LOG_LEVEL: 'silent' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is not registered', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
    expect(res.statusCode).toBe(404);
  });
});
