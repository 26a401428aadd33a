import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Client } from '../../../test/helper';

/** A multipart body: text fields and one file under `receipt`. */
export function receiptForm(fields: Record<string, string>, file: { bytes: Buffer; name: string; type?: string }) {
  const boundary = `----sub${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** Pays a plan by card on the local gateway, as the browser would: checkout, then the simulator's Pay button. */
export async function payByCard(c: Client, plan: string, cycle: 'monthly' | 'yearly', coupon?: string) {
  const res = await c.post(`subscription/${plan}/checkout/${cycle}`, { payment_method: 'credit_card', ...(coupon ? { coupon } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  const started = res.json().data;
  expect(started.url).toBe(`/subscription-checkout/${started.charge_id}`);
  const sim = await c.post(`subscription/charges/${started.charge_id}/simulate`, { outcome: 'paid' });
  expect(sim.statusCode, sim.body).toBe(200);
  return { started, redirect: sim.json().data.redirect as string };
}
