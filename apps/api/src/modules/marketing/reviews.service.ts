import type {
  AddCommentBody,
  Comment,
  CommentListQuery,
  CommentStatus,
  PublicReview,
  PublishedReview,
  Review,
  ReviewListQuery,
  ReviewStatus,
  SubmitReviewBody,
} from '@app/shared/schemas/reviews';
import { addCommentBody, COMMENT_STATUSES, commentListQuery, REVIEW_STATUSES, reviewListQuery, submitReviewBody } from '@app/shared/schemas/reviews';
import { localDateOf } from '@app/shared/scheduling/zoned';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { type Database, type Executor, type Tx, withTenant } from '../../db/client';
import { branches, products, providers, services } from '../../db/schema/business';
import { customers } from '../../db/schema/customers';
import { comments, type ReviewRow, reviews } from '../../db/schema/marketing';
import { bookings, orderItems, orders } from '../../db/schema/sales';
import { tenants } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import { AppError, notFound } from '../../lib/errors';
import { pageMeta } from '../../lib/http';
import type { AuthContext } from '../auth/auth.service';
import { notifyUsers } from '../notifications/app-notifications';
import { notifyOrder } from '../notifications/notify';
import { readReviewToken, reviewLinkFor, reviewLinkInvalid } from './review-links';

/**
 * Reviews and comments (issue 18 §3; spec §3, §4).
 *
 * **A review is of a visit, once.** The link goes out when an order is completed
 * (`sendReviewRequest`, in that transaction, keyed per order), signed (./review-links.ts). The
 * review it leads to is written pending; the unique (tenant, order) key makes it one per order, also
 * when two submissions race. Only a visit that happened may be reviewed: an order completed, or
 * invoiced after it (the usual next step).
 *
 * **Moderation hides, never deletes.** Rejected reviews and unpublished comments stay for the
 * business to see; only approved reviews and published comments reach the public store
 * (`listPublishedReviews`, `listPublishedComments`).
 */

type CommentRow = typeof comments.$inferSelect;

/** The order statuses a visit may be reviewed in: done, or invoiced (completed → invoiced is the usual way on). */
export const REVIEWABLE_ORDER_STATUSES = ['completed', 'invoiced'] as const;

