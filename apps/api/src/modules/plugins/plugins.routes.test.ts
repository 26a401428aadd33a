import { PLUGINS } from '@app/shared/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, injectAs, readyUser, rows, type TestApp } from '../../../test/helper';
import { staffAccount } from '../branches/staff.fixture';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Owner = Awaited<ReturnType<typeof readyUser>>;
const del = (c: Client, url: string) => c.request('DELETE', url);

async function storedPlugins(owner: Owner): Promise<string[]> {
  const [row] = await rows<{ plugins: string[] }>(t.db, sql`select plugins from tenants where id = ${owner.user.tenant.uuid}`);
  return row?.plugins ?? [];
}

describe('plugins', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await readyUser(t);
  });

  it('answers 401 signed out', async () => {
    expect((await new Client(t.app).get('plugins')).statusCode).toBe(401);
  });

  it('lists every plugin, localized, none installed', async () => {
    const res = await owner.client.get('plugins');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((p: { slug: string }) => p.slug)).toEqual([...PLUGINS]);
    expect(data.every((p: { installed: boolean }) => !p.installed)).toBe(true);
    expect(data[0]).toEqual({ id: 'pos', slug: 'pos', name: 'Point of sale', description: expect.any(String), installed: false });
    const ar = await owner.client.get('plugins', { lang: 'ar' });
    expect(ar.json().data[0].name).toBe('نقاط البيع');
    for (const p of ar.json().data) expect(p.description.length).toBeGreaterThan(0);
  });

  it('installs and uninstalls; a second install or uninstall is refused', async () => {
    const install = await owner.client.put('plugins/packages/install');
    expect(install.statusCode).toBe(200);
    expect(install.json()).toEqual({ message: 'Plugin installed', data: expect.objectContaining({ slug: 'packages', installed: true }) });
    expect(await storedPlugins(owner)).toEqual(['packages']);
    expect((await owner.client.get('plugins')).json().data.find((p: { slug: string }) => p.slug === 'packages').installed).toBe(true);
    expect((await owner.client.get('auth/me')).json().data.tenant.plugins).toEqual(['packages']);

    const again = await owner.client.put('plugins/packages/install');
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('The plugin is already installed');
    expect(await storedPlugins(owner)).toEqual(['packages']);

    expect((await owner.client.put('plugins/pos/install')).statusCode).toBe(200);
    expect(await storedPlugins(owner)).toEqual(['packages', 'pos']);

    const uninstall = await del(owner.client, 'plugins/packages/uninstall');
    expect(uninstall.statusCode).toBe(200);
    expect(uninstall.json()).toEqual({ message: 'Plugin uninstalled', data: expect.objectContaining({ slug: 'packages', installed: false }) });
    expect(await storedPlugins(owner)).toEqual(['pos']);

    const notInstalled = await del(owner.client, 'plugins/packages/uninstall');
    expect(notInstalled.statusCode).toBe(422);
    expect(notInstalled.json().message).toBe('The plugin is not installed');
    expect((await del(owner.client, 'plugins/commission/uninstall')).statusCode).toBe(422);
  });

  it('answers 404 for an unknown plugin', async () => {
    for (const [method, url] of [
      ['PUT', 'plugins/teleport/install'],
      ['DELETE', 'plugins/teleport/uninstall'],
      ['PUT', 'plugins/POS/install'],
    ] as const) {
      const res = await owner.client.request(method, url);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Page not found');
    }
  });

  it("changes only the caller's business", async () => {
    const other = await readyUser(t);
    expect((await other.client.put('plugins/boundaries/install')).statusCode).toBe(200);
    expect(await storedPlugins(owner)).not.toContain('boundaries');
    expect(await storedPlugins(other)).toEqual(['boundaries']);
  });

  it('needs the plugins key: 403 without it, 200 with it', async () => {
    const tenant = owner.user.tenant.uuid;
    const without = await staffAccount(t.db, tenant, { permissions: ['settings.branches'] });
    for (const [method, url] of [
      ['GET', 'plugins'],
      ['PUT', 'plugins/commission/install'],
      ['DELETE', 'plugins/pos/uninstall'],
      ['PUT', 'plugins/teleport/install'],
    ] as const) {
      const res = await injectAs(t.app, without.token, { method, url });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You do not have permission');
    }
    const withKey = await staffAccount(t.db, tenant, { permissions: ['plugins'] });
    expect((await injectAs(t.app, withKey.token, { url: 'plugins' })).statusCode).toBe(200);
    expect((await injectAs(t.app, withKey.token, { method: 'PUT', url: 'plugins/commission/install' })).statusCode).toBe(200);
    expect(await storedPlugins(owner)).toContain('commission');
  });
});

describe('GET /api/docs/json', () => {
  it('documents the plugin routes', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/plugins', '/api/v1/plugins/{id}/install', '/api/v1/plugins/{id}/uninstall']));
  });
});
