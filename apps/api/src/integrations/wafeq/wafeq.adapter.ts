import { createHash } from 'node:crypto';

/**
 * Wafeq, the accounting app (issue 16 §5), behind one adapter: `simulation` keeps what it is sent in
 * memory and answers like the service (a key must look like one; a document sent twice with the same
 * idempotency key gets the same id); `production` calls Wafeq's API. Tests never reach the internet.
 */
export type WafeqInvoice = {
  /** Our document's id: the idempotency key, so a retry never makes a second invoice. */
  reference: string;
  number: string;
  kind: 'invoice' | 'credit_note';
  date: string;
  currency: string;
  contact: { name: string; tax_registration_number: string | null };
  lines: { description: string; quantity: number; unit_amount: string; tax_rate: string; line_amount: string }[];
  total: string;
  tax_total: string;
};

export interface WafeqAdapter {
  readonly environment: 'simulation' | 'production';
  /** The organisation the key belongs to; throws WafeqRefused when the key is refused. */
  verify(apiKey: string): Promise<{ organization: string }>;
  push(apiKey: string, invoice: WafeqInvoice): Promise<{ id: string }>;
}

export class WafeqRefused extends Error {}

export function createWafeqSimulator(): WafeqAdapter {
  const sent = new Map<string, string>();
  const check = (key: string) => {
    if (!/^wfq_[A-Za-z0-9]{16,}$/.test(key)) throw new WafeqRefused('Wafeq refused the API key (unauthorized)');
  };
  return {
    environment: 'simulation',
    async verify(apiKey) {
      check(apiKey);
      return { organization: 'Wafeq simulation organisation' };
    },
    async push(apiKey, invoice) {
      check(apiKey);
      if (invoice.lines.length === 0) throw new WafeqRefused('Wafeq refused the invoice: it has no lines');
      const key = `${apiKey}:${invoice.reference}`;
      let id = sent.get(key);
      if (!id) {
        id = `inv_${createHash('sha256').update(key).digest('hex').slice(0, 20)}`;
        sent.set(key, id);
      }
      return { id };
    },
  };
}

export function createWafeqHttp(baseUrl = 'https://api.wafeq.com/v1'): WafeqAdapter {
  async function call(apiKey: string, path: string, init: { method: string; body?: unknown; idempotencyKey?: string }) {
    const res = await fetch(`${baseUrl}${path}`, {
      method: init.method,
      headers: { Authorization: `Api-Key ${apiKey}`, 'Content-Type': 'application/json', ...(init.idempotencyKey ? { 'X-Wafeq-Idempotency-Key': init.idempotencyKey } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.status === 401 || res.status === 403) throw new WafeqRefused('Wafeq refused the API key (unauthorized)');
    if (res.status >= 400 && res.status < 500) throw new WafeqRefused(`Wafeq refused the request: ${JSON.stringify(body).slice(0, 300)}`);
    if (!res.ok) throw new Error(`Wafeq answered ${res.status}`);
    return body;
  }
  return {
    environment: 'production',
    async verify(apiKey) {
      const body = await call(apiKey, '/organization/', { method: 'GET' });
      return { organization: String(body.name ?? '') };
    },
    async push(apiKey, invoice) {
      const body = await call(apiKey, invoice.kind === 'credit_note' ? '/credit-notes/' : '/invoices/', { method: 'POST', body: invoice, idempotencyKey: invoice.reference });
      return { id: String(body.id) };
    },
  };
}

const simulator = createWafeqSimulator();
export const wafeqFor = (environment: string): WafeqAdapter => (environment === 'production' ? createWafeqHttp() : simulator);