const fullName = (c: { firstName: string | null; lastName: string | null } | null) => (c ? `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim() : '');
const uniq = (xs: (string | null | undefined)[]) => [...new Set(xs.filter((x): x is string => Boolean(x)))];

type Visit = { services: string[]; providers: string[]; firstStart: Date | null };

/** Each order's visit: its service lines, the providers who gave them, its first appointment. */
async function visitsOf(exec: Executor, tenantId: string, orderIds: string[]): Promise<Map<string, Visit>> {
  const out = new Map<string, Visit>();
  if (!orderIds.length) return out;
  for (const id of orderIds) out.set(id, { services: [], providers: [], firstStart: null });
  const lines = await exec
    .select({ orderId: orderItems.orderId, name: orderItems.name, provider: providers.name })
    .from(orderItems)
    .leftJoin(providers, and(eq(providers.tenantId, orderItems.tenantId), eq(providers.id, orderItems.providerId)))
    .where(and(eq(orderItems.tenantId, tenantId), inArray(orderItems.orderId, orderIds), eq(orderItems.type, 'service')))
    .orderBy(asc(orderItems.sortOrder), asc(orderItems.createdAt));
  for (const l of lines) {
    const v = out.get(l.orderId)!;
    v.services.push(l.name);
    if (l.provider && !v.providers.includes(l.provider)) v.providers.push(l.provider);
  }
  const starts = await exec
    .select({ orderId: bookings.orderId, startAt: bookings.startAt })
    .from(bookings)
    .where(and(eq(bookings.tenantId, tenantId), inArray(bookings.orderId, orderIds)))
    .orderBy(asc(bookings.startAt));
  for (const s of starts) {
    const v = out.get(s.orderId);
    if (v && !v.firstStart) v.firstStart = s.startAt;
  }
  return out;
}

/**
 * In the transaction that completes an order: the review request to its customer through the
 * business's active `review_request` templates, with the signed link. Keyed by the order (event
 * `completed`), so an order completed again (no-show → completed, a refund's credit note voided)
 * never asks twice. Without the server's secret (production without SECRET_KEY) no link can be
 * signed and nothing is sent: the order still completes.
 */
export async function sendReviewRequest(exec: Executor, tenantId: string, orderId: string): Promise<number> {
  let link: string;
  try {
    link = reviewLinkFor(tenantId, orderId);
  } catch {
    return 0;
  }
  return notifyOrder(exec, tenantId, orderId, 'review_request', 'completed', { review_link: link });
}

function toReview(row: ReviewRow, x: { orderNumber: number | null; providerName: string | null; repliedByName: string | null; visit: Visit | undefined }): Review {
  return {
    id: row.id,
    order_id: row.orderId,
    order_number: x.orderNumber,
    customer_id: row.customerId,
    by_name: row.byName,
    provider_id: row.providerId,
    provider_name: x.providerName,
    services: x.visit?.services ?? [],
    visit_at: x.visit?.firstStart?.toISOString() ?? null,
    rating: row.rating,
    body: row.body,
    status: row.status as ReviewStatus,
    reply: row.reply,
    replied_by: row.repliedBy,
    replied_by_name: x.repliedByName,
    replied_at: row.repliedAt?.toISOString() ?? null,
    moderated_at: row.moderatedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function toComment(row: CommentRow, x: { subjectName: string | null; repliedByName: string | null }): Comment {
  return {
    id: row.id,
    subject_type: row.subjectType as Comment['subject_type'],
    subject_id: row.subjectId,
    subject_name: x.subjectName,
    customer_id: row.customerId,
    by_name: row.byName,
    body: row.body,
    status: row.status as CommentStatus,
    reply: row.reply,
    replied_by: row.repliedBy,
    replied_by_name: x.repliedByName,
    replied_at: row.repliedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Reviews with what the list shows beside them: the order's number, the provider, who replied, the visit. */
async function withDetails(tx: Tx, tenantId: string, rows: ReviewRow[]): Promise<Review[]> {
  if (!rows.length) return [];
  const orderIds = rows.map((r) => r.orderId);
  const numbers = new Map(
    (await tx.select({ id: orders.id, number: orders.number }).from(orders).where(and(eq(orders.tenantId, tenantId), inArray(orders.id, orderIds)))).map((o) => [o.id, o.number]),
  );
  const providerIds = uniq(rows.map((r) => r.providerId));
  const providerNames = new Map(
    providerIds.length ? (await tx.select({ id: providers.id, name: providers.name }).from(providers).where(and(eq(providers.tenantId, tenantId), inArray(providers.id, providerIds)))).map((p) => [p.id, p.name]) : [],
  );
  const names = await userNames(tx, tenantId, rows.map((r) => r.repliedBy));
  const visits = await visitsOf(tx, tenantId, orderIds);
  return rows.map((r) =>
    toReview(r, {
      orderNumber: numbers.get(r.orderId) ?? null,
      providerName: r.providerId ? (providerNames.get(r.providerId) ?? null) : null,
      repliedByName: r.repliedBy ? (names.get(r.repliedBy) ?? null) : null,
      visit: visits.get(r.orderId),
    }),
  );
}

async function userNames(tx: Tx, tenantId: string, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = uniq(ids);
  if (!wanted.length) return new Map();
  const rows = await tx.select({ id: users.id, name: users.name }).from(users).where(and(eq(users.tenantId, tenantId), inArray(users.id, wanted)));
  return new Map(rows.map((u) => [u.id, u.name]));
}

async function commentsWithDetails(tx: Tx, tenantId: string, rows: CommentRow[]): Promise<Comment[]> {
  if (!rows.length) return [];
  const ofType = (type: string) => uniq(rows.filter((r) => r.subjectType === type).map((r) => r.subjectId));
  const serviceIds = ofType('service');
  const productIds = ofType('product');
  const subjectNames = new Map<string, string>();
  if (serviceIds.length)
    for (const s of await tx.select({ id: services.id, name: services.name }).from(services).where(and(eq(services.tenantId, tenantId), inArray(services.id, serviceIds)))) subjectNames.set(`service:${s.id}`, s.name);
  if (productIds.length)
    for (const p of await tx.select({ id: products.id, name: products.name }).from(products).where(and(eq(products.tenantId, tenantId), inArray(products.id, productIds)))) subjectNames.set(`product:${p.id}`, p.name);
  const names = await userNames(tx, tenantId, rows.map((r) => r.repliedBy));
  return rows.map((r) => toComment(r, { subjectName: subjectNames.get(`${r.subjectType}:${r.subjectId}`) ?? null, repliedByName: r.repliedBy ? (names.get(r.repliedBy) ?? null) : null }));
}

/** How many of each status, for the tabs. */
function tally<S extends string>(statuses: readonly S[], rows: { status: string; n: number }[]): Record<S, number> {
  return Object.fromEntries(statuses.map((s) => [s, Number(rows.find((r) => r.status === s)?.n ?? 0)])) as Record<S, number>;
}

export function createReviewService({ db }: { db: Database }) {
  /** The order a token names, in its business; a trashed or draft order is no visit (404). */
  async function orderOfToken(tx: Tx, tenantId: string, orderId: string) {
    const [row] = await tx
      .select({
        order: { id: orders.id, number: orders.number, status: orders.status, customerId: orders.customerId, providerId: orders.providerId, deletedAt: orders.deletedAt, isDraft: orders.isDraft },
        customer: { firstName: customers.firstName, lastName: customers.lastName },
        zone: branches.timezone,
        tenant: { name: tenants.name, storeName: tenants.storeName, logo: tenants.logo, timezone: tenants.timezone, locale: tenants.locale },
      })
      .from(orders)
      .innerJoin(tenants, eq(tenants.id, orders.tenantId))
      .leftJoin(customers, and(eq(customers.tenantId, orders.tenantId), eq(customers.id, orders.customerId)))
      .leftJoin(branches, and(eq(branches.tenantId, orders.tenantId), eq(branches.id, orders.branchId)))
      .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)));
    if (!row || row.order.deletedAt || row.order.isDraft) throw reviewLinkInvalid();
    return row;
  }

  const reviewable = (status: string) => (REVIEWABLE_ORDER_STATUSES as readonly string[]).includes(status);
  const notCompleted = () => new AppError(422, 'review_order_not_completed', { code: 'review_order_not_completed' });

  /** `GET public/reviews/{token}`: the visit as its customer may see it, and whether it is reviewed. */
  async function publicView(token: string): Promise<PublicReview> {
    const { tenantId, orderId, expiresAt } = readReviewToken(token);
    return withTenant(db, tenantId, async (tx) => {
      const o = await orderOfToken(tx, tenantId, orderId);
      if (!reviewable(o.order.status)) throw notCompleted();
      const visit = (await visitsOf(tx, tenantId, [orderId])).get(orderId)!;
      const [done] = await tx.select({ rating: reviews.rating }).from(reviews).where(and(eq(reviews.tenantId, tenantId), eq(reviews.orderId, orderId)));
      return {
        business: { name: o.tenant.storeName || o.tenant.name || '', logo: o.tenant.logo },
        order_number: o.order.number,
        visit_date: visit.firstStart ? localDateOf(visit.firstStart.getTime(), o.zone || o.tenant.timezone) : null,
        services: visit.services,
        providers: visit.providers,
        locale: o.tenant.locale === 'en' ? 'en' : 'ar',
        reviewed: Boolean(done),
        rating: done?.rating ?? null,
        expires_at: expiresAt.toISOString(),
      };
    });
  }

  /**
   * `POST public/reviews/{token}`: the customer's review, pending; a second one for the order is a
   * 409 (`review_exists`), even when two arrive together (the unique key decides). The business's
   * review moderators get a note on the bell.
   */
  async function submit(token: string, input: SubmitReviewBody): Promise<PublicReview> {
    const body = submitReviewBody.parse(input);
    const { tenantId, orderId } = readReviewToken(token);
    await withTenant(db, tenantId, async (tx) => {
      const o = await orderOfToken(tx, tenantId, orderId);
      if (!reviewable(o.order.status)) throw notCompleted();
      // The provider reviewed: the order's, else the first service line's.
      const [line] = o.order.providerId
        ? []
        : await tx
            .select({ providerId: orderItems.providerId })
            .from(orderItems)
            .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.orderId, orderId), eq(orderItems.type, 'service')))
            .orderBy(asc(orderItems.sortOrder))
            .limit(1);
      const byName = fullName(o.customer);
      const [row] = await tx
        .insert(reviews)
        .values({ tenantId, orderId, customerId: o.order.customerId, providerId: o.order.providerId ?? line?.providerId ?? null, byName, rating: body.rating, body: body.body || null })
        .onConflictDoNothing()
        .returning({ id: reviews.id });
      if (!row) throw new AppError(409, 'review_exists', { code: 'review_exists' });
      const stars = '★'.repeat(body.rating);
      await notifyUsers(
        tx,
        tenantId,
        {
          kind: 'review_received',
          titleAr: `تقييم جديد ${stars}`,
          titleEn: `New review ${stars}`,
          bodyAr: `${byName || 'عميل'} · طلب رقم ${o.order.number}`,
          bodyEn: `${byName || 'A customer'} · order #${o.order.number}`,
          url: '/marketing/reviews',
        },
        'marketing.reviews',
      );
    });
    return publicView(token);
  }

  async function oneReview(tx: Tx, tenantId: string, id: string): Promise<ReviewRow> {
    const [row] = await tx.select().from(reviews).where(and(eq(reviews.tenantId, tenantId), eq(reviews.id, id)));
    if (!row) throw notFound();
    return row;
  }

  /** `GET reviews`: newest first, by status and stars, with the counts per status for the tabs. */
  async function list(ctx: AuthContext, query: ReviewListQuery) {
    const q = reviewListQuery.parse(query);
    return withTenant(db, ctx.tenantId, async (tx) => {
      const where = and(eq(reviews.tenantId, ctx.tenantId), q.status ? eq(reviews.status, q.status) : undefined, q.rating ? eq(reviews.rating, q.rating) : undefined);
      const rows = await tx
        .select()
        .from(reviews)
        .where(where)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page);
      const [n] = await tx.select({ n: count() }).from(reviews).where(where);
      const counts = tally(REVIEW_STATUSES, await tx.select({ status: reviews.status, n: count() }).from(reviews).where(eq(reviews.tenantId, ctx.tenantId)).groupBy(reviews.status));
      return { data: await withDetails(tx, ctx.tenantId, rows), meta: { ...pageMeta(q.page, q.per_page, Number(n?.n ?? 0)), counts } };
    });
  }

  /** Approve (shown in the store) or reject (hidden); either may be changed later. */
  async function moderate(ctx: AuthContext, id: string, status: Exclude<ReviewStatus, 'pending'>): Promise<Review> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      await oneReview(tx, ctx.tenantId, id);
      const [row] = await tx
        .update(reviews)
        .set({ status, moderatedBy: ctx.user.id, moderatedAt: new Date() })
        .where(and(eq(reviews.tenantId, ctx.tenantId), eq(reviews.id, id)))
        .returning();
      return (await withDetails(tx, ctx.tenantId, [row!]))[0]!;
    });
  }

  /** `PUT reviews/{id}/reply`: the business's answer, with who gave it; empty removes it. */
  async function reply(ctx: AuthContext, id: string, text: string | null): Promise<Review> {
    const value = text?.trim() || null;
    return withTenant(db, ctx.tenantId, async (tx) => {
      await oneReview(tx, ctx.tenantId, id);
      const [row] = await tx
        .update(reviews)
        .set(value ? { reply: value, repliedBy: ctx.user.id, repliedAt: new Date() } : { reply: null, repliedBy: null, repliedAt: null })
        .where(and(eq(reviews.tenantId, ctx.tenantId), eq(reviews.id, id)))
        .returning();
      return (await withDetails(tx, ctx.tenantId, [row!]))[0]!;
    });
  }

  /** The approved reviews, newest first, as the public store shows them (next issue). */
  async function listPublishedReviews(tenantId: string, opts: { limit?: number } = {}): Promise<PublishedReview[]> {
    return withTenant(db, tenantId, async (tx) => {
      const rows = await tx
        .select()
        .from(reviews)
        .where(and(eq(reviews.tenantId, tenantId), eq(reviews.status, 'approved')))
        .orderBy(desc(reviews.createdAt))
        .limit(Math.min(opts.limit ?? 50, 200));
      return (await withDetails(tx, tenantId, rows)).map((r) => ({
        id: r.id,
        by_name: r.by_name,
        rating: r.rating,
        body: r.body,
        reply: r.reply,
        services: r.services,
        provider_name: r.provider_name,
        created_at: r.created_at,
      }));
    });
  }

  // ------------------------------------------------------------------ comments

  async function oneComment(tx: Tx, tenantId: string, id: string): Promise<CommentRow> {
    const [row] = await tx.select().from(comments).where(and(eq(comments.tenantId, tenantId), eq(comments.id, id)));
    if (!row) throw notFound();
    return row;
  }

  async function listComments(ctx: AuthContext, query: CommentListQuery) {
    const q = commentListQuery.parse(query);
    return withTenant(db, ctx.tenantId, async (tx) => {
      const where = and(eq(comments.tenantId, ctx.tenantId), q.status ? eq(comments.status, q.status) : undefined);
      const rows = await tx
        .select()
        .from(comments)
        .where(where)
        .orderBy(desc(comments.createdAt), desc(comments.id))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page);
      const [n] = await tx.select({ n: count() }).from(comments).where(where);
      const counts = tally(COMMENT_STATUSES, await tx.select({ status: comments.status, n: count() }).from(comments).where(eq(comments.tenantId, ctx.tenantId)).groupBy(comments.status));
      return { data: await commentsWithDetails(tx, ctx.tenantId, rows), meta: { ...pageMeta(q.page, q.per_page, Number(n?.n ?? 0)), counts } };
    });
  }

  async function setCommentStatus(ctx: AuthContext, id: string, status: Exclude<CommentStatus, 'pending'>): Promise<Comment> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      await oneComment(tx, ctx.tenantId, id);
      const [row] = await tx
        .update(comments)
        .set({ status })
        .where(and(eq(comments.tenantId, ctx.tenantId), eq(comments.id, id)))
        .returning();
      return (await commentsWithDetails(tx, ctx.tenantId, [row!]))[0]!;
    });
  }

  async function replyComment(ctx: AuthContext, id: string, text: string | null): Promise<Comment> {
    const value = text?.trim() || null;
    return withTenant(db, ctx.tenantId, async (tx) => {
      await oneComment(tx, ctx.tenantId, id);
      const [row] = await tx
        .update(comments)
        .set(value ? { reply: value, repliedBy: ctx.user.id, repliedAt: new Date() } : { reply: null, repliedBy: null, repliedAt: null })
        .where(and(eq(comments.tenantId, ctx.tenantId), eq(comments.id, id)))
        .returning();
      return (await commentsWithDetails(tx, ctx.tenantId, [row!]))[0]!;
    });
  }

  /**
   * A customer's comment on a service or a product, pending until the business publishes it: for the
   * public store (next issue). The subject must be the business's own (422 `not_exists` on
   * `subject_id` otherwise); the comment commenters get a note on the bell.
   */
  async function addComment(tenantId: string, input: AddCommentBody & { customerId?: string | null }): Promise<Comment> {
    const body = addCommentBody.parse(input);
    return withTenant(db, tenantId, async (tx) => {
      const table = body.subject_type === 'service' ? services : products;
      const [subject] = await tx
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(and(eq(table.tenantId, tenantId), eq(table.id, body.subject_id)));
      if (!subject) throw new AppError(422, 'validation_failed', { fields: { subject_id: [{ key: 'not_exists' }] } });
      let customerId = input.customerId ?? null;
      if (customerId) {
        const [c] = await tx.select({ id: customers.id }).from(customers).where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
        customerId = c?.id ?? null;
      }
      const [row] = await tx
        .insert(comments)
        .values({ tenantId, subjectType: body.subject_type, subjectId: subject.id, customerId, byName: body.by_name, body: body.body })
        .returning();
      await notifyUsers(
        tx,
        tenantId,
        { kind: 'comment_received', titleAr: 'تعليق جديد', titleEn: 'New comment', bodyAr: `${body.by_name} · ${subject.name}`, bodyEn: `${body.by_name} · ${subject.name}`, url: '/marketing/comments' },
        'comments',
      );
      return (await commentsWithDetails(tx, tenantId, [row!]))[0]!;
    });
  }

  /** The published comments on one service or product, oldest first, for the public store. */
  async function listPublishedComments(tenantId: string, subject: { type: 'service' | 'product'; id: string }): Promise<Comment[]> {
    return withTenant(db, tenantId, async (tx) => {
      const rows = await tx
        .select()
        .from(comments)
        .where(and(eq(comments.tenantId, tenantId), eq(comments.subjectType, subject.type), eq(comments.subjectId, subject.id), eq(comments.status, 'published')))
        .orderBy(asc(comments.createdAt))
        .limit(200);
      return commentsWithDetails(tx, tenantId, rows);
    });
  }

  return {
    publicView,
    submit,
    list,
    approve: (ctx: AuthContext, id: string) => moderate(ctx, id, 'approved'),
    reject: (ctx: AuthContext, id: string) => moderate(ctx, id, 'rejected'),
    reply,
    listPublishedReviews,
    listComments,
    publish: (ctx: AuthContext, id: string) => setCommentStatus(ctx, id, 'published'),
    unpublish: (ctx: AuthContext, id: string) => setCommentStatus(ctx, id, 'unpublished'),
    replyComment,
    addComment,
    listPublishedComments,
  };
}
