import type { Notification, NotificationTemplate, notificationsQuery, templateBody } from '@app/shared/schemas/notifications';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Tx, withTenant } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { type NotificationRow, notifications, notificationTemplates, type TemplateRow } from '../../db/schema/notifications';
import { outboxMessages } from '../../db/schema/outbox';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { pageMeta } from '../../lib/http';
import type { AuthContext } from '../auth/auth.service';
import { appChannelBlock } from '../channels/channels';

type Body = z.output<typeof templateBody>;
type Query = z.output<typeof notificationsQuery>;

export const toTemplate = (r: TemplateRow): NotificationTemplate => ({
  id: r.id,
  action: r.action as NotificationTemplate['action'],
  channel: r.channel as NotificationTemplate['channel'],
  receiver: r.receiver as NotificationTemplate['receiver'],
  title_ar: r.titleAr,
  title_en: r.titleEn,
  body_ar: r.bodyAr,
  body_en: r.bodyEn,
  offset_minutes: r.offsetMinutes,
  status: r.status as NotificationTemplate['status'],
  created_at: r.createdAt.toISOString(),
});

export const toNotification = (r: NotificationRow): Notification => ({
  id: r.id,
  action: r.action,
  channel: r.channel as Notification['channel'],
  receiver_type: r.receiverType as Notification['receiver_type'],
  receiver_name: r.receiverName,
  email: r.email,
  phone: r.phone,
  title: r.title,
  body: r.body,
  status: r.status as Notification['status'],
  fail_reason: r.failReason,
  order_id: r.orderId,
  booking_id: r.bookingId,
  sent_at: r.sentAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
});

/** Channels whose messages need an app (spec §8): WhatsApp (Cloud API or the QR link), push (VAPID keys); modules/channels. */
const APP_CHANNELS = new Set(['whatsapp', 'push']);

const values = (b: Body) => ({
  action: b.action,
  channel: b.channel,
  receiver: b.receiver,
  titleAr: b.title_ar,
  titleEn: b.title_en,
  bodyAr: b.body_ar,
  bodyEn: b.body_en,
  offsetMinutes: b.action === 'booking_reminder' ? b.offset_minutes : null,
  status: b.status,
  updatedAt: new Date(),
});

