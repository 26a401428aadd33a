import { messageFor } from '@app/shared/validation';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, readyUser, registerUser, rows, type TestApp, validRegistration, verifyPhone } from '../test/helper';
import { staffAccount } from './modules/branches/staff.fixture';

/**
 * Names with bidi controls or invisible format characters (U+202E RIGHT-TO-LEFT OVERRIDE here) are
 * refused with 422 on the field, in the request's language, and nothing is stored: one table of every
 * name-like field of the API. The character class itself is tested in packages/shared (names.test.ts).
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof readyUser>>;
let tenant: string;
let categoryId: string;
let roleId: string;
let staffId: string;

const EVIL = '\u202Eevil name';
const EN = messageFor('invisible_characters', 'en');
const AR = messageFor('invisible_characters', 'ar');

async function count(query: SQL): Promise<number> {
  const [row] = await rows<{ n: number }>(t.db, query);
  return Number(row?.n ?? 0);
}
/** Rows of `table` whose `column` holds the override: none may ever be stored. */
const stored = (table: string, column: string) => count(sql`select count(*)::int as n from ${sql.raw(table)} where strpos(${sql.raw(column)}, ${'\u202E'}) > 0`);
const total = (table: string) => count(sql`select count(*)::int as n from ${sql.raw(table)}`);

beforeAll(async () => {
  t = await buildTestApp();
  owner = await readyUser(t);
  tenant = owner.user.tenant.uuid;
  const cat = await owner.client.post('categories', { name: 'Hair care' });
  if (cat.statusCode !== 201) throw new Error(`category: ${cat.statusCode} ${cat.body}`);
  categoryId = cat.json().data.uuid;
  roleId = (await owner.client.get('roles')).json().data[0].uuid;
  staffId = (await staffAccount(t.db, tenant, { permissions: ['customers'] })).userId;
});
afterAll(async () => {
  await t?.close();
});

type Case = {
  what: string;
  method: 'POST' | 'PUT';
  url: () => string;
  body: (name: string) => Record<string, unknown>;
  field: string;
  table: string;
  column: string;
};

const CASES: Case[] = [
  { what: 'customer first name', method: 'POST', url: () => 'customers', body: (n) => ({ first_name: n, last_name: 'Omar' }), field: 'first_name', table: 'customers', column: 'first_name' },
  { what: 'customer last name', method: 'POST', url: () => 'customers', body: (n) => ({ first_name: 'Khalid', last_name: n }), field: 'last_name', table: 'customers', column: 'last_name' },
  { what: 'provider', method: 'POST', url: () => 'providers', body: (n) => ({ name: n }), field: 'name', table: 'providers', column: 'name' },
  { what: 'service', method: 'POST', url: () => 'services', body: (n) => ({ name: n, category_id: categoryId, price: 5000, duration: 30 }), field: 'name', table: 'services', column: 'name' },
  { what: 'category', method: 'POST', url: () => 'categories', body: (n) => ({ name: n }), field: 'name', table: 'categories', column: 'name' },
  { what: 'product', method: 'POST', url: () => 'products', body: (n) => ({ name: n, price: 1000 }), field: 'name', table: 'products', column: 'name' },
  { what: 'branch', method: 'POST', url: () => 'branches', body: (n) => ({ name: n }), field: 'name', table: 'branches', column: 'name' },
  { what: 'provider team', method: 'POST', url: () => 'provider-teams', body: (n) => ({ title: n, provider_ids: [] }), field: 'title', table: 'provider_teams', column: 'title' },
  { what: 'role', method: 'POST', url: () => 'roles', body: (n) => ({ name: n, permissions: ['customers'] }), field: 'name', table: 'roles', column: 'name' },
  { what: 'invitation', method: 'POST', url: () => 'invitations', body: (n) => ({ email: 'invitee@test.example', name: n, role_id: roleId }), field: 'name', table: 'invitations', column: 'name' },
  { what: 'user edit', method: 'PUT', url: () => `users/${staffId}`, body: (n) => ({ name: n }), field: 'name', table: 'users', column: 'name' },
  { what: 'profile', method: 'POST', url: () => 'update-profile', body: (n) => ({ name: n }), field: 'name', table: 'users', column: 'name' },
];

describe('names with bidi controls or invisible characters', () => {
  it.each(CASES)('$what: 422 on $field, nothing stored', async (c) => {
    const before = await total(c.table);
    const res = await owner.client.request(c.method, c.url(), { body: c.body(EVIL) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[c.field]).toEqual([EN]);
    expect(await total(c.table)).toBe(before);
    expect(await stored(c.table, c.column)).toBe(0);
  });

  it('answers in Arabic for an Arabic request', async () => {
    const res = await owner.client.post('customers', { first_name: '\u2067نورة', last_name: 'العتيبي' }, { lang: 'ar' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.first_name).toEqual([AR]);
  });

  it('refuses the business name in general settings', async () => {
    const [ind] = await rows<{ id: number }>(t.db, sql`select id from industries order by id limit 1`);
    const body = { company_name: EVIL, industries: [Number(ind?.id)], number_of_employees: '6-10', timezone: 'Asia/Riyadh', lang: 'ar', currency: 'SAR', country: 'SA', time_format: '12', start_of_week: 0 };
    const res = await owner.client.post('settings/general', body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ company_name: [EN] });
    expect(await stored('tenants', 'name')).toBe(0);
  });

  it('refuses the registration name; no account is made', async () => {
    const input = validRegistration({ name: EVIL });
    const res = await new Client(t.app).post('auth/register', input);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual([EN]);
    expect(await count(sql`select count(*)::int as n from users where email = ${input.email}`)).toBe(0);
  });

  it('refuses the business and store names of onboarding', async () => {
    const user = await registerUser(t.app);
    await verifyPhone(t.db, user);
    const res = await user.client.post('auth/update-tenant-info', { activity_name: EVIL, store_name: 'Lamsa\u200B Store', subdomain: 'lamsanames' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ activity_name: [EN], store_name: [EN] });
    expect(await stored('tenants', 'name')).toBe(0);
    expect(await count(sql`select count(*)::int as n from tenants where id = ${user.user.tenant.uuid} and (name is not null or store_name is not null)`)).toBe(0);
  });

  it('keeps Arabic with harakat and tatweel, Arabic-Indic digits and Latin punctuation valid', async () => {
    const customer = await owner.client.post('customers', { first_name: 'مُحَمَّد', last_name: 'العتيبي' });
    expect(customer.statusCode, customer.body).toBe(201);
    expect(customer.json().data).toMatchObject({ first_name: 'مُحَمَّد', last_name: 'العتيبي' });
    const provider = await owner.client.post('providers', { name: "Anne-Marie O'Neil" });
    expect(provider.statusCode, provider.body).toBe(201);
    const category = await owner.client.post('categories', { name: 'صالون ٢٤', slug: 'salon-24' });
    expect(category.statusCode, category.body).toBe(201);
    expect(category.json().data.name).toBe('صالون ٢٤');
    const branch = await owner.client.post('branches', { name: 'فرع الـــرياض' });
    expect(branch.statusCode, branch.body).toBe(201);
    expect((await owner.client.post('update-profile', { name: 'نورة العتيبي' })).json().data.name).toBe('نورة العتيبي');
  });
});
