import { and, eq, getTableName, isNotNull } from 'drizzle-orm';
import { type Database, withTenant } from '../../db/client';
import { providerTeamMembers, providerTeams, supervisors } from '../../db/schema/access';
import {
  categories,
  packageServices,
  packages,
  productCombinations,
  productImages,
  productOptions,
  products,
  providerServices,
  providerTimeOff,
  providers,
  serviceTaxes,
  services,
} from '../../db/schema/business';
import { customerAttachments, customerNotes, customerTags, customers } from '../../db/schema/customers';
import { dashboardCounts } from '../../db/schema/dashboard';
import { quotations } from '../../db/schema/invoices';
import { blockTimes, bookingCrew, bookings, orderImages, orderItems, orderLogs, orders, paymentLinks, transactions } from '../../db/schema/sales';
import { expenses, importJobs } from '../../db/schema/settings';
import type { StorageAdapter } from '../../integrations/storage/storage.adapter';
import { verifyPassword } from '../../lib/crypto';
import { fieldError } from '../../lib/errors';
import type { AuthContext } from '../auth/auth.service';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { campaignRecipients, campaigns, comments, couponRedemptions, coupons, offers, reviews } from '../../db/schema/marketing';
import { appNotifications, notifications, userSeenMarks } from '../../db/schema/notifications';
import { slotHolds, slotHoldTimes, storeOtps, waitlistEntries } from '../../db/schema/store';

/**
 * "Delete the business's data" (spec §6, owner only): the catalogue and activity rows go, in an
 * order that respects foreign keys (children first). Every table with a tenant_id must be listed here
 * or in KEPT_TABLES: a test fails for a table in neither, so each new table forces a decision.
 */
type TenantRows = PgTable & { tenantId: AnyPgColumn };

export const WIPED: readonly TenantRows[] = [
  // The store's activity: held seats, phone codes, the waitlist (before its customers and orders).
  slotHoldTimes,
  slotHolds,
  storeOtps,
  waitlistEntries,
  couponRedemptions,
  reviews,
  comments,
  campaignRecipients,
  campaigns,
  notifications,
  appNotifications,
  userSeenMarks,
  paymentLinks,
  transactions,
  quotations,
  bookingCrew,
  bookings,
  blockTimes,
  orderLogs,
  orderImages,
  orderItems,
  orders,
  coupons,
  offers,
  providerServices,
  providerTeamMembers,
  providerTimeOff,
  supervisors,
  providerTeams,
  packageServices,
  packages,
  serviceTaxes,
  services,
  providers,
  productCombinations,
  productOptions,
  productImages,
  products,
  categories,
  customerTags,
  customerNotes,
  customerAttachments,
  customers,
  expenses,
  importJobs,
  // Last: the rows above leave their own changes here as they go.
  dashboardCounts,
];

export const WIPED_TABLES: readonly string[] = WIPED.map((table) => getTableName(table));

/** Accounts, roles, branches, settings and the message log stay. */
export const KEPT_TABLES: readonly string[] = [
  'tenants',
  // The store's look, pages, pictures and visit counts are settings and history, not business data.
  'store_settings',
  'store_gallery',
  'store_pages',
  'store_visits',
  'users',
  'roles',
  'access_tokens',
  'verification_codes',
  'branches',
  'user_branches',
  'invitations',
  'outbox_messages',
  // Numbers people saw (orders, bookings, transactions, invoices) are never given out twice.
  'tenant_counters',
  // Tax documents: invoices and credit notes are records the law keeps (and ZATCA's chain continues from them).
  'invoices',
  // The e-invoicing unit: its keys, certificates and the head of its chain go on with the business.
  'zatca_devices',
  // Notification templates are configuration (their log is activity, wiped).
  'notification_templates',
  // The WhatsApp link and the accounts' browsers for push are configuration of devices, not activity.
  'whatsapp_sessions',
  'push_subscriptions',
  // Connected apps are configuration.
  'accounting_apps',
  // The business's own subscription to the product: its payments and the platform's invoices.
  'subscription_charges',
  'subscription_invoices',
  // Settings: the business keeps its configuration.
  'taxes',
  'tags',
  'custom_fields',
  'cancellation_reasons',
  'booking_status_labels',
  'payment_methods',
  'bank_accounts',
  'expense_types',
];

export function createEraseService({ db, storage }: { db: Database; storage?: Pick<StorageAdapter, 'remove'> }) {
  async function erase(ctx: AuthContext, password: string) {
    if (!(await verifyPassword(ctx.user.passwordHash, password))) throw fieldError('password', 'password_wrong');
    const files = await withTenant(db, ctx.tenantId, async (tx) => {
      // The stored files of wiped rows go too (after the commit): private attachments and public product images.
      const attachments = await tx.select({ path: customerAttachments.path }).from(customerAttachments).where(eq(customerAttachments.tenantId, ctx.tenantId));
      const images = await tx.select({ path: productImages.path }).from(productImages).where(eq(productImages.tenantId, ctx.tenantId));
      const receipts = await tx
        .select({ path: transactions.receiptPath })
        .from(transactions)
        .where(and(eq(transactions.tenantId, ctx.tenantId), isNotNull(transactions.receiptPath)));
      const orderFiles = await tx.select({ path: orderImages.path }).from(orderImages).where(eq(orderImages.tenantId, ctx.tenantId));
      for (const table of WIPED) await tx.delete(table).where(eq(table.tenantId, ctx.tenantId));
      return [...attachments, ...images, ...receipts, ...orderFiles].flatMap((f) => (f.path ? [f.path] : []));
    });
    if (storage) await Promise.all(files.map((f) => storage.remove(f)));
  }
  return { erase };
}
