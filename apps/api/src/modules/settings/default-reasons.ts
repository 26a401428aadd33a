import type { Locale } from '@app/shared/constants';
import type { Tx } from '../../db/client';
import { cancellationReasons } from '../../db/schema/settings';

const DEFAULTS: { type: string; reason: Record<Locale, string> }[] = [
  { type: 'booking-cancel', reason: { ar: 'طلب العميل الإلغاء', en: 'The customer asked to cancel' } },
  { type: 'booking-cancel', reason: { ar: 'مقدم الخدمة غير متاح', en: 'The provider is not available' } },
  { type: 'booking-cancel', reason: { ar: 'حجز مكرر', en: 'Duplicate booking' } },
  { type: 'invoice-refund', reason: { ar: 'لم تُقدَّم الخدمة', en: 'The service was not delivered' } },
  { type: 'invoice-cancel', reason: { ar: 'فاتورة خاطئة', en: 'Wrong invoice' } },
];

/**
 * The cancellation reasons a new business starts with (docs/decisions.md): cancelling a booking
 * needs one, so an empty list would block the first cancellation. The business edits them in
 * settings → reasons. Run inside the tenant's transaction.
 */
export async function createDefaultReasons(tx: Tx, tenantId: string, locale: Locale): Promise<void> {
  await tx.insert(cancellationReasons).values(DEFAULTS.map((d, i) => ({ tenantId, type: d.type, reason: d.reason[locale], sortOrder: i })));
}
