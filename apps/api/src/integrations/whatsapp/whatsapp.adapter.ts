import type { Print } from '../local-console';

/**
 * A WhatsApp message. `category` picks the approved template outside the 24-hour window: a
 * campaign's message is `marketing`, every other notification `utility` (Meta prices and reviews
 * them apart). `idempotencyKey`: the same for every attempt of one message (the outbox row's id).
 */
export type WhatsappMessage = { to: string; body: string; category: 'utility' | 'marketing'; idempotencyKey?: string };
/** `send` answers the provider's id for the message (Meta's `wamid`), which its status webhooks name. */
export type WhatsappAdapter = { name: string; send(message: WhatsappMessage): Promise<string | undefined> | Promise<void> };

/**
 * No Cloud API configured: the message goes out through the business's QR-linked session, which in
 * this build is the local simulator (whatsapp-session.ts): printed on the server's console like a
 * local SMS, nothing printed in production.
 */
export function localWhatsapp(print?: Print): WhatsappAdapter {
  return {
    name: 'local',
    send: async (m) => {
      print?.({ channel: 'WhatsApp', to: m.to, subject: m.category, body: m.body });
    },
  };
}

export type WhatsappCloudOptions = {
  phoneNumberId: string;
  accessToken: string;
  /** `https://graph.facebook.com/v21.0` */
  graphUrl: string;
  /** Approved template names per category; a category without one is sent as text (inside the 24-hour window only). */
  templates: { utility: string | undefined; marketing: string | undefined };
  /** The templates' language code (`ar`, `en`). */
  language: string;
  fetch?: typeof fetch;
};

/** Meta wants the number in international form, digits only. */
const waNumber = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('00') ? digits.slice(2) : digits;
};

/**
 * The WhatsApp Business Cloud API (Meta Graph `POST /{phone-number-id}/messages`). A message goes as
 * the category's approved template, its one body variable `{{1}}` carrying our rendered text (Meta
 * refuses line breaks inside a variable: they become " – "), or as plain text when the category has
 * no template (accepted only within 24 hours of the customer's last message). The outbox row's id
 * rides along as `biz_opaque_callback_data`, which Meta echoes in its status webhooks.
 */
export function cloudWhatsapp(opts: WhatsappCloudOptions): WhatsappAdapter {
  const doFetch = opts.fetch ?? fetch;
  return {
    name: 'whatsapp-cloud',
    async send(m) {
      const template = opts.templates[m.category];
      const payload = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: waNumber(m.to),
        ...(m.idempotencyKey ? { biz_opaque_callback_data: m.idempotencyKey } : {}),
        ...(template
          ? {
              type: 'template',
              template: {
                name: template,
                language: { code: opts.language },
                components: [{ type: 'body', parameters: [{ type: 'text', text: m.body.replace(/\s*[\r\n\t]+\s*/g, ' – ').replace(/ {4,}/g, '   ') }] }],
              },
            }
          : { type: 'text', text: { preview_url: false, body: m.body } }),
      };
      const res = await doFetch(`${opts.graphUrl}/${encodeURIComponent(opts.phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.accessToken}` },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await res.json().catch(() => null)) as { messages?: { id?: string }[]; error?: { message?: string; code?: number } } | null;
      if (!res.ok || answer?.error) throw new Error(`WhatsApp Cloud API answered ${res.status}${answer?.error?.code ? ` ${answer.error.code}` : ''}${answer?.error?.message ? `: ${answer.error.message}` : ''}`);
      return answer?.messages?.[0]?.id;
    },
  };
}
