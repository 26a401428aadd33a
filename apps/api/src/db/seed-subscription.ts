import { count, eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { DAY_MS } from '../lib/clock';
import { periodEnd, withVat } from '../modules/subscription/billing-core';
import { applyCharge } from '../modules/subscription/billing.service';
import { configureZatca, zatcaConfigured } from '../modules/invoices/zatca-core';
import { connectPlatformUnit, platformUnit } from '../modules/subscription/platform-zatca';
import { secretBoxFor } from '../lib/secret-box';
import type { Tx } from './client';
import { platformBanks, platformProducts, platformZatcaUnit, plans, subscriptionCharges, subscriptionCoupons } from './schema/subscriptions';
import { tenants } from './schema/tenants';

/**
 * The platform's side of the demo (banks to transfer to, a cashier device for sale, a welcome
 * coupon), once; and the demo business's real plan: Business, yearly, begun 40 days ago and paid by
 * a (simulated) saved card, with its invoice. It renews by itself in a year like any other.
 */
export async function ensureDemoSubscription(tx: Tx, tenantId: string, now: Date): Promise<void> {
  const [banks] = await tx.select({ n: count() }).from(platformBanks);
  if (!banks?.n) {
    await tx.insert(platformBanks).values([
      { nameAr: 'مصرف الراجحي', nameEn: 'Al Rajhi Bank', beneficiaryName: 'شركة خدمة للتقنية', iban: 'SA0380000000608010167519', accountNumber: '608010167519' },
      { nameAr: 'البنك الأهلي السعودي', nameEn: 'Saudi National Bank', beneficiaryName: 'شركة خدمة للتقنية', iban: 'SA4410000001400000000812', accountNumber: '01400000000812' },
    ]);
  }
  const [products] = await tx.select({ n: count() }).from(platformProducts);
  if (!products?.n) {
    await tx.insert(platformProducts).values({
      kind: 'cashier',
      nameAr: 'جهاز كاشير سنمي T2s',
      nameEn: 'Sunmi T2s cashier device',
      descriptionAr: 'شاشتان، طابعة إيصالات 80 مم، يعمل مع نقطة البيع',
      descriptionEn: 'Two screens, an 80 mm receipt printer, ready for the point of sale',
      price: 249_900,
    });
  }
  await tx.insert(subscriptionCoupons).values({ code: 'WELCOME10', type: 'percentage', value: 1000, maxRedemptions: 1000 }).onConflictDoNothing();
  await ensurePlatformUnit(tx);

  const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant || tenant.subscriptionPlanId) return;
  const [plan] = await tx.select().from(plans).where(eq(plans.slug, 'business'));
  if (!plan) return;
  const start = new Date(now.getTime() - 40 * DAY_MS);
  const end = periodEnd(start, 'yearly');
  const { vat, total } = withVat(plan.yearlyAmount);
  // A first plan, paid 40 days ago (its invoice issued and signed then).
  await tx.update(tenants).set({ subscriptionStatus: null, subscriptionEndsAt: null }).where(eq(tenants.id, tenantId));
  const [charge] = await tx
    .insert(subscriptionCharges)
    .values({
      tenantId,
      kind: 'new',
      status: 'paid',
      paymentMethod: 'credit_card',
      planId: plan.id,
      cycle: 'yearly',
      periodStart: start,
      periodEnd: end,
      unitAmount: plan.yearlyAmount,
      subtotal: plan.yearlyAmount,
      vatRateBps: 1500,
      vatAmount: vat,
      total,
      currency: plan.currency,
      idempotencyKey: `demo:${tenantId}:first`,
      gatewayRef: `local_chk_demo_${tenantId}`,
      gatewayPaymentId: `local_pay_demo_${tenantId}`,
      createdAt: start,
      paidAt: start,
    })
    .returning();
  await applyCharge(tx, charge!, 'local_tok_demo', loadConfig().platform, start);
}

/**
 * The platform's own e-invoicing unit, configured from its seller details and connected to the
 * local ZATCA simulator (any six digits but 000000 pass as the OTP), so the demo's subscription
 * invoices are signed and reported like a business's. Left alone once it exists.
 */
async function ensurePlatformUnit(tx: Tx): Promise<void> {
  if (await platformUnit(tx)) return;
  const config = loadConfig();
  if (!zatcaConfigured()) configureZatca({ box: secretBoxFor(config), productionUrl: config.zatcaProductionUrl });
  await tx.insert(platformZatcaUnit).values({
    commonName: 'Khidma-Platform-EGS',
    crNumber: '1010000001',
    organizationIdentifier: config.platform.vatNumber,
    organizationUnitName: 'Khidma Riyadh',
    organizationName: config.platform.name,
    street: 'طريق الملك فهد',
    buildingNumber: '2222',
    subdivision: 'العليا',
    city: 'الرياض',
    postalCode: '12211',
    industry: 'Software',
    environment: 'simulation',
  });
  await connectPlatformUnit(tx, '123456');
}
