import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb, rows, type TestDb } from '../../test/helper';
import { enqueueMessage, MAX_DELIVERY_ATTEMPTS } from '../modules/outbox/outbox.service';
import { deliverDue, type Delivery, startOutboxWorker } from './outbox-worker';

let t: TestDb;
const warnings: unknown[] = [];
const log = { warn: (o: unknown) => void warnings.push(o), error: (o: unknown) => void warnings.push(o), info() {}, debug() {} } as unknown as FastifyBaseLogger;

const sent: { channel: string; to: string; body: string }[] = [];
const working: Delivery = {
  email: { name: 'mail-ok', send: async (m) => void sent.push({ channel: 'email', to: m.to, body: m.text }) },
  sms: { name: 'sms-ok', send: async (m) => void sent.push({ channel: 'sms', to: m.to, body: m.body }) },
};
const failing: Delivery = {
  email: { name: 'mail-down', send: async () => { throw new Error('SMTP unreachable'); } },
  sms: { name: 'sms-down', send: async () => { throw new Error('SMS provider answered 503'); } },
};

type Row = { status: string; attempts: number; last_error: string | null; provider: string | null; due_in: number; sent_at: Date | null };
const state = async (recipient: string) =>
  (await rows<Row>(t.db, sql`select status, attempts, last_error, provider, sent_at, extract(epoch from next_attempt_at - now())::float as due_in from outbox_messages where recipient = ${recipient}`))[0];
const makeDue = () => t.db.execute(sql`update outbox_messages set next_attempt_at = now() where status in ('pending', 'sending')`);

beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from outbox_messages`);
  sent.length = 0;
  warnings.length = 0;
});

describe('deliverDue', () => {
  it('marks a delivered message sent, with the adapter name', async () => {
    await enqueueMessage(t.db, { tenantId: null, channel: 'sms', recipient: '+966500000009', body: 'Your code is 4321' });
    await enqueueMessage(t.db, { tenantId: null, channel: 'email', recipient: 'w@test.example', subject: 'Hi', body: 'Hello' });
    expect(await deliverDue(t.db, working, log)).toBe(2);
    expect(sent).toEqual(expect.arrayContaining([{ channel: 'sms', to: '+966500000009', body: 'Your code is 4321' }, { channel: 'email', to: 'w@test.example', body: 'Hello' }]));
    expect(await state('+966500000009')).toMatchObject({ status: 'sent', attempts: 1, provider: 'sms-ok', last_error: null });
    expect((await state('+966500000009'))?.sent_at).not.toBeNull();
    expect(await state('w@test.example')).toMatchObject({ status: 'sent', provider: 'mail-ok' });
    // Nothing left to do.
    expect(await deliverDue(t.db, working, log)).toBe(0);
  });

  it('schedules a retry with backoff when the adapter fails, and logs no message body', async () => {
    await enqueueMessage(t.db, { tenantId: null, channel: 'sms', recipient: '+966500000010', body: 'Your code is 8765' });
    expect(await deliverDue(t.db, failing, log)).toBe(1);
    const row = await state('+966500000010');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'SMS provider answered 503' });
    expect(row?.due_in).toBeGreaterThan(20);
    // Not due yet: nothing is claimed.
    expect(await deliverDue(t.db, working, log)).toBe(0);
    expect(JSON.stringify(warnings)).not.toContain('8765');

    await makeDue();
    expect(await deliverDue(t.db, working, log)).toBe(1);
    expect(await state('+966500000010')).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it(`gives up after ${MAX_DELIVERY_ATTEMPTS} attempts`, async () => {
    await enqueueMessage(t.db, { tenantId: null, channel: 'email', recipient: 'dead@test.example', subject: 's', body: 'b' });
    for (let i = 1; i <= MAX_DELIVERY_ATTEMPTS; i++) {
      await makeDue();
      expect(await deliverDue(t.db, failing, log)).toBe(1);
      const row = await state('dead@test.example');
      expect(row?.attempts).toBe(i);
      expect(row?.status).toBe(i < MAX_DELIVERY_ATTEMPTS ? 'pending' : 'failed');
    }
    await makeDue();
    expect(await deliverDue(t.db, working, log)).toBe(0);
    expect(sent).toHaveLength(0);
  });

  it('claims a message once even when two deliveries run together', async () => {
    for (let i = 0; i < 5; i++) await enqueueMessage(t.db, { tenantId: null, channel: 'sms', recipient: `+96650000010${i}`, body: 'x' });
    const [a, b] = await Promise.all([deliverDue(t.db, working, log), deliverDue(t.db, working, log)]);
    expect((a ?? 0) + (b ?? 0)).toBe(5);
    expect(sent).toHaveLength(5);
  });

  it('respects the batch size', async () => {
    for (let i = 0; i < 3; i++) await enqueueMessage(t.db, { tenantId: null, channel: 'sms', recipient: `+96650000020${i}`, body: 'x' });
    expect(await deliverDue(t.db, working, log, 2)).toBe(2);
    expect(await deliverDue(t.db, working, log, 2)).toBe(1);
  });
});

describe('startOutboxWorker', () => {
  it('delivers in the background and stops cleanly', async () => {
    await enqueueMessage(t.db, { tenantId: null, channel: 'sms', recipient: '+966500000300', body: 'bg' });
    const stop = startOutboxWorker(t.db, working, log, 20);
    for (let i = 0; i < 100 && sent.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await stop();
    expect(sent).toHaveLength(1);
    expect(await state('+966500000300')).toMatchObject({ status: 'sent' });
  });
});
