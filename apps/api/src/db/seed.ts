import { ensureDemoInvoices } from './seed-invoices';
import { ensureDemoCoupons, ensureDemoNotifications } from './seed-marketing';
import { ensureDemoCampaigns } from './seed-campaigns';
import { ensureDemoReviews } from './seed-reviews';
import { ensureDemoBell } from './seed-bell';
import { ensureDemoOffers } from './seed-offers';
import { ensureDemoStore } from './seed-store';
import { ensureDemoSubscription } from './seed-subscription';
import { TRIAL_DAYS } from '@app/shared/constants';
import { and, eq, isNull } from 'drizzle-orm';
import { hashPassword, randomToken } from '../lib/crypto';
import { type Database, enterTenant, type Tx } from './client';
import { branches } from './schema/business';
import { industries, tenants } from './schema/tenants';
import { roles, users } from './schema/users';
import type { StorageAdapter } from '../integrations/storage/storage.adapter';
import { createDefaultRoles } from '../modules/access/default-roles';
import { createDefaultReasons } from '../modules/settings/default-reasons';
import { ensureDemoCatalogue, seedDemoActivity } from './seed-demo';
import { BRANCH_HOURS } from './seed-demo-data';

export const DEMO = {
  email: 'owner@demo.khidma.test',
  /**
   * Support staff (can_imp), the platform operator: impersonates accounts and reads the local outbox.
   * Its password is never a known one: `setSupportPassword` gives it a fresh random one at every
   * start (or `SUPPORT_PASSWORD`), printed on the server console.
   */
  supportEmail: 'support@demo.khidma.test',
  phone: '+966500000001',
  password: 'Demo@12345',
  subdomain: 'demo',
  /** The placeholder plan a demo starts with; the seed then gives it a real plan (./seed-subscription.ts). */
  plan: 'demo',
} as const;

/** An active subscription without an end, until the seed gives the demo its real plan (Business, yearly, renewing by itself). */
const demoSubscription = () => ({ subscriptionStatus: 'active', subscriptionPlan: DEMO.plan, subscriptionStartAt: new Date(), subscriptionEndsAt: null });

const WEEK = ['0', '1', '2', '3', '4', '6'];

/**
 * A demo business (Arabic name, SAR, Asia/Riyadh) with its owner, an active subscription without an
 * end, its catalogue and a sample month of customers, bookings, orders and payments around today
 * (./seed-demo.ts). When it exists already, only a demo seeded by an older version (no subscription
 * status, its trial long over) is given that subscription, and the sample month is topped up to two
 * weeks ahead of today; anything else is left as it is. `now`: tests move the clock. `storage`: where the
 * demo store's pictures go (./seed-store.ts; without it the store is seeded without pictures).
 */
export async function seedDemo(db: Database, opts: { now?: Date; storage?: StorageAdapter } = {}): Promise<{ created: boolean; upgraded: boolean }> {
  const now = opts.now ?? new Date();
  const [existing] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subdomain, DEMO.subdomain)).limit(1);
  if (existing) {
    // Only the business this seed made (its owner is the demo owner): a real business that somehow
    // holds the subdomain is never given the endless demo plan.
    if (!(await demoOwnerOf(db, existing.id))) return { created: false, upgraded: false };
    const upgraded = await db.transaction(async (tx) => {
      await enterTenant(tx, existing.id);
      const rows = await tx
        .update(tenants)
        .set({ ...demoSubscription(), updatedAt: new Date() })
        .where(and(eq(tenants.id, existing.id), isNull(tenants.subscriptionStatus)))
        .returning({ id: tenants.id });
      await sampleMonth(tx, existing.id, now, opts.storage);
      return rows;
    });
    return { created: false, upgraded: upgraded.length > 0 };
  }
  const passwordHash = await hashPassword(DEMO.password);
  const [salon] = await db.select({ id: industries.id }).from(industries).where(eq(industries.slug, 'salon'));
  await db.transaction(async (tx) => {
    const [tenant] = await tx
      .insert(tenants)
      .values({
        name: 'صالون لمسة الجمال',
        storeName: 'لمسة الجمال',
        subdomain: DEMO.subdomain,
        currency: 'SAR',
        timezone: 'Asia/Riyadh',
        locale: 'ar',
        trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
        ...demoSubscription(),
        completedLevel: 5,
        systemType: 'booking_management',
        serviceTypes: ['on_site'],
        features: ['bookings', 'orders', 'invoices'],
        ownerRole: 'owner',
        numberOfEmployees: '6-10',
        industries: salon ? [salon.id] : [],
        workingDays: WEEK.map(Number),
        opensAt: '09:00',
        closesAt: '22:00',
      })
      .returning();
    if (!tenant) throw new Error('seed: tenant not created');
    await enterTenant(tx, tenant.id);
    const role = await createDefaultRoles(tx, tenant.id, 'ar');
    await createDefaultReasons(tx, tenant.id, 'ar');
    await tx.insert(users).values({
      tenantId: tenant.id,
      name: 'نورة العتيبي',
      email: DEMO.email,
      phone: DEMO.phone,
      phoneCountry: 'SA',
      passwordHash,
      phoneVerifiedAt: new Date(),
      emailVerifiedAt: new Date(),
      locale: 'ar',
      isOwner: true,
      roleId: role?.id,
    });
    const [admin] = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.tenantId, tenant.id), eq(roles.slug, 'admin')));
    await tx.insert(users).values({
      tenantId: tenant.id,
      name: 'فريق الدعم',
      email: DEMO.supportEmail,
      phone: null,
      // Until `setSupportPassword` gives it the one printed at start: random, known to nobody.
      passwordHash: await hashPassword(randomToken()),
      emailVerifiedAt: new Date(),
      locale: 'ar',
      canImp: true,
      roleId: admin?.id,
    });
    await tx.insert(branches).values({ tenantId: tenant.id, name: 'الفرع الرئيسي - الرياض', type: 'on-site', timezone: 'Asia/Riyadh', workingHours: BRANCH_HOURS, isMain: true });
    await ensureDemoCatalogue(tx, tenant.id);
    await sampleMonth(tx, tenant.id, now, opts.storage);
  });
  return { created: true, upgraded: false };
}

