import { randomUUID } from 'node:crypto';
import { PLUGINS } from '@app/shared/constants';
import { PERMISSION_KEYS, POS_PERMISSIONS, type PermissionKey } from '@app/shared/permissions';
import { withSeed } from '@app/shared/testing/property';
import { getTableName, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { junkBody, NASTY } from '../test/garbage';
import { buildTestApp, Client, randomIp, readyUser, rows, type TestApp } from '../test/helper';
import { withTenant } from './db/client';
import { multipart, PNG_1PX } from './modules/catalogue/catalogue.fixtures';
import { seedOrder } from './modules/transactions/transactions.fixtures';
import { accessTokens, roles, users } from './db/schema/users';
import { randomToken, sha256 } from './lib/crypto';
import type { RouteEntry, TenantTable } from './plugins/request-context';

/**
 * The security suite (issue 3 §6). It is driven by the registered route table: every route the API
 * registers — now or in a later issue — is checked against its own guard declaration, with no test
 * code per route:
 *  - declarations: every non-public route names its permission keys (or is deliberately open to any
 *    signed-in account, or to support staff); every path parameter names the table its ids belong to;
 *  - 401 without a token; 403 for a role holding every key but the route's, not 403 with one of them;
 *  - 404 for another tenant's id (checked before validation), with that row unchanged;
 *  - 404 `plugin-missing` when the route's plugin is not installed; 403 for POS accounts off the cashier;
 *  - property-based garbage bodies and queries: a 4xx with a message, never a 500;
 *  - row-level security: a wrong app.tenant_id sees no row of any tenant table.
 * The counts per check are printed at the end.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let t: TestApp;
let routes: RouteEntry[];
let ownerA: Awaited<ReturnType<typeof readyUser>>;
let ownerB: Awaited<ReturnType<typeof readyUser>>;
let tenantA: string;
let tenantB: string;
let probe: { userId: string; roleId: string };
const counts: Record<string, number> = {};
const count = (check: string, n = 1) => {
  counts[check] = (counts[check] ?? 0) + n;
};

const api = (r: RouteEntry) => r.url.startsWith('/api/v1/');
const isPublic = (r: RouteEntry) => r.config.auth === 'public';
const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
const fill = (url: string, values: Record<string, string>) => url.replace(/:(\w+)/g, (_m, p: string) => values[p] ?? randomUUID());
const label = (r: RouteEntry) => `${r.method} ${r.url}`;

/** A text[] literal (drizzle's sql`` spreads JS arrays into a row). */
const pgArray = (items: readonly string[]) => `{${items.map((i) => `"${i}"`).join(',')}}`;

/** A fresh bearer token for a user (straight into access_tokens; requests never see this path). */
async function tokenFor(tenantId: string, userId: string): Promise<string> {
  const token = randomToken();
  await withTenant(t.db, tenantId, (tx) => tx.insert(accessTokens).values({ tenantId, userId, tokenHash: sha256(token), name: 'security-suite' }));
  return token;
}

async function setProbe(values: { permissions?: string[]; type?: string; canImp?: boolean }) {
  if (values.permissions) await t.db.execute(sql`update roles set permissions = ${pgArray(values.permissions)}::text[] where id = ${probe.roleId}`);
  if (values.type) await t.db.execute(sql`update users set type = ${values.type} where id = ${probe.userId}`);
  if (values.canImp !== undefined) await t.db.execute(sql`update users set can_imp = ${values.canImp} where id = ${probe.userId}`);
}

async function call(r: RouteEntry, token: string | null, opts: { params?: Record<string, string>; body?: unknown; query?: Record<string, string>; raw?: string } = {}) {
  const client = new Client(t.app);
  client.ip = randomIp();
  return client.request(r.method as Method, fill(r.url, opts.params ?? {}), {
    token,
    ...(opts.raw !== undefined ? { payload: opts.raw, headers: { 'content-type': 'application/json' } } : opts.body !== undefined ? { body: opts.body } : {}),
    ...(opts.query ? { query: opts.query } : {}),
  });
}

/** Placeholder values for parameters that are not tenant rows (plugin slugs, link tokens). */
const globalValues = (r: RouteEntry) => Object.fromEntries(paramsOf(r.url).map((p) => [p, p === 'id' ? 'not-a-plugin' : 'x'.repeat(24)]));

/** Some row of `table` in a tenant, or null. */
async function someRow(table: TenantTable, tenantId: string, avoid: string[] = []): Promise<string | null> {
  const name = getTableName(table);
  const found = await rows<{ id: string }>(t.db, sql.raw(`select id::text as id from "${name}" where tenant_id = '${tenantId}' order by created_at nulls last limit 20`));
  return found.map((f) => f.id).find((id) => !avoid.includes(id)) ?? null;
}

async function snapshot(table: TenantTable, id: string) {
  const name = getTableName(table);
  return JSON.stringify(await rows(t.db, sql.raw(`select * from "${name}" where id = '${id}'`)));
}

beforeAll(async () => {
  t = await buildTestApp();
  // Every route but the static files and the API docs (public by construction, see app.ts).
  routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && r.url !== '/api/docs' && !r.url.startsWith('/api/docs/'));
  ownerA = await readyUser(t);
  ownerB = await readyUser(t);
  tenantA = ownerA.user.tenant.uuid;
  tenantB = ownerB.user.tenant.uuid;
  // Both businesses have every plugin, so plugin-tied routes reach their permission check.
  await t.db.execute(sql`update tenants set plugins = ${pgArray(PLUGINS)}::text[] where id in (${tenantA}, ${tenantB})`);
  await fillFixtures();
  // The probe: a staff account of A whose role the suite rewrites per route.
  const [role] = await withTenant(t.db, tenantA, (tx) => tx.insert(roles).values({ tenantId: tenantA, slug: 'probe', name: 'Probe role', permissions: [] }).returning());
  const email = `probe-${randomUUID()}@test.example`;
  const [user] = await withTenant(t.db, tenantA, (tx) =>
    tx
      .insert(users)
      .values({ tenantId: tenantA, name: 'Probe user', email, passwordHash: 'x', roleId: role?.id, emailVerifiedAt: new Date() })
      .returning(),
  );
  if (!role || !user) throw new Error('probe not created');
  probe = { userId: user.id, roleId: role.id };
}, 120_000);

