import { DEFAULT_ROLE_SLUGS, PERMISSION_KEYS } from '@app/shared/permissions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, rows, type TestApp } from '../../../test/helper';
import { invite, newOwner, newStaff, type Owner, roleId } from './access.fixtures';
import { freeSlug, slugify } from './roles.service';

let t: TestApp;
let owner: Owner;
let other: Owner;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOwner(t);
  other = await newOwner(t);
});
afterAll(async () => {
  await t?.close();
});

const del = (c: Owner['client'], url: string) => c.request('DELETE', url);

describe('slugs', () => {
  it('come from the Latin letters of the name, unique and never a default slug', () => {
    expect(slugify('Senior Stylist!')).toBe('senior-stylist');
    expect(slugify('مشرف الفرع')).toBe('role');
    expect(freeSlug('admin', new Set())).toBe('admin-2');
    expect(freeSlug('role', new Set(['role', 'role-2']))).toBe('role-3');
  });
});

describe('GET /roles', () => {
  it('lists the default roles first, localized, with their users count', async () => {
    const en = await owner.client.get('roles');
    expect(en.statusCode).toBe(200);
    const data = en.json().data as { slug: string; name: string; is_default: boolean; users_count: number; permissions: string[] }[];
    expect(data.slice(0, DEFAULT_ROLE_SLUGS.length).map((r) => r.slug)).toEqual(DEFAULT_ROLE_SLUGS);
    expect(data.find((r) => r.slug === 'owner')).toMatchObject({ name: 'Owner', is_default: true, users_count: 1 });
    expect(data.find((r) => r.slug === 'owner')?.permissions).toHaveLength(PERMISSION_KEYS.length);
    expect(data.find((r) => r.slug === 'admin')?.users_count).toBe(0);
    const ar = await owner.client.get('roles', { lang: 'ar' });
    expect(ar.json().data.find((r: { slug: string }) => r.slug === 'receptionist').name).toBe('موظف استقبال');
  });

  it('answers 403 without settings.roles or settings.users', async () => {
    const staff = await newStaff(t, owner, 'receptionist');
    expect((await staff.client.get('roles')).statusCode).toBe(403);
    expect((await staff.client.post('roles', { name: 'Helpers', permissions: ['bookings'] })).statusCode).toBe(403);
  });

  it('lets a settings.users holder read the list (the users screen picks roles from it)', async () => {
    const res = await owner.client.post('roles', { name: 'User managers', permissions: ['settings.users'] });
    const staff = await newStaff(t, owner, '', { role_id: res.json().data.uuid });
    expect((await staff.client.get('roles')).statusCode).toBe(200);
    expect((await staff.client.get(`roles/${res.json().data.uuid}`)).statusCode).toBe(403);
  });
});

