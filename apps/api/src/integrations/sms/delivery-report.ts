/**
 * A provider's delivery report (DLR) read into what the log needs: which message (the provider's
 * id, our `provider_ref`), and whether it reached the phone. Reports that are not final (queued,
 * sent to the operator) answer `null` and change nothing.
 */
export type DeliveryReport = { ref: string; outcome: 'delivered' | 'failed'; reason: string | null };

export const SMS_CALLBACK_PROVIDERS = ['unifonic', 'webhook'] as const;
export type SmsCallbackProvider = (typeof SMS_CALLBACK_PROVIDERS)[number];

const DELIVERED = new Set(['delivered', 'delivrd', 'success', 'read']);
const FAILED = new Set(['failed', 'undelivered', 'undeliverable', 'undeliv', 'rejected', 'expired', 'error']);

const pick = (o: Record<string, unknown>, keys: string[]): string | null => {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (typeof v === 'number') return String(v);
  }
  return null;
};

/**
 * Unifonic's DLR webhook posts the message's id and status (`messageId`/`MessageID`/`referenceId`,
 * `status`/`Status`, and for a failure `errorMessage`/`reason`/`errorCode`); the generic relay
 * (`SMS_WEBHOOK_URL`) posts `{ id, status, reason }`. Both read the same way: the names differ in
 * case only, so every spelling is accepted.
 */
export function readDeliveryReport(body: unknown): DeliveryReport | null {
  if (!body || typeof body !== 'object') return null;
  const o = body as Record<string, unknown>;
  const ref = pick(o, ['messageId', 'MessageID', 'MessageId', 'message_id', 'referenceId', 'ReferenceID', 'id']);
  const status = pick(o, ['status', 'Status', 'dlrStatus', 'DLRStatus', 'state'])?.toLowerCase().replace(/[\s_-]/g, '');
  if (!ref || !status) return null;
  if (DELIVERED.has(status)) return { ref, outcome: 'delivered', reason: null };
  if (FAILED.has(status)) {
    const reason = pick(o, ['errorMessage', 'ErrorMessage', 'reason', 'Reason', 'statusDescription', 'description', 'errorCode', 'ErrorCode']);
    return { ref, outcome: 'failed', reason: (reason ?? status).slice(0, 500) };
  }
  return null;
}