/**
 * Rows in both tenants for tables that onboarding does not fill, through the API where it exists,
 * so "another tenant's id" has something to point at. A later table whose routes take ids gets a
 * row here (the declarations test names it when it is missing).
 */
async function fillFixtures() {
  for (const owner of [ownerA, ownerB]) {
    const c = owner.client;
    const post = async (url: string, body: unknown) => {
      const res = await c.post(url, body);
      return res.statusCode < 300 ? res.json().data : null;
    };
    const role = await post('roles', { name: 'Fixture role', permissions: ['bookings'] });
    await post('branches', { name: 'Fixture branch', type: 'on-site', timezone: 'Asia/Riyadh', working_hours: {} });
    if (role) await post('invitations', { email: `fixture-${randomUUID()}@test.example`, role_id: role.uuid, branch_ids: [] });
    const team = await post('provider-teams', { title: 'Fixture team', provider_ids: [] });
    await post('supervisors', { name: 'Fixture supervisor', email: `sup-${randomUUID()}@test.example`, team_id: team?.uuid ?? null, status: 'active' });
    const me = (await c.get('auth/me')).json().data as { teams: { uuid: string }[] };
    await post('users', { name: 'Fixture cashier', email: `pos-${randomUUID()}@test.example`, passcode: '1234', branch_ids: me.teams.map((b) => b.uuid).slice(0, 1) });
    // Business settings: a tax, a tag, a reason, a custom field, a bank account, an expense type and an expense.
    await post('taxes', { name: 'Fixture tax', rate: 15 });
    await post('tags', { name: 'Fixture tag', color: '#3B71FE' });
    await post('reasons', { type: 'booking-cancel', reason: 'Fixture reason' });
    await post('custom-fields', { label: 'Fixture field', name_en: 'Fixture field', html_tag: 'text', applies_to: 'customer' });
    await post('bank-accounts', { beneficiary_name: 'Fixture', bank_name: 'Fixture bank', iban: 'SA0380000000608010167519', account_number: '608010167519', account_owner: 'Fixture' });
    const expenseType = await post('expense-types', { name: 'Fixture expense type' });
    if (expenseType) await post('expenses', { expense_type_id: expenseType.uuid, amount: 1000, spent_on: '2030-01-01' });
    // Catalogue: a category, a service, a product with an image, a package.
    const category = await post('categories', { name: 'Fixture category' });
    const service = await post('services', { name: 'Fixture service', category_id: category?.uuid, price: 1000, duration: 30 });
    const product = await post('products', { name: 'Fixture product', price: 1000, stock: 1 });
    if (product) {
      const image = multipart([{ name: 'a.png', type: 'image/png', bytes: PNG_1PX }]);
      await c.request('POST', `products/${product.uuid}/images`, { payload: image.payload, headers: image.headers });
    }
    if (service) await post('packages', { name: 'Fixture package', services: [{ service_id: service.uuid, quantity: 1 }], price: 1000, valid_days: 30 });
    // Providers and customers: a day off, a customer with a note and an attachment.
    const provider = ((await c.get('providers')).json().data as { uuid: string }[])[0];
    if (provider) await post(`providers/${provider.uuid}/time-off`, { start_date: '2030-01-01', end_date: '2030-01-01', note: 'Fixture' });
    const customer = await post('customers', { first_name: 'Fixture', last_name: 'Customer' });
    if (customer) {
      await post(`customers/${customer.uuid}/notes`, { body: 'Fixture note' });
      const file = multipart([{ field: 'file', name: 'a.png', type: 'image/png', bytes: PNG_1PX }]);
      await c.request('POST', `attachments/customer/${customer.uuid}/store`, { payload: file.payload, headers: file.headers });
    }
    // Bookings: one at the onboarding provider's first free slot (with its order), and a block time.
    const staff = ((await c.get('providers')).json().data as { uuid: string; branch_id: string | null; service_ids: string[] }[])[0];
    if (staff?.branch_id && staff.service_ids[0] && customer) {
      const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
      const q = `branch_id=${staff.branch_id}&service_ids=${staff.service_ids[0]}&staff_id=${staff.uuid}&from=${day(1)}&to=${day(14)}`;
      const free = ((await c.get(`bookings/slots?${q}`)).json().data as { slots: { start_time: string }[] }[]).flatMap((d) => d.slots)[0];
      if (free) await post('bookings', { customer_id: customer.uuid, branch_id: staff.branch_id, staff_id: staff.uuid, service_ids: [staff.service_ids[0]], start_time: free.start_time });
      await post('block-times', { branch_id: staff.branch_id, staff_id: null, start_time: `${day(20)}T09:00:00Z`, end_time: `${day(20)}T10:00:00Z`, notes: 'Fixture' });
    }
    // Import: a job (a one-row categories file).
    const importBoundary = `----fixtureimport${randomUUID()}`;
    const importFile = `--${importBoundary}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\nname,slug\r\nImported category,imported-category\r\n--${importBoundary}--\r\n`;
    await c.request('POST', 'import/categories', { payload: Buffer.from(importFile), headers: { 'content-type': `multipart/form-data; boundary=${importBoundary}` } });
    // Orders: an order with a service line and a product line, and an image.
    if (service && product) {
      const order = await post('orders', { customer_id: customer?.uuid ?? null, items: [{ type: 'service', service_id: service.uuid }, { type: 'product', product_id: product.uuid, quantity: 1 }] });
      if (order) {
        const image = multipart([{ name: 'o.png', type: 'image/png', bytes: PNG_1PX }]);
        await c.request('POST', `orders/${order.id}/images`, { payload: image.payload, headers: image.headers });
      }
    }
    // Payments: an order (straight through the order core) with a cash payment on it.
    const payOrder = await seedOrder(t.db, owner.user.tenant.uuid, { total: 10_000, customerId: customer?.uuid ?? null });
    await post(`orders/${payOrder.id}/transactions`, { payment_method: 'cash', amount: 1_000 });
    // Invoices: that order's invoice (a plain one: the fixture business has no VAT number).
    await post(`orders/${payOrder.id}/invoice`, {});
    if (service) await post('quotations', { customer_name: 'Fixture', items: [{ type: 'service', service_id: service.uuid }] });
    await post('coupons', { code: 'FIXTURE10', name: 'Fixture coupon', discount_type: 'percentage', discount_amount: 1000 });
    await post('campaigns', { name: 'Fixture campaign', channel: 'sms', content: 'Hello {{customer_name}}' });
    // An offer far ahead (it prices nothing the other fixtures write).
    if (service) await post('offers', { name: 'Fixture offer', type: 'percentage', amount: 1000, start_at: '2099-01-01T00:00:00Z', end_at: '2099-02-01T00:00:00Z', channels: ['webapp'], service_ids: [service.uuid] });
    await post('templates', { action: 'booking_created', channel: 'sms', receiver: 'customer', body_ar: 'تم الحجز', body_en: 'Booked' });
    await t.db.execute(
      sql`insert into notifications (tenant_id, action, channel, receiver_type, body, status, idempotency_key) values (${owner.user.tenant.uuid}, 'booking_created', 'sms', 'customer', 'Fixture', 'sent', ${`fixture:${randomUUID()}`})`,
    );
    // Reviews and comments: a review of the paid order and a comment on the service.
    await t.db.execute(sql`insert into reviews (tenant_id, order_id, by_name, rating) values (${owner.user.tenant.uuid}, ${payOrder.id}, 'Fixture', 5)`);
    if (service) await t.db.execute(sql`insert into comments (tenant_id, subject_type, subject_id, by_name, body) values (${owner.user.tenant.uuid}, 'service', ${service.uuid}, 'Fixture', 'Fixture comment')`);
    // The bell: a note for the owner.
    await t.db.execute(sql`insert into app_notifications (tenant_id, user_id, kind, title_ar, title_en, url) values (${owner.user.tenant.uuid}, ${owner.user.uuid}, 'general', 'ملاحظة', 'Fixture note', '/orders')`);
    // The store's waitlist: an entry at the business's first branch.
    await t.db.execute(
      sql`insert into waitlist_entries (tenant_id, branch_id, service_ids, day, name, phone) select ${owner.user.tenant.uuid}, id, '{}'::uuid[], '2030-01-01', 'Fixture', '+966500000000' from branches where tenant_id = ${owner.user.tenant.uuid} order by created_at limit 1`,
    );
    // The store panel: a gallery picture and a custom page.
    const galleryFile = multipart([{ field: 'file', name: 'g.png', type: 'image/png', bytes: PNG_1PX }]);
    await c.request('POST', 'gallery', { payload: galleryFile.payload, headers: galleryFile.headers });
    await post('store/custom-pages', { type: 'content', title: 'Fixture page', slug: 'fixture', body: 'Fixture' });
    // The subscription: a plan paid by card on the local gateway (a charge and the platform's invoice); the largest, so no limit gets in the way.
    const started = await post('subscription/business/checkout/monthly', { payment_method: 'credit_card' });
    if (started) await post(`subscription/charges/${started.charge_id}/simulate`, { outcome: 'paid' });
  }
}

