import type { Print } from '../local-console';

/** `idempotencyKey`: the same for every attempt of one message (the outbox row's id); providers that take a client message id get it. */
export type Sms = { to: string; body: string; idempotencyKey?: string };
/** `send` answers the provider's id for the message when it gives one (its delivery callbacks name it). */
export type SmsAdapter = { name: string; send(sms: Sms): Promise<string | undefined> | Promise<void> };

/**
 * No SMS provider configured: the message is printed on the server's own console (where the person
 * who started it reads the sign-up code) and stays in the outbox table, which only a platform
 * operator may read. Nothing is printed when `print` is not given (production).
 */
export function localSms(print?: Print): SmsAdapter {
  return {
    name: 'local',
    send: async (sms) => {
      print?.({ channel: 'SMS', to: sms.to, body: sms.body });
    },
  };
}

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
        headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), ...(sms.idempotencyKey ? { 'idempotency-key': sms.idempotencyKey } : {}) },
        body: JSON.stringify({ to: sms.to, body: sms.body, ...(sms.idempotencyKey ? { id: sms.idempotencyKey } : {}) }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
      // The relay may answer the provider's id for the message (`{ id }` or `{ message_id }`): its delivery callbacks name it.
      const answer = (await res.json().catch(() => null)) as { id?: unknown; message_id?: unknown } | null;
      const ref = answer?.message_id ?? answer?.id;
      return typeof ref === 'string' || typeof ref === 'number' ? String(ref) : undefined;
    },
  };
}