describe('POST/PUT/DELETE /roles', () => {
  it('creates a custom role with a generated slug', async () => {
    const res = await owner.client.post('roles', { name: 'Senior Stylist', permissions: ['bookings', 'customers', 'bookings'] });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Added successfully');
    expect(body.data).toMatchObject({ slug: 'senior-stylist', name: 'Senior Stylist', is_default: false, users_count: 0, permissions: ['bookings', 'customers'] });
    const again = await owner.client.post('roles', { name: 'Senior  stylist', permissions: ['bookings'] });
    expect(again.json().data.slug).toBe('senior-stylist-2');
    const arabic = await owner.client.post('roles', { name: 'مشرف الفرع', permissions: ['bookings'] });
    expect(arabic.json().data.slug).toMatch(/^role(-\d+)?$/);
    const get = await owner.client.get(`roles/${body.data.uuid}`);
    expect(get.json().data.name).toBe('Senior Stylist');
  });

  it('validates the body', async () => {
    const res = await owner.client.post('roles', { name: 'Bad role', permissions: ['not.a.key'] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('permissions.0');
    const empty = await owner.client.post('roles', { name: 'Empty role', permissions: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.permissions).toEqual(['Choose at least one permission']);
  });

  it('updates a custom role; a default role is fixed', async () => {
    const created = (await owner.client.post('roles', { name: 'Front desk', permissions: ['bookings'] })).json().data;
    const res = await owner.client.put(`roles/${created.uuid}`, { name: 'Front desk team', permissions: ['bookings', 'orders'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Updated successfully', data: { name: 'Front desk team', slug: created.slug, permissions: ['bookings', 'orders'] } });
    for (const slug of ['owner', 'admin', 'cashier']) {
      const id = await roleId(t, owner.tenantId, slug);
      const put = await owner.client.put(`roles/${id}`, { name: 'Changed', permissions: ['bookings'] });
      expect(put.statusCode).toBe(422);
      expect(put.json().message).toBe('Default roles cannot be edited or deleted');
      const d = await del(owner.client, `roles/${id}`);
      expect(d.statusCode).toBe(422);
      expect(d.json().message).toBe('Default roles cannot be edited or deleted');
    }
  });

  it('refuses to delete a role in use by a user or an open invitation', async () => {
    const role = (await owner.client.post('roles', { name: 'Used by staff', permissions: ['bookings'] })).json().data;
    await newStaff(t, owner, '', { role_id: role.uuid });
    const res = await del(owner.client, `roles/${role.uuid}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('A role in use by users or invitations cannot be deleted');
    expect((await owner.client.get(`roles/${role.uuid}`)).json().data.users_count).toBe(1);

    const invited = (await owner.client.post('roles', { name: 'Used by invite', permissions: ['bookings'] })).json().data;
    const inv = await invite(t, owner.client, { role_id: invited.uuid });
    expect((await del(owner.client, `roles/${invited.uuid}`)).statusCode).toBe(422);
    expect((await del(owner.client, `invitations/${inv.id}`)).statusCode).toBe(200);
    const ok = await del(owner.client, `roles/${invited.uuid}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Deleted successfully');
    expect((await owner.client.get(`roles/${invited.uuid}`)).statusCode).toBe(404);
  });

  it("answers 404 for another tenant's role, before validating the body", async () => {
    const foreign = await roleId(t, other.tenantId, 'admin');
    expect((await owner.client.get(`roles/${foreign}`)).statusCode).toBe(404);
    expect((await owner.client.put(`roles/${foreign}`, { nope: true })).statusCode).toBe(404);
    expect((await del(owner.client, `roles/${foreign}`)).statusCode).toBe(404);
    expect((await owner.client.get('roles/not-a-uuid')).statusCode).toBe(404);
    const [row] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from roles where tenant_id = ${other.tenantId}`);
    expect(row?.n).toBe(DEFAULT_ROLE_SLUGS.length);
  });
});

describe('no self-escalation through roles', () => {
  it("refuses a non-owner editing or deleting the role they hold, or granting keys they lack; the owner is unrestricted", async () => {
    const own = (await owner.client.post('roles', { name: 'Role keepers', permissions: ['settings.roles', 'bookings'] })).json().data;
    const keeper = await newStaff(t, owner, '', { role_id: own.uuid });

    // Their own role: no edit (even a harmless one), no delete.
    const raise = await keeper.client.put(`roles/${own.uuid}`, { name: 'Role keepers', permissions: ['settings.roles', 'bookings', 'settings.deleting_data'] });
    expect(raise.statusCode).toBe(403);
    expect((await keeper.client.put(`roles/${own.uuid}`, { name: 'Role keepers', permissions: ['settings.roles'] })).statusCode).toBe(403);
    expect((await del(keeper.client, `roles/${own.uuid}`)).statusCode).toBe(403);
    expect((await owner.client.get(`roles/${own.uuid}`)).json().data.permissions).toEqual(['settings.roles', 'bookings']);

    // New roles: only keys they hold.
    const over = await keeper.client.post('roles', { name: 'Sneaky admins', permissions: ['bookings', 'settings.users'] });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.permissions).toEqual(['You can only grant permissions you hold yourself']);
    const fine = await keeper.client.post('roles', { name: 'Bookers', permissions: ['bookings'] });
    expect(fine.statusCode).toBe(201);

    // Another role: edits stay within their keys.
    const widen = await keeper.client.put(`roles/${fine.json().data.uuid}`, { name: 'Bookers', permissions: ['bookings', 'reports'] });
    expect(widen.statusCode).toBe(422);
    expect(widen.json().errors.permissions).toEqual(['You can only grant permissions you hold yourself']);
    expect((await keeper.client.put(`roles/${fine.json().data.uuid}`, { name: 'Bookers team', permissions: ['bookings', 'settings.roles'] })).statusCode).toBe(200);

    // A role granting keys they lack belongs to someone senior: hands off.
    const senior = (await owner.client.post('roles', { name: 'Report readers', permissions: ['reports', 'bookings'] })).json().data;
    expect((await keeper.client.put(`roles/${senior.uuid}`, { name: 'Report readers', permissions: ['bookings'] })).statusCode).toBe(403);
    expect((await del(keeper.client, `roles/${senior.uuid}`)).statusCode).toBe(403);
    expect((await del(keeper.client, `roles/${fine.json().data.uuid}`)).statusCode).toBe(200);

    // The owner may do all of it.
    const byOwner = await owner.client.put(`roles/${own.uuid}`, { name: 'Role keepers', permissions: ['settings.roles', 'bookings', 'reports'] });
    expect(byOwner.statusCode).toBe(200);
    expect((await owner.client.post('roles', { name: 'Anything goes', permissions: ['settings.deleting_data'] })).statusCode).toBe(201);
  });

  it('lets an admin manage roles within its keys, but not grant settings.deleting_data', async () => {
    const admin = await newStaff(t, owner, 'admin');
    const res = await admin.client.post('roles', { name: 'Data wipers', permissions: ['settings.deleting_data'] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('permissions');
    expect((await admin.client.post('roles', { name: 'Front office', permissions: ['bookings', 'settings.users'] })).statusCode).toBe(201);
  });
});