afterAll(async () => {
  const lines = Object.entries(counts)
    .sort()
    .map(([k, v]) => `  ${k.padEnd(48)} ${v}`);
  console.log(`\nSecurity suite: ${routes?.filter(api).length ?? 0} API routes in the route table\n${lines.join('\n')}\n`);
  await t?.close();
});

describe('route declarations', () => {
  it('every non-public route declares its permission keys, or is deliberately open', () => {
    const undeclared = routes
      .filter((r) => !isPublic(r))
      .filter((r) => !(r.config.permissions && r.config.permissions.length > 0) && !r.config.self && !r.config.impersonator)
      .map(label);
    expect(undeclared).toEqual([]);
    count('declared: permission keys', routes.filter((r) => !isPublic(r) && r.config.permissions?.length).length);
    count('declared: open to any signed-in account', routes.filter((r) => !isPublic(r) && r.config.self).length);
    count('declared: public', routes.filter(isPublic).length);
  });

  it('every key a route names is a permission key of spec §6', () => {
    const bad = routes.flatMap((r) => (r.config.permissions ?? []).filter((k) => !PERMISSION_KEYS.includes(k)).map((k) => `${label(r)}: ${k}`));
    expect(bad).toEqual([]);
  });

  it('every path parameter names its table (or is declared global)', async () => {
    const bad = routes.filter((r) => r.hasParams && !r.config.globalParams).filter((r) => paramsOf(r.url).some((p) => !r.config.resources?.[p]));
    expect(bad.map(label)).toEqual([]);
    const missing: string[] = [];
    for (const r of routes.filter((x) => x.config.resources)) {
      for (const table of Object.values(r.config.resources ?? {})) {
        if (!(await someRow(table, tenantB))) missing.push(`${label(r)} → ${getTableName(table)}`);
      }
    }
    expect(missing, 'tenant B has no row in these tables: add one to fillFixtures').toEqual([]);
  });
});

