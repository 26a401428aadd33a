import { randomUUID } from 'node:crypto';
import type { KeysetPageQuery } from '@app/shared/schemas/common';
import type {
  ChangeOrderStatusBody,
  DetailsBody,
  DiscountBody,
  LocationBody,
  Order,
  OrderBodyParsed,
  OrderImage,
  OrderItemParsed,
  OrderLog,
  OrdersQuery,
  OrderStatusCounts,
  OrderSummary,
  OrderUpdateParsed,
  UnreadCounts,
} from '@app/shared/schemas/orders';
import type { OfferPrice } from '@app/shared/schemas/offers';
import { ORDER_IMAGES_MAX, ORDER_ITEMS_MAX } from '@app/shared/schemas/orders';
import { ACTIVE_BOOKING_STATUSES, BOOKING_CANCEL_REASON_TYPE } from '@app/shared/states/booking';
import { assertTransition, ORDER_STATUS_EFFECTS, ORDER_STATUSES, type OrderStatus, orderDeletable, orderEditable } from '@app/shared/states/order';
import { remainingAmount } from '@app/shared/states/transaction';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { type Database, type Tx, withTenant } from '../../db/client';
import { branches, packages, productCombinations, products, providers, providerServices, services } from '../../db/schema/business';
import { bookings, type LineTax, orderImages, orderItems, type OrderRow, orders, transactions } from '../../db/schema/sales';
import { cancellationReasons } from '../../db/schema/settings';
import type { StorageAdapter } from '../../integrations/storage/storage.adapter';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { isForeignKeyViolation } from '../access/access.repository';
import { type DataScope, scopeOfCaller } from '../access/scope';
import type { AuthContext } from '../auth/auth.service';
import { pageOfJson } from '../../lib/http';
import { creditNoteIn, issueInvoiceIn, liveInvoiceOf } from '../invoices/invoice-core';
import { moveCouponUse, redeemCoupon, releaseCoupon } from '../marketing/coupons.service';
import { offerPriceFor } from '../marketing/offers.service';
import { sendReviewRequest } from '../marketing/reviews.service';
import { unreadCounts as countUnread } from '../notifications/unread';
import { cancelAppointmentsIn, holdsStock, releaseOrderIn } from './order-cancel';
import { createOrderRow, lineTaxesFor, logOrder, recalculateOrder } from './order-core';
import * as repo from './orders.repository';
import { giveBackStock, type StockLine, stockLinesOf, takeStock } from './stock';

export type UploadedImage = { bytes: Buffer; ext: string; mime: string };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const fullName = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();

/** The order holds stock for its product lines: placed (not a draft), not canceled, not in the trash. */

const inTrash = () => new AppError(422, 'order_in_trash');

function summaryOf(o: repo.OrderRow, customer: repo.OrderCustomer | null, itemsCount: number, bookingsCount: number): OrderSummary {
  return {
    id: o.id,
    number: o.number,
    date: o.createdAt.toISOString(),
    status: o.status as OrderStatus,
    source: o.source,
    is_draft: o.isDraft,
    branch_id: o.branchId,
    customer_id: o.customerId,
    customer: customer ? { id: customer.id, name: fullName(customer), phone: customer.phone, email: customer.email } : null,
    staff_id: o.providerId,
    discount: o.discountType === 'fixed' || o.discountType === 'percentage' ? { type: o.discountType, value: o.discountValue, amount: o.discountAmount } : null,
    coupon_code: o.couponCode,
    coupon_applied: o.couponId !== null,
    fees: o.fees.map((f) => ({ title: f.title, value: f.amount, tip: f.tip === true })),
    fees_amount: o.feesAmount,
    transport_fee: o.transportFee,
    subtotal: o.subtotal,
    tax_amount: o.taxAmount,
    total: o.total,
    paid_amount: o.paidAmount,
    remaining_amount: remainingAmount(o.total, o.paidAmount),
    payment_status: o.paymentStatus,
    invoice_status: o.invoiceStatus,
    currency: o.currency,
    notes: o.notes,
    pin_code: o.pinCode,
    receive_time: iso(o.receiveAt),
    location: o.location ? { address: o.location.address ?? null, lat: o.location.lat ?? null, lng: o.location.lng ?? null } : null,
    meta_data: o.metaData,
    read_at: iso(o.readAt),
    deleted_at: iso(o.deletedAt),
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
    items_count: itemsCount,
    bookings_count: bookingsCount,
  };
}

const imageUrl = (orderId: string, imageId: string) => `/api/v1/orders/${orderId}/images/${imageId}`;

/** Same lines (kind, what, provider, quantity, in order) as stored: a PUT that sends them back changes nothing. */
function sameItems(current: repo.OrderItemRow[], wanted: OrderItemParsed[]): boolean {
  if (current.length !== wanted.length) return false;
  return wanted.every((w, i) => {
    const c = current[i]!;
    if (c.type !== w.type || c.quantity !== w.quantity) return false;
    if (w.type === 'service') return c.serviceId === w.service_id && c.providerId === (w.staff_id ?? null);
    if (w.type === 'product') return c.productId === w.product_id && c.combinationId === (w.combination_id ?? null);
    return c.packageId === w.package_id;
  });
}

type NewLine = {
  values: Omit<typeof orderItems.$inferInsert, 'tenantId' | 'orderId' | 'sortOrder'>;
  stock: StockLine | null;
  /** The offer that priced a service line (its unit price is the offered one), kept in the order's log. */
  offer?: OfferPrice;
};

/** A line as the order's log tells it: what, how many, and the offer that priced it (with the price before). */
const loggedLine = (l: NewLine) => ({
  name: l.values.name,
  quantity: l.values.quantity,
  ...(l.offer ? { offer: { id: l.offer.offerId, name: l.offer.offerName, original_price: l.offer.originalPrice, price: l.offer.price } } : {}),
});

