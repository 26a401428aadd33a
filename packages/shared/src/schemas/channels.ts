import { z } from 'zod';

/**
 * The delivery channels (issue 18 §1): the business's WhatsApp link by QR (spec §4: generating QR →
 * scan → connected; default disconnected) and the signed-in account's browser (web push) subscriptions.
 */
export const WHATSAPP_STATUSES = ['disconnected', 'generating', 'scan', 'connected'] as const;
export type WhatsappStatus = (typeof WHATSAPP_STATUSES)[number];

export const whatsappSessionSchema = z.object({
  status: z.enum(WHATSAPP_STATUSES),
  /** The QR payload to draw while `scan`, and when it stops being valid (a new one is then needed). */
  qr: z.string().nullable(),
  qr_expires_at: z.string().nullable(),
  phone: z.string().nullable(),
  connected_at: z.string().nullable(),
  /** The local simulator is in use: `POST whatsapp/session/simulate-scan` stands for the phone's scan. */
  simulator: z.boolean(),
  /** Messages go through the WhatsApp Cloud API (configured on the server), whatever the QR link's state. */
  cloud_api: z.boolean(),
});
export type WhatsappSession = z.infer<typeof whatsappSessionSchema>;

/** The simulator's scan: the phone that "scanned" (the business owner's when not given). */
export const simulateScanBody = z.object({ phone: z.string().trim().regex(/^\+?\d{8,15}$/, 'invalid').optional() });

/**
 * A push service's address: the server POSTs to it, so only a public https host (no IP literal, no
 * local name), never an address inside the network (SSRF). Browsers' push services all qualify.
 */
const pushEndpoint = z
  .url('invalid')
  .max(1000, 'max')
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const { protocol, hostname } = new URL(value);
    const host = hostname.toLowerCase();
    return (
      protocol === 'https:' &&
      host.includes('.') &&
      !host.startsWith('[') &&
      !/^[\d.]+$/.test(host) &&
      !/(^|\.)(localhost|local|internal|localdomain)$/.test(host)
    );
  }, 'invalid');

/** A browser's subscription as `PushSubscription.toJSON()` gives it. */
export const pushSubscriptionBody = z.object({
  endpoint: pushEndpoint,
  keys: z.object({ p256dh: z.string().min(1, 'required').max(200, 'max'), auth: z.string().min(1, 'required').max(100, 'max') }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;
export const pushUnsubscribeBody = z.object({ endpoint: z.url('invalid').max(1000, 'max') });

/** `GET push/config`: whether the server sends web push, and the key the browser subscribes with. */
export const pushConfigSchema = z.object({ enabled: z.boolean(), public_key: z.string().nullable() });
