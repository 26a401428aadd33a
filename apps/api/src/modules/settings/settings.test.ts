import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, readyUser, rows, type TestApp } from '../../../test/helper';
import { staffAccount } from '../branches/staff.fixture';

let t: TestApp;
type Owner = Awaited<ReturnType<typeof readyUser>>;
let owner: Owner;
let other: Owner;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await readyUser(t);
  other = await readyUser(t);
});
afterAll(async () => {
  await t?.close();
});

const del = (c: Client, url: string) => c.request('DELETE', url);
const bearer = (token: string) => {
  const c = new Client(t.app);
  c.token = token;
  return c;
};

async function general(overrides: Record<string, unknown> = {}) {
  const [ind] = await rows<{ id: number }>(t.db, sql`select id from industries order by id limit 1`);
  return {
    company_name: 'Lamsa Salon',
    industries: [Number(ind?.id)],
    number_of_employees: '6-10',
    timezone: 'Asia/Riyadh',
    lang: 'ar',
    currency: 'SAR',
    country: 'SA',
    time_format: '12',
    start_of_week: 0,
    ...overrides,
  };
}

describe('general settings', () => {
  it('reads the onboarding values', async () => {
    const res = await owner.client.get('settings/general');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ currency: 'SAR', timezone: 'Asia/Riyadh', time_format: '12', start_of_week: 0, country: 'SA' });
    expect(res.json().data.industries.length).toBeGreaterThan(0);
  });

  it('saves every field; the account info follows (currency, time format, start of week, country)', async () => {
    const body = await general({ currency: 'kwd', time_format: '24', start_of_week: 6, country: 'KW', lang: 'en', timezone: 'Asia/Kuwait' });
    const res = await owner.client.post('settings/general', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Settings saved');
    expect(res.json().data).toMatchObject({ company_name: 'Lamsa Salon', currency: 'KWD', time_format: '24', start_of_week: 6, country: 'KW', lang: 'en', number_of_employees: '6-10' });
    const me = (await owner.client.get('auth/me')).json().data;
    expect(me.tenant).toMatchObject({ name: 'Lamsa Salon', currency: 'KWD', time_format: '24', start_of_week: 6, country: 'KW', timezone: 'Asia/Kuwait' });
    // Back to SAR: changing the currency is allowed even with amounts stored.
    const back = await owner.client.post('settings/general', { ...body, currency: 'SAR', time_format: '12', start_of_week: 0, country: 'SA' });
    expect(back.statusCode).toBe(200);
    expect(back.json().data.currency).toBe('SAR');
  });

  it('validates: name, unknown currency, industry, band, time format, week day, country', async () => {
    const res = await owner.client.post(
      'settings/general',
      await general({ company_name: 'abc', currency: 'XYZ', number_of_employees: '7', time_format: '13', start_of_week: 7, country: 'ZZ', timezone: 'Mars/Base' }),
    );
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.company_name).toEqual(['Name must be more than 3 characters']);
    for (const f of ['currency', 'number_of_employees', 'time_format', 'start_of_week', 'country', 'timezone']) expect(errors[f], f).toBeDefined();
    const ind = await owner.client.post('settings/general', await general({ industries: [999_999] }));
    expect(ind.statusCode).toBe(422);
    expect(ind.json().errors.industries).toEqual(['The chosen industry does not exist']);
    const none = await owner.client.post('settings/general', await general({ industries: [] }));
    expect(none.json().errors.industries).toBeDefined();
  });

  it('needs settings.general_setting', async () => {
    const staff = await staffAccount(t.db, owner.user.tenant.uuid, { permissions: ['customers'] });
    expect((await bearer(staff.token).get('settings/general')).statusCode).toBe(403);
  });
});