/** Orders: lines and pricing, stock, appointments' side effects, statuses, trash, images, log (docs/orders.md). */
export function createOrderService(deps: { db: Database; storage: StorageAdapter }) {
  const { db, storage } = deps;

  // ------------------------------------------------------------ reading

  async function render(tx: Tx, tenantId: string, o: repo.OrderRow): Promise<Order> {
    const customer = o.customerId ? await repo.customerOf(tx, tenantId, o.customerId) : null;
    const items = await repo.itemsOf(tx, tenantId, o.id);
    const bks = await repo.bookingsOf(tx, tenantId, o.id);
    const images = await repo.imagesOf(tx, tenantId, o.id);
    const active = new Set<string>(ACTIVE_BOOKING_STATUSES);
    const bookingOf = (itemId: string) => {
      const mine = bks.filter((b) => b.orderItemId === itemId);
      // An active appointment first, else the newest (bookingsOf is newest first).
      const b = mine.find((x) => active.has(x.status)) ?? mine[0];
      return b ? { id: b.id, booking_number: b.number, start_time: b.startAt.toISOString(), end_time: b.endAt.toISOString(), status: b.status, staff_id: b.providerId } : null;
    };
    return {
      ...summaryOf(o, customer, items.length, bks.length),
      items: items.map((i) => ({
        id: i.id,
        type: i.type as 'service' | 'product' | 'package',
        service_id: i.serviceId,
        product_id: i.productId,
        combination_id: i.combinationId,
        package_id: i.packageId,
        staff_id: i.providerId,
        name: i.name,
        options: i.options ?? null,
        quantity: i.quantity,
        unit_price: i.unitPrice,
        subtotal: i.subtotal,
        discount_amount: i.discountAmount,
        tax_amount: i.taxAmount,
        total: i.total,
        taxes: i.taxes,
        booking: i.type === 'service' ? bookingOf(i.id) : null,
      })),
      images: images.map((img) => ({ id: img.id, url: imageUrl(o.id, img.id), mime: img.mime, size: img.size })),
    };
  }

  /** One page of order summaries, newest first: the JSON text of its body, `{ data, meta }` (`ordersPage`). */
  async function listPage(tx: Tx, tenantId: string, filter: repo.OrderFilter, q: KeysetPageQuery) {
    const { rows, meta } = await repo.listOrders(tx, tenantId, filter, { page: q.page, perPage: q.per_page, cursor: q.cursor });
    return pageOfJson(rows, meta);
  }

  async function list(ctx: AuthContext, q: OrdersQuery) {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const scope = scopeOfCaller(ctx);
      const filter: repo.OrderFilter = {
        search: q.search,
        status: q.status,
        paymentStatus: q.payment_status,
        source: q.source,
        customerId: q.customer_id,
        branchId: q.branch_id ?? ctx.user.currentBranchId,
        from: q.from,
        to: q.to,
        drafts: q.drafts ?? false,
        trashed: q.trashed ?? false,
        timezone: ctx.tenant.timezone,
        scope,
      };
      return listPage(tx, ctx.tenantId, filter, q);
    });
  }

  /**
   * The customer page's orders tab (spec §7 customers/{id}/orders): the customer's placed orders of
   * every branch (no drafts, nothing in the trash), newest first, within the caller's data scope.
   */
  async function customerOrders(ctx: AuthContext, customerId: string, q: KeysetPageQuery) {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const scope = scopeOfCaller(ctx);
      const filter: repo.OrderFilter = { customerId, branchId: null, drafts: false, trashed: false, timezone: ctx.tenant.timezone, scope };
      return listPage(tx, ctx.tenantId, filter, q);
    });
  }

  async function statusCounts(ctx: AuthContext, branchId: string | undefined): Promise<OrderStatusCounts> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const scope = scopeOfCaller(ctx);
      const branch = branchId ?? ctx.user.currentBranchId;
      // The kept counts hold every order of the business; a provider account sees only its own, counted.
      if (scope.orders === 'all') {
        const kept = await repo.keptStatusCounts(tx, ctx.tenantId, branch);
        return { data: ORDER_STATUSES.map((status) => ({ status, count: kept.byStatus.get(status) ?? 0 })), meta: { drafts: kept.drafts, trashed: kept.trashed } };
      }
      const r = await repo.statusCounts(tx, ctx.tenantId, scope, branch);
      return {
        data: ORDER_STATUSES.map((status) => ({ status, count: r.byStatus.find((s) => s.status === status)?.count ?? 0 })),
        meta: { drafts: r.drafts, trashed: r.trashed },
      };
    });
  }

  /** The sidebar and bell badges: what the account may see and has not opened yet (notifications/unread.ts). */
  async function unreadCounts(ctx: AuthContext): Promise<UnreadCounts> {
    return withTenant(db, ctx.tenantId, (tx) => countUnread(tx, ctx));
  }

  /** One order (marks it read). */
  async function get(ctx: AuthContext, id: string): Promise<Order> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const scope = scopeOfCaller(ctx);
      let row = await repo.findOrder(tx, ctx.tenantId, id, scope);
      if (!row) throw notFound();
      if (!row.readAt) {
        const [read] = await tx
          .update(orders)
          .set({ readAt: new Date() })
          .where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.id, id), isNull(orders.readAt)))
          .returning();
        if (read) row = read;
      }
      return render(tx, ctx.tenantId, row);
    });
  }

  async function logs(ctx: AuthContext, id: string): Promise<OrderLog[]> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const scope = scopeOfCaller(ctx);
      if (!(await repo.findOrder(tx, ctx.tenantId, id, scope))) throw notFound();
      const rows = await repo.logsOf(tx, ctx.tenantId, id);
      return rows.map((r) => ({
        id: r.log.id,
        action: r.log.action,
        changes: r.log.changes,
        user: r.log.userId && r.userName !== null ? { id: r.log.userId, name: r.userName } : null,
        created_at: r.log.createdAt.toISOString(),
      }));
    });
  }

  // ------------------------------------------------------------ checks

  /** A customer who may order: exists (else `not_exists`) and is not blocked (`customer_is_blocked`). */
  async function checkCustomer(tx: Tx, tenantId: string, id: string) {
    const c = await repo.customerOf(tx, tenantId, id);
    if (!c) throw fieldError('customer_id', 'not_exists');
    if (c.blockedAt) throw fieldError('customer_id', 'customer_is_blocked');
    return c;
  }

  async function checkBranch(tx: Tx, tenantId: string, id: string) {
    const [b] = await tx
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.tenantId, tenantId), eq(branches.id, id)))
      .limit(1);
    if (!b) throw fieldError('branch_id', 'not_exists');
  }

  async function checkProvider(tx: Tx, tenantId: string, id: string, field: string) {
    const [p] = await tx
      .select({ id: providers.id, branchId: providers.branchId })
      .from(providers)
      .where(and(eq(providers.tenantId, tenantId), eq(providers.id, id)))
      .limit(1);
    if (!p) throw fieldError(field, 'not_exists');
    return p;
  }

  /**
   * Prices and names the requested lines from the catalogue (a snapshot): a service at its price with
   * its taxes, a product at its price or its combination's (required when it has combinations) with
   * every tax of the settings, a package at its price. `offset` numbers the stock lines' positions.
   */
  async function resolveItems(tx: Tx, tenantId: string, inputs: OrderItemParsed[], branchId: string | null): Promise<NewLine[]> {
    const out: NewLine[] = [];
    let generalTaxes: LineTax[] | null = null;
    const general = async () => {
      generalTaxes ??= await lineTaxesFor(tx, tenantId, { type: 'product' });
      return generalTaxes;
    };
    for (const [index, input] of inputs.entries()) {
      const at = (f: string) => `items.${index}.${f}`;
      if (input.type === 'service') {
        const [s] = await tx
          .select({ id: services.id, name: services.name, price: services.price })
          .from(services)
          .where(and(eq(services.tenantId, tenantId), eq(services.id, input.service_id)))
          .limit(1);
        if (!s) throw fieldError(at('service_id'), 'not_exists');
        const staffId = input.staff_id ?? null;
        if (staffId) {
          const p = await checkProvider(tx, tenantId, staffId, at('staff_id'));
          const [offers] = await tx
            .select({ id: providerServices.serviceId })
            .from(providerServices)
            .where(and(eq(providerServices.tenantId, tenantId), eq(providerServices.providerId, staffId), eq(providerServices.serviceId, s.id)))
            .limit(1);
          if (!offers) throw fieldError(at('staff_id'), 'provider_not_for_service');
          if (p.branchId && branchId && p.branchId !== branchId) throw fieldError(at('staff_id'), 'provider_not_in_branch');
        }
        const taxes = await lineTaxesFor(tx, tenantId, { type: 'service', serviceId: s.id });
        out.push({
          values: { type: 'service', serviceId: s.id, providerId: staffId, name: s.name, options: null, quantity: input.quantity, unitPrice: s.price, taxes },
          stock: null,
        });
      } else if (input.type === 'product') {
        const [p] = await tx
          .select({ id: products.id, name: products.name, price: products.price })
          .from(products)
          .where(and(eq(products.tenantId, tenantId), eq(products.id, input.product_id)))
          .limit(1);
        if (!p) throw fieldError(at('product_id'), 'not_exists');
        const combos = await tx
          .select({ id: productCombinations.id, options: productCombinations.options, price: productCombinations.price })
          .from(productCombinations)
          .where(and(eq(productCombinations.tenantId, tenantId), eq(productCombinations.productId, p.id)));
        const comboId = input.combination_id ?? null;
        let name = p.name;
        let price = p.price;
        let options: Record<string, string> | null = null;
        if (combos.length > 0) {
          if (!comboId) throw fieldError(at('combination_id'), 'combination_required');
          const c = combos.find((x) => x.id === comboId);
          if (!c) throw fieldError(at('combination_id'), 'not_exists');
          price = c.price;
          options = c.options;
          const values = Object.values(c.options);
          if (values.length) name = `${p.name} (${values.join(' / ')})`;
        } else if (comboId) throw fieldError(at('combination_id'), 'not_exists');
        out.push({
          values: { type: 'product', productId: p.id, combinationId: comboId, name, options, quantity: input.quantity, unitPrice: price, taxes: await general() },
          stock: { index, productId: p.id, combinationId: comboId, hadCombination: comboId !== null, quantity: input.quantity },
        });
      } else {
        const [k] = await tx
          .select({ id: packages.id, name: packages.name, price: packages.price })
          .from(packages)
          .where(and(eq(packages.tenantId, tenantId), eq(packages.id, input.package_id)))
          .limit(1);
        if (!k) throw fieldError(at('package_id'), 'not_exists');
        out.push({ values: { type: 'package', packageId: k.id, name: k.name, options: null, quantity: input.quantity, unitPrice: k.price, taxes: await general() }, stock: null });
      }
    }
    // A running dashboard (`webapp`) offer changes a service line's unit price before any discount (docs/decisions.md "Offers").
    const offered = await offerPriceFor(tx, tenantId, 'webapp', out.flatMap((l) => (l.values.type === 'service' && l.values.serviceId ? [l.values.serviceId] : [])));
    for (const line of out) {
      const offer = line.values.type === 'service' && line.values.serviceId ? offered.get(line.values.serviceId) : undefined;
      if (!offer || offer.originalPrice !== line.values.unitPrice) continue;
      line.values.unitPrice = offer.price;
      line.offer = offer;
    }
    return out;
  }

  async function insertItems(tx: Tx, tenantId: string, orderId: string, lines: NewLine[], firstSort: number) {
    if (lines.length === 0) return;
    await tx.insert(orderItems).values(lines.map((l, i) => ({ ...l.values, tenantId, orderId, sortOrder: firstSort + i })));
  }

  async function validReason(tx: Tx, tenantId: string, id: string) {
    const [r] = await tx
      .select({ id: cancellationReasons.id })
      .from(cancellationReasons)
      .where(and(eq(cancellationReasons.tenantId, tenantId), eq(cancellationReasons.id, id), eq(cancellationReasons.type, BOOKING_CANCEL_REASON_TYPE)))
      .limit(1);
    if (!r) throw fieldError('cancellation_reason_id', 'not_exists');
  }

  /**
   * Runs `fn` on the locked order (one change of an order at a time) the caller may see, refusing a
   * trashed order (`order_in_trash`) and, for `editable`, a locked status (`order_locked`); answers
   * the order as it is after.
   */
  async function change(
    ctx: AuthContext,
    id: string,
    opts: { editable: boolean },
    fn: (tx: Tx, order: repo.OrderRow, scope: DataScope) => Promise<void>,
  ): Promise<Order> {
    try {
      return await withTenant(db, ctx.tenantId, async (tx) => {
        const scope = scopeOfCaller(ctx);
        const order = await repo.findOrder(tx, ctx.tenantId, id, scope, true);
        if (!order) throw notFound();
        if (order.deletedAt) throw inTrash();
        if (opts.editable && !orderEditable(order.status)) throw new AppError(422, 'order_locked');
        await fn(tx, order, scope);
        const after = await repo.findOrder(tx, ctx.tenantId, id, { orders: 'all', bookings: 'all', customerNotes: 'all' });
        if (!after) throw notFound();
        return render(tx, ctx.tenantId, after);
      });
    } catch (err) {
      // A customer, product, provider or reason deleted meanwhile.
      if (isForeignKeyViolation(err)) throw fieldError('items', 'not_exists');
      throw err;
    }
  }

  // ------------------------------------------------------------ writing

  /** `within` runs in the order's transaction once it is written (a quotation converted claims itself there). */
  async function create(ctx: AuthContext, body: OrderBodyParsed, within?: (tx: Tx, orderId: string) => Promise<void>): Promise<Order> {
    try {
      return await withTenant(db, ctx.tenantId, async (tx) => {
        const scope = scopeOfCaller(ctx);
        const customerId = body.customer_id ?? null;
        if (customerId) await checkCustomer(tx, ctx.tenantId, customerId);
        const branchId = body.branch_id ?? ctx.user.currentBranchId ?? null;
        if (branchId) await checkBranch(tx, ctx.tenantId, branchId);
        if (body.staff_id) await checkProvider(tx, ctx.tenantId, body.staff_id, 'staff_id');
        const isDraft = body.is_draft ?? false;
        if (!isDraft && body.items.length === 0) throw fieldError('items', 'order_empty');
        const lines = await resolveItems(tx, ctx.tenantId, body.items, branchId);
        // Stock first: the conditional updates are what concurrent orders for the last units race on.
        if (!isDraft) await takeStock(tx, ctx.tenantId, lines.flatMap((l) => (l.stock ? [l.stock] : [])));
        // A provider account's order is its own (else it could not see it); otherwise the given provider or the first service line's.
        const providerId =
          scope.orders === 'assigned' ? (scope.providerId ?? null) : (body.staff_id ?? lines.find((l) => l.values.providerId)?.values.providerId ?? null);
        const row = await createOrderRow(tx, ctx.tenantId, {
          branchId,
          customerId,
          providerId,
          source: body.source ?? 'calendar',
          status: body.status ?? 'confirmed',
          isDraft,
          currency: ctx.tenant.currency,
          notes: body.notes ?? null,
          createdBy: ctx.user.id,
        });
        await repo.updateOrder(tx, ctx.tenantId, row.id, {
          discountType: body.discount?.type ?? null,
          discountValue: body.discount?.value ?? 0,
          fees: body.fees ?? [],
          transportFee: body.transport_fee ?? 0,
          pinCode: body.pin_code ?? null,
          receiveAt: body.receive_time ? new Date(body.receive_time) : null,
          location: body.location ? { address: body.location.address ?? null, lat: body.location.lat ?? null, lng: body.location.lng ?? null } : null,
          // Made here by staff: nothing new for the sidebar badge (that counts orders from elsewhere).
          readAt: new Date(),
        });
        await insertItems(tx, ctx.tenantId, row.id, lines, 0);
        const priced = await recalculateOrder(tx, ctx.tenantId, row.id);
        await logOrder(tx, ctx.tenantId, row.id, ctx.user.id, 'created', {
          number: row.number,
          status: row.status,
          is_draft: isDraft,
          items: lines.map(loggedLine),
          total: priced.total,
        });
        if (within) await within(tx, row.id);
        return render(tx, ctx.tenantId, priced);
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) throw fieldError('items', 'not_exists');
      throw err;
    }
  }

  /** `PUT orders/:id`: fields sent change; new lines replace the old ones (appointments deleted, stock given back and taken). */
  async function update(ctx: AuthContext, id: string, body: OrderUpdateParsed): Promise<Order> {
    return change(ctx, id, { editable: true }, async (tx, order) => {
      const t = ctx.tenantId;
      const changes: Record<string, unknown> = {};
      const values: Partial<typeof orders.$inferInsert> = {};
      if (body.is_draft === true && !order.isDraft) throw fieldError('is_draft', 'invalid');
      const isDraft = body.is_draft ?? order.isDraft;
      if (isDraft !== order.isDraft) {
        values.isDraft = isDraft;
        changes.is_draft = { from: order.isDraft, to: isDraft };
      }
      let customerId = order.customerId;
      if (body.customer_id !== undefined && (body.customer_id ?? null) !== order.customerId) {
        customerId = body.customer_id ?? null;
        if (customerId) await checkCustomer(tx, t, customerId);
        values.customerId = customerId;
        changes.customer_id = { from: order.customerId, to: customerId };
        await moveCouponUse(tx, t, order, customerId);
      }
      let branchId = order.branchId;
      const branchChanged = body.branch_id !== undefined && (body.branch_id ?? null) !== order.branchId;
      if (branchChanged) {
        branchId = body.branch_id ?? null;
        if (branchId) await checkBranch(tx, t, branchId);
        values.branchId = branchId;
        changes.branch_id = { from: order.branchId, to: branchId };
      }
      if (body.staff_id !== undefined && (body.staff_id ?? null) !== order.providerId) {
        if (body.staff_id) await checkProvider(tx, t, body.staff_id, 'staff_id');
        values.providerId = body.staff_id ?? null;
        changes.staff_id = { from: order.providerId, to: body.staff_id ?? null };
      }

      const current = await repo.itemsOf(tx, t, order.id);
      const before = holdsStock(order);
      const after = holdsStock({ ...order, isDraft });
      let items = current.length;
      let bookingsDeleted = 0;
      if (body.items !== undefined && !sameItems(current, body.items)) {
        const lines = await resolveItems(tx, t, body.items, branchId);
        if (before) await giveBackStock(tx, t, stockLinesOf(current));
        // Editing the lines deletes every appointment of the order (spec §4); they are booked again.
        bookingsDeleted = await repo.deleteBookings(tx, t, order.id);
        await tx.delete(orderItems).where(and(eq(orderItems.tenantId, t), eq(orderItems.orderId, order.id)));
        await insertItems(tx, t, order.id, lines, 0);
        if (after) await takeStock(tx, t, lines.flatMap((l) => (l.stock ? [l.stock] : [])));
        items = lines.length;
        changes.items = {
          from: current.map((i) => ({ name: i.name, quantity: i.quantity })),
          to: lines.map(loggedLine),
        };
        if (!values.providerId && !order.providerId && body.staff_id === undefined) {
          const first = lines.find((l) => l.values.providerId)?.values.providerId;
          if (first) values.providerId = first;
        }
      } else {
        // Placing a draft takes its stock now.
        if (!before && after) await takeStock(tx, t, stockLinesOf(current));
        // An appointment is at a branch: moving the order deletes them too.
        if (branchChanged) bookingsDeleted = await repo.deleteBookings(tx, t, order.id);
      }
      if (bookingsDeleted) changes.bookings_deleted = bookingsDeleted;
      if (!isDraft && items === 0) throw fieldError('items', 'order_empty');
      if (customerId === null && body.customer_id !== undefined) {
        const [left] = await tx
          .select({ n: count() })
          .from(bookings)
          .where(and(eq(bookings.tenantId, t), eq(bookings.orderId, order.id)));
        if (Number(left?.n ?? 0) > 0) throw fieldError('customer_id', 'guest_order_no_appointment');
      }

      if (body.discount !== undefined && order.couponId) {
        // The coupon's discount is the order's: sent back unchanged it stays, cleared it goes with the coupon.
        if (body.discount === null) {
          await releaseCoupon(tx, t, order, true);
          changes.coupon = { from: order.couponCode, to: null };
        } else if (body.discount.type !== order.discountType || body.discount.value !== order.discountValue) throw fieldError('discount', 'coupon_with_discount');
      } else if (body.discount !== undefined) {
        values.discountType = body.discount?.type ?? null;
        values.discountValue = body.discount?.value ?? 0;
        if (order.discountType !== values.discountType || order.discountValue !== values.discountValue) changes.discount = body.discount ?? null;
      }
      if (body.fees !== undefined) {
        values.fees = body.fees;
        changes.fees = body.fees;
      }
      if (body.transport_fee !== undefined && body.transport_fee !== order.transportFee) {
        values.transportFee = body.transport_fee;
        changes.transport_fee = { from: order.transportFee, to: body.transport_fee };
      }
      if (body.notes !== undefined && body.notes !== order.notes) {
        values.notes = body.notes;
        changes.notes = { from: order.notes, to: body.notes };
      }
      if (body.pin_code !== undefined && body.pin_code !== order.pinCode) {
        values.pinCode = body.pin_code;
        changes.pin_code = true;
      }
      if (body.receive_time !== undefined) {
        const at = body.receive_time ? new Date(body.receive_time) : null;
        if (iso(at) !== iso(order.receiveAt)) {
          values.receiveAt = at;
          changes.receive_time = { from: iso(order.receiveAt), to: iso(at) };
        }
      }
      if (body.location !== undefined) {
        values.location = body.location ? { address: body.location.address ?? null, lat: body.location.lat ?? null, lng: body.location.lng ?? null } : null;
        changes.location = values.location;
      }
      await repo.updateOrder(tx, t, order.id, values);
      if (values.customerId !== undefined) await tx.update(bookings).set({ customerId: values.customerId, updatedAt: new Date() }).where(and(eq(bookings.tenantId, t), eq(bookings.orderId, order.id)));
      const priced = await recalculateOrder(tx, t, order.id);
      if (priced.total !== order.total) changes.total = { from: order.total, to: priced.total };
      await logOrder(tx, t, order.id, ctx.user.id, 'updated', changes);
    });
  }

  async function addItems(ctx: AuthContext, id: string, inputs: OrderItemParsed[]): Promise<Order> {
    return change(ctx, id, { editable: true }, async (tx, order) => {
      const t = ctx.tenantId;
      const current = await repo.itemsOf(tx, t, order.id);
      if (current.length + inputs.length > ORDER_ITEMS_MAX) throw fieldError('items', 'max_items', { max: ORDER_ITEMS_MAX });
      const lines = await resolveItems(tx, t, inputs, order.branchId);
      const top = current.reduce((m, i) => Math.max(m, i.sortOrder), -1);
      await insertItems(tx, t, order.id, lines, top + 1);
      if (holdsStock(order)) await takeStock(tx, t, lines.flatMap((l) => (l.stock ? [l.stock] : [])));
      if (!order.providerId) {
        const first = lines.find((l) => l.values.providerId)?.values.providerId;
        if (first) await repo.updateOrder(tx, t, order.id, { providerId: first });
      }
      const priced = await recalculateOrder(tx, t, order.id);
      await logOrder(tx, t, order.id, ctx.user.id, 'items_added', {
        items: lines.map(loggedLine),
        total: { from: order.total, to: priced.total },
      });
    });
  }

  /** Removes one line; its appointment goes with it, its stock comes back. */
  async function removeItem(ctx: AuthContext, id: string, itemId: string): Promise<Order> {
    return change(ctx, id, { editable: true }, async (tx, order) => {
      const t = ctx.tenantId;
      const current = await repo.itemsOf(tx, t, order.id);
      const item = current.find((i) => i.id === itemId);
      if (!item) throw notFound();
      if (!order.isDraft && current.length === 1) throw new AppError(422, 'order_empty');
      if (holdsStock(order)) await giveBackStock(tx, t, stockLinesOf([item]));
      const bookingsDeleted = await repo.deleteBookings(tx, t, order.id, [item.id]);
      await tx.delete(orderItems).where(and(eq(orderItems.tenantId, t), eq(orderItems.id, item.id)));
      const priced = await recalculateOrder(tx, t, order.id);
      await logOrder(tx, t, order.id, ctx.user.id, 'item_removed', {
        item: { name: item.name, quantity: item.quantity },
        bookings_deleted: bookingsDeleted,
        total: { from: order.total, to: priced.total },
      });
    });
  }

  async function setDiscount(ctx: AuthContext, id: string, body: DiscountBody | null): Promise<Order> {
    return change(ctx, id, { editable: true }, async (tx, order) => {
      if (order.couponId) {
        if (body) throw fieldError('type', 'coupon_with_discount');
        return removeCouponIn(tx, ctx, order);
      }
      await repo.updateOrder(tx, ctx.tenantId, order.id, { discountType: body?.type ?? null, discountValue: body?.value ?? 0 });
      const priced = await recalculateOrder(tx, ctx.tenantId, order.id);
      await logOrder(tx, ctx.tenantId, order.id, ctx.user.id, body ? 'discount' : 'undiscount', {
        ...(body ? { type: body.type, value: body.value } : {}),
        amount: { from: order.discountAmount, to: priced.discountAmount },
        total: { from: order.total, to: priced.total },
      });
    });
  }

  /** The coupon leaves the order with its discount; its use is given back. */
  async function removeCouponIn(tx: Tx, ctx: AuthContext, order: OrderRow): Promise<void> {
    if (!(await releaseCoupon(tx, ctx.tenantId, order, true))) return;
    const priced = await recalculateOrder(tx, ctx.tenantId, order.id);
    await logOrder(tx, ctx.tenantId, order.id, ctx.user.id, 'coupon_removed', { code: order.couponCode, amount: { from: order.discountAmount, to: 0 }, total: { from: order.total, to: priced.total } });
  }

  /** `PUT orders/{id}/coupon { code }`: takes a use of the coupon (coupons.service.ts) and prices the order with it. */
  async function applyCoupon(ctx: AuthContext, id: string, code: string): Promise<Order> {
    return change(ctx, id, { editable: true }, async (tx, order) => {
      const coupon = await redeemCoupon(tx, ctx.tenantId, order, code, ctx.tenant.timezone);
      const priced = await recalculateOrder(tx, ctx.tenantId, order.id);
      await logOrder(tx, ctx.tenantId, order.id, ctx.user.id, 'coupon', { code: coupon.code, amount: { from: order.discountAmount, to: priced.discountAmount }, total: { from: order.total, to: priced.total } });
    });
  }

  /** `DELETE orders/{id}/coupon`. */
  async function removeCoupon(ctx: AuthContext, id: string): Promise<Order> {
    return change(ctx, id, { editable: true }, (tx, order) => removeCouponIn(tx, ctx, order));
  }

  /**
   * Moves the order along packages/shared/src/states/order.ts and runs the target's effects in the
   * same transaction: canceled cancels its active appointments (with a booking-cancel reason, needed
   * when there are any) and gives its stock back; invoiced issues the invoice and refunded its credit
   * note (modules/invoices/invoice-core.ts).
   */
  async function changeStatus(ctx: AuthContext, id: string, body: ChangeOrderStatusBody): Promise<Order> {
    return change(ctx, id, { editable: false }, async (tx, order) => {
      const t = ctx.tenantId;
      const to = body.status;
      const error = assertTransition(order.status, to, { draft: order.isDraft });
      if (error === 'draft_order') throw fieldError('status', 'order_is_draft');
      if (error) throw fieldError('status', 'status_not_allowed', { from: order.status, to });
      const effects = ORDER_STATUS_EFFECTS[to];
      // Invoiced issues the invoice (simplified, or trial without the business's VAT number);
      // refunded issues the credit note of the live invoice and pays back what was paid (issue 16).
      if (effects.issueInvoice) {
        await issueInvoiceIn(tx, t, ctx.user.id, order.id, {});
        return;
      }
      if (effects.createCreditNote) {
        const invoice = await liveInvoiceOf(tx, t, order.id);
        if (!invoice) throw fieldError('status', 'no_refundable_items');
        await creditNoteIn(tx, t, ctx.user.id, invoice, { kind: 'refund', reasonId: body.cancellation_reason_id, note: body.note, requireReason: false });
        return;
      }
      const values: Partial<typeof orders.$inferInsert> = { status: to };
      const changes: Record<string, unknown> = { from: order.status, to };
      if (body.note) changes.note = body.note;
      if (effects.cancelAppointments) {
        const reasonId = body.cancellation_reason_id ?? null;
        if (reasonId) await validReason(tx, t, reasonId);
        const activeWhere = and(eq(bookings.tenantId, t), eq(bookings.orderId, order.id), inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]));
        const [active] = await tx.select({ n: count() }).from(bookings).where(activeWhere);
        if (Number(active?.n ?? 0) > 0 && !reasonId) throw fieldError('cancellation_reason_id', 'cancel_reason_required');
        const cancelled = await cancelAppointmentsIn(tx, t, order.id, { reasonId, note: body.note ?? null });
        changes.bookings_cancelled = cancelled.length;
        if (reasonId) changes.cancellation_reason_id = reasonId;
        // Its stock and its coupon's use go back (the status is written below with the others).
        const released = await releaseOrderIn(tx, t, order, { setStatus: false });
        if (released) changes.coupon_released = released;
      }
      await repo.updateOrder(tx, t, order.id, values);
      await logOrder(tx, t, order.id, ctx.user.id, 'status', changes);
      // A visit done: its customer is asked for a review (once per order, whatever happens next).
      if (to === 'completed') await sendReviewRequest(tx, t, order.id);
    });
  }

  async function updateMeta(ctx: AuthContext, id: string, meta: Record<string, unknown>): Promise<Order> {
    return change(ctx, id, { editable: false }, async (tx, order) => {
      await repo.updateOrder(tx, ctx.tenantId, order.id, { metaData: meta });
      await logOrder(tx, ctx.tenantId, order.id, ctx.user.id, 'meta', { from: order.metaData, to: meta });
    });
  }

  async function updateNote(ctx: AuthContext, id: string, notes: string | null | undefined): Promise<Order> {
    return change(ctx, id, { editable: true }, async (tx, order) => {
      await repo.updateOrder(tx, ctx.tenantId, order.id, { notes: notes ?? null });
      await logOrder(tx, ctx.tenantId, order.id, ctx.user.id, 'note', { from: order.notes, to: notes ?? null });
    });
  }

  async function editLocation(ctx: AuthContext, id: string, body: LocationBody): Promise<Order> {
    return change(ctx, id, { editable: true }, async (tx, order) => {
      const location = { address: body.address ?? null, lat: body.lat ?? null, lng: body.lng ?? null };
      await repo.updateOrder(tx, ctx.tenantId, order.id, { location });
      await logOrder(tx, ctx.tenantId, order.id, ctx.user.id, 'location', { from: order.location, to: location });
    });
  }

  async function updateCustomer(ctx: AuthContext, id: string, customerId: string): Promise<Order> {
    return change(ctx, id, { editable: true }, async (tx, order) => {
      const t = ctx.tenantId;
      await checkCustomer(tx, t, customerId);
      if (customerId === order.customerId) return;
      await moveCouponUse(tx, t, order, customerId);
      await repo.updateOrder(tx, t, order.id, { customerId });
      await tx.update(bookings).set({ customerId, updatedAt: new Date() }).where(and(eq(bookings.tenantId, t), eq(bookings.orderId, order.id)));
      await logOrder(tx, t, order.id, ctx.user.id, 'customer', { from: order.customerId, to: customerId });
    });
  }

  async function updateDetails(ctx: AuthContext, id: string, body: DetailsBody): Promise<Order> {
    return change(ctx, id, { editable: true }, async (tx, order) => {
      const t = ctx.tenantId;
      const values: Partial<typeof orders.$inferInsert> = {};
      const changes: Record<string, unknown> = {};
      if (body.pin_code !== undefined) {
        values.pinCode = body.pin_code;
        changes.pin_code = true;
      }
      if (body.receive_time !== undefined) {
        values.receiveAt = body.receive_time ? new Date(body.receive_time) : null;
        changes.receive_time = { from: iso(order.receiveAt), to: iso(values.receiveAt) };
      }
      if (body.fees !== undefined) {
        values.fees = body.fees;
        changes.fees = { from: order.fees, to: body.fees };
      }
      if (body.transport_fee !== undefined) {
        values.transportFee = body.transport_fee;
        changes.transport_fee = { from: order.transportFee, to: body.transport_fee };
      }
      await repo.updateOrder(tx, t, order.id, values);
      const priced = await recalculateOrder(tx, t, order.id);
      if (priced.total !== order.total) changes.total = { from: order.total, to: priced.total };
      await logOrder(tx, t, order.id, ctx.user.id, 'details', changes);
    });
  }

  // ------------------------------------------------------------ trash

  /** To the trash: its appointments are deleted (spec §4) and its stock comes back. */
  async function trash(ctx: AuthContext, id: string): Promise<void> {
    await withTenant(db, ctx.tenantId, async (tx) => {
      const t = ctx.tenantId;
      const scope = scopeOfCaller(ctx);
      const order = await repo.findOrder(tx, t, id, scope, true);
      if (!order) throw notFound();
      if (order.deletedAt) throw inTrash();
      if (!orderDeletable(order.status)) throw new AppError(422, 'order_not_deletable');
      if (holdsStock(order)) await giveBackStock(tx, t, stockLinesOf(await repo.itemsOf(tx, t, order.id)));
      const bookingsDeleted = await repo.deleteBookings(tx, t, order.id);
      // The trash gives a coupon's use back: the coupon leaves the order (a restored order comes back without it).
      const couponRemoved = await releaseCoupon(tx, t, order, true);
      if (couponRemoved) await recalculateOrder(tx, t, order.id);
      await repo.updateOrder(tx, t, order.id, { deletedAt: new Date() });
      await logOrder(tx, t, order.id, ctx.user.id, 'trash', { bookings_deleted: bookingsDeleted, ...(couponRemoved ? { coupon_removed: order.couponCode } : {}) });
    });
  }

  /** Back from the trash: it takes its stock again (422 when it is gone); the deleted appointments do not come back. */
  async function restore(ctx: AuthContext, id: string): Promise<Order> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const t = ctx.tenantId;
      const scope = scopeOfCaller(ctx);
      const order = await repo.findOrder(tx, t, id, scope, true);
      if (!order) throw notFound();
      if (!order.deletedAt) throw new AppError(422, 'order_not_in_trash');
      const restored = await repo.updateOrder(tx, t, order.id, { deletedAt: null });
      if (holdsStock(restored)) await takeStock(tx, t, stockLinesOf(await repo.itemsOf(tx, t, order.id)));
      await logOrder(tx, t, order.id, ctx.user.id, 'restore', {});
      return render(tx, t, restored);
    });
  }

  /** Deletes a trashed order for good (lines, log, images, payments go with it); answers the files to remove. */
  async function forceDelete(ctx: AuthContext, id: string): Promise<string[]> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const t = ctx.tenantId;
      const scope = scopeOfCaller(ctx);
      const order = await repo.findOrder(tx, t, id, scope, true);
      if (!order) throw notFound();
      if (!order.deletedAt) throw new AppError(422, 'order_not_in_trash');
      const images = await repo.imagesOf(tx, t, order.id);
      const receipts = await tx
        .select({ path: transactions.receiptPath })
        .from(transactions)
        .where(and(eq(transactions.tenantId, t), eq(transactions.orderId, order.id)));
      await tx.delete(orders).where(and(eq(orders.tenantId, t), eq(orders.id, order.id)));
      return [...images.map((i) => i.path), ...receipts.flatMap((r) => (r.path ? [r.path] : []))];
    });
  }

  // ------------------------------------------------------------ images (private files)

  async function addImages(ctx: AuthContext, id: string, files: UploadedImage[]): Promise<OrderImage[]> {
    // Checked before storing anything, and again under the order's lock.
    const existing = await withTenant(db, ctx.tenantId, async (tx) => {
      const order = await repo.findOrder(tx, ctx.tenantId, id, scopeOfCaller(ctx));
      if (!order) throw notFound();
      if (order.deletedAt) throw inTrash();
      return (await repo.imagesOf(tx, ctx.tenantId, id)).length;
    });
    if (existing + files.length > ORDER_IMAGES_MAX) throw fieldError('images', 'max_items', { max: ORDER_IMAGES_MAX });
    const stored: { path: string; file: UploadedImage }[] = [];
    try {
      for (const f of files) stored.push({ path: await storage.put(`orders/${ctx.tenantId}/${id}/${randomUUID()}.${f.ext}`, f.bytes), file: f });
      return await withTenant(db, ctx.tenantId, async (tx) => {
        const order = await repo.findOrder(tx, ctx.tenantId, id, scopeOfCaller(ctx), true);
        if (!order) throw notFound();
        if (order.deletedAt) throw inTrash();
        const now = (await repo.imagesOf(tx, ctx.tenantId, id)).length;
        if (now + stored.length > ORDER_IMAGES_MAX) throw fieldError('images', 'max_items', { max: ORDER_IMAGES_MAX });
        await tx.insert(orderImages).values(stored.map((s) => ({ tenantId: ctx.tenantId, orderId: id, path: s.path, mime: s.file.mime, size: s.file.bytes.length })));
        await logOrder(tx, ctx.tenantId, id, ctx.user.id, 'images_added', { count: stored.length });
        return (await repo.imagesOf(tx, ctx.tenantId, id)).map((img) => ({ id: img.id, url: imageUrl(id, img.id), mime: img.mime, size: img.size }));
      });
    } catch (err) {
      for (const s of stored) await storage.remove(s.path);
      if (isForeignKeyViolation(err)) throw notFound();
      throw err;
    }
  }

  async function removeImage(ctx: AuthContext, id: string, imageId: string): Promise<OrderImage[]> {
    const { path, list } = await withTenant(db, ctx.tenantId, async (tx) => {
      const order = await repo.findOrder(tx, ctx.tenantId, id, scopeOfCaller(ctx), true);
      if (!order) throw notFound();
      if (order.deletedAt) throw inTrash();
      const images = await repo.imagesOf(tx, ctx.tenantId, id);
      const target = images.find((i) => i.id === imageId);
      if (!target) throw notFound();
      await tx.delete(orderImages).where(and(eq(orderImages.tenantId, ctx.tenantId), eq(orderImages.id, imageId)));
      await logOrder(tx, ctx.tenantId, id, ctx.user.id, 'image_removed', { count: 1 });
      return { path: target.path, list: images.filter((i) => i.id !== imageId).map((img) => ({ id: img.id, url: imageUrl(id, img.id), mime: img.mime, size: img.size })) };
    });
    await storage.remove(path);
    return list;
  }

  /** The stored file of an image of an order the caller may see. */
  async function imageFile(ctx: AuthContext, id: string, imageId: string) {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const order = await repo.findOrder(tx, ctx.tenantId, id, scopeOfCaller(ctx));
      if (!order) throw notFound();
      const img = (await repo.imagesOf(tx, ctx.tenantId, id)).find((i) => i.id === imageId);
      if (!img) throw notFound();
      return img;
    });
  }

  return {
    list,
    customerOrders,
    statusCounts,
    unreadCounts,
    get,
    logs,
    create,
    update,
    addItems,
    removeItem,
    setDiscount,
    applyCoupon,
    removeCoupon,
    changeStatus,
    updateMeta,
    updateNote,
    editLocation,
    updateCustomer,
    updateDetails,
    trash,
    restore,
    forceDelete,
    addImages,
    removeImage,
    imageFile,
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
