import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { transactionsPage } from '@app/shared/schemas/transactions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, expectRowsAsOwn, latestMessage, randomSaMobile, readyUser, rows, type TestApp } from '../../../test/helper';
import { maskUrl } from '../../app';
import { sha256 } from '../../lib/crypto';
import { staffAccount } from '../branches/staff.fixture';
import { GIF_1PX, PNG_1PX } from '../catalogue/catalogue.fixtures';
import { at, branch, dayAhead, provider, service } from '../bookings/bookings.fixtures';
import { localGateway } from '../../integrations/payment/payment.adapter';
import { seedOrder } from './transactions.fixtures';
import { createTransactionService } from './transactions.service';
import { sniffReceipt } from './transactions.routes';

let t: TestApp;
let owner: Awaited<ReturnType<typeof readyUser>>;
let other: Awaited<ReturnType<typeof readyUser>>;
let tenant: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await readyUser(t);
  other = await readyUser(t);
  tenant = owner.user.tenant.uuid;
});
afterAll(async () => {
  await t?.close();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 7)]);

/** A multipart body: text fields and, optionally, one file under `receipt`. */
function form(fields: Record<string, string | number>, file?: { bytes: Buffer; name: string; field?: string }) {
  const boundary = `----pay${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'receipt'}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function orderRow(id: string) {
  const [row] = await rows<{ paid_amount: number | string; total: number | string; payment_status: string }>(t.db, sql`select paid_amount, total, payment_status from orders where id = ${id}`);
  if (!row) throw new Error('no order');
  return { paid: Number(row.paid_amount), total: Number(row.total), status: row.payment_status };
}

async function customer(c: Client, overrides: Record<string, unknown> = {}) {
  const res = await c.post('customers', { first_name: 'Huda', last_name: 'Salem', phone: `0${randomSaMobile()}`, email: `huda-${randomBytes(4).toString('hex')}@test.example`, ...overrides });
  if (res.statusCode !== 201) throw new Error(`customer: ${res.body}`);
  return res.json().data.uuid as string;
}

const pay = (orderId: string, body: Record<string, unknown>, c: Client = owner.client) => c.post(`orders/${orderId}/transactions`, body);
const payForm = (orderId: string, fields: Record<string, string | number>, file?: { bytes: Buffer; name: string; field?: string }, c: Client = owner.client) => {
  const body = form(fields, file);
  return c.request('POST', `orders/${orderId}/transactions`, { payload: body.payload, headers: body.headers });
};
const del = (url: string, c: Client = owner.client) => c.request('DELETE', url);
const setMethod = (slug: string, enabled: boolean) => owner.client.put(`payment-methods/${slug}`, { enabled });

describe('recording a payment', () => {
  it('takes a cash payment: confirmed, the order partially paid, numbered, logged', async () => {
    const order = await seedOrder(t.db, tenant, { total: 10_000 });
    const res = await pay(order.id, { payment_method: 'cash', amount: 3_000, reference_no: ' R-1 ', notes: 'front desk' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Payment recorded');
    expect(body.data).toMatchObject({
      order_id: order.id,
      order_number: order.number,
      payment_method: 'cash',
      amount: 3_000,
      currency: 'SAR',
      status: 'confirmed',
      attachments: [],
      reference_no: 'R-1',
      notes: 'front desk',
      deleted_at: null,
      customer: null,
    });
    expect(body.data.number).toBeGreaterThan(0);
    expect(await orderRow(order.id)).toEqual({ paid: 3_000, total: 10_000, status: 'partially-paid' });
    const second = (await pay(order.id, { payment_method: 'card', amount: 7_000 })).json().data;
    expect(second.number).toBe(body.data.number + 1);
    expect(await orderRow(order.id)).toEqual({ paid: 10_000, total: 10_000, status: 'paid' });
    const logs = await rows<{ action: string; changes: Record<string, unknown>; user_id: string }>(t.db, sql`select action, changes, user_id from order_logs where order_id = ${order.id} order by created_at`);
    expect(logs.map((l) => l.action)).toEqual(['payment', 'payment']);
    expect(logs[0]?.changes).toMatchObject({ amount: 3_000, payment_method: 'cash', status: 'confirmed', number: body.data.number });
    expect(logs[0]?.user_id).toBe(owner.user.uuid);
  });

  it('refuses more than what is left (with the amount left), a fully paid order, and bad amounts', async () => {
    const order = await seedOrder(t.db, tenant, { total: 10_000 });
    await pay(order.id, { payment_method: 'cash', amount: 3_000 });
    const over = await pay(order.id, { payment_method: 'cash', amount: 7_001 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount).toEqual(['The amount is more than what is left to pay (70.00 SAR)']);
    const ar = await owner.client.post(`orders/${order.id}/transactions`, { payment_method: 'cash', amount: 7_001 }, { lang: 'ar' });
    expect(ar.json().errors.amount[0]).toContain('70.00 SAR');
    expect((await pay(order.id, { payment_method: 'cash', amount: 7_000 })).statusCode).toBe(201);
    const full = await pay(order.id, { payment_method: 'cash', amount: 1 });
    expect(full.statusCode).toBe(422);
    expect(full.json().errors.amount).toEqual(['The order is fully paid']);
    for (const amount of [0, -5, 1.5, '100', null]) {
      const res = await pay(order.id, { payment_method: 'cash', amount });
      expect(res.statusCode, String(amount)).toBe(422);
      expect(res.json().errors.amount).toBeDefined();
    }
    const online = await pay(order.id, { payment_method: 'online', amount: 100 });
    expect(online.statusCode).toBe(422);
    expect(online.json().errors.payment_method).toBeDefined();
    expect(await orderRow(order.id)).toMatchObject({ paid: 10_000 });
  });

  it('refuses a method turned off in the settings (bank transfer is off until turned on)', async () => {
    const order = await seedOrder(t.db, tenant, { total: 5_000 });
    const bank = await payForm(order.id, { payment_method: 'bank_transfer', amount: 100 }, { bytes: PNG_1PX, name: 'r.png' });
    expect(bank.statusCode).toBe(422);
    expect(bank.json().errors.payment_method).toEqual(['This payment method is turned off in the settings']);
    expect((await setMethod('card', false)).statusCode).toBe(200);
    const card = await pay(order.id, { payment_method: 'card', amount: 100 });
    expect(card.statusCode).toBe(422);
    expect(card.json().errors.payment_method).toEqual(['This payment method is turned off in the settings']);
    const options = (await owner.client.get('payment-options')).json().data;
    expect(options.methods).toEqual(['cash']);
    await setMethod('card', true);
    expect((await pay(order.id, { payment_method: 'card', amount: 100 })).statusCode).toBe(201);
    // The file stored for the refused bank transfer was removed again.
    const left = await rows(t.db, sql`select 1 from transactions where order_id = ${order.id} and receipt_path is not null`);
    expect(left).toHaveLength(0);
  });

  it('refuses a payment on an order in the trash or a draft', async () => {
    const trashed = await seedOrder(t.db, tenant, { total: 5_000 });
    await t.db.execute(sql`update orders set deleted_at = now() where id = ${trashed.id}`);
    const res = await pay(trashed.id, { payment_method: 'cash', amount: 100 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.order_id).toEqual(['The order is in the trash: restore it first']);
    const draft = await seedOrder(t.db, tenant, { total: 5_000, isDraft: true });
    const d = await pay(draft.id, { payment_method: 'cash', amount: 100 });
    expect(d.statusCode).toBe(422);
    expect(d.json().errors.order_id).toBeDefined();
  });

  it('answers 404 for another tenant order and an unknown one', async () => {
    const theirs = await seedOrder(t.db, other.user.tenant.uuid, { total: 5_000 });
    expect((await pay(theirs.id, { payment_method: 'cash', amount: 100 })).statusCode).toBe(404);
    expect((await pay('6d0f3c7e-7a43-4c55-9b9e-8f5f9d1b2c3a', { payment_method: 'cash', amount: 100 })).statusCode).toBe(404);
    expect(await orderRow(theirs.id)).toMatchObject({ paid: 0 });
  });

  it('never pays more than the total under parallel payments (the order row is locked)', async () => {
    const order = await seedOrder(t.db, tenant, { total: 1_000 });
    const results = await Promise.all(Array.from({ length: 8 }, () => pay(order.id, { payment_method: 'cash', amount: 400 })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 422)).toHaveLength(6);
    expect(await orderRow(order.id)).toEqual({ paid: 800, total: 1_000, status: 'partially-paid' });
    const numbers = results.filter((r) => r.statusCode === 201).map((r) => r.json().data.number);
    expect(new Set(numbers).size).toBe(2);
  });
});

describe('bank transfers and their receipts', () => {
  let bankAccount: string;
  beforeAll(async () => {
    await setMethod('bank_transfer', true);
    const res = await owner.client.post('bank-accounts', { beneficiary_name: 'Lamsa', bank_name: 'Rajhi', iban: 'SA0380000000608010167519', account_number: '608010167519', account_owner: 'Lamsa' });
    bankAccount = res.json().data.uuid;
  });

  it('needs a receipt of an accepted type and size', async () => {
    const order = await seedOrder(t.db, tenant, { total: 5_000 });
    const none = await pay(order.id, { payment_method: 'bank_transfer', amount: 1_000 });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.receipt).toEqual(['Attach the transfer receipt']);
    const noFile = await payForm(order.id, { payment_method: 'bank_transfer', amount: 1_000 });
    expect(noFile.json().errors.receipt).toEqual(['Attach the transfer receipt']);
    const text = await payForm(order.id, { payment_method: 'bank_transfer', amount: 1_000 }, { bytes: Buffer.from('just text, named like a png'), name: 'r.png' });
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.receipt).toEqual(['The receipt must be a jpeg, gif, png or pdf file']);
    const big = await payForm(order.id, { payment_method: 'bank_transfer', amount: 1_000 }, { bytes: Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024)]), name: 'big.png' });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.receipt).toEqual(['File too large (limit 5 MB)']);
    const badAccount = await payForm(order.id, { payment_method: 'bank_transfer', amount: 1_000, bank_account_id: '6d0f3c7e-7a43-4c55-9b9e-8f5f9d1b2c3a' }, { bytes: PDF, name: 'r.pdf' });
    expect(badAccount.statusCode).toBe(422);
    expect(badAccount.json().errors.bank_account_id).toBeDefined();
    const badAmount = await payForm(order.id, { payment_method: 'bank_transfer', amount: '12.5' }, { bytes: PDF, name: 'r.pdf' });
    expect(badAmount.statusCode).toBe(422);
    expect(badAmount.json().errors.amount).toBeDefined();
    expect(await rows(t.db, sql`select 1 from transactions where order_id = ${order.id}`)).toHaveLength(0);
  });

  it('sniffs receipts by their bytes: jpeg, gif, png, pdf; not webp', () => {
    expect(sniffReceipt(JPEG)?.mime).toBe('image/jpeg');
    expect(sniffReceipt(GIF_1PX)?.mime).toBe('image/gif');
    expect(sniffReceipt(PNG_1PX)?.mime).toBe('image/png');
    expect(sniffReceipt(PDF)?.mime).toBe('application/pdf');
    expect(sniffReceipt(Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 ')]))).toBeNull();
    expect(sniffReceipt(Buffer.from('hello'))).toBeNull();
  });

  it('waits for review with a private receipt; approve confirms it and the order is paid', async () => {
    const order = await seedOrder(t.db, tenant, { total: 5_000 });
    const res = await payForm(order.id, { payment_method: 'bank_transfer', amount: 5_000, reference_no: 'TRX-9', bank_account_id: bankAccount, notes: '' }, { bytes: PDF, name: '../../receipt.pdf' });
    expect(res.statusCode).toBe(201);
    const tx = res.json().data;
    expect(tx).toMatchObject({ status: 'wait', payment_method: 'bank_transfer', amount: 5_000, reference_no: 'TRX-9', bank_account_id: bankAccount, notes: null });
    expect(tx.attachments).toEqual([{ name: 'receipt.pdf', mime: 'application/pdf', url: `/api/v1/transactions/${tx.id}/receipt` }]);
    expect(await orderRow(order.id)).toMatchObject({ paid: 0, status: 'unpaid' });

    // The file is private: only the authorized route serves it.
    const [stored] = await rows<{ receipt_path: string }>(t.db, sql`select receipt_path from transactions where id = ${tx.id}`);
    const file = stored?.receipt_path ?? '';
    expect(file.startsWith(`/uploads/receipts/${tenant}/`)).toBe(true);
    expect(existsSync(path.join(t.dataDir, 'uploads', file.slice('/uploads/'.length)))).toBe(true);
    for (const url of [file, file.replace('/receipts/', '/RECEIPTS/'), file.replace('/receipts/', '/%72eceipts/')]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const download = await owner.client.get(`transactions/${tx.id}/receipt`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await other.client.get(`transactions/${tx.id}/receipt`)).statusCode).toBe(404);
    expect((await new Client(t.app).get(`transactions/${tx.id}/receipt`)).statusCode).toBe(401);

    const approved = await owner.client.post(`transactions/${tx.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().message).toBe('Payment approved');
    expect(approved.json().data).toMatchObject({ status: 'confirmed' });
    expect(approved.json().data.reviewed_at).not.toBeNull();
    expect(await orderRow(order.id)).toEqual({ paid: 5_000, total: 5_000, status: 'paid' });
    const again = await owner.client.post(`transactions/${tx.id}/approve`);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.status).toEqual(['The status cannot change from confirmed to confirmed']);
    const reject = await owner.client.post(`transactions/${tx.id}/reject`, { reason: 'late' });
    expect(reject.statusCode).toBe(422);
    expect(reject.json().errors.status).toEqual(['The status cannot change from confirmed to refused']);
    expect(await orderRow(order.id)).toMatchObject({ paid: 5_000 });
    const logs = await rows<{ action: string }>(t.db, sql`select action from order_logs where order_id = ${order.id} order by created_at`);
    expect(logs.map((l) => l.action)).toEqual(['payment', 'payment_approved']);
  });

  it('reject refuses it with a reason; a refused one cannot be approved', async () => {
    const order = await seedOrder(t.db, tenant, { total: 5_000 });
    const tx = (await payForm(order.id, { payment_method: 'bank_transfer', amount: 2_000 }, { bytes: JPEG, name: 'r.jpg' })).json().data;
    const res = await owner.client.post(`transactions/${tx.id}/reject`, { reason: 'The amount is not in our account' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Payment rejected');
    expect(res.json().data).toMatchObject({ status: 'refused', refusal_reason: 'The amount is not in our account' });
    expect(await orderRow(order.id)).toMatchObject({ paid: 0 });
    const approve = await owner.client.post(`transactions/${tx.id}/approve`);
    expect(approve.statusCode).toBe(422);
    expect(approve.json().errors.status).toEqual(['The status cannot change from refused to confirmed']);
    // Without a reason is fine too.
    const tx2 = (await payForm(order.id, { payment_method: 'bank_transfer', amount: 2_000 }, { bytes: GIF_1PX, name: 'r.gif' })).json().data;
    const bare = await owner.client.post(`transactions/${tx2.id}/reject`, {});
    expect(bare.statusCode).toBe(200);
    expect(bare.json().data).toMatchObject({ status: 'refused', refusal_reason: null });
  });

  it('approve refuses a receipt that no longer fits (the rest was paid meanwhile)', async () => {
    const order = await seedOrder(t.db, tenant, { total: 5_000 });
    const tx = (await payForm(order.id, { payment_method: 'bank_transfer', amount: 5_000 }, { bytes: PNG_1PX, name: 'r.png' })).json().data;
    await pay(order.id, { payment_method: 'cash', amount: 1_000 });
    const res = await owner.client.post(`transactions/${tx.id}/approve`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.amount).toEqual(['The amount is more than what is left to pay (40.00 SAR)']);
    expect(await orderRow(order.id)).toMatchObject({ paid: 1_000 });
  });
});