describe('taxes', () => {
  it('creates, lists, updates a tax with a percentage kept in basis points', async () => {
    const res = await owner.client.post('taxes', { name: 'VAT', rate: 15.5 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Added successfully', data: { name: 'VAT', rate: 15.5, services_count: 0 } });
    const id = res.json().data.uuid;
    const [stored] = await rows<{ rate_bps: number }>(t.db, sql`select rate_bps from taxes where id = ${id}`);
    expect(stored?.rate_bps).toBe(1550);
    const list = (await owner.client.get('taxes')).json().data;
    expect(list).toContainEqual({ uuid: id, name: 'VAT', rate: 15.5, services_count: 0 });
    const upd = await owner.client.put(`taxes/${id}`, { name: 'VAT KSA', rate: 15 });
    expect(upd.json().data).toMatchObject({ name: 'VAT KSA', rate: 15 });
  });

  it('validates the rate: 0–100, two decimals at most', async () => {
    for (const rate of [-1, 100.5, 12.345, '15']) {
      const res = await owner.client.post('taxes', { name: 'Bad', rate });
      expect(res.statusCode, String(rate)).toBe(422);
      expect(res.json().errors.rate).toBeDefined();
    }
    expect((await owner.client.post('taxes', { name: 'Bad', rate: 12.345 })).json().errors.rate).toEqual(['At most two decimal places']);
    expect((await owner.client.post('taxes', { name: '', rate: 5 })).json().errors.name).toEqual(['This field is required']);
    expect((await owner.client.post('taxes', { name: 'Zero', rate: 0 })).statusCode).toBe(201);
  });

  it('deleting a tax unlinks it from the services using it', async () => {
    const tax = (await owner.client.post('taxes', { name: 'City tax', rate: 2.5 })).json().data;
    const [service] = await rows<{ id: string }>(t.db, sql`select id from services where tenant_id = ${owner.user.tenant.uuid} limit 1`);
    if (service) {
      await t.db.execute(sql`insert into service_taxes (tenant_id, service_id, tax_id) values (${owner.user.tenant.uuid}, ${service.id}, ${tax.uuid})`);
      expect((await owner.client.get(`taxes/${tax.uuid}`)).json().data.services_count).toBe(1);
    }
    const res = await del(owner.client, `taxes/${tax.uuid}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Deleted successfully');
    expect(await rows(t.db, sql`select 1 from service_taxes where tax_id = ${tax.uuid}`)).toHaveLength(0);
    expect((await owner.client.get(`taxes/${tax.uuid}`)).statusCode).toBe(404);
  });

  it('is readable with the services key, writable only with settings.taxes; another tenant’s tax is 404', async () => {
    const tax = (await owner.client.post('taxes', { name: 'Service tax', rate: 5 })).json().data;
    const reader = await staffAccount(t.db, owner.user.tenant.uuid, { permissions: ['services'] });
    expect((await bearer(reader.token).get('taxes')).statusCode).toBe(200);
    expect((await bearer(reader.token).post('taxes', { name: 'No', rate: 1 })).statusCode).toBe(403);
    expect((await other.client.put(`taxes/${tax.uuid}`, { name: 'Stolen', rate: 1 })).statusCode).toBe(404);
    expect((await other.client.get('taxes')).json().data.map((x: { uuid: string }) => x.uuid)).not.toContain(tax.uuid);
  });
});

describe('tags', () => {
  it('creates with a colour, refuses a duplicate name (any case), updates and deletes', async () => {
    const res = await owner.client.post('tags', { name: 'VIP', color: '#ff0000' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'VIP', color: '#FF0000' });
    const dup = await owner.client.post('tags', { name: 'vip' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toEqual(['This value already exists']);
    // Another business may use the same name.
    expect((await other.client.post('tags', { name: 'VIP' })).statusCode).toBe(201);
    const badColor = await owner.client.post('tags', { name: 'New', color: 'red' });
    expect(badColor.json().errors.color).toEqual(['Invalid colour (like #3B71FE)']);
    const second = (await owner.client.post('tags', { name: 'Regular' })).json().data;
    expect(second.color).toBeNull();
    expect((await owner.client.put(`tags/${second.uuid}`, { name: 'VIP' })).statusCode).toBe(422);
    const upd = await owner.client.put(`tags/${second.uuid}`, { name: 'Regular client', color: '#00AA00' });
    expect(upd.json().data).toMatchObject({ name: 'Regular client', color: '#00AA00' });
    expect((await del(owner.client, `tags/${second.uuid}`)).statusCode).toBe(200);
  });

  it('is readable with the customers key', async () => {
    const staff = await staffAccount(t.db, owner.user.tenant.uuid, { permissions: ['customers'] });
    const res = await bearer(staff.token).get('tags');
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toEqual({ uuid: expect.any(String), name: expect.any(String), color: expect.anything() });
    expect((await bearer(staff.token).post('tags', { name: 'Nope' })).statusCode).toBe(403);
  });
});

describe('cancellation reasons', () => {
  it('a new business starts with default reasons of each type, so its first cancellation is possible', async () => {
    const defaults = (await owner.client.get('reasons')).json().data as { type: string; reason: string }[];
    expect(defaults.filter((r) => r.type === 'booking-cancel')).toHaveLength(3);
    expect(defaults.filter((r) => r.type === 'invoice-refund')).toHaveLength(1);
    expect(defaults.filter((r) => r.type === 'invoice-cancel')).toHaveLength(1);
    for (const r of defaults) expect(r.reason.length).toBeGreaterThan(0);
  });

  it('creates reasons of the three types and filters by type', async () => {
    const before = (await owner.client.get('reasons')).json().data.length;
    for (const [type, reason] of [
      ['booking-cancel', 'Customer asked'],
      ['invoice-refund', 'Service not delivered'],
      ['invoice-cancel', 'Wrong invoice'],
    ]) {
      expect((await owner.client.post('reasons', { type, reason })).statusCode).toBe(201);
    }
    const all = (await owner.client.get('reasons')).json().data;
    expect(all).toHaveLength(before + 3);
    const refunds = (await owner.client.get('reasons', { query: { type: 'invoice-refund' } })).json().data as { type: string; reason: string; uuid: string }[];
    expect(refunds.every((r) => r.type === 'invoice-refund')).toBe(true);
    const created = refunds.find((r) => r.reason === 'Service not delivered');
    expect(created).toEqual({ uuid: expect.any(String), type: 'invoice-refund', reason: 'Service not delivered', sort_order: 0 });
    expect((await owner.client.get('reasons', { query: { type: 'other' } })).statusCode).toBe(422);
    const bad = await owner.client.post('reasons', { type: 'other', reason: '' });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['reason', 'type']);
    const id = created?.uuid;
    expect((await owner.client.put(`reasons/${id}`, { type: 'invoice-cancel', reason: 'Duplicate' })).json().data).toMatchObject({ type: 'invoice-cancel', reason: 'Duplicate' });
    expect((await del(owner.client, `reasons/${id}`)).statusCode).toBe(200);
  });
});

describe('custom fields', () => {
  it('creates text and select fields; a list needs options; filters by target', async () => {
    const text = await owner.client.post('custom-fields', { label: 'رقم الهوية', name_en: 'National ID', html_tag: 'text', is_required: true, applies_to: 'customer', options: ['ignored'] });
    expect(text.statusCode).toBe(201);
    expect(text.json().data).toMatchObject({ label: 'رقم الهوية', name_en: 'National ID', html_tag: 'text', is_required: true, applies_to: 'customer', options: [] });
    const noOptions = await owner.client.post('custom-fields', { label: 'Hair', name_en: 'Hair type', html_tag: 'select', applies_to: 'booking' });
    expect(noOptions.statusCode).toBe(422);
    expect(noOptions.json().errors.options).toEqual(['Add at least one option to the list']);
    const select = await owner.client.post('custom-fields', { label: 'Hair', name_en: 'Hair type', html_tag: 'select', applies_to: 'booking', options: ['Short', 'Long', 'Long'] });
    expect(select.json().data).toMatchObject({ options: ['Short', 'Long'], is_required: false });
    const tag = await owner.client.post('custom-fields', { label: 'x', name_en: 'x', html_tag: 'checkbox', applies_to: 'order' });
    expect(Object.keys(tag.json().errors).sort()).toEqual(['applies_to', 'html_tag']);
    const bookings = (await owner.client.get('custom-fields', { query: { applies_to: 'booking' } })).json().data;
    expect(bookings.map((f: { name_en: string }) => f.name_en)).toEqual(['Hair type']);
    const reader = await staffAccount(t.db, owner.user.tenant.uuid, { permissions: ['bookings'] });
    expect((await bearer(reader.token).get('custom-fields')).statusCode).toBe(200);
    expect((await bearer(reader.token).post('custom-fields', { label: 'x', name_en: 'x', html_tag: 'text', applies_to: 'booking' })).statusCode).toBe(403);
    const id = select.json().data.uuid;
    const upd = await owner.client.put(`custom-fields/${id}`, { label: 'Hair', name_en: 'Hair type', html_tag: 'textarea', applies_to: 'booking', options: ['Short'] });
    expect(upd.json().data).toMatchObject({ html_tag: 'textarea', options: [] });
    expect((await del(owner.client, `custom-fields/${id}`)).statusCode).toBe(200);
  });
});

describe('booking status labels', () => {
  it('lists every status with defaults, overrides one, resets it; unknown status is 404', async () => {
    const list = (await owner.client.get('booking-status-labels')).json().data;
    expect(list.map((s: { status: string }) => s.status)).toEqual(['pending', 'confirmed', 'rejected', 'cancelled', 'completed', 'no-show', 'unapproved', 'unpaid']);
    expect(list[0]).toMatchObject({ label_en: 'Pending', is_default: true });
    const put = await owner.client.put('booking-status-labels/no-show', { label_ar: 'غائب', label_en: 'Absent', color: '#123abc' });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual({ status: 'no-show', label_ar: 'غائب', label_en: 'Absent', color: '#123ABC', is_default: false });
    const after = (await owner.client.get('booking-status-labels')).json().data;
    expect(after.find((s: { status: string }) => s.status === 'no-show')).toMatchObject({ label_en: 'Absent', is_default: false });
    // The other business keeps its defaults.
    const theirs = (await other.client.get('booking-status-labels')).json().data;
    expect(theirs.find((s: { status: string }) => s.status === 'no-show')).toMatchObject({ label_en: 'No-show', is_default: true });
    expect((await owner.client.put('booking-status-labels/archived', { label_ar: 'x', label_en: 'x', color: '#000000' })).statusCode).toBe(404);
    expect((await owner.client.put('booking-status-labels/pending', { label_ar: '', label_en: 'x', color: 'blue' })).statusCode).toBe(422);
    const reset = await del(owner.client, 'booking-status-labels/no-show');
    expect(reset.json().data).toMatchObject({ label_en: 'No-show', is_default: true });
  });
});

describe('payment methods and bank accounts', () => {
  it('lists the four methods; turns one off and on; online needs a payment app', async () => {
    const list = (await owner.client.get('payment-methods')).json().data;
    expect(list).toEqual([
      { slug: 'cash', enabled: true },
      { slug: 'card', enabled: true },
      { slug: 'bank_transfer', enabled: false },
      { slug: 'online', enabled: false },
    ]);
    const off = await owner.client.put('payment-methods/card', { enabled: false });
    expect(off.json()).toMatchObject({ message: 'Deactivated successfully', data: { slug: 'card', enabled: false } });
    expect((await owner.client.put('payment-methods/bank_transfer', { enabled: true })).json().data.enabled).toBe(true);
    const online = await owner.client.put('payment-methods/online', { enabled: true });
    expect(online.statusCode).toBe(422);
    expect(online.json().message).toBe('A payment method needs at least one activated app');
    expect((await owner.client.put('payment-methods/online', { enabled: false })).statusCode).toBe(200);
    expect((await owner.client.put('payment-methods/bitcoin', { enabled: true })).statusCode).toBe(404);
    const after = (await owner.client.get('payment-methods')).json().data;
    expect(after.find((m: { slug: string }) => m.slug === 'card').enabled).toBe(false);
  });

  it('keeps bank accounts with a checked IBAN (spaces ignored, upper-cased) and a digits-only account number', async () => {
    const body = { beneficiary_name: 'Lamsa Co', bank_name: 'Al Rajhi', iban: 'sa03 8000 0000 6080 1016 7519', account_number: '608010167519', account_owner: 'Lamsa Co' };
    const res = await owner.client.post('bank-accounts', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ iban: 'SA0380000000608010167519', account_number: '608010167519' });
    const bad = await owner.client.post('bank-accounts', { ...body, iban: 'SA0480000000608010167519', account_number: '12-34' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.iban).toEqual(['Invalid IBAN']);
    expect(bad.json().errors.account_number).toEqual(['Digits only']);
    const short = await owner.client.post('bank-accounts', { ...body, iban: 'SA038000000060801016751' });
    expect(short.json().errors.iban).toEqual(['Invalid IBAN']);
    const missing = await owner.client.post('bank-accounts', {});
    expect(Object.keys(missing.json().errors).sort()).toEqual(['account_number', 'account_owner', 'bank_name', 'beneficiary_name', 'iban']);
    const id = res.json().data.uuid;
    expect((await owner.client.put(`bank-accounts/${id}`, { ...body, bank_name: 'SNB' })).json().data.bank_name).toBe('SNB');
    expect((await other.client.get(`bank-accounts/${id}`)).statusCode).toBe(404);
    const staff = await staffAccount(t.db, owner.user.tenant.uuid, { permissions: ['customers'] });
    expect((await bearer(staff.token).get('bank-accounts')).statusCode).toBe(403);
    expect((await del(owner.client, `bank-accounts/${id}`)).statusCode).toBe(200);
  });
});

describe('expense types and expenses', () => {
  it('records expenses; a type in use cannot be deleted', async () => {
    const type = (await owner.client.post('expense-types', { name: 'Rent' })).json().data;
    expect(type).toMatchObject({ name: 'Rent', expenses_count: 0 });
    const spare = (await owner.client.post('expense-types', { name: 'Utilities' })).json().data;
    const me = (await owner.client.get('auth/me')).json().data;
    const branchId = me.teams[0].uuid;
    const res = await owner.client.post('expenses', { expense_type_id: type.uuid, amount: 150000, spent_on: '2025-03-01', branch_id: branchId, note: 'March rent' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ amount: 150000, spent_on: '2025-03-01', note: 'March rent', expense_type: { uuid: type.uuid, name: 'Rent' }, branch: { uuid: branchId } });
    await owner.client.post('expenses', { expense_type_id: spare.uuid, amount: 2500, spent_on: '2025-04-10' });

    const used = await del(owner.client, `expense-types/${type.uuid}`);
    expect(used.statusCode).toBe(422);
    expect(used.json().message).toBe('Cannot delete (used in expenses)');
    expect((await owner.client.get(`expense-types/${type.uuid}`)).json().data.expenses_count).toBe(1);

    const page = (await owner.client.get('expenses', { query: { per_page: '1' } })).json();
    expect(page.meta).toMatchObject({ total: 2, per_page: 1, last_page: 2, total_amount: 152500 });
    expect(page.data[0].spent_on).toBe('2025-04-10');
    const march = (await owner.client.get('expenses', { query: { from: '2025-03-01', to: '2025-03-31' } })).json();
    expect(march.data).toHaveLength(1);
    expect(march.meta.total_amount).toBe(150000);
    const byType = (await owner.client.get('expenses', { query: { expense_type_id: spare.uuid } })).json();
    expect(byType.data.map((e: { amount: number }) => e.amount)).toEqual([2500]);
    expect((await owner.client.get('expenses', { query: { from: '2025-05-01', to: '2025-04-01' } })).statusCode).toBe(422);

    const id = res.json().data.uuid;
    const upd = await owner.client.put(`expenses/${id}`, { expense_type_id: spare.uuid, amount: 99, spent_on: '2025-03-02', branch_id: null, note: '' });
    expect(upd.json().data).toMatchObject({ amount: 99, branch: null, note: null, expense_type: { uuid: spare.uuid } });
    expect((await del(owner.client, `expense-types/${type.uuid}`)).statusCode).toBe(200);
    expect((await del(owner.client, `expenses/${id}`)).statusCode).toBe(200);
  });

  it('validates the amount and date, and refuses another business’s type and branch', async () => {
    const type = (await owner.client.post('expense-types', { name: 'Supplies' })).json().data;
    const theirType = (await other.client.post('expense-types', { name: 'Theirs' })).json().data;
    const theirBranch = (await other.client.get('auth/me')).json().data.teams[0].uuid;
    const bad = await owner.client.post('expenses', { expense_type_id: type.uuid, amount: 0, spent_on: '2025-02-30' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'spent_on']);
    expect((await owner.client.post('expenses', { expense_type_id: type.uuid, amount: 12.5, spent_on: '2025-02-01' })).json().errors.amount).toEqual(['Must be a whole number']);
    const foreignType = await owner.client.post('expenses', { expense_type_id: theirType.uuid, amount: 100, spent_on: '2025-02-01' });
    expect(foreignType.statusCode).toBe(422);
    expect(foreignType.json().errors.expense_type_id).toEqual(['This value does not exist']);
    const foreignBranch = await owner.client.post('expenses', { expense_type_id: type.uuid, amount: 100, spent_on: '2025-02-01', branch_id: theirBranch });
    expect(foreignBranch.json().errors.branch_id).toEqual(['This value does not exist']);
  });

  it('keeps expenses to the expenses key and types to type-expenses (readable with expenses)', async () => {
    const expensesOnly = await staffAccount(t.db, owner.user.tenant.uuid, { permissions: ['expenses'] });
    const c = bearer(expensesOnly.token);
    expect((await c.get('expenses')).statusCode).toBe(200);
    expect((await c.get('expense-types')).statusCode).toBe(200);
    expect((await c.post('expense-types', { name: 'Nope' })).statusCode).toBe(403);
    const typesOnly = await staffAccount(t.db, owner.user.tenant.uuid, { permissions: ['type-expenses'] });
    expect((await bearer(typesOnly.token).get('expenses')).statusCode).toBe(403);
  });
});
