import { PROFILE_PHOTO_MAX_BYTES } from '@app/shared/constants';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, registerUser, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A valid 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

function multipart(parts: Part[]) {
  const boundary = `----khidmatest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`));
      chunks.push(p.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('POST /api/v1/update-profile', () => {
  it('updates the name and stores a PNG photo served at its URL', async () => {
    const u = await registerUser(t.app);
    const res = await u.client.post('update-profile', undefined, multipart([
      { name: 'name', value: 'Renamed Owner' },
      { name: 'photo', filename: 'me.png', type: 'image/png', data: PNG },
    ]));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(res.json().message).toBe('Profile updated');
    expect(data.name).toBe('Renamed Owner');
    expect(data.profile_photo).toMatch(new RegExp(`^/uploads/avatars/${data.tenant.uuid}/[0-9a-f-]{36}\\.png$`));
    const served = await t.app.inject({ method: 'GET', url: data.profile_photo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\/png/);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('replaces the old photo file and can remove the photo', async () => {
    const u = await registerUser(t.app);
    const first = (await u.client.post('update-profile', undefined, multipart([
      { name: 'name', value: 'Owner One' },
      { name: 'photo', filename: 'a.png', type: 'image/png', data: PNG },
    ]))).json().data.profile_photo as string;
    const second = (await u.client.post('update-profile', undefined, multipart([
      { name: 'name', value: 'Owner One' },
      { name: 'photo', filename: 'b.png', type: 'image/png', data: PNG },
    ]))).json().data.profile_photo as string;
    expect(second).not.toBe(first);
    const uploads = path.join(t.dataDir, 'uploads');
    expect(existsSync(path.join(uploads, first.slice('/uploads/'.length)))).toBe(false);
    expect(existsSync(path.join(uploads, second.slice('/uploads/'.length)))).toBe(true);
    const removed = await u.client.post('update-profile', undefined, multipart([{ name: 'name', value: 'Owner One' }, { name: 'remove_photo', value: '1' }]));
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.profile_photo).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
  });

  it('accepts a JSON body with the name alone', async () => {
    const u = await registerUser(t.app);
    const res = await u.client.post('update-profile', { name: 'Json Named' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Json Named');
  });

  it('rejects a text file named .png with 422 on photo (file type)', async () => {
    const u = await registerUser(t.app);
    const res = await u.client.post('update-profile', undefined, multipart([
      { name: 'name', value: 'Valid Name' },
      { name: 'photo', filename: 'evil.png', type: 'image/png', data: Buffer.from('<?php echo "hi"; ?>\n') },
    ]));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ photo: ['File type unsupported'] });
    expect((await u.client.get('auth/me')).json().data.profile_photo).toBeNull();
  });

  it('rejects a photo over 2 MB with 422 or 413, never 500', async () => {
    const u = await registerUser(t.app);
    const big = Buffer.concat([PNG, Buffer.alloc(PROFILE_PHOTO_MAX_BYTES + 10, 0)]);
    const res = await u.client.post('update-profile', undefined, multipart([
      { name: 'name', value: 'Valid Name' },
      { name: 'photo', filename: 'big.png', type: 'image/png', data: big },
    ]));
    expect([413, 422]).toContain(res.statusCode);
    expect(typeof res.json().message).toBe('string');
    if (res.statusCode === 422) expect(res.json().errors.photo).toEqual(['File too large (limit 2 MB)']);
    expect((await u.client.get('auth/me')).json().data.profile_photo).toBeNull();
  });

  it('rejects a name of 3 characters or none with 422 on name', async () => {
    const u = await registerUser(t.app);
    const short = await u.client.post('update-profile', undefined, multipart([{ name: 'name', value: 'Abc' }]));
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.name).toEqual(['Name must be more than 3 characters']);
    const none = await u.client.post('update-profile', undefined, multipart([{ name: 'photo', filename: 'a.png', type: 'image/png', data: PNG }]));
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.name).toEqual(['This field is required']);
  });

  it('rejects a malformed multipart body without a 500', async () => {
    const u = await registerUser(t.app);
    const res = await u.client.post('update-profile', undefined, { payload: Buffer.from('--x\r\ngarbage'), headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(res.statusCode).toBe(422);
    expect(typeof res.json().message).toBe('string');
  });

  it('answers 401 signed out', async () => {
    const res = await new Client(t.app).post('update-profile', { name: 'Someone' });
    expect(res.statusCode).toBe(401);
  });
});

describe('/api/v1/update-locale', () => {
  it('changes the language by POST with _method PUT', async () => {
    const u = await registerUser(t.app, { locale: 'ar' });
    const res = await u.client.post('update-locale', { locale: 'en', _method: 'PUT' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Language changed');
    expect((await u.client.get('auth/me')).json().data.lang).toBe('en');
  });

  it('changes the language by PUT, answering in the new language', async () => {
    const u = await registerUser(t.app, { locale: 'en' });
    const res = await u.client.put('update-locale', { locale: 'ar' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('تم تغيير اللغة');
    expect((await u.client.get('auth/me')).json().data.lang).toBe('ar');
  });

  it('rejects an unknown locale with 422 on locale', async () => {
    const u = await registerUser(t.app);
    for (const locale of ['fr', '', 'EN', 42]) {
      const res = await u.client.put('update-locale', { locale });
      expect(res.statusCode, String(locale)).toBe(422);
      expect(res.json().errors.locale).toBeDefined();
    }
    const missing = await u.client.put('update-locale', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.locale).toHaveLength(1);
  });
});
