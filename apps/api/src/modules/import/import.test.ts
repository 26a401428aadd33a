import { randomUUID } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import * as XLS from '@e965/xlsx';
import { headerLabel, IMPORT_COLUMNS, IMPORT_ENTITIES, type ImportEntity } from '@app/shared/schemas/import';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, readyUser, rows, type TestApp } from '../../../test/helper';
import { loadConfig } from '../../config';
import { type AuthContext, createAuthService } from '../auth/auth.service';
import { staffAccount } from '../branches/staff.fixture';
import { checkXlsxSize, inReadingOrder, readRows, stripLeadingBom, TooManyRows, UnpackedTooLarge, XLSX_MAX_UNPACKED_BYTES, zipEntries } from './import.files';
import { createImportService, liveKey, type Progress } from './import.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

function multipart(parts: Part[]) {
  const boundary = `----khidmaimport${Math.random().toString(16).slice(2)}`;
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

const header = (entity: ImportEntity) => IMPORT_COLUMNS[entity].map(headerLabel);
const csv = (data: string[][], bom = true) => Buffer.from(`${bom ? '\uFEFF' : ''}${Papa.unparse(data)}`, 'utf8');

async function xlsx(data: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('data');
  for (const r of data) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function xls(data: (string | number)[][]): Buffer {
  const wb = XLS.utils.book_new();
  XLS.utils.book_append_sheet(wb, XLS.utils.aoa_to_sheet(data), 'data');
  return XLS.write(wb, { type: 'buffer', bookType: 'xls' }) as Buffer;
}

function upload(client: Client, entity: string, file: { name: string; data: Buffer }, extra: Part[] = [], token?: string) {
  const body = multipart([...extra, { name: 'file', filename: file.name, type: 'application/octet-stream', data: file.data }]);
  return client.request('POST', `import/${entity}`, { payload: body.payload, headers: body.headers, ...(token ? { token } : {}) });
}

async function owner() {
  const u = await readyUser(t);
  return { ...u, tenantId: u.user.tenant.uuid };
}

describe('POST import/:entity — each entity', () => {
  it('imports categories, services, products, packages and providers that name each other, Arabic intact', async () => {
    const u = await owner();
    await t.db.execute(sql`update tenants set plugins = array['packages']::text[] where id = ${u.tenantId}`);
    const branch = (await u.client.get('branches')).json().data[0].name as string;

    const cats = await upload(u.client, 'categories', {
      name: 'cats.csv',
      data: csv([header('categories'), ['العناية بالشعر', 'hair-care', 'قص وصبغ', '1'], ['Nails Care', '', '', ''], ['الأظافر والعناية', '', '', '']]),
    });
    expect(cats.statusCode, cats.body).toBe(201);
    expect(cats.json()).toMatchObject({ message: '3 rows imported', data: { imported: 3 } });
    const catRows = await rows<{ name: string; slug: string; description: string | null }>(
      t.db,
      sql`select name, slug, description from categories where tenant_id = ${u.tenantId} order by sort_order desc, name`,
    );
    expect(catRows.map((c) => c.name).sort()).toEqual(['Nails Care', 'العناية بالشعر', 'الأظافر والعناية'].sort());
    expect(catRows.find((c) => c.name === 'العناية بالشعر')).toMatchObject({ slug: 'hair-care', description: 'قص وصبغ' });
    expect(catRows.find((c) => c.name === 'Nails Care')?.slug).toBe('nails-care');
    // An Arabic name gets a transliterated slug, as on the category form.
    expect(catRows.find((c) => c.name === 'الأظافر والعناية')?.slug).toBe('alazafr-walanaya');

    const svc = await upload(u.client, 'services', {
      name: 'services.xlsx',
      data: await xlsx([
        header('services'),
        ['صبغة كاملة', 'العناية بالشعر', '120.50', 90, 10, branch, 'full-colour', 'صبغة بلون واحد', 'نعم', 'no', 2],
        ['Manicure', 'nails care', 45, '30', '', '', '', '', '', '', ''],
      ]),
    });
    expect(svc.statusCode, svc.body).toBe(201);
    const [colour] = await rows<Record<string, unknown>>(t.db, sql`select * from services where tenant_id = ${u.tenantId} and slug = 'full-colour'`);
    expect(colour).toMatchObject({ name: 'صبغة كاملة', price: 12050, duration: 90, buffer_time: 10, display_on_booking_page: true, is_public: false, sort_order: 2, description: 'صبغة بلون واحد' });
    expect(colour?.branch_id).toBeTruthy();

    const prod = await upload(u.client, 'products', {
      name: 'products.xls',
      data: xls([header('products'), ['زيت الأرغان', 'العناية بالشعر', '35.5', 20, 'no', 'argan', 'زجاجة', 1], ['Nail polish', '', 12, '', 'yes', '', '', '']]),
    });
    expect(prod.statusCode, prod.body).toBe(201);
    const prods = await rows<Record<string, unknown>>(t.db, sql`select name, price, stock, unlimited_stock, slug from products where tenant_id = ${u.tenantId} order by name`);
    expect(prods).toEqual([
      { name: 'Nail polish', price: 1200, stock: 0, unlimited_stock: true, slug: 'nail-polish' },
      { name: 'زيت الأرغان', price: 3550, stock: 20, unlimited_stock: false, slug: 'argan' },
    ]);

    const pkg = await upload(u.client, 'packages', {
      name: 'packages.csv',
      data: csv([header('packages'), ['باقة الشهر', 'صبغة كاملة x2; Haircut x3', '300', '30', '10', 'وصف', '1']]),
    });
    expect(pkg.statusCode, pkg.body).toBe(201);
    const links = await rows<{ name: string; quantity: number }>(
      t.db,
      sql`select s.name, ps.quantity from package_services ps join services s on s.id = ps.service_id where ps.tenant_id = ${u.tenantId} order by s.name`,
    );
    expect(links).toEqual([
      { name: 'Haircut', quantity: 3 },
      { name: 'صبغة كاملة', quantity: 2 },
    ]);

    const prov = await upload(u.client, 'providers', {
      name: 'providers.csv',
      data: csv([header('providers'), ['نورة الحربي', 'مصففة', '', '2', 'صبغة كاملة; Manicure']]),
    });
    expect(prov.statusCode, prov.body).toBe(201);
    const [nora] = await rows<{ id: string; label: string; clients_in_same_time: number; branch_id: string | null; working_hours: unknown }>(
      t.db,
      sql`select id, label, clients_in_same_time, branch_id, working_hours from providers where tenant_id = ${u.tenantId} and name = 'نورة الحربي'`,
    );
    expect(nora).toMatchObject({ label: 'مصففة', clients_in_same_time: 2 });
    expect(nora?.branch_id).toBeTruthy();
    expect(Object.keys(nora?.working_hours as object).length).toBeGreaterThan(0);
    const assigned = await rows(t.db, sql`select 1 from provider_services where provider_id = ${nora?.id}`);
    expect(assigned).toHaveLength(2);
  });

  it('imports customers from csv without a BOM, normalizing phones, Arabic text exactly as written', async () => {
    const u = await owner();
    const res = await upload(u.client, 'customers', {
      name: 'customers.csv',
      data: csv(
        [
          ['الاسم الأول', 'اسم العائلة', 'الجوال', 'دولة الجوال', 'البريد الإلكتروني', 'العنوان', 'ملاحظة'],
          ['عبدُالله', 'آل سعود', '٠٥٠١٢٣٤٥٦٧', '', 'A@Example.com', 'الرياض، حي النخيل', 'يفضّل المساء'],
          ['Omar', 'Haddad', '+971 50 123 4567', 'ae', '', '', ''],
        ],
        false,
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    const found = await rows<Record<string, unknown>>(
      t.db,
      sql`select first_name, last_name, phone, phone_country, email, address, note from customers where tenant_id = ${u.tenantId} order by first_name`,
    );
    expect(found).toEqual([
      { first_name: 'Omar', last_name: 'Haddad', phone: '+971501234567', phone_country: 'AE', email: null, address: null, note: null },
      { first_name: 'عبدُالله', last_name: 'آل سعود', phone: '+966501234567', phone_country: 'SA', email: 'a@example.com', address: 'الرياض، حي النخيل', note: 'يفضّل المساء' },
    ]);
    const job = await u.client.get(`import/jobs/${res.json().data.uuid}`);
    expect(job.statusCode).toBe(200);
    expect(job.json().data).toMatchObject({ entity: 'customers', status: 'done', total_rows: 2, processed_rows: 2, file_name: 'customers.csv', errors: [] });
  });
});

describe('validation before writing', () => {
  it('reports every problem by row and column and imports nothing', async () => {
    const u = await owner();
    await upload(u.client, 'customers', { name: 'one.csv', data: csv([header('customers'), ['Existing', 'Customer', '0551112222', '', '', '', '']]) });
    const res = await upload(u.client, 'customers', {
      name: 'bad.xlsx',
      data: await xlsx([
        header('customers'),
        ['سارة', 'العتيبي', '0501234567', '', '', '', ''],
        ['', 'Nameless', '0507654321', '', 'not-an-email', '', ''],
        [],
        ['Dup', 'Phone', '+966501234567', '', '', '', ''],
        ['Taken', 'Phone', '0551112222', '', '', '', ''],
        ['Bad', 'Phone', '12345', 'SA', '', '', ''],
      ]),
    });
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json();
    expect(body.message).toBe('The file has 5 errors; nothing was imported. Fix them and upload again');
    expect(body.error_count).toBe(5);
    expect(body.rows).toEqual([
      { row: 3, column: 'first_name', message: 'This field is required' },
      { row: 3, column: 'email', message: 'Invalid e-mail address' },
      { row: 5, column: 'phone', message: 'Repeated in row 2' },
      { row: 6, column: 'phone', message: 'This value already exists' },
      { row: 7, column: 'phone', message: 'Invalid phone number' },
    ]);
    expect(body.errors['row 3 · first_name']).toEqual(['This field is required']);
    const n = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from customers where tenant_id = ${u.tenantId}`);
    expect(n[0]?.n).toBe(1);
    const job = (await u.client.get(`import/jobs/${body.data.uuid}`)).json().data;
    expect(job).toMatchObject({ status: 'invalid', processed_rows: 0, total_rows: 5 });
    expect(job.errors).toHaveLength(5);
  });

  it('checks references, slugs, money digits, durations and quantities; Arabic messages', async () => {
    const u = await owner();
    await t.db.execute(sql`update tenants set plugins = array['packages']::text[] where id = ${u.tenantId}`);
    await upload(u.client, 'categories', { name: 'c.csv', data: csv([header('categories'), ['Hair styling', 'hair', '', '']]) });
    const services = await upload(u.client, 'services', {
      name: 's.csv',
      data: csv([
        header('services'),
        ['Good one', 'Hair styling', '10', '30', '', '', 'good', '', '', '', ''],
        ['Bad category', 'Nope', '10.123', '20', '7', 'No branch', 'hair', '', 'maybe', '', ''],
        ['Slug twin', 'Hair styling', '0', '300', '', '', 'good', '', '', '', ''],
        ['abc', 'Hair styling', 'ten', '30', '', '', 'bad slug!', '', '', '', ''],
      ]),
    });
    expect(services.statusCode).toBe(422);
    const cols = (services.json().rows as { row: number; column: string }[]).map((e) => `${e.row}:${e.column}`);
    expect(cols).toEqual(
      expect.arrayContaining(['3:category', '3:price', '3:duration', '3:buffer_time', '3:branch', '3:display_on_booking_page', '4:price', '4:duration', '4:slug', '5:name', '5:price', '5:slug']),
    );
    const rowMsgs = services.json().rows as { row: number; column: string; message: string }[];
    expect(rowMsgs.find((e) => e.row === 3 && e.column === 'price')?.message).toBe('More decimal places than the business currency allows');
    expect(rowMsgs.find((e) => e.row === 4 && e.column === 'slug')?.message).toBe('Repeated in row 2');
    expect((await rows(t.db, sql`select 1 from services where tenant_id = ${u.tenantId} and name = 'Good one'`)).length).toBe(0);

    const pkg = await upload(u.client, 'packages', { name: 'p.csv', data: csv([header('packages'), ['Package one', 'Haircut x2; Ghost x1', '100', '30', '', '', ''], ['Package two', 'x', '100', '0', '', '', '']]) }, [], undefined);
    expect(pkg.statusCode).toBe(422);
    expect(pkg.json().rows).toEqual(
      expect.arrayContaining([
        { row: 2, column: 'services', message: 'No service named “Ghost”' },
        { row: 3, column: 'valid_days', message: 'Must be at least 1' },
      ]),
    );

    const ar = await u.client.request('POST', 'import/providers', {
      ...(() => {
        const b = multipart([{ name: 'file', filename: 'p.csv', type: 'text/csv', data: csv([header('providers'), ['Provider one', '', 'فرع غير موجود', '', '']]) }]);
        return { payload: b.payload, headers: b.headers };
      })(),
      lang: 'ar',
    });
    expect(ar.statusCode).toBe(422);
    expect(ar.json().rows).toEqual([{ row: 2, column: 'branch', message: 'هذه القيمة غير موجودة' }]);
    expect(ar.json().message).toContain('لم يُستورد شيء');
  });

  it('refuses an unknown or missing column in the header row', async () => {
    const u = await owner();
    const res = await upload(u.client, 'customers', { name: 'h.csv', data: csv([['first name', 'colour'], ['Ali', 'red']]) });
    expect(res.statusCode).toBe(422);
    expect(res.json().rows).toEqual([
      { row: 1, column: 'colour', message: 'Unknown column; use the sample file columns' },
      { row: 1, column: 'last name / اسم العائلة', message: 'This required column is missing' },
    ]);
  });
});

describe('names with bidi controls or invisible characters', () => {
  it('refuses them in name columns as row errors naming the row and column; nothing is imported', async () => {
    const u = await owner();
    const res = await upload(u.client, 'customers', {
      name: 'names.csv',
      data: csv([
        header('customers'),
        ['سارة', 'العتيبي', '', '', '', '', ''],
        ['\u202Eevil', 'Omar', '', '', '', '', ''],
        ['Ali', 'Al\u200BHaddad', '', '', '', '', ''],
      ]),
    });
    expect(res.statusCode, res.body).toBe(422);
    const invisible = 'The name contains direction marks or invisible characters; remove them and retype it';
    expect(res.json().rows).toEqual([
      { row: 3, column: 'first_name', message: invisible },
      { row: 4, column: 'last_name', message: invisible },
    ]);
    expect(res.json().errors['row 3 · first_name']).toEqual([invisible]);
    const [n] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from customers where tenant_id = ${u.tenantId}`);
    expect(n?.n).toBe(0);

    const cats = await upload(u.client, 'categories', { name: 'c.xlsx', data: await xlsx([header('categories'), ['Nails\u2067 care', '', '', '']]) });
    expect(cats.statusCode).toBe(422);
    expect(cats.json().rows).toEqual([{ row: 2, column: 'name', message: invisible }]);
  });

  it('drops a leading BOM of a cell (files joined with cat, a second BOM) but refuses U+FEFF inside a name', async () => {
    expect(stripLeadingBom('\uFEFFSara')).toBe('Sara');
    expect(stripLeadingBom('\uFEFF\uFEFFSara')).toBe('Sara');
    expect(stripLeadingBom('Sa\uFEFFra\uFEFF')).toBe('Sa\uFEFFra\uFEFF');
    // Two UTF-8 files with BOMs joined: the second BOM starts a data row's name cell.
    const joined = Buffer.concat([csv([header('customers'), ['سارة', 'العتيبي', '', '', '', '', '']]), Buffer.from('\r\n'), csv([['Omar', 'Haddad', '', '', '', '', '']])]);
    expect((await readRows('csv', joined))[2]?.[0]).toBe('Omar');
    const u = await owner();
    const ok = await upload(u.client, 'customers', { name: 'joined.csv', data: joined });
    expect(ok.statusCode, ok.body).toBe(201);
    const names = await rows<{ first_name: string }>(t.db, sql`select first_name from customers where tenant_id = ${u.tenantId} order by first_name`);
    expect(names.map((r) => r.first_name)).toEqual(['Omar', 'سارة']);

    const inside = await upload(u.client, 'customers', { name: 'inside.csv', data: csv([header('customers'), ['Om\uFEFFar', 'Haddad', '', '', '', '', '']]) });
    expect(inside.statusCode).toBe(422);
    expect(inside.json().rows).toEqual([{ row: 2, column: 'first_name', message: expect.stringContaining('invisible') }]);
  });
});

describe('files', () => {
  it('reads the same rows from .xlsx, .xls and .csv', async () => {
    const u = await owner();
    const data = [header('categories'), ['تصنيف من ملف', '', '', '']];
    for (const [i, file] of [
      { name: 'a.xlsx', data: await xlsx([header('categories'), ['تصنيف إكسل حديث', 'xlsx-cat', '', 3]]) },
      { name: 'b.XLS', data: xls([header('categories'), ['تصنيف إكسل قديم', 'xls-cat', '', 4]]) },
      { name: 'c.csv', data: csv(data) },
    ].entries()) {
      const res = await upload(u.client, 'categories', file);
      expect(res.statusCode, `${i}: ${res.body}`).toBe(201);
    }
    const names = await rows<{ name: string; sort_order: number }>(t.db, sql`select name, sort_order from categories where tenant_id = ${u.tenantId} order by name`);
    expect(names.map((n) => n.name).sort()).toEqual(['تصنيف إكسل حديث', 'تصنيف إكسل قديم', 'تصنيف من ملف'].sort());
    expect(names.find((n) => n.name === 'تصنيف إكسل قديم')?.sort_order).toBe(4);
  });

  it('answers 422 "file type unsupported" for a wrong extension or content', async () => {
    const u = await owner();
    const good = csv([header('categories'), ['Category one', '', '', '']]);
    for (const file of [
      { name: 'data.txt', data: good },
      { name: 'data.xlsx', data: good },
      { name: 'data.xls', data: await xlsx([header('categories')]) },
      { name: 'data.csv', data: await xlsx([header('categories')]) },
      { name: 'data.csv', data: Buffer.from([0xff, 0xfe, 0x00, 0x41]) },
    ]) {
      const res = await upload(u.client, 'categories', file);
      expect(res.statusCode, file.name).toBe(422);
      expect(res.json().errors.file).toEqual(['File type unsupported']);
    }
    const broken = await upload(u.client, 'categories', { name: 'broken.xlsx', data: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]) });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors.file).toEqual(['The file cannot be read; save it again as xlsx or csv']);
    const none = await u.client.request('POST', 'import/categories', { ...multipart([{ name: 'other', value: 'x' }]) });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.file).toEqual(['This field is required']);
  });

  it('answers 422 "file too large" above 10 MB', async () => {
    const u = await owner();
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0x41);
    const res = await upload(u.client, 'customers', { name: 'big.csv', data: big });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(['File too large (limit 10 MB)']);
  });

  it('serves every sample as xlsx and csv; the header row reads back, and the categories sample imports as it is', async () => {
    const u = await owner();
    for (const entity of IMPORT_ENTITIES) {
      if (entity === 'packages') continue;
      const x = await u.client.get(`import/${entity}/sample?format=xlsx`);
      expect(x.statusCode).toBe(200);
      expect(x.headers['content-disposition']).toBe(`attachment; filename="${entity}-sample.xlsx"`);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(x.rawPayload as unknown as ExcelJS.Buffer);
      const first = wb.worksheets[0];
      expect(first && (first.getRow(1).values as unknown[]).slice(1)).toEqual(header(entity));
      const c = await u.client.get(`import/${entity}/sample?format=csv`);
      expect(c.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(c.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
      expect(c.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(header(entity).join(','));
    }
    expect((await u.client.get('import/packages/sample')).json().code).toBe('plugin-missing');
    expect((await u.client.get('import/other/sample')).statusCode).toBe(404);
    expect((await u.client.get('import/customers/sample?format=pdf')).statusCode).toBe(422);
    const sample = (await u.client.get('import/categories/sample?format=xlsx')).rawPayload;
    const res = await upload(u.client, 'categories', { name: 'sample.xlsx', data: sample });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('access', () => {
  it('needs the entity key (and the packages plugin); a job is shown only to those who may import its entity', async () => {
    const u = await owner();
    const reception = await staffAccount(t.db, u.tenantId, { permissions: ['customers'] });
    const file = { name: 'c.csv', data: csv([header('customers'), ['Ali', 'Hasan', '', '', '', '', '']]) };
    const ok = await upload(u.client, 'customers', file, [], reception.token);
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await upload(u.client, 'services', file, [], reception.token)).statusCode).toBe(403);
    expect((await u.client.get('import/services/sample', { token: reception.token })).statusCode).toBe(403);
    const catalogue = await staffAccount(t.db, u.tenantId, { permissions: ['services'] });
    const job = await u.client.get(`import/jobs/${ok.json().data.uuid}`, { token: catalogue.token });
    expect(job.statusCode).toBe(403);
    expect((await upload(u.client, 'packages', file)).json().code).toBe('plugin-missing');
    const other = await owner();
    expect((await other.client.get(`import/jobs/${ok.json().data.uuid}`)).statusCode).toBe(404);
  });

  it('takes a client-chosen job id once, so the client can poll while it uploads', async () => {
    const u = await owner();
    const id = randomUUID();
    const file = { name: 'c.csv', data: csv([header('categories'), ['Category one', '', '', '']]) };
    const res = await upload(u.client, 'categories', file, [{ name: 'job_id', value: id }]);
    expect(res.json().data.uuid).toBe(id);
    const again = await upload(u.client, 'categories', { name: 'c.csv', data: csv([header('categories'), ['Category two', '', '', '']]) }, [{ name: 'job_id', value: id }]);
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(['job_id']);
    expect((await upload(u.client, 'categories', file, [{ name: 'job_id', value: 'nope' }])).statusCode).toBe(422);
  });
});

describe('volume', () => {
  it('imports 10,000 customers in one request', { timeout: 120_000 }, async () => {
    const u = await owner();
    const data: string[][] = [header('customers')];
    for (let i = 0; i < 10_000; i++) data.push([`عميل ${i}`, `رقم ${i}`, `05${String(10_000_000 + i).padStart(8, '0')}`, 'SA', `c${i}@example.com`, 'جدة', '']);
    const started = Date.now();
    const res = await upload(u.client, 'customers', { name: 'many.xlsx', data: await xlsx(data) });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(201);
    expect(res.json().data.imported).toBe(10_000);
    const [n] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from customers where tenant_id = ${u.tenantId}`);
    expect(n?.n).toBe(10_000);
    console.log(`10,000 customers imported in ${Date.now() - started} ms`);
  });
});

/** A zip by hand: each part deflated (or not), with the unpacked size it declares (its own by default). */
function zipOf(parts: { name: string; data: Buffer; declared?: number; store?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const body = p.store ? p.data : deflateRawSync(p.data, { level: 9 });
    const size = p.declared ?? p.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(p.store ? 0 : 8, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(p.store ? 0 : 8, 10);
    cd.writeUInt32LE(body.length, 20);
    cd.writeUInt32LE(size, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    central.push(cd, name);
    offset += 30 + name.length + body.length;
  }
  const cdBytes = Buffer.concat(central);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(parts.length, 8);
  eocd.writeUInt16LE(parts.length, 10);
  eocd.writeUInt32LE(cdBytes.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cdBytes, eocd]);
}

const TYPES = { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>') };
const sheetOf = (bytes: number) => {
  const head = Buffer.from('<?xml version="1.0"?><worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>');
  return Buffer.concat([head, Buffer.alloc(bytes - head.length, 0x61)]);
};

describe('xlsx decompression limits (security review)', () => {
  const tooLarge = `The file unpacks to too much data (limit ${XLSX_MAX_UNPACKED_BYTES / 1024 / 1024} MB)`;

  it('refuses, before parsing, an xlsx that declares more than the unpacked limit', { timeout: 30_000 }, async () => {
    const u = await owner();
    const bomb = zipOf([TYPES, { name: 'xl/worksheets/sheet1.xml', data: sheetOf(XLSX_MAX_UNPACKED_BYTES + 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    const res = await upload(u.client, 'customers', { name: 'bomb.xlsx', data: bomb });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.file).toEqual([tooLarge]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses a part that unpacks to more than 100 times its packed size', async () => {
    const u = await owner();
    const bomb = zipOf([TYPES, { name: 'xl/worksheets/sheet1.xml', data: sheetOf(20 * 1024 * 1024) }]);
    const res = await upload(u.client, 'customers', { name: 'ratio.xlsx', data: bomb });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.file).toEqual([tooLarge]);
  });

  it('catches a part that unpacks to more than it declares, without keeping what it unpacks', async () => {
    const liar = zipOf([TYPES, { name: 'xl/worksheets/sheet1.xml', data: sheetOf(50 * 1024 * 1024), declared: 900_000 }]);
    await expect(readRows('xlsx', liar)).rejects.toBeInstanceOf(UnpackedTooLarge);
    const u = await owner();
    const res = await upload(u.client, 'customers', { name: 'liar.xlsx', data: liar });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual([tooLarge]);
  });

  it('refuses a zip with data hidden between its listed parts', async () => {
    const good = await xlsx([header('categories'), ['One', '', '', '']]);
    // A stored part inserted before the others but left out of the central directory shifts every offset.
    const hidden = zipOf([{ name: 'hidden.xml', data: Buffer.alloc(100, 0x61), store: true }]);
    const smuggled = Buffer.concat([hidden.subarray(0, 30 + 'hidden.xml'.length + 100), good]);
    await expect(readRows('xlsx', smuggled)).rejects.toThrow();
    expect((await readRows('xlsx', good))[1]).toEqual(['One']);
  });

  it('moves the parts the streaming reader needs before the worksheet, whole (a valid file once failed now and then)', async () => {
    const good = await xlsx([header('categories'), ['One', '', '', '']]);
    const names = (b: Buffer) => zipEntries(b).map((e) => e.name);
    // ExcelJS (like Excel) writes the worksheet before the workbook and its shared strings: the case.
    expect(names(good).indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(names(good).indexOf('xl/workbook.xml'));
    const ordered = inReadingOrder(good);
    expect(names(ordered).slice(0, 4)).toEqual(['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml']);
    expect([...names(ordered)].sort()).toEqual([...names(good)].sort());
    expect(ordered.length).toBe(good.length);
    expect(inReadingOrder(ordered)).toBe(ordered);
    await checkXlsxSize(ordered);
    expect((await readRows('xlsx', ordered))[1]).toEqual(['One']);
  });

  it('stops reading .xlsx and .xls at the row cap (header + max rows)', async () => {
    const data = (n: number) => [header('categories'), ...Array.from({ length: n }, (_, i) => [`Category ${i}`, '', '', ''])];
    const ok = await readRows('xlsx', await xlsx(data(10)), { maxRows: 10 });
    expect(ok.filter(Boolean)).toHaveLength(11);
    await expect(readRows('xlsx', await xlsx(data(11)), { maxRows: 10 })).rejects.toBeInstanceOf(TooManyRows);
    await expect(readRows('xlsx', await xlsx(data(5_000)), { maxRows: 10 })).rejects.toBeInstanceOf(TooManyRows);
    expect(await readRows('xls', xls(data(10)), { maxRows: 10 })).toHaveLength(11);
    await expect(readRows('xls', xls(data(11)), { maxRows: 10 })).rejects.toBeInstanceOf(TooManyRows);
    await expect(readRows('xls', xls(data(5_000)), { maxRows: 10 })).rejects.toBeInstanceOf(TooManyRows);
  });
});

describe('import service internals (security review)', () => {
  async function contextOf(token: string | null): Promise<AuthContext> {
    const auth = createAuthService({ db: t.db, config: loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, WEB_DIST: 'off', LOG_LEVEL: 'warn' }) });
    const ctx = await auth.resolveToken(token as string);
    if (!ctx) throw new Error('no context');
    return ctx;
  }

  it('keys live progress by tenant and job id: two businesses with the same job id see their own', async () => {
    const a = await owner();
    const b = await owner();
    const id = randomUUID();
    const file = { name: 'c.csv', data: csv([header('categories'), ['Category one', '', '', '']]) };
    expect((await upload(a.client, 'categories', file, [{ name: 'job_id', value: id }])).statusCode).toBe(201);
    expect((await upload(b.client, 'categories', file, [{ name: 'job_id', value: id }])).statusCode).toBe(201);
    const live = new Map<string, Progress>();
    const service = createImportService({ db: t.db, live });
    live.set(liveKey(a.tenantId, id), { status: 'importing', processed: 7, total: 9 });
    const jobA = await service.getJob(await contextOf(a.client.token), id);
    const jobB = await service.getJob(await contextOf(b.client.token), id);
    expect(jobA).toMatchObject({ status: 'importing', processed_rows: 7, total_rows: 9 });
    expect(jobB).toMatchObject({ status: 'done', processed_rows: 1, total_rows: 1 });
  });

  it('parses every cell before the writing transaction opens, and still writes all or nothing', async () => {
    const u = await owner();
    const live = new Map<string, Progress>();
    const seen: Progress[] = [];
    const db = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === 'transaction') {
          return (...args: unknown[]) => {
            for (const p of live.values()) seen.push({ ...p });
            return (target.transaction as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    const service = createImportService({ db, live });
    const ctx = await contextOf(u.client.token);
    const data = [header('customers'), ...Array.from({ length: 3_000 }, (_, i) => [`C${i}`, 'X', `05${String(20_000_000 + i).padStart(8, '0')}`, '', '', '', ''])];
    const result = await service.importFile(ctx, 'customers', { name: 'c.csv', bytes: csv(data) }, { locale: 'en' });
    expect(result.imported).toBe(3_000);
    // The first transaction that sees the job live is the writing one: by then every row was parsed.
    expect(seen[0]).toEqual({ status: 'validating', processed: 3_000, total: 3_000 });

    seen.length = 0;
    const bad = [header('customers'), ['Ok', 'Row', '0561112222', '', '', '', ''], ['', 'Nameless', '0561113333', '', '', '', ''], ['Taken', 'Phone', `05${20_000_000}`, '', '', '', '']];
    const err = await service.importFile(ctx, 'customers', { name: 'bad.csv', bytes: csv(bad) }, { locale: 'en' }).catch((e) => e);
    expect(err.errors.map((e: { row: number; column: string }) => `${e.row}:${e.column}`)).toEqual(['3:first_name', '4:phone']);
    expect(seen[0]).toMatchObject({ processed: 3, total: 3 });
    const [n] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from customers where tenant_id = ${u.tenantId}`);
    expect(n?.n).toBe(3_000);
  });
});

describe('categories import keys (security review)', () => {
  it('refuses settings.categories alone, which cannot list categories; services or products may import them', async () => {
    const u = await owner();
    const file = { name: 'c.csv', data: csv([header('categories'), ['Category one', '', '', '']]) };
    const settingsOnly = await staffAccount(t.db, u.tenantId, { permissions: ['settings.categories'] });
    expect((await upload(u.client, 'categories', file, [], settingsOnly.token)).statusCode).toBe(403);
    expect((await u.client.get('import/categories/sample', { token: settingsOnly.token })).statusCode).toBe(403);
    const products = await staffAccount(t.db, u.tenantId, { permissions: ['products'] });
    expect((await upload(u.client, 'categories', file, [], products.token)).statusCode).toBe(201);
  });
});
