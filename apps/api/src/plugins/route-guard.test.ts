import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { branches } from '../db/schema/business';
import { injectAs, openTestDb, readyUser, type TestApp, type TestDb } from '../../test/helper';

/**
 * The guard declarations that today's routes do not all exercise (plugin, owner-only, resources),
 * on routes registered only for this test.
 */
let t: TestApp;
let testDb: TestDb;
let dataDir: string;
let owner: Awaited<ReturnType<typeof readyUser>>;

beforeAll(async () => {
  testDb = await openTestDb();
  dataDir = mkdtempSync(path.join(tmpdir(), 'khidma-guard-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST: 'off' });
  const app: App = await buildApp({ config, db: testDb.db });
  await app.register(
    async (api) => {
      api.get('/guard-test/packages', { config: { plugin: 'packages', permissions: ['packages'] } }, async () => ({ ok: true }));
      api.get('/guard-test/owner', { config: { ownerOnly: true, permissions: ['settings.users'] } }, async () => ({ ok: true }));
      api.get('/guard-test/public-branch/:id', { config: { auth: 'public', resources: { id: branches } } }, async () => ({ ok: true }));
      api.post('/guard-test/branch/:id', { config: { permissions: ['settings.branches'], resources: { id: branches } } }, async (request) => ({
        id: (request.params as { id: string }).id,
      }));
    },
    { prefix: '/api/v1' },
  );
  await app.ready();
  t = { app, db: testDb.db, config, handle: testDb.handle, dataDir, close: async () => undefined };
  owner = await readyUser(t);
});
afterAll(async () => {
  await t?.app.close();
  await testDb?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('plugin routes', () => {
  it('answers 404 plugin-missing until the plugin is installed', async () => {
    const res = await injectAs(t.app, owner.token, { url: 'guard-test/packages' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'plugin-missing' });
    expect(res.json().message).toMatch(/plugin/i);
    await t.db.execute(sql`update tenants set plugins = '{packages}'::text[] where id = ${owner.user.tenant.uuid}`);
    expect((await injectAs(t.app, owner.token, { url: 'guard-test/packages' })).statusCode).toBe(200);
  });
});

describe('owner-only routes', () => {
  it('lets the owner through', async () => {
    expect((await injectAs(t.app, owner.token, { url: 'guard-test/owner' })).statusCode).toBe(200);
  });
});

describe('resource ids', () => {
  it('answers 404 for an unknown or malformed id before validating the body, and passes the own id', async () => {
    const me = (await injectAs(t.app, owner.token, { url: 'auth/me' })).json().data;
    const own = me.teams[0].uuid as string;
    expect((await injectAs(t.app, owner.token, { method: 'POST', url: `guard-test/branch/${randomUUID()}`, body: {} })).statusCode).toBe(404);
    expect((await injectAs(t.app, owner.token, { method: 'POST', url: 'guard-test/branch/not-a-uuid', body: {} })).statusCode).toBe(404);
    const ok = await injectAs(t.app, owner.token, { method: 'POST', url: `guard-test/branch/${own}`, body: {} });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().id).toBe(own);
  });
});

describe('declarations are checked when a route is registered', () => {
  it('refuses a signed-in route without permission keys, and a path id without its table', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST: 'off' });
    const app = await buildApp({ config, db: testDb.db });
    await expect(
      app.register(async (api) => {
        api.get('/api/v1/undeclared', async () => ({ ok: true }));
      }),
    ).rejects.toThrow(/must declare permissions/);
    const app2 = await buildApp({ config, db: testDb.db });
    await expect(
      app2.register(async (api) => {
        api.get('/api/v1/things/:id', { config: { permissions: ['services'] } }, async () => ({ ok: true }));
      }),
    ).rejects.toThrow(/path parameter/);
    await app.close().catch(() => undefined);
    await app2.close().catch(() => undefined);
  });

  it('answers 404 on a public route that names a table, as nobody is signed in', async () => {
    const me = (await injectAs(t.app, owner.token, { url: 'auth/me' })).json().data;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/guard-test/public-branch/${me.teams[0].uuid}` });
    expect(res.statusCode).toBe(404);
  });
});