describe('trash, restore and delete', () => {
  it('a confirmed payment in the trash stops counting; restore counts it again; delete only from the trash', async () => {
    const order = await seedOrder(t.db, tenant, { total: 5_000 });
    const tx = (await pay(order.id, { payment_method: 'cash', amount: 3_000 })).json().data;
    const restoreLive = await owner.client.post(`transactions/${tx.id}/restore`);
    expect(restoreLive.statusCode).toBe(422);
    expect(restoreLive.json().errors.id).toEqual(['The transaction is not in the trash']);
    const forceLive = await del(`transactions/${tx.id}/force`);
    expect(forceLive.statusCode).toBe(422);
    expect(forceLive.json().errors.id).toEqual(['The transaction is not in the trash']);

    const trashed = await del(`transactions/${tx.id}`);
    expect(trashed.statusCode).toBe(200);
    expect(await orderRow(order.id)).toEqual({ paid: 0, total: 5_000, status: 'unpaid' });
    expect((await del(`transactions/${tx.id}`)).statusCode).toBe(422);
    expect((await owner.client.post(`transactions/${tx.id}/approve`)).json().errors.status).toEqual(['The transaction is in the trash: restore it first']);
    const list = (await owner.client.get('transactions', { query: { order_id: order.id } })).json();
    expect(list.data).toHaveLength(0);
    const trash = (await owner.client.get('transactions', { query: { order_id: order.id, trashed: '1' } })).json();
    expect(trash.data.map((x: { id: string }) => x.id)).toEqual([tx.id]);
    expect(trash.data[0].deleted_at).not.toBeNull();
    expect((await owner.client.get(`orders/${order.id}/transactions`)).json().data).toHaveLength(0);

    const restored = await owner.client.post(`transactions/${tx.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().message).toBe('Transaction restored');
    expect(restored.json().data.deleted_at).toBeNull();
    expect(await orderRow(order.id)).toEqual({ paid: 3_000, total: 5_000, status: 'partially-paid' });

    // Restoring must still fit in the total.
    await del(`transactions/${tx.id}`);
    await pay(order.id, { payment_method: 'cash', amount: 4_000 });
    const over = await owner.client.post(`transactions/${tx.id}/restore`);
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount).toEqual(['The amount is more than what is left to pay (10.00 SAR)']);
    expect(await orderRow(order.id)).toMatchObject({ paid: 4_000 });

    const gone = await del(`transactions/${tx.id}/force`);
    expect(gone.statusCode).toBe(200);
    expect((await owner.client.get(`transactions/${tx.id}`)).statusCode).toBe(404);
    expect(await orderRow(order.id)).toMatchObject({ paid: 4_000 });
    const actions = (await rows<{ action: string }>(t.db, sql`select action from order_logs where order_id = ${order.id} order by created_at`)).map((l) => l.action);
    expect(actions).toEqual(['payment', 'payment_trashed', 'payment_restored', 'payment_trashed', 'payment', 'payment_deleted']);
  });

  it('a waiting payment goes to the trash without touching the paid amount; delete removes its receipt file', async () => {
    await setMethod('bank_transfer', true);
    const order = await seedOrder(t.db, tenant, { total: 5_000 });
    await pay(order.id, { payment_method: 'cash', amount: 1_000 });
    const tx = (await payForm(order.id, { payment_method: 'bank_transfer', amount: 1_000 }, { bytes: PNG_1PX, name: 'r.png' })).json().data;
    const [stored] = await rows<{ receipt_path: string }>(t.db, sql`select receipt_path from transactions where id = ${tx.id}`);
    const file = path.join(t.dataDir, 'uploads', (stored?.receipt_path ?? '').slice('/uploads/'.length));
    expect(existsSync(file)).toBe(true);
    await del(`transactions/${tx.id}`);
    expect(await orderRow(order.id)).toMatchObject({ paid: 1_000 });
    await owner.client.post(`transactions/${tx.id}/restore`);
    expect(await orderRow(order.id)).toMatchObject({ paid: 1_000 });
    await del(`transactions/${tx.id}`);
    expect((await del(`transactions/${tx.id}/force`)).statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
  });

  it('restore refuses while the order is in the trash', async () => {
    const order = await seedOrder(t.db, tenant, { total: 5_000 });
    const tx = (await pay(order.id, { payment_method: 'cash', amount: 1_000 })).json().data;
    await del(`transactions/${tx.id}`);
    await t.db.execute(sql`update orders set deleted_at = now() where id = ${order.id}`);
    const res = await owner.client.post(`transactions/${tx.id}/restore`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.order_id).toBeDefined();
  });
});

describe('reading transactions', () => {
  it("answers each list row as the transaction's own GET does, to the page's schema (the database writes the rows)", async () => {
    const cid = await customer(owner.client, { first_name: 'O"Brien', last_name: 'عمر \\ 😀' });
    const a = await seedOrder(t.db, tenant, { total: 9_000, customerId: cid });
    const b = await seedOrder(t.db, tenant, { total: 9_000 });
    const cash = (await pay(a.id, { payment_method: 'cash', amount: 1_000, tendered_amount: 1_500 })).json().data;
    const card = (await pay(a.id, { payment_method: 'card', amount: 2_000 })).json().data;
    const guest = (await pay(b.id, { payment_method: 'cash', amount: 3_000 })).json().data;
    // What these requests did not write: a receipt without its name or type, a refund, a review, notes, microseconds; one in the trash.
    await t.db.execute(
      sql`update transactions set receipt_path = 'x/receipt.pdf', receipt_name = null, receipt_mime = null, kind = 'refund', reference_no = 'REF-7', notes = ${'Line one\nline "two"'},
        refusal_reason = 'Blurry', reviewed_at = '2026-01-02 03:04:05.678999+00' where id = ${card.id}`,
    );
    await t.db.execute(sql`update transactions set receipt_path = 'y/r.png', receipt_name = 'إيصال.png', receipt_mime = 'image/png', deleted_at = now() where id = ${guest.id}`);
    for (const id of [cash.id, card.id, guest.id]) await owner.client.get(`transactions/${id}`);

    const seen: string[] = [];
    for (const query of [{ order_id: a.id }, { order_id: a.id, per_page: '1', page: '2' }, { order_id: b.id, trashed: '1' }] as Record<string, string>[]) {
      const res = await owner.client.get('transactions', { query });
      seen.push(...(await expectRowsAsOwn(res, transactionsPage, async (row) => (await owner.client.get(`transactions/${row.id}`)).json().data)));
    }
    expect(seen).toEqual([card.id, cash.id, cash.id, guest.id]);
    const [refund, paid] = (await owner.client.get('transactions', { query: { order_id: a.id } })).json().data;
    expect(refund).toMatchObject({
      kind: 'refund',
      customer: { id: cid, name: 'O"Brien عمر \\ 😀' },
      attachments: [{ name: 'receipt', mime: 'application/octet-stream', url: `/api/v1/transactions/${card.id}/receipt` }],
      reviewed_at: '2026-01-02T03:04:05.678Z',
      change_due: 0,
    });
    expect(paid).toMatchObject({ kind: 'payment', tendered_amount: 1_500, change_due: 500, attachments: [] });
  });

  it('lists with filters and pagination, newest first; one transaction marks it read', async () => {
    const cid = await customer(owner.client, { first_name: 'Zainab', last_name: 'Qasim' });
    const a = await seedOrder(t.db, tenant, { total: 9_000, customerId: cid });
    const b = await seedOrder(t.db, tenant, { total: 9_000 });
    const t1 = (await pay(a.id, { payment_method: 'cash', amount: 1_000 })).json().data;
    const t2 = (await pay(a.id, { payment_method: 'card', amount: 2_000 })).json().data;
    const t3 = (await pay(b.id, { payment_method: 'cash', amount: 3_000 })).json().data;
    expect(t1.customer).toEqual({ id: cid, name: 'Zainab Qasim' });

    const byOrder = (await owner.client.get('transactions', { query: { order_id: a.id } })).json();
    expect(byOrder.data.map((x: { id: string }) => x.id)).toEqual([t2.id, t1.id]);
    expect(byOrder.meta).toMatchObject({ total_exact: true, current_page: 1, per_page: 25, total: 2, last_page: 1 });
    const paged = (await owner.client.get('transactions', { query: { order_id: a.id, per_page: '1', page: '2' } })).json();
    expect(paged.data.map((x: { id: string }) => x.id)).toEqual([t1.id]);
    expect(paged.meta).toMatchObject({ total_exact: true, current_page: 2, per_page: 1, total: 2, last_page: 2 });
    const cards = (await owner.client.get('transactions', { query: { order_id: a.id, payment_method: 'card' } })).json();
    expect(cards.data.map((x: { id: string }) => x.id)).toEqual([t2.id]);
    const confirmed = (await owner.client.get('transactions', { query: { customer_id: cid, status: 'confirmed' } })).json();
    expect(confirmed.data).toHaveLength(2);
    expect((await owner.client.get('transactions', { query: { customer_id: cid, status: 'wait' } })).json().data).toHaveLength(0);
    const ids = (q: Record<string, string>) => owner.client.get('transactions', { query: q }).then((r) => r.json().data.map((x: { id: string }) => x.id));
    expect(await ids({ search: 'zainab' })).toEqual([t2.id, t1.id]);
    expect(await ids({ search: String(t3.number) })).toContain(t3.id);
    expect(await ids({ search: `#${b.number}` })).toContain(t3.id);
    expect(await ids({ search: String(t3.number).replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d))) })).toContain(t3.id);
    // The business's day (its zone, Asia/Riyadh), not UTC's: from 21:00 UTC they differ.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date());
    expect(await ids({ order_id: b.id, from: today, to: today })).toEqual([t3.id]);
    expect(await ids({ order_id: b.id, from: '2001-01-01', to: '2001-01-02' })).toEqual([]);
    const bad = await owner.client.get('transactions', { query: { status: 'nope', from: '2020-02-31' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['from', 'status']);

    const forOrder = (await owner.client.get(`orders/${a.id}/transactions`)).json();
    expect(forOrder.data.map((x: { id: string }) => x.id)).toEqual([t2.id, t1.id]);

    await t.db.execute(sql`update transactions set read_at = null where id = ${t3.id}`);
    const one = await owner.client.get(`transactions/${t3.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: t3.id, order_number: b.number, amount: 3_000 });
    const [read] = await rows<{ read_at: Date | null }>(t.db, sql`select read_at from transactions where id = ${t3.id}`);
    expect(read?.read_at).not.toBeNull();
    expect((await other.client.get(`transactions/${t3.id}`)).statusCode).toBe(404);
    expect((await other.client.get('transactions', { query: { order_id: a.id } })).json().data).toHaveLength(0);
  });

  it('defaults the list to the current branch (null: every branch)', async () => {
    const me = (await owner.client.get('auth/me')).json().data as { teams: { uuid: string }[] };
    const branch = me.teams[0]?.uuid as string;
    const here = await seedOrder(t.db, tenant, { total: 1_000, branchId: branch });
    const elsewhere = await seedOrder(t.db, tenant, { total: 1_000 });
    const th = (await pay(here.id, { payment_method: 'cash', amount: 100 })).json().data;
    const te = (await pay(elsewhere.id, { payment_method: 'cash', amount: 100 })).json().data;
    expect(th.branch_id).toBe(branch);
    const ids = () => owner.client.get('transactions', { query: { per_page: '100' } }).then((r) => r.json().data.map((x: { id: string }) => x.id));
    expect(await ids()).toEqual(expect.arrayContaining([th.id, te.id]));
    await t.db.execute(sql`update users set current_branch_id = ${branch} where id = ${owner.user.uuid}`);
    try {
      const scoped = await ids();
      expect(scoped).toContain(th.id);
      expect(scoped).not.toContain(te.id);
      const explicit = await owner.client.get('transactions', { query: { branch_id: branch, per_page: '100' } });
      expect(explicit.json().data.map((x: { id: string }) => x.id)).not.toContain(te.id);
    } finally {
      await t.db.execute(sql`update users set current_branch_id = null where id = ${owner.user.uuid}`);
    }
  });
});

describe('permissions and data scope', () => {
  it('records with orders, reviews with transaction; a provider sees only its assigned orders', async () => {
    await setMethod('bank_transfer', true);
    const cashier = await staffAccount(t.db, tenant, { permissions: ['orders'] });
    const reviewer = await staffAccount(t.db, tenant, { permissions: ['transaction'] });
    const asCashier = new Client(t.app);
    asCashier.token = cashier.token;
    const asReviewer = new Client(t.app);
    asReviewer.token = reviewer.token;
    const order = await seedOrder(t.db, tenant, { total: 5_000 });
    const tx = (await payForm(order.id, { payment_method: 'bank_transfer', amount: 1_000 }, { bytes: PNG_1PX, name: 'r.png' }, asCashier)).json().data;
    expect(tx.status).toBe('wait');
    expect((await asCashier.post(`transactions/${tx.id}/approve`)).statusCode).toBe(403);
    expect((await asReviewer.post(`orders/${order.id}/transactions`, { payment_method: 'cash', amount: 10 })).statusCode).toBe(403);
    expect((await asReviewer.get(`transactions/${tx.id}`)).statusCode).toBe(200);
    expect((await asReviewer.post(`transactions/${tx.id}/approve`)).statusCode).toBe(200);

    // A provider account: only the orders assigned to its provider row.
    const provider = await staffAccount(t.db, tenant, { permissions: ['orders'], type: 'provider' });
    const [prov] = await rows<{ id: string }>(t.db, sql`select id from providers where tenant_id = ${tenant} order by created_at limit 1`);
    await t.db.execute(sql`update providers set user_id = ${provider.userId} where id = ${prov?.id}`);
    try {
      const asProvider = new Client(t.app);
      asProvider.token = provider.token;
      const mine = await seedOrder(t.db, tenant, { total: 5_000, providerId: prov?.id ?? null });
      const mineTx = (await pay(mine.id, { payment_method: 'cash', amount: 500 })).json().data;
      const page = (await asProvider.get('transactions', { query: { per_page: '100' } })).json();
      const list = page.data.map((x: { id: string }) => x.id);
      expect(list).toContain(mineTx.id);
      expect(list).not.toContain(tx.id);
      // The count is of what the provider sees too, on a page of rows and on a page past the end.
      expect(page.meta.total).toBe(list.length);
      const past = await asProvider.get('transactions', { query: { per_page: '100', page: '9' } });
      expect(past.statusCode).toBe(200);
      expect(past.json().meta.total).toBe(list.length);
      expect((await asProvider.get(`transactions/${tx.id}`)).statusCode).toBe(404);
      expect((await asProvider.get(`orders/${order.id}/transactions`)).statusCode).toBe(404);
      expect((await asProvider.post(`orders/${order.id}/transactions`, { payment_method: 'cash', amount: 10 })).statusCode).toBe(404);
      expect((await asProvider.post(`orders/${mine.id}/transactions`, { payment_method: 'cash', amount: 10 })).statusCode).toBe(201);
    } finally {
      await t.db.execute(sql`update providers set user_id = null where id = ${prov?.id}`);
    }
  });
});

describe('payment links', () => {
  async function linkOrder(total = 8_000) {
    const cid = await customer(owner.client);
    const order = await seedOrder(t.db, tenant, { total, customerId: cid });
    return { order, cid };
  }
  const tokenOf = (url: string) => url.split('/pay/')[1] ?? '';
  const publicClient = () => new Client(t.app);

  it('needs a customer with a phone and an e-mail, and something left to pay', async () => {
    const guest = await seedOrder(t.db, tenant, { total: 5_000 });
    const g = await owner.client.post(`orders/${guest.id}/payment-link`);
    expect(g.statusCode).toBe(422);
    expect(g.json().errors.customer_id).toEqual(['A payment link needs a customer with a phone and an e-mail']);
    const noMail = await seedOrder(t.db, tenant, { total: 5_000, customerId: await customer(owner.client, { email: null }) });
    expect((await owner.client.post(`orders/${noMail.id}/payment-link`)).json().errors.customer_id).toBeDefined();
    const noPhone = await seedOrder(t.db, tenant, { total: 5_000, customerId: await customer(owner.client, { phone: null }) });
    expect((await owner.client.post(`orders/${noPhone.id}/payment-link`)).json().errors.customer_id).toBeDefined();
    const { order } = await linkOrder(1_000);
    await pay(order.id, { payment_method: 'cash', amount: 1_000 });
    const paid = await owner.client.post(`orders/${order.id}/payment-link`);
    expect(paid.statusCode).toBe(422);
    expect(paid.json().errors.amount).toEqual(['The order is fully paid']);
  });

  it('sends the link by SMS and e-mail, pays it once through the simulator, end to end', async () => {
    const { order, cid } = await linkOrder(8_000);
    await pay(order.id, { payment_method: 'cash', amount: 3_000 });
    const res = await owner.client.post(`orders/${order.id}/payment-link`);
    expect(res.statusCode).toBe(201);
    const link = res.json().data;
    expect(link.amount).toBe(5_000);
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/pay\/[A-Za-z0-9_-]{43}$/);
    const hours = (new Date(link.expires_at).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const token = tokenOf(link.url);

    // Stored hashed only.
    const stored = await rows<{ token_hash: string; status: string; gateway_ref: string | null; amount: number | string }>(t.db, sql`select token_hash, status, gateway_ref, amount from payment_links where order_id = ${order.id}`);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ token_hash: sha256(token), status: 'open' });
    expect(stored[0]?.gateway_ref).toMatch(/^local_chk_/);
    expect(JSON.stringify(await rows(t.db, sql`select * from payment_links where order_id = ${order.id}`))).not.toContain(token);

    // The customer's messages (the business's language: Arabic).
    const [c] = await rows<{ phone: string; email: string }>(t.db, sql`select phone, email from customers where id = ${cid}`);
    const sms = await latestMessage(t.db, 'sms', c?.phone ?? '');
    expect(sms?.body).toContain(link.url);
    expect(sms?.body).toContain('50.00 SAR');
    expect(sms?.body).toContain(String(order.number));
    const mail = await latestMessage(t.db, 'email', c?.email ?? '');
    expect(mail?.subject).toContain(String(order.number));
    expect(mail?.body).toContain(link.url);
    expect(mail?.body).toContain('Huda Salem');

    // The public page: no sign-in.
    const visitor = publicClient();
    const view = await visitor.get(`pay/${token}`);
    expect(view.statusCode).toBe(200);
    const [tn] = await rows<{ name: string }>(t.db, sql`select name from tenants where id = ${tenant}`);
    expect(view.json().data).toEqual({ business: tn?.name, order_number: order.number, amount: 5_000, currency: 'SAR', status: 'open', expires_at: link.expires_at, booking_url: null });

    // While the customer has not paid, the link's payment is a pending online transaction.
    const onlineOf = async () => (await owner.client.get('transactions', { query: { order_id: order.id, payment_method: 'online' } })).json().data as { id: string; status: string; amount: number; number: number }[];
    const waiting = await onlineOf();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ status: 'pending', amount: 5_000 });
    expect(await orderRow(order.id)).toMatchObject({ paid: 3_000 });

    // A failed attempt is refused; a fresh pending transaction waits for the next try. Only the
    // gateway's answers are news for the sidebar (the refusal now, the payment later).
    const unread = async () => (await owner.client.get('load-unread-modules-counts')).json().data.transactions as number;
    const unreadBefore = await unread();
    const failed = await visitor.post(`pay/${token}/simulate`, { outcome: 'failed' });
    expect(failed.statusCode).toBe(422);
    expect(failed.json().message).toBe('The payment failed, try again');
    expect((await visitor.get(`pay/${token}`)).json().data.status).toBe('open');
    expect(await orderRow(order.id)).toMatchObject({ paid: 3_000 });
    const afterFailure = await onlineOf();
    expect(afterFailure.map((x) => x.status).sort()).toEqual(['pending', 'refused']);
    expect(afterFailure.find((x) => x.status === 'refused')?.id).toBe(waiting[0]?.id);
    const retry = afterFailure.find((x) => x.status === 'pending');
    expect(retry?.number).toBeGreaterThan(waiting[0]?.number ?? 0);
    expect(await unread()).toBe(unreadBefore + 1);

    const paid = await visitor.post(`pay/${token}/simulate`, { outcome: 'paid' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'paid', amount: 5_000, order_number: order.number });
    expect(await orderRow(order.id)).toEqual({ paid: 8_000, total: 8_000, status: 'paid' });
    const online = (await owner.client.get('transactions', { query: { order_id: order.id, payment_method: 'online', status: 'confirmed' } })).json().data;
    expect(online).toHaveLength(1);
    expect(online[0]).toMatchObject({ id: retry?.id, status: 'confirmed', amount: 5_000, payment_method: 'online', customer: { id: cid, name: 'Huda Salem' } });
    expect(online[0].payment_gateway_id).toMatch(/^local_pay_/);
    expect(online[0].reference_no).toBe(stored[0]?.gateway_ref);
    const [linkRow] = await rows<{ status: string; transaction_id: string; paid_at: Date | null }>(t.db, sql`select status, transaction_id, paid_at from payment_links where order_id = ${order.id}`);
    expect(linkRow).toMatchObject({ status: 'paid', transaction_id: online[0].id });
    expect(linkRow?.paid_at).not.toBeNull();

    // Paying again (a second click, a repeated callback) counts nothing twice.
    const twice = await visitor.post(`pay/${token}/simulate`, { outcome: 'paid' });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data.status).toBe('paid');
    expect((await visitor.get(`pay/${token}`)).json().data.status).toBe('paid');
    expect(await orderRow(order.id)).toMatchObject({ paid: 8_000 });
    expect((await onlineOf()).map((x) => x.status).sort()).toEqual(['confirmed', 'refused']);
    const actions = (await rows<{ action: string; user_id: string | null }>(t.db, sql`select action, user_id from order_logs where order_id = ${order.id} order by created_at`)).map((l) => `${l.action}:${l.user_id ? 'user' : 'system'}`);
    expect(actions).toEqual(['payment:user', 'payment_link:user', 'payment_failed:system', 'payment:system']);
  });

  it('parallel payments of one link settle it once', async () => {
    const { order } = await linkOrder(4_000);
    const token = tokenOf((await owner.client.post(`orders/${order.id}/payment-link`)).json().data.url);
    const results = await Promise.all(Array.from({ length: 5 }, () => publicClient().post(`pay/${token}/simulate`, { outcome: 'paid' })));
    for (const r of results) expect(r.json().data?.status, r.body).toBe('paid');
    expect(await orderRow(order.id)).toEqual({ paid: 4_000, total: 4_000, status: 'paid' });
    const [n] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from transactions where order_id = ${order.id}`);
    expect(Number(n?.n)).toBe(1);
  });

  it('an unknown, expired, replaced or overtaken link is invalid', async () => {
    const visitor = publicClient();
    const unknown = await visitor.get(`pay/${'a'.repeat(43)}`);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.token).toEqual(['This payment link is invalid or has expired']);
    expect((await visitor.post(`pay/${'a'.repeat(43)}/simulate`, { outcome: 'paid' })).statusCode).toBe(422);
    const badBody = await visitor.post(`pay/${'a'.repeat(43)}/simulate`, { outcome: 'maybe' });
    expect(badBody.statusCode).toBe(422);

    const { order } = await linkOrder(6_000);
    const first = tokenOf((await owner.client.post(`orders/${order.id}/payment-link`)).json().data.url);
    const second = tokenOf((await owner.client.post(`orders/${order.id}/payment-link`)).json().data.url);
    expect((await visitor.get(`pay/${first}`)).statusCode).toBe(422);
    expect((await visitor.post(`pay/${first}/simulate`, { outcome: 'paid' })).statusCode).toBe(422);
    expect((await visitor.get(`pay/${second}`)).statusCode).toBe(200);
    const statuses = async () => ((await owner.client.get('transactions', { query: { order_id: order.id, payment_method: 'online' } })).json().data as { status: string }[]).map((x) => x.status).sort();
    // The replaced link's payment is refused; only the latest one is pending.
    expect(await statuses()).toEqual(['pending', 'refused']);

    // Paid another way meanwhile: the link no longer matches what is left.
    await pay(order.id, { payment_method: 'cash', amount: 1_000 });
    expect((await visitor.get(`pay/${second}`)).statusCode).toBe(422);
    expect((await visitor.post(`pay/${second}/simulate`, { outcome: 'paid' })).statusCode).toBe(422);
    expect(await orderRow(order.id)).toMatchObject({ paid: 1_000 });
    expect(await statuses()).toEqual(['refused', 'refused']);

    const third = tokenOf((await owner.client.post(`orders/${order.id}/payment-link`)).json().data.url);
    await t.db.execute(sql`update payment_links set expires_at = now() - interval '1 minute' where token_hash = ${sha256(third)}`);
    expect((await visitor.get(`pay/${third}`)).statusCode).toBe(422);
    expect((await visitor.post(`pay/${third}/simulate`, { outcome: 'paid' })).statusCode).toBe(422);
    expect(await statuses()).toEqual(['refused', 'refused', 'refused']);

    // An order in the trash cannot be paid by its link.
    const fourth = tokenOf((await owner.client.post(`orders/${order.id}/payment-link`)).json().data.url);
    await t.db.execute(sql`update orders set deleted_at = now() where id = ${order.id}`);
    expect((await visitor.get(`pay/${fourth}`)).statusCode).toBe(422);
    expect(await orderRow(order.id)).toMatchObject({ paid: 1_000 });
  });

  it("a pencilled-in booking: a failed link payment makes it unpaid, paying confirms it; the booking's payment status follows the order", async () => {
    const b = await branch(t.db, tenant, { name: 'Link branch' });
    const s = await service(t.db, tenant, { name: 'Link cut', price: 6_000, duration: 30 });
    await provider(t.db, tenant, { name: 'Link provider', branchId: b, serviceIds: [s] });
    const cid = await customer(owner.client);
    const d = dayAhead(5);
    const made = await owner.client.post('bookings', { customer_id: cid, branch_id: b, service_ids: [s], start_time: at(d, '10:00'), status: 'pending' });
    expect(made.statusCode, made.body).toBe(201);
    const orderId = made.json().data.order_id as string;
    const bookingId = made.json().data.bookings[0].id as string;
    expect(made.json().data.bookings[0]).toMatchObject({ status: 'pending', payment_status: 'unpaid' });
    const bookingNow = async () => (await owner.client.get(`bookings/${bookingId}`)).json().data as { status: string; payment_status: string };

    const badStatus = await owner.client.post('bookings', { customer_id: cid, branch_id: b, service_ids: [s], start_time: at(d, '11:00'), status: 'completed' });
    expect(badStatus.statusCode).toBe(422);
    expect(badStatus.json().errors.status).toBeDefined();

    await pay(orderId, { payment_method: 'cash', amount: 1_000 });
    expect(await bookingNow()).toEqual(expect.objectContaining({ status: 'pending', payment_status: 'partially-paid' }));

    const token = tokenOf((await owner.client.post(`orders/${orderId}/payment-link`)).json().data.url);
    const visitor = publicClient();
    expect((await visitor.post(`pay/${token}/simulate`, { outcome: 'failed' })).statusCode).toBe(422);
    expect(await bookingNow()).toEqual(expect.objectContaining({ status: 'unpaid', payment_status: 'partially-paid' }));
    // Still holding its seat while the customer retries: the slot is not offered.
    const slots = (await owner.client.get(`bookings/slots?${new URLSearchParams({ branch_id: b, service_ids: s, from: d, to: d })}`)).json().data[0].slots as { slot: string }[];
    expect(slots.map((x) => x.slot)).not.toContain('10:00');

    expect((await visitor.post(`pay/${token}/simulate`, { outcome: 'paid' })).statusCode).toBe(200);
    expect(await bookingNow()).toEqual(expect.objectContaining({ status: 'confirmed', payment_status: 'paid' }));
    const moves = await rows<{ changes: { from: string; to: string } }>(t.db, sql`select changes from order_logs where order_id = ${orderId} and action = 'booking' and changes->>'event' = 'status' order by created_at`);
    expect(moves.map((l) => `${l.changes.from}>${l.changes.to}`)).toEqual(['pending>unpaid', 'unpaid>confirmed']);

    // Trashing the cash payment: the booking's payment status follows the order again.
    const cash = ((await owner.client.get('transactions', { query: { order_id: orderId, payment_method: 'cash' } })).json().data as { id: string }[])[0];
    expect((await del(`transactions/${cash?.id}`)).statusCode).toBe(200);
    expect((await bookingNow()).payment_status).toBe('partially-paid');
  });

  it("a link's pending payment is the gateway's: no approve, reject or trash by staff; paid at once, it confirms pencilled-in bookings", async () => {
    const b = await branch(t.db, tenant, { name: 'Link branch 2' });
    const s = await service(t.db, tenant, { name: 'Link cut 2', price: 5_000, duration: 30 });
    await provider(t.db, tenant, { name: 'Link provider 2', branchId: b, serviceIds: [s] });
    const cid = await customer(owner.client);
    const made = await owner.client.post('bookings', { customer_id: cid, branch_id: b, service_ids: [s], start_time: at(dayAhead(6), '11:00'), status: 'pending' });
    expect(made.statusCode, made.body).toBe(201);
    const orderId = made.json().data.order_id as string;
    const token = tokenOf((await owner.client.post(`orders/${orderId}/payment-link`)).json().data.url);
    const [pending] = (await owner.client.get('transactions', { query: { order_id: orderId } })).json().data as { id: string; status: string }[];
    expect(pending?.status).toBe('pending');
    const approve = await owner.client.post(`transactions/${pending?.id}/approve`);
    expect(approve.statusCode).toBe(422);
    expect(approve.json().errors.status).toEqual(['The status cannot change from pending to confirmed']);
    expect((await owner.client.post(`transactions/${pending?.id}/reject`, { reason: 'no' })).statusCode).toBe(422);
    const trash = await del(`transactions/${pending?.id}`);
    expect(trash.statusCode).toBe(422);
    expect(trash.json().errors.id).toEqual(['This payment is waiting for the payment gateway and cannot be moved to the trash']);
    expect(await orderRow(orderId)).toMatchObject({ paid: 0 });

    expect((await publicClient().post(`pay/${token}/simulate`, { outcome: 'paid' })).statusCode).toBe(200);
    const booking = (await owner.client.get(`bookings/${made.json().data.bookings[0].id}`)).json().data;
    expect(booking).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    const all = (await owner.client.get('transactions', { query: { order_id: orderId } })).json().data as { id: string; status: string }[];
    expect(all).toEqual([expect.objectContaining({ id: pending?.id, status: 'confirmed' })]);
  });

  it('the sweeper retires expired links and refuses their pending payments; reads change nothing', async () => {
    const { order } = await linkOrder(3_000);
    await owner.client.post(`orders/${order.id}/payment-link`);
    await t.db.execute(sql`update payment_links set expires_at = now() - interval '1 minute' where order_id = ${order.id}`);
    const statusOf = async () => ((await owner.client.get('transactions', { query: { order_id: order.id } })).json().data as { status: string }[]).map((x) => x.status);
    expect(await statusOf()).toEqual(['pending']);
    const service = createTransactionService({ db: t.db, config: t.config, gateway: localGateway() });
    expect(await service.sweepExpiredLinks()).toBeGreaterThanOrEqual(1);
    expect(await statusOf()).toEqual(['refused']);
    const [link] = await rows<{ status: string }>(t.db, sql`select status from payment_links where order_id = ${order.id}`);
    expect(link?.status).toBe('expired');
    expect(await service.sweepExpiredLinks()).toBe(0);
  });

  it('are in the API document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const p of ['/api/v1/orders/{id}/transactions', '/api/v1/orders/{id}/payment-link', '/api/v1/transactions', '/api/v1/transactions/{id}/approve', '/api/v1/pay/{token}', '/api/v1/pay/{token}/simulate']) {
      expect(Object.keys(doc.paths), p).toContain(p);
    }
  });

  it('another tenant order cannot get a link; the token never reaches the logs', async () => {
    const theirs = await seedOrder(t.db, other.user.tenant.uuid, { total: 1_000 });
    expect((await owner.client.post(`orders/${theirs.id}/payment-link`)).statusCode).toBe(404);
    expect(maskUrl('/api/v1/pay/abcDEF_123-x/simulate')).toBe('/api/v1/pay/[redacted]/simulate');
    expect(maskUrl('/pay/abcDEF_123-x')).toBe('/pay/[redacted]');
  });
});
