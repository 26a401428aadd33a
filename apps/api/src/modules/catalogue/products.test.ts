import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, injectAs, readyUser, type TestApp } from '../../../test/helper';
import { staffAccount } from '../branches/staff.fixture';
import { GIF_1PX, multipart, PNG_1PX, WEBP_HEADER } from './catalogue.fixtures';

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
type Img = { uuid: string; url: string; is_main: boolean };

async function product(o: Owner, overrides: Record<string, unknown> = {}) {
  const res = await o.client.post('products', { name: 'Argan oil', price: 4500, stock: 12, ...overrides });
  if (res.statusCode !== 201) throw new Error(`product: ${res.statusCode} ${res.body}`);
  return res.json().data as { uuid: string; slug: string | null };
}

const upload = (o: Owner, id: string, files: Parameters<typeof multipart>[0]) => {
  const body = multipart(files);
  return o.client.request('POST', `products/${id}/images`, { payload: body.payload, headers: body.headers });
};
const png = (name = 'a.png') => ({ name, type: 'image/png', bytes: PNG_1PX });
const fileOf = (url: string) => path.join(t.dataDir, 'uploads', url.slice('/uploads/'.length));

describe('products', () => {
  it('creates a product with stock; unlimited stock keeps no count', async () => {
    const cat = (await owner.client.post('categories', { name: 'Hair products' })).json().data.uuid;
    const res = await owner.client.post('products', { name: 'Argan oil', price: 4500, stock: 12, category_id: cat, description: 'Pure', sort_order: 2 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Argan oil', slug: 'argan-oil', price: 4500, stock: 12, unlimited_stock: false, category: { uuid: cat }, images: [], options: [], combinations: [] });
    const unlimited = await owner.client.post('products', { name: 'Gift card', price: 10000, stock: 5, unlimited_stock: true });
    expect(unlimited.json().data).toMatchObject({ unlimited_stock: true, stock: 0 });
  });

  it.each([
    ['negative stock', { stock: -1 }, 'stock', 'Must be at least 0'],
    ['price 0', { price: 0 }, 'price', 'Must be a positive number'],
    ['short name', { name: 'Oil' }, 'name', 'Name must be more than 3 characters'],
    ['bad slug', { slug: 'a b' }, 'slug', 'English letters, digits, underscore and hyphen only'],
  ])('refuses %s', async (_l, overrides, field, message) => {
    const res = await owner.client.post('products', { name: 'Some product', price: 100, ...overrides });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it("refuses another business's category and a used slug", async () => {
    const theirs = (await other.client.post('categories', { name: 'Their shelf' })).json().data.uuid;
    const res = await owner.client.post('products', { name: 'Probe product', price: 100, category_id: theirs });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.category_id).toEqual(['This value does not exist']);
    await product(owner, { name: 'Comb one', slug: 'comb' });
    expect((await owner.client.post('products', { name: 'Comb two', price: 100, slug: 'comb' })).json().errors.slug).toEqual(['This value already exists']);
  });

  it('lists with search, category filter and pagination', async () => {
    const o = await readyUser(t);
    const cat = (await o.client.post('categories', { name: 'Shelf one' })).json().data.uuid;
    await product(o, { name: 'Blue shampoo', category_id: cat });
    await product(o, { name: 'Red shampoo' });
    await product(o, { name: 'Hair wax' });
    const all = await o.client.get('products', { query: { per_page: '2' } });
    expect(all.json().meta).toEqual({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
    expect((await o.client.get('products', { query: { search: 'shampoo' } })).json().data).toHaveLength(2);
    expect((await o.client.get('products', { query: { category_id: cat } })).json().data.map((p: { name: string }) => p.name)).toEqual(['Blue shampoo']);
  });

  it('updates and deletes a product', async () => {
    const p = await product(owner, { name: 'Old name here' });
    const res = await owner.client.put(`products/${p.uuid}`, { name: 'New name here', price: 999, stock: 3 });
    expect(res.json().data).toMatchObject({ name: 'New name here', price: 999, stock: 3, slug: 'old-name-here' });
    expect((await del(owner.client, `products/${p.uuid}`)).statusCode).toBe(200);
    expect((await owner.client.get(`products/${p.uuid}`)).statusCode).toBe(404);
  });
});

describe('product variants', () => {
  const options = [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Colour', values: ['Red', 'Blue'] },
  ];
  const combos = [
    { options: { Size: 'S', Colour: 'Red' }, price: 1000, stock: 1 },
    { options: { Size: 'S', Colour: 'Blue' }, price: 1100, stock: 2 },
    { options: { Size: 'M', Colour: 'Red' }, price: 1200, stock: 0 },
    { options: { Size: 'M', Colour: 'Blue' }, price: 1300, stock: 4 },
  ];

  it('saves two options and their combinations, in the options order', async () => {
    const p = await product(owner, { name: 'T-shirt' });
    const res = await owner.client.put(`products/${p.uuid}/variants`, { options, combinations: [...combos].reverse() });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.options).toEqual(options);
    expect(data.combinations.map((c: { options: Record<string, string>; price: number; stock: number }) => ({ options: c.options, price: c.price, stock: c.stock }))).toEqual(combos);
    // Replacing with no options clears both.
    const cleared = await owner.client.put(`products/${p.uuid}/variants`, { options: [], combinations: [] });
    expect(cleared.json().data).toMatchObject({ options: [], combinations: [] });
  });

  it.each([
    ['a combination missing an option', { options, combinations: [{ options: { Size: 'S' }, price: 100, stock: 1 }] }, 'combinations.0.options', 'Each combination names one value of every option'],
    ['a value not of the option', { options, combinations: [{ options: { Size: 'XL', Colour: 'Red' }, price: 100, stock: 1 }] }, 'combinations.0.options', 'Each combination names one value of every option'],
    ['an unknown option', { options, combinations: [{ options: { Size: 'S', Colour: 'Red', Fit: 'Slim' }, price: 100, stock: 1 }] }, 'combinations.0.options', 'Each combination names one value of every option'],
    ['a repeated combination', { options, combinations: [combos[0], combos[0]] }, 'combinations.1.options', 'This value is repeated'],
    ['a repeated option', { options: [options[0], options[0]], combinations: [] }, 'options.1.name', 'This value is repeated'],
    ['a repeated value', { options: [{ name: 'Size', values: ['S', 's'] }], combinations: [] }, 'options.0.values.1', 'This value is repeated'],
    ['an option without values', { options: [{ name: 'Size', values: [] }], combinations: [] }, 'options.0.values', 'Choose at least 1'],
    ['negative stock', { options, combinations: [{ ...combos[0], stock: -2 }] }, 'combinations.0.stock', 'Must be at least 0'],
    ['a combination without options', { options: [], combinations: [{ options: {}, price: 100, stock: 1 }] }, 'combinations.0.options', 'Each combination names one value of every option'],
  ])('refuses %s', async (_l, body, field, message) => {
    const p = await product(owner, { name: `Variant probe ${Math.random()}` });
    const res = await owner.client.put(`products/${p.uuid}/variants`, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });
});

describe('product images', () => {
  it('uploads images; the first is main and the API lists it first', async () => {
    const p = await product(owner, { name: 'Pictured product' });
    const first = await upload(owner, p.uuid, [png()]);
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe('Images uploaded');
    const [main] = first.json().data as Img[];
    expect(main?.is_main).toBe(true);
    expect(main?.url).toMatch(/^\/uploads\/products\/.+\.png$/);
    expect(existsSync(fileOf(main?.url ?? ''))).toBe(true);
    const more = await upload(owner, p.uuid, [png('b.png'), { name: 'c.webp', type: 'image/webp', bytes: WEBP_HEADER }]);
    expect(more.statusCode).toBe(201);
    const list = more.json().data as Img[];
    expect(list.map((i) => i.is_main)).toEqual([true, false, false]);
    expect(list[0]?.uuid).toBe(main?.uuid);

    // Another becomes main: it is listed first.
    const second = list[2] as Img;
    const setMain = await owner.client.put(`products/${p.uuid}/images/${second.uuid}/main`, {});
    expect(setMain.statusCode).toBe(200);
    expect((setMain.json().data as Img[]).map((i) => [i.uuid, i.is_main])[0]).toEqual([second.uuid, true]);
    expect((setMain.json().data as Img[]).filter((i) => i.is_main)).toHaveLength(1);

    // Deleting the main image makes the next one main and removes the file.
    const afterDelete = await del(owner.client, `products/${p.uuid}/images/${second.uuid}`);
    expect(afterDelete.statusCode).toBe(200);
    const rest = afterDelete.json().data as Img[];
    expect(rest).toHaveLength(2);
    expect(rest[0]?.is_main).toBe(true);
    expect(existsSync(fileOf(second.url))).toBe(false);
    const got = (await owner.client.get(`products/${p.uuid}`)).json().data;
    expect(got.images).toEqual(rest);
  });

  it('refuses a type other than jpeg, png, webp, told by the bytes (file type unsupported)', async () => {
    const p = await product(owner, { name: 'Type probe' });
    for (const file of [
      { name: 'a.gif', type: 'image/gif', bytes: GIF_1PX },
      { name: 'fake.png', type: 'image/png', bytes: Buffer.from('not an image at all') },
    ]) {
      const res = await upload(owner, p.uuid, [file]);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.images).toEqual(['File type unsupported']);
    }
    // One bad file refuses the whole upload.
    const mixed = await upload(owner, p.uuid, [png(), { name: 'x.gif', type: 'image/gif', bytes: GIF_1PX }]);
    expect(mixed.statusCode).toBe(422);
    expect((await owner.client.get(`products/${p.uuid}`)).json().data.images).toEqual([]);
  });

  it('refuses a file over 2 MB (file too large) and a request without files', async () => {
    const p = await product(owner, { name: 'Size probe' });
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(owner, p.uuid, [{ name: 'big.png', type: 'image/png', bytes: big }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.images).toEqual(['File too large (limit 2 MB)']);
    const none = await owner.client.post(`products/${p.uuid}/images`, {});
    expect(none.statusCode).toBe(422);
  });

  it('keeps to 10 images a product', async () => {
    const p = await product(owner, { name: 'Many images' });
    expect((await upload(owner, p.uuid, Array.from({ length: 10 }, (_, i) => png(`${i}.png`)))).statusCode).toBe(201);
    const res = await upload(owner, p.uuid, [png()]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.images).toEqual(['Choose at most 10']);
  });

  it("answers 404 for another business's product or image, and for an image of another product", async () => {
    const mine = await product(owner, { name: 'Mine with image' });
    const myImg = ((await upload(owner, mine.uuid, [png()])).json().data as Img[])[0] as Img;
    const theirs = await product(other, { name: 'Theirs with image' });
    const theirImg = ((await upload(other, theirs.uuid, [png()])).json().data as Img[])[0] as Img;
    expect((await upload(owner, theirs.uuid, [png()])).statusCode).toBe(404);
    expect((await owner.client.put(`products/${mine.uuid}/images/${theirImg.uuid}/main`, {})).statusCode).toBe(404);
    expect((await del(owner.client, `products/${mine.uuid}/images/${theirImg.uuid}`)).statusCode).toBe(404);
    const second = await product(owner, { name: 'Second of mine' });
    expect((await owner.client.put(`products/${second.uuid}/images/${myImg.uuid}/main`, {})).statusCode).toBe(404);
    expect((await owner.client.put(`products/${theirs.uuid}/variants`, { options: [], combinations: [] })).statusCode).toBe(404);
  });

  it('needs the products key', async () => {
    const s = await staffAccount(t.db, owner.user.tenant.uuid, { permissions: ['services'] });
    expect((await injectAs(t.app, s.token, { url: 'products' })).statusCode).toBe(403);
    const p = await staffAccount(t.db, owner.user.tenant.uuid, { permissions: ['products'] });
    expect((await injectAs(t.app, p.token, { url: 'products' })).statusCode).toBe(200);
  });
});
