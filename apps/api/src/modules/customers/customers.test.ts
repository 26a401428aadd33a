import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, expectRowsAsOwn, randomSaMobile, readyUser, rows, type TestApp } from '../../../test/helper';
import { staffAccount } from '../branches/staff.fixture';
import { customersPage } from '@app/shared/schemas/customers';
import { checkCustomFieldValues } from './custom-field-values';
import { cleanFileName, sniffAttachment } from './customers.routes';

/**
 * The duplicate-phone check can be made to miss once, as when another request inserted the same
 * phone between this one's check and its insert: the unique index then decides (the race path).
 */
const phoneCheck = vi.hoisted(() => ({ misses: 0 }));
vi.mock('./customers.repository', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./customers.repository')>();
  return {
    ...actual,
    phoneOwner: (...args: Parameters<typeof actual.phoneOwner>) => {
      if (phoneCheck.misses > 0) {
        phoneCheck.misses--;
        return Promise.resolve(null);
      }
      return actual.phoneOwner(...args);
    },
  };
});

let t: TestApp;
let owner: Awaited<ReturnType<typeof readyUser>>;
let other: Awaited<ReturnType<typeof readyUser>>;
let tenant: string;
let tagA: string;
let tagB: string;
let theirTag: string;
const fields: Record<string, string> = {};

async function insertId(q: ReturnType<typeof sql>): Promise<string> {
  const [row] = await rows<{ id: string }>(t.db, q);
  if (!row) throw new Error('no row');
  return row.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await readyUser(t);
  other = await readyUser(t);
  tenant = owner.user.tenant.uuid;
  tagA = await insertId(sql`insert into tags (tenant_id, name, color) values (${tenant}, 'VIP', '#ff0000') returning id`);
  tagB = await insertId(sql`insert into tags (tenant_id, name) values (${tenant}, 'New') returning id`);
  theirTag = await insertId(sql`insert into tags (tenant_id, name) values (${other.user.tenant.uuid}, 'Theirs') returning id`);
  const def = (label: string, tag: string, required: boolean, options: string[] = []) =>
    insertId(
      sql`insert into custom_fields (tenant_id, label, name_en, html_tag, options, is_required, applies_to) values (${tenant}, ${label}, ${label}, ${tag}, ${`{${options.join(',')}}`}::text[], ${required}, 'customer') returning id`,
    );
  fields.city = await def('City', 'select', true, ['Riyadh', 'Jeddah']);
  fields.age = await def('Age', 'number', false);
  fields.birthday = await def('Birthday', 'date', false);
  fields.file = await def('Id copy', 'file', true);
  fields.booking = await insertId(
    sql`insert into custom_fields (tenant_id, label, name_en, html_tag, is_required, applies_to) values (${tenant}, 'Booking only', 'Booking only', 'text', true, 'booking') returning id`,
  );
});
afterAll(async () => {
  await t?.close();
});

