import { describe, expect, it } from 'vitest';
import { givenIdOf, moyasarGateway, moyasarWebhookInvoice } from './moyasar';

/**
 * The Moyasar adapter against a fake of its API (the shapes of its documented answers): no network.
 * What matters: the secret key as Basic auth, amounts in halalas, the outcome read from Moyasar,
 * a saved card charged with a `given_id` that is the same for the same idempotency key.
 */
type Call = { method: string; url: string; auth: string | null; body: Record<string, unknown> | null };

function fakeMoyasar(answers: Record<string, unknown>) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, auth: (init.headers as Record<string, string>).Authorization ?? null, body: init.body ? JSON.parse(String(init.body)) : null });
    const answer = answers[`${method} ${new URL(url).pathname}`];
    return new Response(JSON.stringify(answer ?? { type: 'not_found', message: 'Not found' }), { status: answer ? 200 : 404, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { calls, gateway: moyasarGateway({ secretKey: 'sk_test_abc', fetch }) };
}

describe('Moyasar', () => {
  it('opens a hosted invoice for the amount in halalas and sends the browser to its page', async () => {
    const { calls, gateway } = fakeMoyasar({ 'POST /v1/invoices': { id: 'inv_1', status: 'initiated', amount: 247158, currency: 'SAR', url: 'https://checkout.moyasar.com/invoices/inv_1' } });
    const checkout = await gateway.createCheckout({ amount: 247158, currency: 'SAR', reference: 'charge-1', description: 'Khidma Pro (yearly)', returnUrl: 'https://app.example/api/v1/subscription/return?charge=charge-1' });
    expect(checkout).toEqual({ gatewayRef: 'inv_1', redirectUrl: 'https://checkout.moyasar.com/invoices/inv_1' });
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'https://api.moyasar.com/v1/invoices', auth: `Basic ${Buffer.from('sk_test_abc:').toString('base64')}` });
    expect(calls[0]!.body).toMatchObject({ amount: 247158, currency: 'SAR', callback_url: 'https://app.example/api/v1/subscription/return?charge=charge-1', metadata: { reference: 'charge-1' } });
  });

  it('reads the outcome from Moyasar: paid with the card token to keep, failed with its message, pending', async () => {
    const paid = fakeMoyasar({ 'GET /v1/invoices/inv_1': { id: 'inv_1', status: 'paid', amount: 1000, currency: 'SAR', url: '', payments: [{ id: 'pay_9', status: 'paid', amount: 1000, currency: 'SAR', source: { token: 'token_abc' } }] } });
    expect(await paid.gateway.verify({ gatewayRef: 'inv_1', payload: { outcome: 'paid' } })).toEqual({ status: 'paid', gatewayRef: 'inv_1', paymentId: 'pay_9', amount: 1000, currency: 'SAR', cardToken: 'token_abc' });
    const failed = fakeMoyasar({ 'GET /v1/invoices/inv_2': { id: 'inv_2', status: 'failed', amount: 1000, currency: 'SAR', url: '', payments: [{ id: 'pay_8', status: 'failed', amount: 1000, currency: 'SAR', source: { message: 'INSUFFICIENT_FUNDS' } }] } });
    expect(await failed.gateway.verify({ gatewayRef: 'inv_2' })).toMatchObject({ status: 'failed', message: 'INSUFFICIENT_FUNDS' });
    const pending = fakeMoyasar({ 'GET /v1/invoices/inv_3': { id: 'inv_3', status: 'initiated', amount: 1000, currency: 'SAR', url: '' } });
    expect((await pending.gateway.verify({ gatewayRef: 'inv_3' })).status).toBe('pending');
  });

  it('charges a saved card with a given_id fixed by the idempotency key (a retried call is one payment)', async () => {
    const { calls, gateway } = fakeMoyasar({ 'POST /v1/payments': { id: 'pay_7', status: 'paid', amount: 11385, currency: 'SAR' } });
    const request = { token: 'token_abc', amount: 11385, currency: 'SAR', reference: 'charge-2', description: 'Khidma Basic renewal', idempotencyKey: 'renewal:t1:2026-12-01T00:00:00.000Z:0' };
    expect(await gateway.chargeToken(request)).toMatchObject({ status: 'paid', paymentId: 'pay_7', amount: 11385 });
    await gateway.chargeToken(request);
    expect(calls[0]!.body).toMatchObject({ amount: 11385, source: { type: 'token', token: 'token_abc' } });
    expect(calls[0]!.body!.given_id).toBe(calls[1]!.body!.given_id);
    expect(String(calls[0]!.body!.given_id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(givenIdOf('a')).not.toBe(givenIdOf('b'));
  });

  it('an error answer is thrown (the caller retries later), never read as paid', async () => {
    const { gateway } = fakeMoyasar({});
    await expect(gateway.verify({ gatewayRef: 'missing' })).rejects.toThrow(/Moyasar GET \/invoices\/missing: 404 Not found/);
  });

  it('takes a webhook only with the configured secret token', () => {
    const body = { type: 'payment_paid', secret_token: 'whsec_1', data: { id: 'pay_9', invoice_id: 'inv_1' } };
    expect(moyasarWebhookInvoice(body, 'whsec_1')).toBe('inv_1');
    expect(moyasarWebhookInvoice({ ...body, secret_token: 'whsec_2' }, 'whsec_1')).toBeNull();
    expect(moyasarWebhookInvoice(body, undefined)).toBeNull();
    expect(moyasarWebhookInvoice('nope', 'whsec_1')).toBeNull();
  });
});
