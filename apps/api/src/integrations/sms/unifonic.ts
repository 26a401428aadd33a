import type { Sms, SmsAdapter } from './sms.adapter';

/**
 * Unifonic, a Saudi SMS provider (docs/marketing.md "Channels"). Written against its REST API as
 * documented at docs.unifonic.com ("Sending your first SMS via Unifonic API"):
 * `POST https://el.cloud.unifonic.com/rest/SMS/messages`, form-encoded `AppSid`, `SenderID`,
 * `Recipient` (international, digits only: 9665XXXXXXXX), `Body`, `CorrelationID`; it answers
 * `{ success, message, errorCode, data: { MessageID, CorrelationID, Status, ... } }`.
 *
 * The outbox row's id goes as the `CorrelationID`, so every attempt of one message carries the same
 * id; the answer's `MessageID` is the provider's reference that its delivery callbacks name.
 */
export type UnifonicOptions = { appSid: string; senderId: string | undefined; url: string; fetch?: typeof fetch };

/** Unifonic wants the number in international form without `+` or `00`. */
export function unifonicRecipient(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('00') ? digits.slice(2) : digits;
}

export function unifonicSms(opts: UnifonicOptions): SmsAdapter {
  const doFetch = opts.fetch ?? fetch;
  return {
    name: 'unifonic',
    async send(sms: Sms) {
      const form = new URLSearchParams({ AppSid: opts.appSid, Recipient: unifonicRecipient(sms.to), Body: sms.body, responseType: 'JSON' });
      if (opts.senderId) form.set('SenderID', opts.senderId);
      if (sms.idempotencyKey) form.set('CorrelationID', sms.idempotencyKey);
      const res = await doFetch(opts.url, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await res.json().catch(() => null)) as { success?: boolean | string; message?: string; errorCode?: string; data?: { MessageID?: string | number } | null } | null;
      const ok = res.ok && answer && (answer.success === true || answer.success === 'true');
      // The answer's message may name the account's problem (balance, sender id): kept as the reason, never the body we sent.
      if (!ok) throw new Error(`Unifonic answered ${res.status}${answer?.errorCode ? ` ${answer.errorCode}` : ''}${answer?.message ? `: ${answer.message}` : ''}`);
      const id = answer.data?.MessageID;
      return id === undefined || id === null ? undefined : String(id);
    },
  };
}