const del = (url: string, token?: string) => owner.client.request('DELETE', url, token ? { token } : {});
const valid = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Khalid',
  last_name: 'Omar',
  phone: `0${randomSaMobile()}`,
  phone_country: 'SA',
  custom_fields: { [fields.city as string]: 'Riyadh' },
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}) {
  const res = await owner.client.post('customers', valid(overrides));
  if (res.statusCode !== 201) throw new Error(`create customer failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** A multipart body with one file part. */
function multipart(bytes: Buffer, filename: string, field = 'file') {
  const boundary = `----b${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF');

describe('customers', () => {
  it('creates with a normalized phone, tags and custom fields; reads, patches and deletes', async () => {
    const mobile = randomSaMobile();
    const res = await owner.client.post(
      'customers',
      valid({ phone: `0${mobile}`, email: ' Khalid@Example.COM ', address: 'Olaya St', note: 'Prefers mornings', tag_ids: [tagA, tagB, tagA], custom_fields: { [fields.city as string]: 'Jeddah', [fields.age as string]: '42', [fields.birthday as string]: '1990-02-03' } }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Added successfully');
    const c = res.json().data;
    expect(c).toMatchObject({
      first_name: 'Khalid',
      last_name: 'Omar',
      phone: `+966${mobile}`,
      phone_country: 'SA',
      email: 'khalid@example.com',
      address: 'Olaya St',
      note: 'Prefers mornings',
      blocked: false,
      blocked_at: null,
      custom_fields: { [fields.city as string]: 'Jeddah', [fields.age as string]: 42, [fields.birthday as string]: '1990-02-03' },
    });
    expect([...c.tag_ids].sort()).toEqual([tagA, tagB].sort());
    expect(c.tags).toContainEqual({ uuid: tagA, name: 'VIP', color: '#ff0000' });
    expect((await owner.client.get(`customers/${c.uuid}`)).json().data).toEqual(c);

    const patched = await owner.client.request('PATCH', `customers/${c.uuid}`, { body: { last_name: 'Omari', email: '', tag_ids: [tagB] } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().message).toBe('Updated successfully');
    expect(patched.json().data).toMatchObject({ first_name: 'Khalid', last_name: 'Omari', email: null, tag_ids: [tagB], phone: `+966${mobile}`, address: 'Olaya St' });

    const gone = await del(`customers/${c.uuid}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe('Deleted successfully');
    expect((await owner.client.get(`customers/${c.uuid}`)).statusCode).toBe(404);
  });

  it('validates names, phone, e-mail and custom fields', async () => {
    const res = await owner.client.post('customers', { first_name: ' ', phone: '12345', phone_country: 'SA', email: 'nope' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      first_name: ['This field is required'],
      last_name: ['This field is required'],
      email: ['Invalid e-mail address'],
    });
    // The phone is checked against its country once the rest of the body is well-formed.
    const phone = await owner.client.post('customers', valid({ phone: '12345' }));
    expect(phone.json().errors).toEqual({ phone: ['Invalid phone number'] });
    const country = await owner.client.post('customers', valid({ phone_country: 'XX' }));
    expect(country.json().errors.phone_country).toEqual(['Invalid value']);

    const cf = await owner.client.post(
      'customers',
      valid({ custom_fields: { [fields.age as string]: 'old', [fields.birthday as string]: '2020-13-01', [fields.file as string]: 'x', [fields.booking as string]: 'b', '00000000-0000-4000-8000-000000000000': 'y' } }),
    );
    expect(cf.statusCode).toBe(422);
    const e = cf.json().errors;
    expect(e[`custom_fields.${fields.city}`]).toEqual(['This field is required']);
    expect(e[`custom_fields.${fields.age}`]).toEqual(['Must be a number']);
    expect(e[`custom_fields.${fields.birthday}`]).toEqual(['Invalid date']);
    expect(e[`custom_fields.${fields.file}`]).toEqual(['This value does not exist']);
    expect(e[`custom_fields.${fields.booking}`]).toEqual(['This value does not exist']);
    expect(e['custom_fields.00000000-0000-4000-8000-000000000000']).toEqual(['This value does not exist']);
    const select = await owner.client.post('customers', valid({ custom_fields: { [fields.city as string]: 'Cairo' } }));
    expect(select.json().errors[`custom_fields.${fields.city}`]).toEqual(['Invalid value']);
  });

  it('takes a location and, once the customer exists, one of its attachments as a file field value', async () => {
    const loc = await insertId(
      sql`insert into custom_fields (tenant_id, label, name_en, html_tag, is_required, applies_to) values (${tenant}, 'Home', 'Home', 'location', false, 'customer') returning id`,
    );
    const c = await create({ custom_fields: { [fields.city as string]: 'Riyadh', [loc]: { lat: 24.7136, lng: 46.6753 } } });
    expect(c.custom_fields[loc]).toEqual({ lat: 24.7136, lng: 46.6753 });
    const badLoc = await owner.client.post('customers', valid({ custom_fields: { [fields.city as string]: 'Riyadh', [loc]: { lat: 95, lng: 0 } } }));
    expect(badLoc.json().errors[`custom_fields.${loc}`]).toEqual(['Invalid value']);
    // The required file is asked for once the customer exists: an attachment of this customer only.
    const missing = await owner.client.request('PATCH', `customers/${c.uuid}`, { body: { custom_fields: { [fields.city as string]: 'Riyadh' } } });
    expect(missing.json().errors[`custom_fields.${fields.file}`]).toEqual(['This field is required']);
    const png = multipart(PNG, 'id.png');
    const att = (await owner.client.request('POST', `attachments/customer/${c.uuid}/store`, { payload: png.payload, headers: png.headers })).json().data;
    const d = await create();
    const theirs = (await owner.client.request('POST', `attachments/customer/${d.uuid}/store`, { payload: png.payload, headers: png.headers })).json().data;
    const wrong = await owner.client.request('PATCH', `customers/${c.uuid}`, { body: { custom_fields: { [fields.city as string]: 'Riyadh', [fields.file as string]: theirs.uuid } } });
    expect(wrong.json().errors[`custom_fields.${fields.file}`]).toEqual(['This value does not exist']);
    const ok = await owner.client.request('PATCH', `customers/${c.uuid}`, { body: { custom_fields: { [fields.city as string]: 'Riyadh', [fields.file as string]: att.uuid } } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.custom_fields[fields.file as string]).toBe(att.uuid);
  });

  it('keeps phones unique per business (any written form), but not across businesses', async () => {
    const mobile = randomSaMobile();
    await create({ phone: mobile });
    const dup = await owner.client.post('customers', valid({ phone: `+966 ${mobile.slice(0, 2)} ${mobile.slice(2)}` }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.phone).toEqual(['This number already belongs to the customer “Khalid Omar”']);
    const elsewhere = await other.client.post('customers', { first_name: 'Same', last_name: 'Phone', phone: mobile });
    expect(elsewhere.statusCode).toBe(201);
    const c = await create();
    const clash = await owner.client.request('PATCH', `customers/${c.uuid}`, { body: { phone: mobile } });
    expect(clash.json().errors.phone).toEqual(['This number already belongs to the customer “Khalid Omar”']);
    // Its own number again is fine; no phone at all too (several customers may have none).
    expect((await owner.client.request('PATCH', `customers/${c.uuid}`, { body: { phone: c.phone } })).statusCode).toBe(200);
    expect((await create({ phone: null })).phone).toBeNull();
    expect((await create({ phone: '' })).phone).toBeNull();
  });

  it('names the customer who already has the phone, with its id, on create and on update', async () => {
    const mobile = randomSaMobile();
    const holder = await create({ first_name: 'Huda', last_name: 'Saleh', phone: `0${mobile}` });
    const message = 'This number already belongs to the customer “Huda Saleh”';
    const conflict = { field: 'phone', customer: { uuid: holder.uuid, name: 'Huda Saleh' } };

    const dup = await owner.client.post('customers', valid({ phone: `+966${mobile}` }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({ message, errors: { phone: [message] }, conflict });

    const c = await create();
    const clash = await owner.client.request('PATCH', `customers/${c.uuid}`, { body: { phone: mobile } });
    expect(clash.statusCode).toBe(422);
    expect(clash.json()).toEqual({ message, errors: { phone: [message] }, conflict });
    // In Arabic: the same conflict, the message in Arabic.
    const ar = await owner.client.post('customers', valid({ phone: `0${mobile}` }), { lang: 'ar' });
    expect(ar.json().errors.phone).toEqual(['هذا الرقم مسجّل للعميل «Huda Saleh»']);
    expect(ar.json().conflict).toEqual(conflict);
  });

  it("never names another business's customer: phones are unique per business", async () => {
    const mobile = randomSaMobile();
    const theirs = (await other.client.post('customers', { first_name: 'Secret', last_name: 'Theirs', phone: mobile })).json().data;
    // Their customer does not stand in the way of ours.
    const mine = await owner.client.post('customers', valid({ first_name: 'Mine', last_name: 'First', phone: mobile }));
    expect(mine.statusCode).toBe(201);
    // A duplicate in our business names our customer, never theirs.
    const dup = await owner.client.post('customers', valid({ phone: mobile }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().conflict).toEqual({ field: 'phone', customer: { uuid: mine.json().data.uuid, name: 'Mine First' } });
    expect(dup.body).not.toContain(theirs.uuid);
    expect(dup.body).not.toContain('Secret');
    // And the other way round.
    const theirDup = await other.client.post('customers', { first_name: 'X', last_name: 'Y', phone: mobile });
    expect(theirDup.json().conflict.customer.uuid).toBe(theirs.uuid);
    expect(theirDup.body).not.toContain(mine.json().data.uuid);
  });

  it('answers two creates with the same phone at once with one 201 and one 422 naming the winner', async () => {
    const mobile = randomSaMobile();
    const [a, b] = await Promise.all([
      owner.client.post('customers', valid({ first_name: 'Racer', last_name: 'One', phone: mobile })),
      owner.client.post('customers', valid({ first_name: 'Racer', last_name: 'Two', phone: mobile })),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([201, 422]);
    const [won, lost] = a.statusCode === 201 ? [a, b] : [b, a];
    const winner = won.json().data;
    expect(lost.json().conflict).toEqual({ field: 'phone', customer: { uuid: winner.uuid, name: `${winner.first_name} ${winner.last_name}` } });
    expect(lost.json().errors.phone).toEqual([`This number already belongs to the customer “${winner.first_name} ${winner.last_name}”`]);
  });

  it('names the winner when the unique index, not the check, catches the duplicate (create and update)', async () => {
    const mobile = randomSaMobile();
    const winner = await create({ first_name: 'Early', last_name: 'Bird', phone: mobile });
    const conflict = { field: 'phone', customer: { uuid: winner.uuid, name: 'Early Bird' } };
    phoneCheck.misses = 1;
    const lost = await owner.client.post('customers', valid({ phone: mobile }));
    expect(phoneCheck.misses).toBe(0);
    expect(lost.statusCode).toBe(422);
    expect(lost.json().conflict).toEqual(conflict);
    expect(lost.json().errors.phone).toEqual(['This number already belongs to the customer “Early Bird”']);

    const c = await create();
    phoneCheck.misses = 1;
    const clash = await owner.client.request('PATCH', `customers/${c.uuid}`, { body: { phone: mobile } });
    expect(phoneCheck.misses).toBe(0);
    expect(clash.statusCode).toBe(422);
    expect(clash.json().conflict).toEqual(conflict);
  });

  it("refuses another business's tags", async () => {
    const res = await owner.client.post('customers', valid({ tag_ids: [tagA, theirTag] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.tag_ids).toEqual(['This value does not exist']);
  });

  it('matches phones only for searches that look like a phone number', async () => {
    // Its second digit is not 0: a search's leading zeros are dropped as a trunk 0, so a part of the
    // number starting with zeros would search fewer digits (once in a hundred runs, two or fewer: no
    // phone search at all). The part searched starts there.
    const mobile = `5${randomInt(1, 10)}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    const part = mobile.slice(1, 6);
    const c = await create({ first_name: 'Phone', last_name: 'Only', phone: mobile });
    const ids = async (search: string) => ((await owner.client.get('customers', { query: { search } })).json().data as { uuid: string }[]).map((x) => x.uuid);
    expect(await ids(part)).toContain(c.uuid);
    expect(await ids(`+966 ${mobile.slice(0, 2)} ${mobile.slice(2)}`)).toContain(c.uuid);
    // Letters around the same digits: a name search, not a phone search.
    expect(await ids(`xq${part}zv`)).not.toContain(c.uuid);
    // Typed on an Arabic keyboard: Arabic-Indic digits, and Persian ones (a Persian or Urdu layout).
    const arabic = (digits: string, zero: number) => digits.replace(/\d/g, (d) => String.fromCharCode(zero + Number(d)));
    expect(await ids(arabic(part, 0x0660))).toContain(c.uuid);
    expect(await ids(arabic(part, 0x06f0))).toContain(c.uuid);
  });

  it('filters and pages the list on the server', async () => {
    const marker = `Zz${Date.now().toString(36)}`;
    const a = await create({ first_name: marker, last_name: 'Alpha', tag_ids: [tagA] });
    const b = await create({ first_name: marker, last_name: 'Beta' });
    const c = await create({ first_name: marker, last_name: 'Gamma' });
    await owner.client.post(`customers/${c.uuid}/block`, { blocked: true });
    const list = async (query: Record<string, string>) => {
      const res = await owner.client.get('customers', { query: { search: marker, ...query } });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const all = await list({});
    expect(all.meta).toMatchObject({ total: 3, current_page: 1, last_page: 1 });
    // Newest first.
    expect(all.data.map((x: { uuid: string }) => x.uuid)).toEqual([c.uuid, b.uuid, a.uuid]);
    expect((await list({ per_page: '2', page: '2' })).data.map((x: { uuid: string }) => x.uuid)).toEqual([a.uuid]);
    expect((await list({ per_page: '2' })).meta).toMatchObject({ total: 3, last_page: 2 });
    expect((await list({ tag_id: tagA })).data.map((x: { uuid: string }) => x.uuid)).toEqual([a.uuid]);
    expect((await list({ blocked: 'true' })).data.map((x: { uuid: string }) => x.uuid)).toEqual([c.uuid]);
    expect((await list({ blocked: 'false' })).meta.total).toBe(2);
    expect((await list({ search: `${marker} beta` })).data.map((x: { uuid: string }) => x.uuid)).toEqual([b.uuid]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ created_from: '2000-01-01', created_to: '2999-12-31' })).meta.total).toBe(3);
    expect((await list({ created_from: '2999-01-01' })).meta.total).toBe(0);
    expect((await list({ created_to: '2000-01-01' })).meta.total).toBe(0);
    expect(today).toMatch(/^\d{4}/);
    // By phone (with or without the trunk 0) and e-mail.
    const phoneOnly = a.phone.slice(4);
    expect((await owner.client.get('customers', { query: { search: `0${phoneOnly}` } })).json().data.map((x: { uuid: string }) => x.uuid)).toEqual([a.uuid]);
    const bad = await owner.client.get('customers', { query: { blocked: 'maybe', created_from: 'soon' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ blocked: ['Invalid value'], created_from: ['Invalid date'] });
  });

  it("answers each list row as the customer's own GET does, to the page's schema (the database writes the rows)", async () => {
    const marker = `Jj${Date.now().toString(36)}`;
    const a = await create({
      first_name: marker,
      last_name: 'O"Brien \\ عمر 😀',
      email: 'a.tagged@example.com',
      address: 'حي العليا،\tالرياض',
      note: 'Line one\nline "two"',
      tag_ids: [tagA, tagB],
      custom_fields: { [fields.city as string]: 'Jeddah', [fields.age as string]: '42', [fields.birthday as string]: '1990-02-03' },
    });
    const b = await create({ first_name: marker, last_name: 'Plain' });
    await owner.client.post(`customers/${b.uuid}/block`, { blocked: true });
    // Microseconds: the list's text and the driver's Date both cut them to the millisecond.
    await t.db.execute(sql`update customers set marketing_opt_out_at = '2026-01-02 03:04:05.678999+00', updated_at = '2026-01-02 03:04:05.000001+00' where id = ${a.uuid}`);
    const pages = [
      await owner.client.get('customers', { query: { search: marker } }),
      await owner.client.get('customers', { query: { search: marker, per_page: '1', page: '2' } }),
    ];
    const seen: string[] = [];
    for (const res of pages) seen.push(...(await expectRowsAsOwn(res, customersPage, async (row) => (await owner.client.get(`customers/${row.uuid}`)).json().data)));
    expect(seen).toEqual([b.uuid, a.uuid, a.uuid]);
    const tagged = pages[0]!.json().data[1];
    expect(tagged).toMatchObject({ last_name: 'O"Brien \\ عمر 😀', marketing_opt_out: true, marketing_opt_out_at: '2026-01-02T03:04:05.678Z', updated_at: '2026-01-02T03:04:05.000Z' });
    expect(tagged.tags.map((x: { name: string }) => x.name)).toEqual(['New', 'VIP']);
    expect(pages[0]!.json().data[0]).toMatchObject({ blocked: true, tag_ids: [], tags: [], marketing_opt_out: false, marketing_opt_out_at: null });
  });

  it('searches from 3 characters with the spec search item', async () => {
    const marker = `Qq${Date.now().toString(36)}`;
    const a = await create({ first_name: marker, last_name: 'Search' });
    const res = await owner.client.get('customers_search', { query: { search: marker } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ uuid: a.uuid, first_name: marker, last_name: 'Search', phone: a.phone }]);
    expect(res.json().meta).toMatchObject({ total: 1, current_page: 1 });
    const byPhone = await owner.client.get('customers_search', { query: { search: a.phone.slice(-7) } });
    expect(byPhone.json().data.map((x: { uuid: string }) => x.uuid)).toContain(a.uuid);
    const short = await owner.client.get('customers_search', { query: { search: 'ab' } });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.search).toEqual(['Type at least 3 characters to search']);
    // Another business's customers never show.
    const theirs = await other.client.get('customers_search', { query: { search: marker } });
    expect(theirs.json().data).toEqual([]);
  });

  it('blocks, unblocks and toggles', async () => {
    const c = await create();
    const blocked = await owner.client.post(`customers/${c.uuid}/block`, { blocked: true });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().message).toBe('Customer blocked');
    expect(blocked.json().data.blocked).toBe(true);
    expect(typeof blocked.json().data.blocked_at).toBe('string');
    const again = await owner.client.post(`customers/${c.uuid}/block`, { blocked: true });
    expect(again.json().data.blocked_at).toBe(blocked.json().data.blocked_at);
    const toggled = await owner.client.post(`customers/${c.uuid}/block`, {});
    expect(toggled.json()).toMatchObject({ message: 'Customer unblocked', data: { blocked: false, blocked_at: null } });
    const bad = await owner.client.post(`customers/${c.uuid}/block`, { blocked: 'yes' });
    expect(bad.statusCode).toBe(422);
  });

  it('scopes notes: own notes without customer_notes_show_all, all with it', async () => {
    const c = await create();
    const mine = await owner.client.post(`customers/${c.uuid}/notes`, { body: 'Owner note' });
    expect(mine.statusCode).toBe(201);
    expect(mine.json().data).toMatchObject({ body: 'Owner note', author: { uuid: owner.user.uuid }, can_delete: true });
    const staff = await staffAccount(t.db, tenant, { permissions: ['customers'] });
    const staffNote = await owner.client.post(`customers/${c.uuid}/notes`, { body: 'Staff note' }, { token: staff.token });
    expect(staffNote.statusCode).toBe(201);
    const seen = (await owner.client.get(`customers/${c.uuid}/notes`, { token: staff.token })).json().data;
    expect(seen.map((n: { body: string }) => n.body)).toEqual(['Staff note']);
    // Another author's note is out of reach.
    expect((await del(`customers/${c.uuid}/notes/${mine.json().data.uuid}`, staff.token)).statusCode).toBe(404);
    const all = (await owner.client.get(`customers/${c.uuid}/notes`)).json().data;
    expect(all.map((n: { body: string }) => n.body)).toEqual(['Staff note', 'Owner note']);
    const reader = await staffAccount(t.db, tenant, { permissions: ['customers', 'customer_notes_show_all'] });
    const readerView = (await owner.client.get(`customers/${c.uuid}/notes`, { token: reader.token })).json().data;
    expect(readerView).toHaveLength(2);
    expect(readerView.every((n: { can_delete: boolean }) => n.can_delete)).toBe(true);
    expect((await del(`customers/${c.uuid}/notes/${mine.json().data.uuid}`, reader.token)).statusCode).toBe(200);
    expect((await del(`customers/${c.uuid}/notes/${staffNote.json().data.uuid}`, staff.token)).statusCode).toBe(200);
    expect((await owner.client.get(`customers/${c.uuid}/notes`)).json().data).toEqual([]);

    const empty = await owner.client.post(`customers/${c.uuid}/notes`, { body: '  ' });
    expect(empty.json().errors.body).toEqual(['This field is required']);
    // A note of another customer is not this customer's.
    const d = await create();
    const dn = (await owner.client.post(`customers/${d.uuid}/notes`, { body: 'D note' })).json().data;
    expect((await del(`customers/${c.uuid}/notes/${dn.uuid}`)).statusCode).toBe(404);
  });

  it('uploads, lists and deletes attachments, checked by content and size', async () => {
    const c = await create();
    const png = multipart(PNG, 'photo.png');
    const up = await owner.client.request('POST', `attachments/customer/${c.uuid}/store`, { payload: png.payload, headers: png.headers });
    expect(up.statusCode).toBe(201);
    expect(up.json().message).toBe('Attachment uploaded');
    const a = up.json().data;
    expect(a).toMatchObject({ name: 'photo.png', mime: 'image/png', size: PNG.length, url: `/api/v1/attachments/${a.uuid}/download` });
    const stored = async (id: string) => (await rows<{ path: string }>(t.db, sql`select path from customer_attachments where id = ${id}`))[0]?.path as string;
    const storedA = await stored(a.uuid);
    expect(existsSync(path.join(t.dataDir, 'uploads', storedA.slice('/uploads/'.length)))).toBe(true);
    // Private: the stored file is not served as a static file, however the path is spelled…
    for (const url of [storedA, storedA.replace('/customers/', '/%63ustomers/'), storedA.replace('/uploads/', '/uploads//'), storedA.replace('/customers/', '/CUSTOMERS/')]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    // …only through the authorized download route, with its type and name.
    const dl = await owner.client.get(`attachments/${a.uuid}/download`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/png');
    expect(dl.headers['content-disposition']).toContain("filename*=UTF-8''photo.png");
    expect(dl.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/attachments/${a.uuid}/download` })).statusCode).toBe(401);
    expect((await other.client.get(`attachments/${a.uuid}/download`)).statusCode).toBe(404);
    const pdf = multipart(PDF, 'report.pdf');
    const up2 = await owner.client.request('POST', `attachments/customer/${c.uuid}/store`, { payload: pdf.payload, headers: pdf.headers });
    expect(up2.json().data).toMatchObject({ mime: 'application/pdf', name: 'report.pdf' });

    const exe = multipart(Buffer.from('MZ\x90\x00 not a picture'), 'photo.png');
    const refused = await owner.client.request('POST', `attachments/customer/${c.uuid}/store`, { payload: exe.payload, headers: exe.headers });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file).toEqual(['File type unsupported']);
    const big = multipart(Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), 'big.pdf');
    const tooBig = await owner.client.request('POST', `attachments/customer/${c.uuid}/store`, { payload: big.payload, headers: big.headers });
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors.file).toEqual(['File too large (limit 5 MB)']);
    const none = await owner.client.post(`attachments/customer/${c.uuid}/store`, {});
    expect(none.statusCode).toBe(422);

    const list = (await owner.client.get(`attachments/customer/${c.uuid}/show-attachments`)).json().data;
    expect(list.map((x: { uuid: string }) => x.uuid)).toEqual([up2.json().data.uuid, a.uuid]);
    const gone = await del(`attachments/${a.uuid}`);
    expect(gone.statusCode).toBe(200);
    expect(existsSync(path.join(t.dataDir, 'uploads', storedA.slice('/uploads/'.length)))).toBe(false);
    expect((await owner.client.get(`attachments/customer/${c.uuid}/show-attachments`)).json().data).toHaveLength(1);
    // Deleting the customer removes its files too.
    const left = await stored(up2.json().data.uuid);
    await del(`customers/${c.uuid}`);
    expect(existsSync(path.join(t.dataDir, 'uploads', left.slice('/uploads/'.length)))).toBe(false);
  });

  it("answers 404 for another business's customer and 403 without the key", async () => {
    const theirs = (await other.client.post('customers', { first_name: 'Their', last_name: 'Customer' })).json().data;
    expect((await owner.client.get(`customers/${theirs.uuid}`)).statusCode).toBe(404);
    expect((await owner.client.request('PATCH', `customers/${theirs.uuid}`, { body: { first_name: 'Mine' } })).statusCode).toBe(404);
    expect((await owner.client.post(`customers/${theirs.uuid}/block`, { blocked: true })).statusCode).toBe(404);
    expect((await owner.client.post(`customers/${theirs.uuid}/notes`, { body: 'x' })).statusCode).toBe(404);
    expect((await owner.client.get(`attachments/customer/${theirs.uuid}/show-attachments`)).statusCode).toBe(404);
    const staff = await staffAccount(t.db, tenant, { permissions: ['providers'] });
    for (const url of ['customers', 'customers_search?search=abc']) {
      expect((await owner.client.get(url, { token: staff.token })).statusCode).toBe(403);
    }
    expect((await owner.client.post('customers', valid(), { token: staff.token })).statusCode).toBe(403);
  });
});

describe('pure helpers', () => {
  it('tells attachment types by their first bytes', () => {
    expect(sniffAttachment(PDF)?.mime).toBe('application/pdf');
    expect(sniffAttachment(PNG)?.mime).toBe('image/png');
    expect(sniffAttachment(Buffer.from('GIF89a....'))?.mime).toBe('image/gif');
    expect(sniffAttachment(Buffer.from('<html>'))).toBeNull();
  });

  it('cleans file names', () => {
    expect(cleanFileName('../../etc/passwd', 'pdf')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\me\\scan.pdf', 'pdf')).toBe('scan.pdf');
    expect(cleanFileName('', 'png')).toBe('attachment.png');
    expect(cleanFileName(undefined, 'png')).toBe('attachment.png');
  });

  it('checks custom field values by kind', () => {
    const defs = [
      { id: 'n', htmlTag: 'number', options: [], isRequired: true },
      { id: 't', htmlTag: 'textarea', options: [], isRequired: false },
      { id: 'l', htmlTag: 'location', options: [], isRequired: true },
    ];
    expect(checkCustomFieldValues(defs, { n: 3.5, t: ' hi ', l: { lat: 21.5, lng: 39.2 } })).toEqual({ values: { n: 3.5, t: 'hi', l: { lat: 21.5, lng: 39.2 } }, issues: [] });
    expect(checkCustomFieldValues(defs, { n: '', t: 5 }).issues).toEqual([
      { field: 'custom_fields.n', key: 'required' },
      { field: 'custom_fields.t', key: 'string' },
      { field: 'custom_fields.l', key: 'required' },
    ]);
    expect(checkCustomFieldValues(defs, { n: 1, l: 'Riyadh' }).issues).toEqual([{ field: 'custom_fields.l', key: 'invalid' }]);
    const file = [{ id: 'f', htmlTag: 'file', options: [], isRequired: true }];
    expect(checkCustomFieldValues(file, {}).issues).toEqual([]);
    expect(checkCustomFieldValues(file, {}, new Set()).issues).toEqual([{ field: 'custom_fields.f', key: 'required' }]);
    expect(checkCustomFieldValues(file, { f: 'a1' }, new Set(['a1'])).values).toEqual({ f: 'a1' });
  });
});
