export type Sms = { to: string; body: string };
export type SmsAdapter = { name: string; send(sms: Sms): Promise<void> };

/** No SMS provider configured: the outbox table holds the message, shown on /dev/outbox. */
export const localSms: SmsAdapter = { name: 'local', send: async () => {} };

/**
 * A provider reached over HTTP: POST {to, body} as JSON with a bearer key. Gateways of the region
 * (Unifonic, Msegat, Taqnyat) are put behind a small relay speaking this shape, or a dedicated
 * adapter written beside this one.
 */
export function webhookSms(url: string, apiKey: string | undefined): SmsAdapter {
  return {
    name: 'webhook',
    async send(sms) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({ to: sms.to, body: sms.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
    },
  };
}
