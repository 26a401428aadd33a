import { asc, count, eq } from 'drizzle-orm';
import type { Tx } from './client';
import { services } from './schema/business';
import { offers } from './schema/marketing';

const HOUR = 3_600_000;

/**
 * The demo's offers (issue 18 §2), once: one running now on the first two services (20 % off in the
 * dashboard and on the booking page, so a new order or booking shows the offered price) and one coming
 * next month on the third (a fixed 30.00 off, booking page only). History written before stays priced
 * as it was: an offer prices the lines written while it runs.
 */
export async function ensureDemoOffers(tx: Tx, tenantId: string, now: Date): Promise<void> {
  const [has] = await tx.select({ n: count() }).from(offers).where(eq(offers.tenantId, tenantId));
  if (Number(has?.n ?? 0) > 0) return;
  const list = await tx.select({ id: services.id }).from(services).where(eq(services.tenantId, tenantId)).orderBy(asc(services.createdAt)).limit(3);
  if (list.length === 0) return;
  const at = now.getTime();
  await tx.insert(offers).values([
    {
      tenantId,
      name: 'عرض نهاية الشهر — خصم 20٪ على خدمات الشعر',
      code: 'MONTHEND20',
      type: 'percentage',
      amount: 2000,
      startAt: new Date(at - 3 * 24 * HOUR),
      endAt: new Date(at + 10 * 24 * HOUR),
      channels: ['webapp', 'booking_page'],
      serviceIds: list.slice(0, 2).map((s) => s.id),
    },
    {
      tenantId,
      name: 'Summer glow — 30 SAR off',
      code: null,
      type: 'fixed',
      amount: 3000,
      startAt: new Date(at + 30 * 24 * HOUR),
      endAt: new Date(at + 60 * 24 * HOUR),
      channels: ['booking_page'],
      serviceIds: [list[list.length - 1]!.id],
    },
  ]);
}