describe('authentication', () => {
  it('answers 401 to every non-public route without a token', async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => !isPublic(x))) {
      const res = await call(r, null, r.config.globalParams ? { params: globalValues(r) } : {});
      if (res.statusCode !== 401 || typeof res.json().message !== 'string') failures.push(`${label(r)} → ${res.statusCode}`);
      else count('401 without a token');
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 to every non-public route with a made-up, a revoked, or a deactivated account token', async () => {
    await setProbe({ permissions: [...PERMISSION_KEYS] });
    const revoked = await tokenFor(tenantA, probe.userId);
    await t.db.execute(sql`delete from access_tokens where token_hash = ${sha256(revoked)}`);
    const deactivated = await tokenFor(tenantA, probe.userId);
    await t.db.execute(sql`update users set status = 'inactive' where id = ${probe.userId}`);
    const failures: string[] = [];
    for (const r of routes.filter((x) => !isPublic(x))) {
      for (const [kind, token] of [['made-up', randomToken()], ['revoked', revoked], ['deactivated account', deactivated]] as const) {
        const res = await call(r, token, r.config.globalParams ? { params: globalValues(r) } : {});
        if (res.statusCode !== 401) failures.push(`${label(r)} with a ${kind} token → ${res.statusCode}`);
        else count(`401 with a ${kind} token`);
      }
    }
    await t.db.execute(sql`update users set status = 'active' where id = ${probe.userId}`);
    await setProbe({ permissions: [] });
    expect(failures).toEqual([]);
  }, 180_000); // every route × three tokens: a budget that grows with the route table, not a speed check
});