/**
 * The sample month (seeded once, topped up at later starts), in a savepoint: it decorates the demo,
 * so a failure is reported and rolled back without keeping the server from starting.
 */
async function sampleMonth(tx: Tx, tenantId: string, now: Date, storage?: StorageAdapter) {
  try {
    await tx.transaction((sp) => seedDemoActivity(sp, tenantId, { now }));
  } catch (err) {
    console.warn(`Demo business: the sample month was not seeded (${err instanceof Error ? err.message : String(err)})`);
  }
  try {
    await tx.transaction((sp) => ensureDemoInvoices(sp, tenantId, now));
  } catch (err) {
    console.warn(`Demo business: the invoices were not seeded (${err instanceof Error ? err.message : String(err)})`);
  }
  try {
    await tx.transaction((sp) => ensureDemoCoupons(sp, tenantId, now));
  } catch (err) {
    console.warn(`Demo business: the coupons were not seeded (${err instanceof Error ? err.message : String(err)})`);
  }
  try {
    await tx.transaction((sp) => ensureDemoOffers(sp, tenantId, now));
  } catch (err) {
    console.warn(`Demo business: the offers were not seeded (${err instanceof Error ? err.message : String(err)})`);
  }
  try {
    await tx.transaction((sp) => ensureDemoNotifications(sp, tenantId, now));
  } catch (err) {
    console.warn(`Demo business: the notifications were not seeded (${err instanceof Error ? err.message : String(err)})`);
  }
  try {
    await tx.transaction((sp) => ensureDemoCampaigns(sp, tenantId, now));
  } catch (err) {
    console.warn(`Demo business: the campaigns were not seeded (${err instanceof Error ? err.message : String(err)})`);
  }
  try {
    await tx.transaction((sp) => ensureDemoReviews(sp, tenantId, now));
  } catch (err) {
    console.warn(`Demo business: the reviews were not seeded (${err instanceof Error ? err.message : String(err)})`);
  }
  try {
    await tx.transaction((sp) => ensureDemoStore(sp, tenantId, now, storage));
  } catch (err) {
    console.warn(`Demo business: the store was not seeded (${err instanceof Error ? err.message : String(err)})`);
  }
  try {
    await tx.transaction((sp) => ensureDemoBell(sp, tenantId, now));
  } catch (err) {
    console.warn(`Demo business: the bell was not seeded (${err instanceof Error ? err.message : String(err)})`);
  }
  try {
    await tx.transaction((sp) => ensureDemoSubscription(sp, tenantId, now));
  } catch (err) {
    console.warn(`Demo business: the subscription was not seeded (${err instanceof Error ? err.message : String(err)})`);
  }
}

/** Whether the demo owner's account belongs to this tenant (system connection, like sign-in). */
async function demoOwnerOf(db: Database, tenantId: string): Promise<boolean> {
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.email, DEMO.email), eq(users.isOwner, true)))
    .limit(1);
  return Boolean(owner);
}

/**
 * Gives the demo's support account (the platform operator) `password`: the server passes a fresh
 * random one at every start, or `SUPPORT_PASSWORD`, and prints it on its console. A fixed, published
 * password would let anyone who reaches the server read the local outbox and impersonate accounts.
 * False when there is no support account.
 */
export async function setSupportPassword(db: Database, password: string): Promise<boolean> {
  const [support] = await db
    .select({ id: users.id, tenantId: users.tenantId })
    .from(users)
    .where(and(eq(users.email, DEMO.supportEmail), eq(users.canImp, true)))
    .limit(1);
  if (!support) return false;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await enterTenant(tx, support.tenantId);
    await tx
      .update(users)
      .set({ passwordHash, failedLogins: 0, lockedUntil: null })
      .where(and(eq(users.tenantId, support.tenantId), eq(users.id, support.id)));
  });
  return true;
}
