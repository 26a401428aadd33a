import { createHash, timingSafeEqual } from 'node:crypto';
import type { Checkout, CheckoutRequest, PaymentGateway, PaymentOutcome, PaymentResult, TokenChargeRequest } from './payment.adapter';

/**
 * Moyasar (a Saudi payment gateway: mada, Visa, Mastercard, Apple Pay), behind the same adapter as
 * the simulator. `PAYMENT_GATEWAY=moyasar` with `MOYASAR_SECRET_KEY` (and `MOYASAR_WEBHOOK_SECRET`
 * for its webhooks).
 *  - A checkout is a Moyasar invoice (POST /v1/invoices): its hosted page is where the browser goes;
 *    its `callback_url` brings the browser back to us.
 *  - The outcome is always read from Moyasar (GET /v1/invoices/{id}): a return or webhook only tells
 *    us which invoice to ask about.
 *  - A renewal charges a saved card token (POST /v1/payments, source type token) with `given_id`, a
 *    UUID derived from our idempotency key: Moyasar answers a repeated `given_id` with the same
 *    payment instead of charging twice.
 * Amounts are minor units (halalas), as Moyasar takes them. Not reachable from the development
 * machine: tested against a recorded-shape fake of its API (moyasar.test.ts).
 */

export const MOYASAR_API = 'https://api.moyasar.com/v1';

type Fetch = typeof fetch;

type MoyasarPayment = { id: string; status: string; amount: number; currency: string; source?: { token?: string; message?: string } };
type MoyasarInvoice = { id: string; status: string; amount: number; currency: string; url: string; payments?: MoyasarPayment[] };

/** A UUID (v4 layout) from any text: Moyasar's `given_id` must be one. */
export function givenIdOf(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((Number.parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const outcomeOf = (status: string): PaymentOutcome => (status === 'paid' || status === 'captured' ? 'paid' : status === 'failed' || status === 'voided' || status === 'expired' ? 'failed' : 'pending');

export function moyasarGateway(opts: { secretKey: string; baseUrl?: string; fetch?: Fetch }): PaymentGateway {
  const base = (opts.baseUrl ?? MOYASAR_API).replace(/\/$/, '');
  const doFetch = opts.fetch ?? fetch;
  const auth = `Basic ${Buffer.from(`${opts.secretKey}:`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await doFetch(`${base}${path}`, {
      method,
      headers: { Authorization: auth, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const json = (await res.json().catch(() => ({}))) as T & { message?: string; type?: string };
    if (!res.ok) throw new Error(`Moyasar ${method} ${path}: ${res.status} ${json.message ?? json.type ?? ''}`.trim());
    return json;
  }

  return {
    name: 'moyasar',
    simulates: false,
    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const invoice = await call<MoyasarInvoice>('POST', '/invoices', {
        amount: request.amount,
        currency: request.currency,
        description: request.description.slice(0, 255),
        callback_url: request.returnUrl,
        success_url: request.returnUrl,
        back_url: request.returnUrl,
        metadata: { reference: request.reference },
      });
      return { gatewayRef: invoice.id, redirectUrl: invoice.url };
    },
    async verify({ gatewayRef }): Promise<PaymentResult> {
      const invoice = await call<MoyasarInvoice>('GET', `/invoices/${encodeURIComponent(gatewayRef)}`);
      const paid = invoice.payments?.find((p) => outcomeOf(p.status) === 'paid');
      const last = paid ?? invoice.payments?.at(-1);
      const status = outcomeOf(invoice.status) === 'paid' || paid ? 'paid' : outcomeOf(invoice.status);
      return {
        status,
        gatewayRef: invoice.id,
        paymentId: last?.id ?? '',
        amount: invoice.amount,
        currency: invoice.currency,
        ...(last?.source?.token ? { cardToken: last.source.token } : {}),
        ...(status === 'failed' ? { message: last?.source?.message ?? `Moyasar: ${invoice.status}` } : {}),
      };
    },
    async chargeToken(request: TokenChargeRequest): Promise<PaymentResult> {
      const payment = await call<MoyasarPayment>('POST', '/payments', {
        given_id: givenIdOf(request.idempotencyKey),
        amount: request.amount,
        currency: request.currency,
        description: request.description.slice(0, 255),
        source: { type: 'token', token: request.token },
        metadata: { reference: request.reference },
      });
      const status = outcomeOf(payment.status);
      return {
        status,
        gatewayRef: request.reference,
        paymentId: payment.id,
        amount: payment.amount,
        currency: payment.currency,
        ...(status === 'failed' ? { message: payment.source?.message ?? 'The card was declined' } : {}),
      };
    },
  };
}

/**
 * A Moyasar webhook is ours when its `secret_token` is the one configured (compared in constant
 * time); only then is the payment's invoice looked up — and its outcome still read from Moyasar.
 */
export function moyasarWebhookInvoice(body: unknown, secret: string | undefined): string | null {
  if (!secret || typeof body !== 'object' || body === null) return null;
  const b = body as { secret_token?: unknown; data?: { invoice_id?: unknown } };
  if (typeof b.secret_token !== 'string') return null;
  const given = Buffer.from(b.secret_token);
  const want = Buffer.from(secret);
  if (given.length !== want.length || !timingSafeEqual(given, want)) return null;
  return typeof b.data?.invoice_id === 'string' ? b.data.invoice_id : null;
}