describe('permissions', () => {
  it('answers 403 to a role holding every key but the route own, and not 403 with one of them', async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => !isPublic(x) && x.config.permissions?.length)) {
      const keys = r.config.permissions as PermissionKey[];
      const params = r.config.globalParams ? globalValues(r) : {};
      await setProbe({ permissions: PERMISSION_KEYS.filter((k) => !keys.includes(k)) });
      const denied = await call(r, await tokenFor(tenantA, probe.userId), { params });
      if (denied.statusCode !== 403) failures.push(`${label(r)} without its keys → ${denied.statusCode}`);
      else count('403 without the route keys');

      for (const key of keys) {
        await setProbe({ permissions: [key] });
        // Owner-only routes stay closed to staff whatever they hold; the owner is the one who passes.
        const token = r.config.ownerOnly ? ownerA.token : await tokenFor(tenantA, probe.userId);
        const allowed = await call(r, token, { params });
        if (allowed.statusCode === 403 || allowed.statusCode === 401) failures.push(`${label(r)} with ${key} → ${allowed.statusCode} ${allowed.body}`);
        else count('not 403 with one of the route keys');
      }
      if (r.config.ownerOnly) {
        await setProbe({ permissions: [...PERMISSION_KEYS] });
        const staff = await call(r, await tokenFor(tenantA, probe.userId), { params });
        if (staff.statusCode !== 403) failures.push(`${label(r)} owner-only, as staff with every key → ${staff.statusCode}`);
        else count('403 owner-only route as staff');
      }
    }
    await setProbe({ permissions: [] });
    expect(failures).toEqual([]);
  }, 180_000); // every route × its keys: a budget that grows with the route table, not a speed check

  it('lets a role with no key through the routes open to any signed-in account', async () => {
    await setProbe({ permissions: [] });
    const failures: string[] = [];
    for (const r of routes.filter((x) => !isPublic(x) && x.config.self && !x.config.permissions?.length)) {
      const res = await call(r, await tokenFor(tenantA, probe.userId), r.config.globalParams ? { params: globalValues(r) } : {});
      if (res.statusCode === 403 || res.statusCode === 401) failures.push(`${label(r)} → ${res.statusCode}`);
      else count('self route open to a role with no key');
    }
    expect(failures).toEqual([]);
  });

  it('keeps support-only routes to can_imp accounts', async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.config.impersonator)) {
      await setProbe({ canImp: false });
      const res = await call(r, await tokenFor(tenantA, probe.userId));
      if (res.statusCode !== 403) failures.push(`${label(r)} without can_imp → ${res.statusCode}`);
      else count('403 support route without can_imp');
      await setProbe({ canImp: true });
      const ok = await call(r, await tokenFor(tenantA, probe.userId));
      if (ok.statusCode === 403) failures.push(`${label(r)} with can_imp → 403`);
      else count('not 403 support route with can_imp');
    }
    await setProbe({ canImp: false });
    expect(failures).toEqual([]);
  });

  it('keeps POS accounts to the cashier routes', async () => {
    await setProbe({ permissions: [...PERMISSION_KEYS], type: 'pos' });
    const failures: string[] = [];
    for (const r of routes.filter((x) => !isPublic(x) && x.config.permissions?.length && !x.config.ownerOnly)) {
      const cashier = (r.config.permissions ?? []).some((k) => POS_PERMISSIONS.includes(k));
      const res = await call(r, await tokenFor(tenantA, probe.userId), r.config.globalParams ? { params: globalValues(r) } : {});
      if (cashier ? res.statusCode === 403 : res.statusCode !== 403) failures.push(`${label(r)} as POS → ${res.statusCode}`);
      else count(cashier ? 'POS account reaches cashier route' : '403 POS account off the cashier');
    }
    await setProbe({ permissions: [], type: 'user' });
    expect(failures).toEqual([]);
  });
});

