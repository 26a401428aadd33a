import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/crypto';
import type { DeliveryReport } from '../sms/delivery-report';

/**
 * The WhatsApp Cloud API's status webhook (Meta): `entry[].changes[].value.statuses[]`, each with the
 * message's `id` (the wamid the adapter kept as `provider_ref`) and `status` sent | delivered | read
 * | failed (with `errors[]`). Delivered and read are final successes, failed a failure with Meta's
 * reason; `sent` is not final and gives nothing.
 */
export function readWhatsappStatuses(body: unknown): DeliveryReport[] {
  const out: DeliveryReport[] = [];
  const entries = (body as { entry?: unknown })?.entry;
  if (!Array.isArray(entries)) return out;
  for (const entry of entries) {
    const changes = (entry as { changes?: unknown })?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes) {
      const statuses = (change as { value?: { statuses?: unknown } })?.value?.statuses;
      if (!Array.isArray(statuses)) continue;
      for (const s of statuses as { id?: unknown; status?: unknown; errors?: { title?: unknown; message?: unknown; code?: unknown }[] }[]) {
        if (typeof s?.id !== 'string' || typeof s.status !== 'string') continue;
        if (s.status === 'delivered' || s.status === 'read') out.push({ ref: s.id, outcome: 'delivered', reason: null });
        else if (s.status === 'failed') {
          const e = Array.isArray(s.errors) ? s.errors[0] : undefined;
          const reason = [e?.code, e?.title ?? e?.message].filter((x) => x !== undefined && x !== null && x !== '').join(' ');
          out.push({ ref: s.id, outcome: 'failed', reason: (reason || 'failed').slice(0, 500) });
        }
      }
    }
  }
  return out;
}

/** Meta signs each webhook body with the app secret: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256>`. */
export function validMetaSignature(raw: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const want = `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;
  return safeEqual(header, want);
}
