import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, type TestApp } from '../../../test/helper';
import { enablePos, mainBranch, newOwner, type Owner, uniqueEmail } from './access.fixtures';

let t: TestApp;
let owner: Owner;
let email: string;
let posId: string;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOwner(t);
  await enablePos(t, owner.tenantId);
  email = uniqueEmail('cashier');
  const res = await owner.client.post('users', { name: 'Front Cashier', email, passcode: '2468', branch_ids: [await mainBranch(t, owner.tenantId)] });
  if (res.statusCode !== 201) throw new Error(res.body);
  posId = res.json().data.uuid;
});
afterAll(async () => {
  await t?.close();
});

const posLogin = (body: Record<string, unknown>) => new Client(t.app).post('auth/pos-login', body);

describe('POST /auth/pos-login', () => {
  it('signs a POS account in with e-mail and passcode', async () => {
    const res = await posLogin({ email: email.toUpperCase(), passcode: '2468' });
    expect(res.statusCode).toBe(200);
    const { user, token } = res.json().data;
    expect(user).toMatchObject({ uuid: posId, type: 'pos', phone: null, is_owner: false });
    expect(user.permissions).toContain('cashier');
    expect(typeof token).toBe('string');
    // A POS token reaches self routes, and nothing of the dashboard's settings.
    const me = await new Client(t.app).get('auth/me', { token });
    expect(me.statusCode).toBe(200);
    const users = await new Client(t.app).get('users', { token });
    expect(users.statusCode).toBe(403);
  });

  it('refuses a wrong passcode, an unknown e-mail and a non-POS account alike', async () => {
    for (const body of [
      { email, passcode: '1111' },
      { email: uniqueEmail('nobody'), passcode: '2468' },
      { email: owner.input.email, passcode: '2468' },
    ]) {
      const res = await posLogin(body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.email).toEqual(['The e-mail or passcode is incorrect']);
    }
    expect((await posLogin({ email, passcode: 'abcd' })).statusCode).toBe(422);
  });

  it('needs the pos plugin installed and an active account', async () => {
    await enablePos(t, owner.tenantId, false);
    const res = await posLogin({ email, passcode: '2468' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('plugin-missing');
    await enablePos(t, owner.tenantId);
    expect((await owner.client.post(`users/${posId}/deactivate`)).statusCode).toBe(200);
    const inactive = await posLogin({ email, passcode: '2468' });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().errors.email).toEqual(['This account is deactivated, contact your admin']);
    expect((await owner.client.post(`users/${posId}/activate`)).statusCode).toBe(200);
    expect((await posLogin({ email, passcode: '2468' })).statusCode).toBe(200);
  });

  it('is throttled per address and account', async () => {
    const c = new Client(t.app);
    const target = uniqueEmail('throttle');
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await c.post('auth/pos-login', { email: target, passcode: '1234' })).statusCode);
    expect(codes).toContain(429);
  });
});