describe('plugins', () => {
  it('answers 404 plugin-missing on plugin routes while the plugin is not installed', async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.config.plugin)) {
      const plugin = r.config.plugin as string;
      await t.db.execute(sql`update tenants set plugins = array_remove(plugins, ${plugin}) where id = ${tenantA}`);
      const res = await call(r, ownerA.token, r.config.globalParams ? { params: globalValues(r) } : {});
      await t.db.execute(sql`update tenants set plugins = array_append(plugins, ${plugin}) where id = ${tenantA}`);
      if (res.statusCode !== 404 || res.json().code !== 'plugin-missing') failures.push(`${label(r)} → ${res.statusCode}`);
      else count('404 plugin-missing');
    }
    expect(failures).toEqual([]);
  });
});

describe('tenant isolation by id', () => {
  it('answers 404 to another tenant id on every route that takes one, and leaves the row unchanged', async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.config.resources && !isPublic(x))) {
      const params: Record<string, string> = {};
      const before: [TenantTable, string, string][] = [];
      for (const [param, table] of Object.entries(r.config.resources ?? {})) {
        const id = await someRow(table, tenantB);
        if (!id) continue;
        params[param] = id;
        before.push([table, id, await snapshot(table, id)]);
      }
      const body = r.body ? {} : undefined;
      const res = await call(r, ownerA.token, { params, body });
      if (res.statusCode !== 404) failures.push(`${label(r)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      else count('404 for another tenant id');
      for (const [table, id, snap] of before) {
        if ((await snapshot(table, id)) !== snap) failures.push(`${label(r)} changed ${getTableName(table)} ${id}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 404 to a made-up id on every route that takes one', async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.config.resources && !isPublic(x))) {
      const res = await call(r, ownerA.token, { body: r.body ? {} : undefined });
      if (res.statusCode !== 404) failures.push(`${label(r)} → ${res.statusCode}`);
      else count('404 for an unknown id');
      const bad = await call(r, ownerA.token, { params: Object.fromEntries(paramsOf(r.url).map((p) => [p, "1' or '1'='1"])) });
      if (bad.statusCode !== 404) failures.push(`${label(r)} non-uuid → ${bad.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

// ------------------------------------------------------------------ garbage in, never a 500

/** The top-level keys of a zod object schema (through optional/nullable/default wrappers). */
function keysOf(schema: unknown): string[] {
  let s = schema as z.ZodType | undefined;
  for (let i = 0; i < 5 && s; i++) {
    if (s instanceof z.ZodObject) return Object.keys(s.shape);
    const inner = (s as unknown as { unwrap?: () => z.ZodType }).unwrap;
    s = typeof inner === 'function' ? inner.call(s) : undefined;
  }
  return [];
}

/** Fixed cases run before the random ones: every nasty string in every field at once. */
function nastyExamples(keys: string[]): [{ body: unknown }][] {
  if (keys.length === 0) return [];
  return NASTY.map((v) => [{ body: Object.fromEntries(keys.map((k) => [k, v])) }]);
}

/** Ids of tenant A's own rows, so garbage reaches validation and the handler. */
async function ownParams(r: RouteEntry): Promise<Record<string, string>> {
  if (r.config.globalParams) return Object.fromEntries(paramsOf(r.url).map((p) => [p, p === 'id' ? 'pos' : 'x'.repeat(24)]));
  const out: Record<string, string> = {};
  for (const [param, table] of Object.entries(r.config.resources ?? {})) {
    // Never the owner's own account: garbage must not be able to lock the suite out.
    const id = await someRow(table, tenantA, [ownerA.user.uuid]);
    if (id) out[param] = id;
  }
  return out;
}

const RUNS = Number(process.env.SECURITY_FUZZ_RUNS ?? 25);

describe('garbage input', () => {
  it('answers every route with a body with a 4xx and a message, never a 500', async () => {
    const failures: string[] = [];
    const { seed } = withSeed(); // one seed for every route of the test, printed once
    for (const r of routes.filter((x) => x.body && !x.multipart)) {
      const params = await ownParams(r);
      const keys = keysOf(r.body);
      await fc.assert(
        fc.asyncProperty(junkBody(keys), async (input) => {
          const token = isPublic(r) ? null : await tokenFor(tenantA, ownerA.user.uuid);
          const res = await call(r, token, { params, ...input });
          const ok = res.statusCode < 500 && (res.statusCode < 400 || typeof res.json().message === 'string');
          if (!ok) failures.push(`${label(r)} → ${res.statusCode} for ${JSON.stringify(input).slice(0, 200)}: ${res.body.slice(0, 200)}`);
          return ok;
        }),
        { numRuns: RUNS, seed, examples: nastyExamples(keys) },
      ).catch(() => undefined);
      count('garbage bodies: routes');
      count('garbage bodies: requests', RUNS + nastyExamples(keys).length);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers every route with a query string to garbage queries without a 500', async () => {
    const failures: string[] = [];
    const { seed } = withSeed(); // one seed for every route of the test, printed once
    const queryValue = fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom(...NASTY), fc.integer().map(String), fc.double().map(String));
    for (const r of routes.filter((x) => x.querystring && x.method === 'GET')) {
      const params = await ownParams(r);
      const keys = keysOf(r.querystring);
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom(...keys, 'page', 'per_page', 'x'), queryValue, { maxKeys: keys.length + 1 }), async (query) => {
          const token = isPublic(r) ? null : await tokenFor(tenantA, ownerA.user.uuid);
          const res = await call(r, token, { params, query });
          const ok = res.statusCode < 500;
          if (!ok) failures.push(`${label(r)} → ${res.statusCode} for ${JSON.stringify(query).slice(0, 200)}: ${res.body.slice(0, 200)}`);
          return ok;
        }),
        { numRuns: RUNS, seed, examples: NASTY.map((v) => [Object.fromEntries(keys.map((k) => [k, v]))]) },
      ).catch(() => undefined);
      count('garbage queries: routes');
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('row-level security', () => {
  it('shows no row of any tenant table under a wrong app.tenant_id, and only own rows under a right one', async () => {
    const tables = await rows<{ table_name: string }>(
      t.db,
      sql`select c.table_name from information_schema.columns c join information_schema.tables tb using (table_schema, table_name)
          where c.table_schema = 'public' and c.column_name = 'tenant_id' and c.is_nullable = 'NO' and tb.table_type = 'BASE TABLE' order by 1`,
    );
    expect(tables.length).toBeGreaterThan(5);
    for (const { table_name } of tables) {
      const wrong = await withTenant(t.db, randomUUID(), (tx) => rows<{ n: number }>(tx as never, sql.raw(`select count(*)::int as n from "${table_name}"`)));
      expect(Number(wrong[0]?.n), `${table_name} under a wrong tenant`).toBe(0);
      const foreign = await withTenant(t.db, tenantA, (tx) =>
        rows<{ n: number }>(tx as never, sql.raw(`select count(*)::int as n from "${table_name}" where tenant_id <> '${tenantA}'`)),
      );
      expect(Number(foreign[0]?.n), `${table_name}: another tenant's rows`).toBe(0);
      count('RLS: tables hiding every row under a wrong tenant');
    }
    // The suite's own fixtures exist, so "sees nothing" is not vacuous.
    const [own] = await withTenant(t.db, tenantA, (tx) => rows<{ n: number }>(tx as never, sql`select count(*)::int as n from users`));
    expect(Number(own?.n)).toBeGreaterThan(0);
  });
});