/** Templates (`settings.notifications`) and the log (`notifications`), spec §7 and §9. */
export function createNotificationService({ db }: { db: Database }) {
  async function one(tx: Tx, tenantId: string, id: string): Promise<TemplateRow> {
    const [row] = await tx
      .select()
      .from(notificationTemplates)
      .where(and(eq(notificationTemplates.tenantId, tenantId), eq(notificationTemplates.id, id)));
    if (!row) throw notFound();
    return row;
  }
  // "Notification cannot be added when no app exists for the channel" (spec §8): WhatsApp once linked (or the Cloud API configured), push with VAPID keys.
  const channelOk = async (ctx: AuthContext, b: Body) => {
    if (APP_CHANNELS.has(b.channel) && (await withTenant(db, ctx.tenantId, (tx) => appChannelBlock(tx, ctx.tenantId, b.channel)))) throw fieldError('channel', 'no_app_for_channel');
    // Push reaches accounts' browsers: staff and users, never a customer.
    if (b.channel === 'push' && b.receiver === 'customer') throw fieldError('receiver', 'invalid');
  };

  const templates = {
    async list(ctx: AuthContext): Promise<NotificationTemplate[]> {
      const rows = await withTenant(db, ctx.tenantId, (tx) =>
        tx.select().from(notificationTemplates).where(eq(notificationTemplates.tenantId, ctx.tenantId)).orderBy(notificationTemplates.action, notificationTemplates.offsetMinutes, notificationTemplates.createdAt),
      );
      return rows.map(toTemplate);
    },
    get: (ctx: AuthContext, id: string) => withTenant(db, ctx.tenantId, async (tx) => toTemplate(await one(tx, ctx.tenantId, id))),
    async create(ctx: AuthContext, body: Body): Promise<NotificationTemplate> {
      await channelOk(ctx, body);
      const [row] = await withTenant(db, ctx.tenantId, (tx) =>
        tx
          .insert(notificationTemplates)
          .values({ tenantId: ctx.tenantId, ...values(body) })
          .returning(),
      );
      return toTemplate(row!);
    },
    async update(ctx: AuthContext, id: string, body: Body): Promise<NotificationTemplate> {
      await channelOk(ctx, body);
      const [row] = await withTenant(db, ctx.tenantId, (tx) =>
        tx
          .update(notificationTemplates)
          .set(values(body))
          .where(and(eq(notificationTemplates.tenantId, ctx.tenantId), eq(notificationTemplates.id, id)))
          .returning(),
      );
      if (!row) throw notFound();
      return toTemplate(row);
    },
    async remove(ctx: AuthContext, id: string): Promise<void> {
      await withTenant(db, ctx.tenantId, async (tx) => {
        await one(tx, ctx.tenantId, id);
        await tx.delete(notificationTemplates).where(and(eq(notificationTemplates.tenantId, ctx.tenantId), eq(notificationTemplates.id, id)));
      });
    },
    async toggle(ctx: AuthContext, id: string, status: 'active' | 'inactive'): Promise<NotificationTemplate> {
      return withTenant(db, ctx.tenantId, async (tx) => {
        await one(tx, ctx.tenantId, id);
        const [row] = await tx
          .update(notificationTemplates)
          .set({ status, updatedAt: new Date() })
          .where(and(eq(notificationTemplates.tenantId, ctx.tenantId), eq(notificationTemplates.id, id)))
          .returning();
        return toTemplate(row!);
      });
    },
  };

  /** The log, newest first: the last `days` days (7 by default, spec §9). */
  async function log(ctx: AuthContext, q: Query) {
    // One cutoff for the page and its count (two reads, each its own transaction: db/pipeline.ts).
    const since = new Date(Date.now() - q.days * 86_400_000);
    return withTenant(db, ctx.tenantId, async (tx) => {
      const where = and(
        eq(notifications.tenantId, ctx.tenantId),
        gte(notifications.createdAt, since),
        q.status ? eq(notifications.status, q.status) : undefined,
        q.channel ? eq(notifications.channel, q.channel) : undefined,
      );
      const rows = await tx
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page);
      const [n] = await tx.select({ n: count() }).from(notifications).where(where);
      return { data: rows.map(toNotification), meta: pageMeta(q.page, q.per_page, Number(n?.n ?? 0)) };
    });
  }

  /** `GET orders/{id}/notifications`: every message about the order, newest first. */
  async function ofOrder(ctx: AuthContext, orderId: string): Promise<Notification[]> {
    const rows = await withTenant(db, ctx.tenantId, (tx) =>
      tx
        .select()
        .from(notifications)
        .where(and(eq(notifications.tenantId, ctx.tenantId), eq(notifications.orderId, orderId)))
        .orderBy(desc(notifications.createdAt))
        .limit(200),
    );
    return rows.map(toNotification);
  }

  /**
   * Sends a logged message again, as a new message (its own key and log line): one that failed or
   * could not be sent, once its receiver has a way to be reached.
   */
  async function resend(ctx: AuthContext, id: string): Promise<Notification> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const [n] = await tx
        .select()
        .from(notifications)
        .where(and(eq(notifications.tenantId, ctx.tenantId), eq(notifications.id, id)));
      if (!n) throw notFound();
      const address = n.channel === 'email' ? n.email : n.channel === 'sms' || n.channel === 'whatsapp' ? n.phone : null;
      if (!address || (await appChannelBlock(tx, ctx.tenantId, n.channel))) throw new AppError(422, 'notification_unreachable');
      // A one-time code is never sent again from the log (which keeps it masked); a campaign's message
      // never reaches a customer who has since opted out of marketing or been blocked.
      if (n.action === 'otp') throw new AppError(422, 'notification_unreachable');
      if (n.action === 'campaign' && n.receiverId) {
        const [gone] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.tenantId, ctx.tenantId), eq(customers.id, n.receiverId), sql`(${customers.marketingOptOutAt} is not null or ${customers.blockedAt} is not null)`));
        if (gone) throw new AppError(422, 'notification_unreachable');
      }
      const [again] = await tx.select({ n: count() }).from(notifications).where(and(eq(notifications.tenantId, ctx.tenantId), sql`${notifications.idempotencyKey} like ${`resend:${id}:%`}`));
      const [row] = await tx
        .insert(notifications)
        .values({
          tenantId: ctx.tenantId,
          templateId: n.templateId,
          action: n.action,
          channel: n.channel,
          receiverType: n.receiverType,
          receiverId: n.receiverId,
          receiverName: n.receiverName,
          email: n.email,
          phone: n.phone,
          title: n.title,
          body: n.body,
          orderId: n.orderId,
          bookingId: n.bookingId,
          idempotencyKey: `resend:${id}:${Number(again?.n ?? 0) + 1}`,
        })
        .returning();
      await tx.insert(outboxMessages).values({ tenantId: ctx.tenantId, channel: n.channel, recipient: address, subject: n.title, body: n.body, notificationId: row!.id });
      return toNotification(row!);
    });
  }

  return { templates, log, ofOrder, resend };
}
