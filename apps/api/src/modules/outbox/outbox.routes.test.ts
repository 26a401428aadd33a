import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, injectAs, readMailToken, registerUser, type TestApp } from '../../../test/helper';
import { randomToken } from '../../lib/crypto';
import { consolePrinter } from '../../integrations/local-console';
import { deliveryFor } from '../../app';
import { newOwner, type Owner } from '../access/access.fixtures';

let t: TestApp;
let operator: Owner;
let owner: Owner;
beforeAll(async () => {
  t = await buildTestApp();
  operator = await newOwner(t);
  owner = await newOwner(t);
  await t.db.execute(sql`update users set can_imp = true where id = ${operator.user.uuid}`);
});
afterAll(async () => {
  await t?.close();
});

const outbox = (token: string | null, query = '') => injectAs(t.app, token, { url: `dev/outbox${query}` });

describe('GET /api/v1/dev/outbox', () => {
  it('shows no message without a token, with a made-up token, or to a business owner', async () => {
    const u = await registerUser(t.app);
    const q = `?recipient=${encodeURIComponent(u.phoneE164)}`;
    for (const [who, token, status] of [
      ['no token', null, 401],
      ['a made-up token', randomToken(), 401],
      ['a business owner', owner.token, 403],
      ['the newly signed-up owner', u.token, 403],
    ] as const) {
      const res = await outbox(token, q);
      expect(res.statusCode, who).toBe(status);
      expect(res.json().data, who).toBeUndefined();
      expect(res.body, who).not.toMatch(/\d{4}/);
    }
  });

  it('lists the latest messages to a platform operator, filtered by recipient', async () => {
    const u = await registerUser(t.app);
    await registerUser(t.app);
    const res = await outbox(operator.token, `?recipient=${encodeURIComponent(u.phoneE164)}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ channel: 'sms', recipient: u.phoneE164, status: 'pending', subject: null, provider: null });
    expect(data[0].body).toMatch(/\d{4}/);
    const all = await outbox(operator.token, '?limit=3');
    expect(all.json().data).toHaveLength(3);
  });

  it('is closed to an operator inside an impersonation session', async () => {
    const imp = await injectAs(t.app, operator.token, { method: 'POST', url: 'auth/impersonate', body: { email: owner.input.email, reason: 'Checking the outbox rule' } });
    expect(imp.statusCode).toBe(200);
    expect((await outbox(imp.json().data.token)).statusCode).toBe(403);
  });

  it('rejects a bad limit with 422', async () => {
    for (const limit of ['0', '201', 'abc']) {
      expect((await outbox(operator.token, `?limit=${limit}`)).statusCode, limit).toBe(422);
    }
  });

  it('a reset link appears in no response but the operator outbox', async () => {
    const c = new Client(t.app);
    const forgot = await c.post('auth/forgot-password', { email: owner.input.email });
    expect(forgot.statusCode).toBe(200);
    const token = await readMailToken(t.db, owner.input.email);
    expect(forgot.body).not.toContain(token);
    const asOwner = await outbox(owner.token, `?recipient=${encodeURIComponent(owner.input.email)}`);
    expect(asOwner.body).not.toContain(token);
    const anonymous = await outbox(null, `?recipient=${encodeURIComponent(owner.input.email)}`);
    expect(anonymous.body).not.toContain(token);
    const asOperator = await outbox(operator.token, `?recipient=${encodeURIComponent(owner.input.email)}`);
    expect(asOperator.statusCode).toBe(200);
    expect(asOperator.body).toContain(encodeURIComponent(token));
  });
});

describe('GET /api/v1/dev/local-delivery', () => {
  it('says which channels are delivered locally, and holds no message', async () => {
    const res = await injectAs(t.app, null, { url: 'dev/local-delivery' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { sms: true, email: true } });
  });
});

describe('local delivery', () => {
  it('prints each message (recipient, code or link) on the server console', async () => {
    const printed: string[] = [];
    const delivery = deliveryFor(t.config, consolePrinter((text) => printed.push(text)));
    await delivery.sms.send({ to: '+966500000009', body: 'Your code is 4821' });
    await delivery.email.send({ to: 'a@b.example', subject: 'Reset your password', text: 'Open http://x/reset-password?token=abc' });
    expect(printed.join('')).toContain('SMS to +966500000009');
    expect(printed.join('')).toContain('Your code is 4821');
    expect(printed.join('')).toContain('E-mail to a@b.example');
    expect(printed.join('')).toContain('token=abc');
  });

  it('prints nothing in production', async () => {
    const production = deliveryFor({ ...t.config, env: 'production' });
    const original = process.stdout.write.bind(process.stdout);
    const writes: string[] = [];
    process.stdout.write = ((chunk: string) => {
      writes.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    try {
      await production.sms.send({ to: '+966500000009', body: 'Your code is 4821' });
    } finally {
      process.stdout.write = original;
    }
    expect(writes.join('')).not.toContain('4821');
  });
});

describe('dev outbox in production', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await buildTestApp({ env: { NODE_ENV: 'production', LOG_LEVEL: 'silent' } });
  });
  afterAll(async () => {
    await p?.close();
  });

  it('is not registered', async () => {
    expect((await injectAs(p.app, null, { url: 'dev/outbox' })).statusCode).toBe(404);
    expect((await injectAs(p.app, null, { url: 'dev/local-delivery' })).statusCode).toBe(404);
  });
});
