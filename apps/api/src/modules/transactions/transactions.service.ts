import type { Locale } from '@app/shared/constants';
import { customerFullName as customerName } from '@app/shared/schemas/customers';
import { minorToDecimalString } from '@app/shared/money';
import { isTimeZone } from '@app/shared/schemas/common';
import { addDays, localDateOf, zonedToUtc } from '@app/shared/scheduling/zoned';
import {
  type CheckoutBodyParsed,
  type CheckoutResult,
  PAYMENT_LINK_TTL_HOURS,
  type PaymentLink,
  type PaymentOptions,
  type PublicPayment,
  type Receipt,
  RECORDED_PAYMENT_METHODS,
  type RecordedPaymentMethod,
  type Transaction,
  type transactionsQuery,
} from '@app/shared/schemas/transactions';
import { type BookingStatus, canTransition as canBookingTransition } from '@app/shared/states/booking';
import { assertTransition, INITIAL_TRANSACTION_STATUS, remainingAmount, requiresOperator } from '@app/shared/states/transaction';
import { and, eq, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import { type Database, type Tx, withTenant } from '../../db/client';
import { bookings, type OrderRow, type TransactionRow } from '../../db/schema/sales';
import { t } from '../../i18n/messages';
import type { PaymentGateway, PaymentResult } from '../../integrations/payment/payment.adapter';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import { pageOfJson } from '../../lib/http';
import { nextNumber } from '../../lib/numbers';
import { scopeOfCaller } from '../access/scope';
import type { AuthContext } from '../auth/auth.service';
import { logOrder, priceStoredOrder, recalculateOrder } from '../orders/order-core';
import { liveInvoiceOf, qrOf } from '../invoices/invoice-core';
import { notePayment } from '../notifications/app-notifications';
import { notifyBookings, notifyOrder, templateChannels } from '../notifications/notify';
import { enqueueMessage } from '../outbox/outbox.service';
import { manageUrlFor } from '../store/store-links';
import { sendStoreMessage } from '../store/store-messages';
import { DEFAULT_ENABLED } from '../settings/settings.service';
import * as repo from './transactions.repository';

export type TransactionsQueryParsed = z.output<typeof transactionsQuery>;

export type RecordPaymentInput = {
  payment_method: RecordedPaymentMethod;
  amount: number;
  reference_no?: string | null | undefined;
  bank_account_id?: string | null | undefined;
  notes?: string | null | undefined;
  tendered_amount?: number | null | undefined;
};

/** A stored receipt: the private file's path, its sniffed type and a display name. */
export type StoredReceipt = { path: string; mime: string; name: string };

const HOUR_MS = 3_600_000;

/** The keys of the bookings screens (the bookings routes' guard): completing appointments at checkout needs one. */
const BOOKING_KEYS = ['calendar.all', 'calendar_only_staff', 'bookings'] as const;

/** "150.00 SAR": an amount in the currency's digits, for messages. */
export const formatAmount = (minor: number, currency: string) => `${minorToDecimalString(minor, currency)} ${currency}`;

/** The change handed back on a cash payment: what was tendered beyond its amount. */
export const changeDue = (r: { amount: number; tenderedAmount: number | null }) => (r.tenderedAmount === null ? 0 : Math.max(0, r.tenderedAmount - r.amount));

/**
 * 422 on `<at>tendered_amount` unless it is a cash payment's and covers its amount (cash may be
 * handed over above the amount: the difference is the change).
 */
function checkTendered(p: { payment_method: string; amount: number; tendered_amount?: number | null | undefined }, at = '') {
  if (p.tendered_amount === undefined || p.tendered_amount === null) return;
  if (p.payment_method !== 'cash') throw fieldError(`${at}tendered_amount`, 'tendered_cash_only');
  if (p.tendered_amount < p.amount) throw fieldError(`${at}tendered_amount`, 'tendered_below_amount');
}

export function toTransaction(v: repo.TransactionView): Transaction {
  const r = v.t;
  return {
    id: r.id,
    number: r.number,
    order_id: r.orderId,
    order_number: v.orderNumber,
    customer_id: r.customerId,
    customer: r.customerId && v.firstName !== null ? { id: r.customerId, name: customerName(v.firstName, v.lastName) } : null,
    branch_id: r.branchId,
    date: r.createdAt.toISOString(),
    payment_method: r.paymentMethod as Transaction['payment_method'],
    kind: r.kind === 'refund' ? 'refund' : 'payment',
    invoice_id: r.invoiceId,
    amount: r.amount,
    tendered_amount: r.tenderedAmount,
    change_due: changeDue(r),
    currency: r.currency,
    status: r.status as Transaction['status'],
    // Receipts are private: the URL is the authorized route, never the stored file.
    attachments: r.receiptPath ? [{ name: r.receiptName ?? 'receipt', mime: r.receiptMime ?? 'application/octet-stream', url: `/api/v1/transactions/${r.id}/receipt` }] : [],
    payment_gateway_id: r.paymentGatewayId,
    reference_no: r.referenceNo,
    bank_account_id: r.bankAccountId,
    notes: r.notes,
    refusal_reason: r.refusalReason,
    reviewed_at: r.reviewedAt?.toISOString() ?? null,
    read_at: r.readAt?.toISOString() ?? null,
    deleted_at: r.deletedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

/** 422 on `order_id` when the order cannot take a payment: in the trash, or a draft not placed yet. */
function assertPayable(order: OrderRow) {
  if (order.deletedAt) throw fieldError('order_id', 'order_in_trash');
  if (order.isDraft) throw fieldError('order_id', 'order_is_draft');
}

/** 422 on `amount` unless `amount` fits in what is left to pay. */
function assertFits(order: OrderRow, amount: number) {
  const remaining = remainingAmount(order.total, order.paidAmount);
  if (remaining === 0) throw fieldError('amount', 'order_fully_paid');
  if (amount > remaining) throw fieldError('amount', 'payment_exceeds_remaining', { remaining: formatAmount(remaining, order.currency) });
}

const linkInvalid = () => fieldError('token', 'payment_link_invalid');

/**
 * Payments on orders (issue 5 §5): recording cash, card and bank transfers, reviewing receipts,
 * the trash, payment links and the gateway's confirmation. Every write that changes what an order
 * has been paid locks the order row first (SELECT … FOR UPDATE), so parallel payments are taken one
 * at a time and never pay more than the total; then it moves `paid_amount` and recalculates the order.
 */
export function createTransactionService(deps: { db: Database; config: Config; gateway: PaymentGateway }) {
  const { db, config, gateway } = deps;

  /** Provider accounts see only their own orders' payments (docs/orders.md); another order is a 404. */
  async function assertVisible(tx: Tx, ctx: AuthContext, order: OrderRow) {
    if (!(await repo.orderVisible(tx, ctx.tenantId, order.id, scopeOfCaller(ctx)))) throw notFound();
  }

  async function view(tx: Tx, tenantId: string, id: string): Promise<Transaction> {
    const v = await repo.viewTransaction(tx, tenantId, id);
    if (!v) throw notFound();
    return toTransaction(v);
  }

  /**
   * A confirmed payment counted on its order (`delta` minor units, negative when it stops counting):
   * the paid amount, the totals and payment status (the order's bookings with them), and the links the
   * order's remaining amount no longer fits retired. The caller holds the order's lock.
   */
  async function applyPaid(tx: Tx, tenantId: string, orderId: string, delta: number): Promise<void> {
    await repo.addPaid(tx, tenantId, orderId, delta);
    await recalculateOrder(tx, tenantId, orderId);
    if (delta > 0) await retireDeadLinks(tx, tenantId, orderId);
  }

  /**
   * Retires the order's open links that can no longer be paid (`stillPayable`: expired, the order in
   * the trash or a draft, or asking more than is left) and refuses their pending payments, so
   * /sales/transactions never shows as pending a payment nobody can make. The caller holds the order's
   * lock; the links are locked after it.
   */
  async function retireDeadLinks(tx: Tx, tenantId: string, orderId: string): Promise<void> {
    const order = await repo.findOrder(tx, tenantId, orderId);
    if (!order) return;
    const open = await repo.openLinks(tx, tenantId, orderId);
    await repo.expireLinks(tx, tenantId, open.filter((l) => !stillPayable(l, order)));
  }

  /** Enabled methods among those staff record: the saved switch, else the settings' default. */
  async function enabledMethods(tx: Tx, tenantId: string): Promise<RecordedPaymentMethod[]> {
    const rows = await repo.paymentMethodRows(tx, tenantId);
    return RECORDED_PAYMENT_METHODS.filter((slug) => rows.find((r) => r.slug === slug)?.enabled ?? DEFAULT_ENABLED[slug] ?? false);
  }

  async function paymentOptions(ctx: AuthContext): Promise<PaymentOptions> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const methods = await enabledMethods(tx, ctx.tenantId);
      const accounts = await repo.listBankAccounts(tx, ctx.tenantId);
      return { methods, bank_accounts: accounts.map((a) => ({ id: a.id, bank_name: a.bankName, beneficiary_name: a.beneficiaryName, iban: a.iban })) };
    });
  }

  /** A page of transactions, as the JSON text of its body (`transactionsPage`). */
  async function list(ctx: AuthContext, q: TransactionsQueryParsed): Promise<string> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const filter: repo.ListFilter = {
        status: q.status,
        paymentMethod: q.payment_method,
        orderId: q.order_id,
        customerId: q.customer_id,
        branchId: q.branch_id ?? ctx.user.currentBranchId,
        from: q.from,
        to: q.to,
        search: q.search || undefined,
        trashed: q.trashed ?? false,
        timezone: ctx.tenant.timezone,
        scope: scopeOfCaller(ctx),
      };
      const { rows, meta } = await repo.listTransactions(tx, ctx.tenantId, filter, { page: q.page, perPage: q.per_page, cursor: q.cursor });
      return pageOfJson(rows, meta);
    });
  }

  async function forOrder(ctx: AuthContext, orderId: string): Promise<Transaction[]> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const order = await repo.findOrder(tx, ctx.tenantId, orderId);
      if (!order) throw notFound();
      await assertVisible(tx, ctx, order);
      return (await repo.orderTransactions(tx, ctx.tenantId, orderId)).map(toTransaction);
    });
  }

  /** One transaction; opening it marks it read (the sidebar's unread count). */
  async function get(ctx: AuthContext, id: string): Promise<Transaction> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const row = await repo.findTransaction(tx, ctx.tenantId, id);
      if (!row) throw notFound();
      const order = await repo.findOrder(tx, ctx.tenantId, row.orderId);
      if (!order) throw notFound();
      await assertVisible(tx, ctx, order);
      await repo.markRead(tx, ctx.tenantId, id);
      return view(tx, ctx.tenantId, id);
    });
  }

  /** The stored receipt of a transaction, for the download route. */
  async function receipt(ctx: AuthContext, id: string): Promise<StoredReceipt> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const row = await repo.findTransaction(tx, ctx.tenantId, id);
      if (!row?.receiptPath) throw notFound();
      const order = await repo.findOrder(tx, ctx.tenantId, row.orderId);
      if (!order) throw notFound();
      await assertVisible(tx, ctx, order);
      return { path: row.receiptPath, mime: row.receiptMime ?? 'application/octet-stream', name: row.receiptName ?? 'receipt' };
    });
  }

  /**
   * Records a payment on an order. Cash and card are confirmed at once (the order's paid amount goes
   * up); a bank transfer waits for an operator's review with its receipt (`receipt` stored already).
   */
  async function record(ctx: AuthContext, orderId: string, body: RecordPaymentInput, stored: StoredReceipt | null): Promise<Transaction> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const order = await repo.lockOrder(tx, ctx.tenantId, orderId);
      if (!order) throw notFound();
      await assertVisible(tx, ctx, order);
      assertPayable(order);
      if (!(await enabledMethods(tx, ctx.tenantId)).includes(body.payment_method)) throw fieldError('payment_method', 'payment_method_disabled');
      checkTendered(body);
      assertFits(order, body.amount);
      if (body.payment_method === 'bank_transfer' && !stored) throw fieldError('receipt', 'receipt_required');
      if (body.bank_account_id && !(await repo.bankAccountExists(tx, ctx.tenantId, body.bank_account_id))) throw fieldError('bank_account_id', 'not_exists');
      const status = INITIAL_TRANSACTION_STATUS[body.payment_method];
      const row = await repo.insertTransaction(tx, {
        tenantId: ctx.tenantId,
        number: await nextNumber(tx, ctx.tenantId, 'transaction'),
        orderId,
        customerId: order.customerId,
        branchId: order.branchId,
        paymentMethod: body.payment_method,
        amount: body.amount,
        tenderedAmount: body.tendered_amount ?? null,
        currency: order.currency,
        status,
        bankAccountId: body.bank_account_id ?? null,
        receiptPath: stored?.path ?? null,
        receiptMime: stored?.mime ?? null,
        receiptName: stored?.name ?? null,
        referenceNo: body.reference_no ?? null,
        notes: body.notes ?? null,
        createdBy: ctx.user.id,
        // The person who records it has seen it; a receipt waiting for review stays unread for the reviewers.
        readAt: status === 'wait' ? null : new Date(),
      });
      if (status === 'confirmed') {
        await applyPaid(tx, ctx.tenantId, orderId, row.amount);
      }
      await logOrder(tx, ctx.tenantId, orderId, ctx.user.id, 'payment', { transaction_id: row.id, number: row.number, payment_method: row.paymentMethod, amount: row.amount, status });
      await paymentEvents(tx, ctx.tenantId, order, row, ctx.user.id);
      return view(tx, ctx.tenantId, row.id);
    });
  }

  /**
   * Checkout at the desk (`POST orders/:id/checkout`): every payment of a split at once, in one
   * transaction with the order locked, so two checkouts of one order are taken one after the other
   * and never pay more than is left. Each payment follows the rules of `record` (an enabled method,
   * cash alone takes a tendered amount at least its amount, a bank transfer its receipt and then it
   * waits for review); together they pay at most what is left. Then, when asked, the order's
   * confirmed appointments of today and before become completed (the one move of the booking
   * machine that applies; others stay as they are).
   */
  async function checkout(ctx: AuthContext, orderId: string, body: CheckoutBodyParsed, receipts: ReadonlyMap<number, StoredReceipt>): Promise<CheckoutResult> {
    const completing = body.complete_bookings === true;
    // Completing appointments is a booking write: it needs a key of the bookings screens.
    if (completing && !ctx.user.isOwner && !BOOKING_KEYS.some((k) => ctx.permissions.includes(k))) throw forbidden();
    if (body.payments.length === 0 && !completing) throw fieldError('payments', 'min_items', { min: 1 });
    return withTenant(db, ctx.tenantId, async (tx) => {
      const order = await repo.lockOrder(tx, ctx.tenantId, orderId);
      if (!order) throw notFound();
      await assertVisible(tx, ctx, order);
      assertPayable(order);
      const enabled = await enabledMethods(tx, ctx.tenantId);
      for (const [i, p] of body.payments.entries()) {
        const at = `payments.${i}.`;
        if (!enabled.includes(p.payment_method)) throw fieldError(`${at}payment_method`, 'payment_method_disabled');
        checkTendered(p, at);
        if (p.payment_method === 'bank_transfer' && !receipts.has(i)) throw fieldError(`${at}receipt`, 'receipt_required');
        if (p.bank_account_id && !(await repo.bankAccountExists(tx, ctx.tenantId, p.bank_account_id))) throw fieldError(`${at}bank_account_id`, 'not_exists');
      }
      if (body.payments.length) {
        const remaining = remainingAmount(order.total, order.paidAmount);
        if (remaining === 0) throw fieldError('payments', 'order_fully_paid');
        const sum = body.payments.reduce((a, p) => a + p.amount, 0);
        if (sum > remaining) throw fieldError('payments', 'payment_exceeds_remaining', { remaining: formatAmount(remaining, order.currency) });
      }

      const ids: string[] = [];
      let confirmed = 0;
      for (const [i, p] of body.payments.entries()) {
        const stored = p.payment_method === 'bank_transfer' ? (receipts.get(i) ?? null) : null;
        const status = INITIAL_TRANSACTION_STATUS[p.payment_method];
        const row = await repo.insertTransaction(tx, {
          tenantId: ctx.tenantId,
          number: await nextNumber(tx, ctx.tenantId, 'transaction'),
          orderId,
          customerId: order.customerId,
          branchId: order.branchId,
          paymentMethod: p.payment_method,
          amount: p.amount,
          tenderedAmount: p.payment_method === 'cash' ? (p.tendered_amount ?? null) : null,
          currency: order.currency,
          status,
          bankAccountId: p.payment_method === 'bank_transfer' ? (p.bank_account_id ?? null) : null,
          receiptPath: stored?.path ?? null,
          receiptMime: stored?.mime ?? null,
          receiptName: stored?.name ?? null,
          referenceNo: p.reference_no ?? null,
          notes: body.notes ?? null,
          createdBy: ctx.user.id,
          readAt: status === 'wait' ? null : new Date(),
        });
        if (status === 'confirmed') confirmed += row.amount;
        ids.push(row.id);
        await paymentEvents(tx, ctx.tenantId, order, row, ctx.user.id);
        await logOrder(tx, ctx.tenantId, orderId, ctx.user.id, 'payment', {
          transaction_id: row.id,
          number: row.number,
          payment_method: row.paymentMethod,
          amount: row.amount,
          status,
          checkout: true,
          ...(row.tenderedAmount !== null ? { tendered_amount: row.tenderedAmount } : {}),
        });
      }
      if (confirmed > 0) await applyPaid(tx, ctx.tenantId, orderId, confirmed);

      const completed: string[] = [];
      if (completing) {
        // "The visit" is today's: appointments of later days on the same order (a course) stay confirmed.
        const branch = order.branchId ? await repo.findBranch(tx, ctx.tenantId, order.branchId) : null;
        const zone = branch && isTimeZone(branch.timezone) ? branch.timezone : ctx.tenant.timezone;
        const endOfToday = new Date(zonedToUtc(addDays(localDateOf(Date.now(), zone), 1), '00:00', zone));
        const due = (await repo.confirmedBookingsBefore(tx, ctx.tenantId, orderId, endOfToday)).filter((b) => canBookingTransition(b.status, 'completed'));
        await repo.setBookingsStatus(tx, ctx.tenantId, due.map((b) => b.id), 'completed');
        for (const b of due) {
          await logOrder(tx, ctx.tenantId, orderId, ctx.user.id, 'booking', { event: 'status', booking_id: b.id, number: b.number, from: b.status, to: 'completed', checkout: true });
          completed.push(b.id);
        }
      }

      const after = await repo.findOrder(tx, ctx.tenantId, orderId);
      if (!after) throw notFound();
      const written = [];
      for (const id of ids) written.push(await view(tx, ctx.tenantId, id));
      return {
        order_id: orderId,
        total: after.total,
        paid_amount: after.paidAmount,
        remaining_amount: remainingAmount(after.total, after.paidAmount),
        payment_status: after.paymentStatus,
        transactions: written,
        change_due: written.reduce((a, x) => a + x.change_due, 0),
        completed_booking_ids: completed,
      };
    });
  }

  /**
   * What a printed receipt shows (`GET orders/:id/receipt`): the business (name, VAT number), the
   * branch, the order's lines and totals as stored, taxes per rate, fees and the tip, and its
   * confirmed payments with cash tendered and change. Only for an order with a confirmed payment.
   */
  async function orderReceipt(ctx: AuthContext, orderId: string): Promise<Receipt> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const order = await repo.findOrder(tx, ctx.tenantId, orderId);
      if (!order) throw notFound();
      await assertVisible(tx, ctx, order);
      if (order.deletedAt) throw fieldError('order_id', 'order_in_trash');
      if (order.paidAmount <= 0) throw fieldError('order_id', 'receipt_needs_payment');
      const tenant = await repo.findTenant(tx, ctx.tenantId);
      if (!tenant) throw notFound();
      const branch = order.branchId ? await repo.findBranch(tx, ctx.tenantId, order.branchId) : null;
      const customer = order.customerId ? await repo.findCustomer(tx, ctx.tenantId, order.customerId) : null;
      const lines = await repo.orderLines(tx, ctx.tenantId, orderId);
      const payments = await repo.receiptTransactions(tx, ctx.tenantId, orderId);
      // The tax breakdown as priced (each tax once over the lines and the taxed charges).
      const priced = priceStoredOrder(order, lines);
      const taxes = priced.taxGroups.map((g) => ({ name: g.name, rate_bps: g.rateBps, amount: g.amount }));
      const confirmed = payments.filter((p) => p.status === 'confirmed');
      const invoice = await liveInvoiceOf(tx, ctx.tenantId, orderId);
      return {
        business: { name: tenant.name ?? tenant.storeName ?? '', vat_number: tenant.vatNumber, logo: tenant.logo },
        branch: branch ? { name: branch.name, address: branch.address } : null,
        time_zone: branch && isTimeZone(branch.timezone) ? branch.timezone : ctx.tenant.timezone,
        currency: order.currency,
        locale: tenant.locale === 'en' ? 'en' : 'ar',
        order: { id: order.id, number: order.number, date: order.createdAt.toISOString(), status: order.status, payment_status: order.paymentStatus },
        customer: customer ? { name: customerName(customer.firstName, customer.lastName), phone: customer.phone } : null,
        items: lines.map((l) => ({
          name: l.name,
          type: l.type,
          quantity: l.quantity,
          unit_price: l.unitPrice,
          subtotal: l.subtotal,
          discount_amount: l.discountAmount,
          tax_amount: l.taxAmount,
          total: l.total,
        })),
        subtotal: order.subtotal,
        discount: order.discountType === 'fixed' || order.discountType === 'percentage' ? { type: order.discountType, value: order.discountValue, amount: order.discountAmount } : null,
        taxes: taxes.filter((x) => x.amount !== 0 || x.rate_bps === 0),
        tax_amount: order.taxAmount,
        fees: order.fees.filter((f) => !f.tip).map((f) => ({ title: f.title, amount: f.amount })),
        tip: order.fees.filter((f) => f.tip).reduce((a, f) => a + f.amount, 0),
        transport_fee: order.transportFee,
        total: order.total,
        paid_amount: order.paidAmount,
        remaining_amount: remainingAmount(order.total, order.paidAmount),
        payments: confirmed.map((p) => ({
          number: p.number,
          date: p.createdAt.toISOString(),
          payment_method: p.paymentMethod as Receipt['payments'][number]['payment_method'],
          amount: p.amount,
          tendered_amount: p.tenderedAmount,
          change_due: changeDue(p),
        })),
        pending_amount: payments.filter((p) => p.status === 'wait').reduce((a, p) => a + p.amount, 0),
        printed_at: new Date().toISOString(),
        invoice: invoice ? { id: invoice.id, number: invoice.number, qr: invoice.signedQr ?? qrOf(invoice) } : null,
      };
    });
  }

  /**
   * What a payment just recorded tells people (issue 18 §1): a confirmed one, the business's
   * `payment_received` templates (keyed by the transaction); a bank transfer waiting for review, a
   * note on the bell of those who review receipts (but the one who recorded it).
   */
  async function paymentEvents(tx: Tx, tenantId: string, order: OrderRow, row: TransactionRow, by: string | null) {
    if (row.status === 'confirmed') await notifyOrder(tx, tenantId, order.id, 'payment_received', row.id, { amount: row.amount });
    if (row.status === 'wait') await notePayment(tx, tenantId, 'transaction_review', { transactionId: row.id, orderNumber: order.number, amount: row.amount, currency: row.currency }, by);
  }

  /**
   * Runs `fn` on a transaction with its order locked (order first, then the transaction: the one
   * lock order every writer here uses, so two writers never wait on each other in a circle).
   */
  async function onLocked<T>(ctx: AuthContext, id: string, fn: (tx: Tx, row: TransactionRow, order: OrderRow) => Promise<T>): Promise<T> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const first = await repo.findTransaction(tx, ctx.tenantId, id);
      if (!first) throw notFound();
      const order = await repo.lockOrder(tx, ctx.tenantId, first.orderId);
      if (!order) throw notFound();
      await assertVisible(tx, ctx, order);
      const row = await repo.findTransaction(tx, ctx.tenantId, id, true);
      if (!row) throw notFound();
      return fn(tx, row, order);
    });
  }

  /**
   * Only a receipt under review (wait) is a person's to approve or reject; a pending payment is the
   * gateway's to decide (an operator confirming it would count money nobody received).
   */
  function assertReviewable(row: TransactionRow, to: 'confirmed' | 'refused') {
    if (row.deletedAt) throw fieldError('status', 'transaction_in_trash');
    if (assertTransition(row.status, to) || !requiresOperator(row.status, to)) throw fieldError('status', 'status_not_allowed', { from: row.status, to });
  }

  /** wait → confirmed: the receipt is good; the order's paid amount goes up. */
  async function approve(ctx: AuthContext, id: string): Promise<Transaction> {
    return onLocked(ctx, id, async (tx, row, order) => {
      assertReviewable(row, 'confirmed');
      if (order.deletedAt) throw fieldError('order_id', 'order_in_trash');
      assertFits(order, row.amount);
      await repo.updateTransaction(tx, ctx.tenantId, id, { status: 'confirmed', reviewedBy: ctx.user.id, reviewedAt: new Date() });
      await applyPaid(tx, ctx.tenantId, order.id, row.amount);
      await logOrder(tx, ctx.tenantId, order.id, ctx.user.id, 'payment_approved', { transaction_id: id, number: row.number, amount: row.amount });
      await notifyOrder(tx, ctx.tenantId, order.id, 'payment_received', id, { amount: row.amount });
      return view(tx, ctx.tenantId, id);
    });
  }

  /** wait → refused, with the reason (shown on the transaction). */
  async function reject(ctx: AuthContext, id: string, reason: string | null): Promise<Transaction> {
    return onLocked(ctx, id, async (tx, row, order) => {
      assertReviewable(row, 'refused');
      await repo.updateTransaction(tx, ctx.tenantId, id, { status: 'refused', refusalReason: reason, reviewedBy: ctx.user.id, reviewedAt: new Date() });
      await logOrder(tx, ctx.tenantId, order.id, ctx.user.id, 'payment_rejected', { transaction_id: id, number: row.number, reason });
      return view(tx, ctx.tenantId, id);
    });
  }

  /** To the trash: a confirmed payment stops counting as paid. */
  async function trash(ctx: AuthContext, id: string): Promise<void> {
    await onLocked(ctx, id, async (tx, row, order) => {
      if (row.deletedAt) throw fieldError('id', 'transaction_in_trash');
      // A payment the gateway has not answered yet stays where its link finds it.
      if (row.status === 'pending') throw fieldError('id', 'transaction_pending');
      // The money of a refunded order is settled by its credit note: neither its payments nor its refunds move.
      if (row.kind === 'refund' || order.status === 'refunded') throw fieldError('id', 'transaction_refunded');
      await repo.updateTransaction(tx, ctx.tenantId, id, { deletedAt: new Date() });
      if (row.status === 'confirmed') {
        await applyPaid(tx, ctx.tenantId, order.id, -row.amount);
      }
      await logOrder(tx, ctx.tenantId, order.id, ctx.user.id, 'payment_trashed', { transaction_id: id, number: row.number, amount: row.amount, status: row.status });
    });
  }

  /** Out of the trash: a confirmed payment counts again, if it still fits in the order's total. */
  async function restore(ctx: AuthContext, id: string): Promise<Transaction> {
    return onLocked(ctx, id, async (tx, row, order) => {
      if (!row.deletedAt) throw fieldError('id', 'transaction_not_in_trash');
      if (order.deletedAt) throw fieldError('order_id', 'order_in_trash');
      if (row.status === 'confirmed') assertFits(order, row.amount);
      await repo.updateTransaction(tx, ctx.tenantId, id, { deletedAt: null });
      if (row.status === 'confirmed') {
        await applyPaid(tx, ctx.tenantId, order.id, row.amount);
      }
      await logOrder(tx, ctx.tenantId, order.id, ctx.user.id, 'payment_restored', { transaction_id: id, number: row.number, amount: row.amount, status: row.status });
      return view(tx, ctx.tenantId, id);
    });
  }

  /** Deletes a transaction from the trash for good; answers its receipt file to remove (after commit). */
  async function forceDelete(ctx: AuthContext, id: string): Promise<string | null> {
    return onLocked(ctx, id, async (tx, row, order) => {
      if (!row.deletedAt) throw fieldError('id', 'transaction_not_in_trash');
      await repo.deleteTransaction(tx, ctx.tenantId, id);
      await logOrder(tx, ctx.tenantId, order.id, ctx.user.id, 'payment_deleted', { transaction_id: id, number: row.number, amount: row.amount });
      return row.receiptPath;
    });
  }

  // ------------------------------------------------------------ payment links

  /**
   * An online transaction of a link's payment: `pending` stands for it while the customer has not
   * paid (the gateway's answer confirms or refuses it, spec §4; recorded by the person who sent the
   * link; it does not count as paid until confirmed), or `confirmed` straight from the gateway.
   * `read`: whether the sidebar's unread count skips it (a placeholder for a payment nobody made yet
   * is not news; a gateway's answer is).
   */
  async function insertOnlinePayment(
    tx: Tx,
    tenantId: string,
    order: OrderRow,
    p: { amount: number; currency: string; status: 'pending' | 'confirmed'; gatewayRef: string | null; paymentGatewayId?: string; createdBy: string | null; read: boolean },
  ) {
    return repo.insertTransaction(tx, {
      tenantId,
      number: await nextNumber(tx, tenantId, 'transaction'),
      orderId: order.id,
      customerId: order.customerId,
      branchId: order.branchId,
      paymentMethod: 'online',
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      paymentGatewayId: p.paymentGatewayId ?? null,
      referenceNo: p.gatewayRef,
      notes: null,
      createdBy: p.createdBy,
      readAt: p.read ? new Date() : null,
    });
  }

  /** The link's pending transaction, locked, when it is still the one to settle (not trashed, not decided). */
  async function pendingOf(tx: Tx, tenantId: string, link: repo.PaymentLinkRow): Promise<TransactionRow | null> {
    if (!link.transactionId) return null;
    const row = await repo.findTransaction(tx, tenantId, link.transactionId, true);
    return row && row.status === 'pending' && !row.deletedAt ? row : null;
  }

  /**
   * A payment link for what is left to pay: the customer needs a phone and an e-mail (spec §5); the
   * link (its token stored hashed) opens the gateway's checkout; SMS and e-mail go out through the
   * outbox in the same transaction. A new link replaces the order's open ones.
   */
  async function createLink(ctx: AuthContext, orderId: string): Promise<PaymentLink> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const order = await repo.lockOrder(tx, ctx.tenantId, orderId);
      if (!order) throw notFound();
      await assertVisible(tx, ctx, order);
      assertPayable(order);
      const customer = order.customerId ? await repo.findCustomer(tx, ctx.tenantId, order.customerId) : null;
      if (!customer?.phone || !customer.email) throw fieldError('customer_id', 'payment_link_needs_contact');
      const amount = remainingAmount(order.total, order.paidAmount);
      if (amount === 0) throw fieldError('amount', 'order_fully_paid');
      // The customer reads the business's language.
      const locale: Locale = ctx.tenant.locale === 'en' ? 'en' : 'ar';
      return createLinkIn(tx, ctx.tenantId, order, { amount, ttlMs: PAYMENT_LINK_TTL_HOURS * HOUR_MS, userId: ctx.user.id, locale });
    });
  }

  /**
   * A payment link for `amount` of the order (locked and checked by the caller), good for `ttlMs`:
   * its token stored hashed, the gateway's checkout opened, a pending online payment standing for it,
   * and the SMS and e-mail (to what the customer has) in the outbox, all in the caller's transaction.
   * A new link replaces the order's open ones. `userId` null: made by the store (a deposit).
   */
  async function createLinkIn(tx: Tx, tenantId: string, order: OrderRow, p: { amount: number; ttlMs: number; userId: string | null; locale: Locale }): Promise<PaymentLink> {
    const { amount, locale } = p;
    const orderId = order.id;
    const customer = order.customerId ? await repo.findCustomer(tx, tenantId, order.customerId) : null;
    const token = randomToken(32);
    const url = `${config.appUrl}/pay/${token}`;
    const expiresAt = new Date(Date.now() + p.ttlMs);
    // A new link replaces the order's open ones: only the latest amount can be paid.
    await repo.expireLinks(tx, tenantId, await repo.openLinks(tx, tenantId, orderId));
    const link = await repo.insertLink(tx, {
      tenantId,
      orderId,
      tokenHash: sha256(token),
      amount,
      currency: order.currency,
      status: 'open',
      expiresAt,
      createdBy: p.userId,
    });
    const name = customer ? customerName(customer.firstName, customer.lastName) : '';
    const checkout = await gateway.createCheckout({
      amount,
      currency: order.currency,
      reference: link.id,
      description: `#${order.number}`,
      returnUrl: url,
      customer: { name, email: customer?.email ?? null, phone: customer?.phone ?? null },
    });
    const pending = await insertOnlinePayment(tx, tenantId, order, { amount, currency: order.currency, status: 'pending', gatewayRef: checkout.gatewayRef, createdBy: p.userId, read: true });
    await repo.updateLink(tx, tenantId, link.id, { gatewayRef: checkout.gatewayRef, transactionId: pending.id });

    const params = { number: order.number, amount: formatAmount(amount, order.currency), link: url, name };
    // The business's own `payment_link` templates (keyed by the link); the built-in SMS and e-mail
    // go on each channel it wrote none for.
    const own = await templateChannels(tx, tenantId, 'payment_link');
    await notifyOrder(tx, tenantId, orderId, 'payment_link', link.id, { payment_link: url, amount });
    if (!own.has('sms') && customer?.phone) await enqueueMessage(tx, { tenantId, channel: 'sms', recipient: customer.phone, body: t('payment_link_sms', locale, params) });
    if (!own.has('email') && customer?.email) {
      await enqueueMessage(tx, {
        tenantId,
        channel: 'email',
        recipient: customer.email,
        subject: t('payment_link_mail_subject', locale, params),
        body: t('payment_link_mail_body', locale, params),
      });
    }
    await logOrder(tx, tenantId, orderId, p.userId, 'payment_link', {
      payment_link_id: link.id,
      amount,
      expires_at: expiresAt.toISOString(),
      transaction_id: pending.id,
      number: pending.number,
    });
    return { url, expires_at: expiresAt.toISOString(), amount };
  }

  /**
   * What the public pay page shows. A paid link says so; an unknown, expired or replaced link — or
   * one whose order went to the trash or was paid another way meanwhile — is `payment_link_invalid`.
   */
  async function publicLink(token: string): Promise<PublicPayment> {
    const link = await repo.findLinkByHash(db, sha256(token));
    if (!link) throw linkInvalid();
    return withTenant(db, link.tenantId, async (tx) => {
      const order = await repo.findOrder(tx, link.tenantId, link.orderId);
      const tenant = await repo.findTenant(tx, link.tenantId);
      if (!order || !tenant) throw linkInvalid();
      if (link.status !== 'paid' && !stillPayable(link, order)) throw linkInvalid();
      // A store visit's deposit: the way back to the customer's own page.
      let bookingUrl: string | null = null;
      if (order.source === 'booking-page' && tenant.subdomain) {
        const [last] = await tx
          .select({ at: max(bookings.startAt) })
          .from(bookings)
          .where(and(eq(bookings.tenantId, link.tenantId), eq(bookings.orderId, order.id)));
        if (last?.at) bookingUrl = manageUrlFor(tenant.subdomain, link.tenantId, order.id, last.at);
      }
      return {
        business: tenant.name ?? tenant.storeName ?? '',
        order_number: order.number,
        amount: link.amount,
        currency: link.currency,
        status: link.status === 'paid' ? 'paid' : 'open',
        expires_at: link.expiresAt.toISOString(),
        booking_url: bookingUrl,
      };
    });
  }

  function stillPayable(link: repo.PaymentLinkRow, order: OrderRow): boolean {
    if (link.status !== 'open' || link.expiresAt.getTime() <= Date.now()) return false;
    if (order.deletedAt || order.isDraft) return false;
    return remainingAmount(order.total, order.paidAmount) >= link.amount;
  }

  /** Retires the order's links that can no longer be paid (its order locked first, the one lock order). */
  async function retireLinksOf(tenantId: string, orderId: string): Promise<void> {
    await withTenant(db, tenantId, async (tx) => {
      if (await repo.lockOrder(tx, tenantId, orderId)) await retireDeadLinks(tx, tenantId, orderId);
    });
  }

  /**
   * The sweeper's pass (jobs/payment-links.ts): links past their expiry are retired and their pending
   * payments refused, a batch of orders at a time. Answers how many orders it handled.
   */
  async function sweepExpiredLinks(batch = 50): Promise<number> {
    const due = await repo.ordersWithExpiredLinks(db, batch);
    for (const { tenantId, orderId } of due) await retireLinksOf(tenantId, orderId);
    return due.length;
  }

  /**
   * The simulator's Pay / Fail buttons. `paid`: the gateway's verified result settles the link (its
   * pending transaction confirmed, once however often it is called); `failed`: the attempt is recorded
   * (its transaction refused, a fresh pending one for the next try), then 422 payment_failed; the link
   * stays open for another try.
   */
  async function simulate(token: string, outcome: 'paid' | 'failed'): Promise<PublicPayment> {
    if (!gateway.simulates) throw notFound();
    const hash = sha256(token);
    const link = await repo.findLinkByHash(db, hash);
    if (!link) throw linkInvalid();
    if (link.status === 'paid') return publicLink(token);
    const order = await withTenant(db, link.tenantId, (tx) => repo.findOrder(tx, link.tenantId, link.orderId));
    if (!order || !stillPayable(link, order) || !link.gatewayRef) {
      // A parallel click may have just paid it: that is an answer, not an error.
      if ((await repo.findLinkByHash(db, hash))?.status === 'paid') return publicLink(token);
      if (order) await retireLinksOf(link.tenantId, order.id);
      throw linkInvalid();
    }
    const result = await gateway.verify({ gatewayRef: link.gatewayRef, payload: { outcome, amount: link.amount, currency: link.currency } });
    if (result.status === 'paid') {
      await settle(link, result);
      return publicLink(token);
    }
    if (result.status === 'failed') await recordFailure(link, result);
    throw new AppError(422, 'payment_failed', { code: 'payment-failed' });
  }

  /**
   * Moves the order's bookings in one of `from` to `to` (a payment's outcome; every such move is in the
   * booking transition table), each in the order's log. The caller holds the order's lock.
   */
  async function moveBookings(tx: Tx, tenantId: string, orderId: string, from: readonly BookingStatus[], to: BookingStatus) {
    const mine = and(eq(bookings.tenantId, tenantId), eq(bookings.orderId, orderId));
    const found = await tx
      .select({ id: bookings.id, number: bookings.number, status: bookings.status })
      .from(bookings)
      .where(and(mine, inArray(bookings.status, [...from])))
      .for('update');
    if (!found.length) return;
    await tx
      .update(bookings)
      .set({ status: to, updatedAt: new Date() })
      .where(and(mine, inArray(bookings.id, found.map((b) => b.id))));
    for (const b of found) await logOrder(tx, tenantId, orderId, null, 'booking', { event: 'status', booking_id: b.id, number: b.number, from: b.status, to });
    // Confirmed is never left for pending again: one confirmation per booking.
    if (to === 'confirmed') await notifyBookings(tx, tenantId, found.map((b) => b.id), 'booking_confirmed', 'confirmed');
    // A store booking's deposit came: its customer gets the confirmation with their own page's link.
    if (to === 'confirmed') await sendStoreMessage(tx, tenantId, orderId, 'confirmed');
  }

  /**
   * A failed attempt at the gateway: its pending transaction is refused (with the gateway's id and
   * reason), a new pending one stands for the next try, and the order's pending bookings become
   * `unpaid` (spec §4: payment failed) — they keep their seats while the customer tries again.
   */
  async function recordFailure(link: repo.PaymentLinkRow, result: PaymentResult): Promise<void> {
    const tenantId = link.tenantId;
    await withTenant(db, tenantId, async (tx) => {
      const order = await repo.lockOrder(tx, tenantId, link.orderId);
      const current = await repo.lockLink(tx, tenantId, link.id);
      if (!order || current?.status !== 'open') return;
      if (!stillPayable(current, order)) {
        // Expired or overtaken meanwhile: no new try; the link and its pending payment are retired.
        await repo.expireLinks(tx, tenantId, [current]);
        return;
      }
      const attempt = await pendingOf(tx, tenantId, current);
      if (attempt) {
        await repo.updateTransaction(tx, tenantId, attempt.id, {
          status: 'refused',
          paymentGatewayId: result.paymentId || null,
          refusalReason: result.message ?? null,
          readAt: null,
        });
      }
      const next = await insertOnlinePayment(tx, tenantId, order, { amount: current.amount, currency: current.currency, status: 'pending', gatewayRef: current.gatewayRef, createdBy: null, read: true });
      await repo.updateLink(tx, tenantId, current.id, { transactionId: next.id });
      await logOrder(tx, tenantId, order.id, null, 'payment_failed', {
        payment_link_id: current.id,
        transaction_id: attempt?.id ?? null,
        number: attempt?.number ?? null,
        amount: current.amount,
        payment_gateway_id: result.paymentId || null,
      });
      await moveBookings(tx, tenantId, order.id, ['pending'], 'unpaid');
      const event = attempt?.id ?? next.id;
      await notifyOrder(tx, tenantId, order.id, 'payment_failed', event, { amount: current.amount });
      await notePayment(tx, tenantId, 'payment_failed', { transactionId: event, orderNumber: order.number, amount: current.amount, currency: current.currency });
    });
  }

  /**
   * A verified `paid` result for a link: its pending transaction confirmed (or, when that one went to
   * the trash meanwhile, a new confirmed one), the order's paid amount and payment status, the link
   * paid, the order's `pending` and `unpaid` bookings confirmed (the payment they waited for came) —
   * in one tenant transaction, with the order and the link locked. A link already paid is left as it
   * is (gateways repeat callbacks), so nothing counts twice.
   */
  async function settle(link: repo.PaymentLinkRow, result: PaymentResult): Promise<void> {
    const tenantId = link.tenantId;
    await withTenant(db, tenantId, async (tx) => {
      const order = await repo.lockOrder(tx, tenantId, link.orderId);
      const current = await repo.lockLink(tx, tenantId, link.id);
      if (!order || !current) throw linkInvalid();
      if (current.status === 'paid') return;
      if (current.status !== 'open') throw linkInvalid();
      if (result.gatewayRef !== current.gatewayRef || result.amount !== current.amount || result.currency !== current.currency) {
        throw new AppError(422, 'payment_failed', { code: 'payment-failed' });
      }
      const attempt = await pendingOf(tx, tenantId, current);
      const row = attempt
        ? await repo.updateTransaction(tx, tenantId, attempt.id, { status: 'confirmed', paymentGatewayId: result.paymentId, readAt: null })
        : await insertOnlinePayment(tx, tenantId, order, {
            amount: current.amount,
            currency: current.currency,
            status: 'confirmed',
            gatewayRef: current.gatewayRef,
            paymentGatewayId: result.paymentId,
            createdBy: null,
            read: false,
          });
      await repo.updateLink(tx, tenantId, current.id, { status: 'paid', paidAt: new Date(), transactionId: row.id });
      await applyPaid(tx, tenantId, order.id, row.amount);
      await logOrder(tx, tenantId, order.id, null, 'payment', {
        transaction_id: row.id,
        number: row.number,
        payment_method: 'online',
        amount: row.amount,
        status: 'confirmed',
        payment_link_id: current.id,
        payment_gateway_id: result.paymentId,
      });
      await moveBookings(tx, tenantId, order.id, ['pending', 'unpaid'], 'confirmed');
      await notifyOrder(tx, tenantId, order.id, 'payment_received', row.id, { amount: row.amount });
      await notePayment(tx, tenantId, 'payment_received', { transactionId: row.id, orderNumber: order.number, amount: row.amount, currency: row.currency });
    });
  }

  return { paymentOptions, list, forOrder, get, receipt, record, checkout, orderReceipt, approve, reject, trash, restore, forceDelete, createLink, createLinkIn, publicLink, simulate, settle, sweepExpiredLinks };
}

export type TransactionService = ReturnType<typeof createTransactionService>;
