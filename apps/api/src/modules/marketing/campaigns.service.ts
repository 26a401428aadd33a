import {
  type AudienceCount,
  type Campaign,
  type CampaignAudience,
  type CampaignChannel,
  type CampaignCounts,
  type CampaignRecipient,
  CAMPAIGN_EDITABLE,
  CAMPAIGN_RECIPIENT_STATUSES,
  type CampaignStatus,
  type audienceCountBody,
  type campaignBody,
  type campaignRecipientsQuery,
  type campaignsQuery,
  campaignAudience,
  EMPTY_AUDIENCE,
} from '@app/shared/schemas/campaigns';
import { and, asc, count, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type Database, type Executor, type Tx, withTenant } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { type CampaignRow, campaignRecipients, campaigns } from '../../db/schema/marketing';
import { notifications } from '../../db/schema/notifications';
import { outboxMessages } from '../../db/schema/outbox';
import { tenants } from '../../db/schema/tenants';
import { clock, DAY_MS } from '../../lib/clock';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { pageMeta } from '../../lib/http';
import type { AuthContext } from '../auth/auth.service';
import { appChannelBlock } from '../channels/channels';
import { CAMPAIGN_NOT_DUE, queueNotification, renderTemplate } from '../notifications/notify';

type Body = z.output<typeof campaignBody>;
type ListQuery = z.output<typeof campaignsQuery>;
type RecipientsQuery = z.output<typeof campaignRecipientsQuery>;
type CountBody = z.output<typeof audienceCountBody>;

/**
 * Marketing campaigns (issue 18 §2; docs/marketing.md "Campaigns", docs/decisions.md "Campaigns").
 *
 * **Recipients are fixed when sending starts.** Starting (now, or by the job at `scheduled_at`) writes
 * one campaign_recipients row per customer the audience selects then, in the transaction that moves
 * the campaign to `sending`: blocked and opted-out customers get none, those with no address on the
 * channel a `skipped` one. Later changes to customers do not change who it goes to.
 *
 * **Handed to the notification log at the channel's pace.** Every CAMPAIGN_TICK_MS the job hands at
 * most CAMPAIGN_THROTTLE[channel] pending recipients to the log and the outbox (`queueNotification`,
 * keyed `campaign:<recipient id>`), the rows taken FOR UPDATE SKIP LOCKED under a share lock on the
 * campaign: two servers never take the same recipient, and the key makes one message even if they
 * did. The outbox worker delivers them with its retries.
 *
 * **A recipient's result is its notification's.** Rows are not updated by the worker: reading joins
 * the notification (pending/retried → queued; sent, success, failed as they are), so a delivery
 * callback or a retry shows without a second write to keep in step.
 *
 * **Cancel stops everything not yet handed to the provider.** The cancel takes the campaign's row
 * lock (the hand-out holds a share lock, so the two never interleave), cancels pending recipients,
 * drops the outbox messages not yet claimed, and the worker's `stillDue` refuses any message of a
 * cancelled campaign it claims afterwards. A message a worker was already sending when the cancel
 * committed is the only one that can still go.
 */

/** Messages handed to the log per channel per tick (every CAMPAIGN_TICK_MS), all campaigns together. */
export const CAMPAIGN_THROTTLE: Record<CampaignChannel, number> = { sms: 30, email: 60, whatsapp: 10 };
export const CAMPAIGN_TICK_MS = 2000;
/** The reason a notification of a cancelled campaign was not sent. */
export const CAMPAIGN_CANCELLED_REASON = CAMPAIGN_NOT_DUE;
/** A recipient who opted out of marketing (or was blocked) after the campaign started. */
const OPTED_OUT_REASON = 'opted out of marketing';

const noAddressReason = (channel: string) => (channel === 'email' ? 'no e-mail address' : 'no phone number');

const zeroCounts = (): CampaignCounts => Object.fromEntries(CAMPAIGN_RECIPIENT_STATUSES.map((s) => [s, 0])) as CampaignCounts;

const audienceOf = (row: CampaignRow): CampaignAudience => {
  const parsed = campaignAudience.safeParse(row.audience);
  return parsed.success ? parsed.data : EMPTY_AUDIENCE;
};

export function toCampaign(row: CampaignRow, counts: CampaignCounts = zeroCounts()): Campaign {
  return {
    id: row.id,
    name: row.name,
    channel: row.channel as Campaign['channel'],
    title: row.title,
    content: row.content,
    audience: audienceOf(row),
    targeted_count: row.targetedCount,
    scheduled_at: row.scheduledAt?.toISOString() ?? null,
    status: row.status as CampaignStatus,
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    counts,
  };
}

// ------------------------------------------------------------------------------- the audience

const uuids = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** The channel's address of customer `c`: the phone for SMS and WhatsApp, the e-mail for e-mail (empty counts as none). */
const addressOf = (channel: CampaignChannel) => (channel === 'email' ? sql.raw(`nullif(c.email, '')`) : sql.raw(`nullif(c.phone, '')`));

/**
 * The customers (`c`) of the business an audience selects, blocked ones never. Last visit: the latest
 * completed appointment's start or completed/invoiced order's creation; total spent: the confirmed
 * payments less the confirmed refunds on the customer's live orders (docs/decisions.md "Campaigns").
 */
export function audienceWhere(tenantId: string, a: CampaignAudience, now: Date): SQL {
  const conds: SQL[] = [sql`c.tenant_id = ${tenantId}`, sql`c.blocked_at is null`];
  if (a.tag_ids.length) conds.push(sql`exists (select 1 from customer_tags ct where ct.tenant_id = c.tenant_id and ct.customer_id = c.id and ct.tag_id in (${uuids(a.tag_ids)}))`);
  if (a.service_ids.length)
    conds.push(
      sql`exists (select 1 from bookings b where b.tenant_id = c.tenant_id and b.customer_id = c.id and b.service_id in (${uuids(a.service_ids)}) and b.status not in ('cancelled', 'rejected'))`,
    );
  if (a.last_visit_from !== null || a.last_visit_to !== null) {
    const last = sql`greatest(
      (select max(b.start_at) from bookings b where b.tenant_id = c.tenant_id and b.customer_id = c.id and b.status = 'completed'),
      (select max(o.created_at) from orders o where o.tenant_id = c.tenant_id and o.customer_id = c.id and o.status in ('completed', 'invoiced') and o.deleted_at is null and not o.is_draft))`;
    if (a.last_visit_from !== null) conds.push(sql`${last} <= ${new Date(now.getTime() - a.last_visit_from * DAY_MS).toISOString()}::timestamptz`);
    if (a.last_visit_to !== null) conds.push(sql`${last} >= ${new Date(now.getTime() - a.last_visit_to * DAY_MS).toISOString()}::timestamptz`);
  }
  if (a.min_spent !== null || a.max_spent !== null) {
    const spent = sql`(select coalesce(sum(case when t.kind = 'refund' then -t.amount else t.amount end), 0)
      from transactions t join orders o on o.tenant_id = t.tenant_id and o.id = t.order_id
      where t.tenant_id = c.tenant_id and o.customer_id = c.id and t.status = 'confirmed' and t.deleted_at is null and o.deleted_at is null)`;
    if (a.min_spent !== null) conds.push(sql`${spent} >= ${a.min_spent}`);
    if (a.max_spent !== null) conds.push(sql`${spent} <= ${a.max_spent}`);
  }
  return sql.join(conds, sql` and `);
}

async function rawRows<T>(exec: Executor, query: SQL): Promise<T[]> {
  return ((await exec.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function countAudience(exec: Executor, tenantId: string, a: CampaignAudience, channel: CampaignChannel, now: Date = clock.now()): Promise<AudienceCount> {
  const address = addressOf(channel);
  const [r] = await rawRows<{ targeted: string | number; opted_out: string | number; no_address: string | number }>(
    exec,
    sql`select count(*) filter (where c.marketing_opt_out_at is null and ${address} is not null) as targeted,
               count(*) filter (where c.marketing_opt_out_at is not null) as opted_out,
               count(*) filter (where c.marketing_opt_out_at is null and ${address} is null) as no_address
        from customers c where ${audienceWhere(tenantId, a, now)}`,
  );
  return { targeted: Number(r?.targeted ?? 0), opted_out: Number(r?.opted_out ?? 0), no_address: Number(r?.no_address ?? 0) };
}

/** Fixes the recipients and moves the campaign to sending (the caller holds its row lock). */
async function startIn(tx: Tx, c: CampaignRow, now: Date): Promise<CampaignRow> {
  const channel = c.channel as CampaignChannel;
  const address = addressOf(channel);
  await tx.execute(sql`
    insert into campaign_recipients (tenant_id, campaign_id, customer_id, name, phone, email, status, fail_reason)
    select c.tenant_id, ${c.id}::uuid, c.id, trim(c.first_name || ' ' || c.last_name), c.phone, c.email,
           case when ${address} is null then 'skipped' else 'pending' end,
           case when ${address} is null then ${noAddressReason(channel)} else null end
    from customers c
    where ${audienceWhere(c.tenantId, audienceOf(c), now)} and c.marketing_opt_out_at is null
    on conflict do nothing`);
  const [n] = await tx
    .select({ n: count() })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.tenantId, c.tenantId), eq(campaignRecipients.campaignId, c.id), eq(campaignRecipients.status, 'pending')));
  const [row] = await tx
    .update(campaigns)
    .set({ status: 'sending', startedAt: now, scheduledAt: c.scheduledAt ?? now, targetedCount: Number(n?.n ?? 0), updatedAt: new Date() })
    .where(and(eq(campaigns.tenantId, c.tenantId), eq(campaigns.id, c.id)))
    .returning();
  return row!;
}

// ------------------------------------------------------------------------------- results

/** A recipient's status as its notification tells it (see the header). */
const effectiveStatus = sql<string>`case
  when ${campaignRecipients.notificationId} is null or ${notifications.id} is null then ${campaignRecipients.status}
  when ${notifications.status} in ('pending', 'retried') then 'queued'
  when ${notifications.status} = 'not-sent' and ${campaignRecipients.status} = 'queued' then 'cancelled'
  when ${notifications.status} = 'not-sent' then ${campaignRecipients.status}
  else ${notifications.status} end`;

const notificationJoin = and(eq(notifications.tenantId, campaignRecipients.tenantId), eq(notifications.id, campaignRecipients.notificationId));

async function countsOf(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, CampaignCounts>> {
  const out = new Map<string, CampaignCounts>(ids.map((id) => [id, zeroCounts()]));
  if (!ids.length) return out;
  const rows = await tx
    .select({ id: campaignRecipients.campaignId, status: effectiveStatus, n: count() })
    .from(campaignRecipients)
    .leftJoin(notifications, notificationJoin)
    .where(and(eq(campaignRecipients.tenantId, tenantId), inArray(campaignRecipients.campaignId, ids)))
    .groupBy(campaignRecipients.campaignId, effectiveStatus);
  for (const r of rows) {
    const c = out.get(r.id);
    if (c && r.status in c) c[r.status as keyof CampaignCounts] += Number(r.n);
  }
  return out;
}

// ------------------------------------------------------------------------------- the service

export function createCampaignService({ db }: { db: Database }) {
  async function locked(tx: Tx, tenantId: string, id: string): Promise<CampaignRow> {
    const [row] = await tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)))
      .for('update');
    if (!row) throw notFound();
    return row;
  }
  async function one(tx: Tx, tenantId: string, id: string): Promise<Campaign> {
    const [row] = await tx.select().from(campaigns).where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)));
    if (!row) throw notFound();
    return toCampaign(row, (await countsOf(tx, tenantId, [id])).get(id));
  }
  const editable = (row: CampaignRow) => {
    if (!CAMPAIGN_EDITABLE.includes(row.status as CampaignStatus)) throw new AppError(422, 'campaign_not_editable');
  };
  const future = (at: string | null, now: Date): Date | null => {
    if (!at) return null;
    const d = new Date(at);
    if (d.getTime() <= now.getTime()) throw fieldError('scheduled_at', 'campaign_future');
    return d;
  };
  async function values(tx: Tx, tenantId: string, b: Body) {
    const now = clock.now();
    const scheduledAt = future(b.scheduled_at, now);
    const audience: CampaignAudience = { ...b.audience, tag_ids: [...new Set(b.audience.tag_ids)], service_ids: [...new Set(b.audience.service_ids)] };
    const { targeted } = await countAudience(tx, tenantId, audience, b.channel, now);
    return {
      name: b.name,
      channel: b.channel,
      title: b.channel === 'email' ? b.title : null,
      content: b.content,
      audience,
      scheduledAt,
      status: b.status,
      targetedCount: targeted,
      updatedAt: new Date(),
    };
  }

  return {
    async list(ctx: AuthContext, q: ListQuery) {
      return withTenant(db, ctx.tenantId, async (tx) => {
        const where = and(eq(campaigns.tenantId, ctx.tenantId), q.status ? eq(campaigns.status, q.status) : undefined);
        const rows = await tx
          .select()
          .from(campaigns)
          .where(where)
          .orderBy(desc(campaigns.createdAt), asc(campaigns.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page);
        const [n] = await tx.select({ n: count() }).from(campaigns).where(where);
        const counts = await countsOf(
          tx,
          ctx.tenantId,
          rows.map((r) => r.id),
        );
        return { data: rows.map((r) => toCampaign(r, counts.get(r.id))), meta: pageMeta(q.page, q.per_page, Number(n?.n ?? 0)) };
      });
    },
    get: (ctx: AuthContext, id: string) => withTenant(db, ctx.tenantId, (tx) => one(tx, ctx.tenantId, id)),
    async create(ctx: AuthContext, body: Body): Promise<Campaign> {
      return withTenant(db, ctx.tenantId, async (tx) => {
        const [row] = await tx
          .insert(campaigns)
          .values({ tenantId: ctx.tenantId, createdBy: ctx.user.id, ...(await values(tx, ctx.tenantId, body)) })
          .returning();
        return toCampaign(row!);
      });
    },
    /** Only while draft or scheduled; status draft takes a scheduled one back. */
    async update(ctx: AuthContext, id: string, body: Body): Promise<Campaign> {
      return withTenant(db, ctx.tenantId, async (tx) => {
        editable(await locked(tx, ctx.tenantId, id));
        await tx
          .update(campaigns)
          .set(await values(tx, ctx.tenantId, body))
          .where(and(eq(campaigns.tenantId, ctx.tenantId), eq(campaigns.id, id)));
        return one(tx, ctx.tenantId, id);
      });
    },
    async remove(ctx: AuthContext, id: string): Promise<void> {
      await withTenant(db, ctx.tenantId, async (tx) => {
        editable(await locked(tx, ctx.tenantId, id));
        await tx.delete(campaigns).where(and(eq(campaigns.tenantId, ctx.tenantId), eq(campaigns.id, id)));
      });
    },
    audienceCount: (ctx: AuthContext, body: CountBody) => withTenant(db, ctx.tenantId, (tx) => countAudience(tx, ctx.tenantId, body.audience, body.channel)),
    /**
     * Sends it: at `scheduled_at` (the body's, else the campaign's) when that is in the future,
     * else now — the recipients are fixed and the job starts handing them out at its next tick.
     */
    async send(ctx: AuthContext, id: string, scheduledAt: string | null | undefined): Promise<{ campaign: Campaign; started: boolean }> {
      return withTenant(db, ctx.tenantId, async (tx) => {
        const row = await locked(tx, ctx.tenantId, id);
        editable(row);
        // Spec §8: nothing goes out on a channel with no app (WhatsApp not linked): refused here rather than failed per recipient.
        if (await appChannelBlock(tx, ctx.tenantId, row.channel)) throw fieldError('channel', 'no_app_for_channel');
        const now = clock.now();
        const at = scheduledAt === undefined ? (row.scheduledAt && row.scheduledAt > now ? row.scheduledAt : null) : future(scheduledAt, now);
        if (at) {
          await tx
            .update(campaigns)
            .set({ status: 'scheduled', scheduledAt: at, updatedAt: new Date() })
            .where(and(eq(campaigns.tenantId, ctx.tenantId), eq(campaigns.id, id)));
        } else {
          await startIn(tx, { ...row, scheduledAt: now }, now);
        }
        return { campaign: await one(tx, ctx.tenantId, id), started: !at };
      });
    },
    /** Cancels it part-way or before it starts: nothing more of it is sent (see the header). */
    async cancel(ctx: AuthContext, id: string): Promise<Campaign> {
      return withTenant(db, ctx.tenantId, async (tx) => {
        const row = await locked(tx, ctx.tenantId, id);
        if (row.status === 'completed' || row.status === 'cancelled') throw new AppError(422, 'campaign_not_cancellable');
        const now = clock.now();
        await tx
          .update(campaigns)
          .set({ status: 'cancelled', cancelledAt: now, finishedAt: now, updatedAt: new Date() })
          .where(and(eq(campaigns.tenantId, ctx.tenantId), eq(campaigns.id, id)));
        await tx
          .update(campaignRecipients)
          .set({ status: 'cancelled' })
          .where(and(eq(campaignRecipients.tenantId, ctx.tenantId), eq(campaignRecipients.campaignId, id), eq(campaignRecipients.status, 'pending')));
        const waiting = tx
          .select({ id: notifications.id })
          .from(notifications)
          .where(and(eq(notifications.tenantId, ctx.tenantId), eq(notifications.campaignId, id), inArray(notifications.status, ['pending', 'retried'])));
        await tx
          .update(outboxMessages)
          .set({ status: 'dropped' })
          .where(and(eq(outboxMessages.tenantId, ctx.tenantId), eq(outboxMessages.status, 'pending'), inArray(outboxMessages.notificationId, waiting)));
        await tx
          .update(notifications)
          .set({ status: 'not-sent', failReason: CAMPAIGN_CANCELLED_REASON })
          .where(
            and(
              eq(notifications.tenantId, ctx.tenantId),
              eq(notifications.campaignId, id),
              inArray(notifications.status, ['pending', 'retried']),
              // One a worker holds right now is left to it (its stillDue check, or the send already under way).
              sql`not exists (select 1 from ${outboxMessages} om where om.notification_id = ${notifications.id} and om.status = 'sending')`,
            ),
          );
        return one(tx, ctx.tenantId, id);
      });
    },
    async recipients(ctx: AuthContext, id: string, q: RecipientsQuery) {
      return withTenant(db, ctx.tenantId, async (tx) => {
        const [c] = await tx.select({ id: campaigns.id }).from(campaigns).where(and(eq(campaigns.tenantId, ctx.tenantId), eq(campaigns.id, id)));
        if (!c) throw notFound();
        const where = and(eq(campaignRecipients.tenantId, ctx.tenantId), eq(campaignRecipients.campaignId, id), q.status ? sql`${effectiveStatus} = ${q.status}` : undefined);
        const rows = await tx
          .select({ r: campaignRecipients, status: effectiveStatus, reason: notifications.failReason, sentAt: notifications.sentAt })
          .from(campaignRecipients)
          .leftJoin(notifications, notificationJoin)
          .where(where)
          .orderBy(asc(campaignRecipients.name), asc(campaignRecipients.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page);
        const [n] = await tx.select({ n: count() }).from(campaignRecipients).leftJoin(notifications, notificationJoin).where(where);
        const data: CampaignRecipient[] = rows.map(({ r, status, reason, sentAt }) => ({
          id: r.id,
          customer_id: r.customerId,
          name: r.name,
          phone: r.phone,
          email: r.email,
          status: status as CampaignRecipient['status'],
          fail_reason: status === 'cancelled' || status === 'sent' || status === 'success' ? null : (reason ?? r.failReason),
          sent_at: sentAt?.toISOString() ?? r.sentAt?.toISOString() ?? null,
        }));
        return { data, meta: pageMeta(q.page, q.per_page, Number(n?.n ?? 0)) };
      });
    },
  };
}

// ------------------------------------------------------------------------------- the job

/** (a) Starts the scheduled campaigns whose time has come, each in its own transaction, skipping one another server holds. */
export async function startDueCampaigns(db: Database, now: Date, log?: FastifyBaseLogger): Promise<number> {
  const due = await db
    .select({ tenantId: campaigns.tenantId, id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.status, 'scheduled'), lte(campaigns.scheduledAt, now)))
    .orderBy(asc(campaigns.scheduledAt))
    .limit(20);
  let started = 0;
  for (const d of due) {
    try {
      await db.transaction(async (tx) => {
        const [c] = await tx
          .select()
          .from(campaigns)
          .where(and(eq(campaigns.tenantId, d.tenantId), eq(campaigns.id, d.id), eq(campaigns.status, 'scheduled'), lte(campaigns.scheduledAt, now)))
          .for('update', { skipLocked: true });
        if (!c) return;
        await startIn(tx, c, now);
        started++;
      });
    } catch (err) {
      log?.warn({ campaignId: d.id, err: err instanceof Error ? err.message : String(err) }, 'campaign not started');
    }
  }
  return started;
}

/** (b) Hands pending recipients of the sending campaigns to the log and the outbox, at most CAMPAIGN_THROTTLE per channel. */
export async function handOutRecipients(db: Database, log?: FastifyBaseLogger, throttle: Record<CampaignChannel, number> = CAMPAIGN_THROTTLE): Promise<number> {
  const budget = { ...throttle };
  const sending = await db
    .select({ tenantId: campaigns.tenantId, id: campaigns.id, channel: campaigns.channel })
    .from(campaigns)
    .where(eq(campaigns.status, 'sending'))
    .orderBy(asc(campaigns.startedAt), asc(campaigns.id))
    .limit(200);
  let handed = 0;
  for (const s of sending) {
    const channel = s.channel as CampaignChannel;
    const left = budget[channel] ?? 0;
    if (left <= 0) continue;
    try {
      const n = await db.transaction(async (tx) => {
        const [c] = await tx
          .select()
          .from(campaigns)
          .where(and(eq(campaigns.tenantId, s.tenantId), eq(campaigns.id, s.id), eq(campaigns.status, 'sending')))
          .for('share');
        if (!c) return 0;
        const batch = await tx
          .select()
          .from(campaignRecipients)
          .where(and(eq(campaignRecipients.tenantId, c.tenantId), eq(campaignRecipients.campaignId, c.id), eq(campaignRecipients.status, 'pending')))
          .orderBy(asc(campaignRecipients.createdAt), asc(campaignRecipients.id))
          .limit(left)
          .for('update', { skipLocked: true });
        if (!batch.length) return 0;
        const [tenant] = await tx.select({ name: tenants.name, storeName: tenants.storeName }).from(tenants).where(eq(tenants.id, c.tenantId));
        // The channel's app (WhatsApp: the Cloud API or a connected QR link, spec §8), then an address: the rule of every notification.
        const block = await appChannelBlock(tx, c.tenantId, channel);
        // Opted out (or blocked) since the start: still never sent.
        const ids = batch.map((r) => r.customerId).filter((id): id is string => id !== null);
        const gone = new Set(
          ids.length
            ? (
                await tx
                  .select({ id: customers.id })
                  .from(customers)
                  .where(and(eq(customers.tenantId, c.tenantId), inArray(customers.id, ids), sql`(${customers.marketingOptOutAt} is not null or ${customers.blockedAt} is not null)`))
              ).map((x) => x.id)
            : [],
        );
        for (const r of batch) {
          if (r.customerId && gone.has(r.customerId)) {
            await tx
              .update(campaignRecipients)
              .set({ status: 'skipped', failReason: OPTED_OUT_REASON })
              .where(and(eq(campaignRecipients.tenantId, r.tenantId), eq(campaignRecipients.id, r.id)));
            continue;
          }
          const address = channel === 'email' ? r.email || null : r.phone || null;
          const reason = block ?? (address ? null : noAddressReason(channel));
          const vars = { customer_name: r.name, business_name: tenant?.storeName ?? tenant?.name ?? '' };
          const key = `campaign:${r.id}`;
          const notificationId =
            (await queueNotification(
              tx,
              {
                tenantId: c.tenantId,
                action: 'campaign',
                channel,
                receiverType: 'customer',
                receiverId: r.customerId,
                receiverName: r.name,
                email: r.email,
                phone: r.phone,
                title: c.title ? renderTemplate(c.title, vars) : null,
                body: renderTemplate(c.content, vars),
                status: reason ? 'not-sent' : 'pending',
                failReason: reason,
                campaignId: c.id,
                idempotencyKey: key,
              },
              address,
            )) ?? (await tx.select({ id: notifications.id }).from(notifications).where(and(eq(notifications.tenantId, c.tenantId), eq(notifications.idempotencyKey, key))))[0]?.id;
          await tx
            .update(campaignRecipients)
            .set({ status: reason ? 'failed' : 'queued', notificationId: notificationId ?? null, failReason: reason })
            .where(and(eq(campaignRecipients.tenantId, r.tenantId), eq(campaignRecipients.id, r.id)));
        }
        return batch.length;
      });
      budget[channel] = left - n;
      handed += n;
    } catch (err) {
      log?.warn({ campaignId: s.id, err: err instanceof Error ? err.message : String(err) }, 'campaign recipients not handed out');
    }
  }
  return handed;
}

/** (c) Completes the sending campaigns with nothing left pending or waiting in the outbox. */
export async function finishCampaigns(db: Database, now: Date): Promise<number> {
  const done = await rawRows<{ id: string }>(
    db,
    sql`update campaigns c set status = 'completed', finished_at = ${now.toISOString()}::timestamptz, updated_at = now()
        where c.status = 'sending' and not exists (
          select 1 from campaign_recipients r
          left join notifications n on n.tenant_id = r.tenant_id and n.id = r.notification_id
          where r.tenant_id = c.tenant_id and r.campaign_id = c.id
            and (r.status = 'pending' or (r.status = 'queued' and n.status in ('pending', 'retried'))))
        returning c.id`,
  );
  return done.length;
}

/** One tick of the campaigns job (server.ts, every CAMPAIGN_TICK_MS): start, hand out, finish. */
export async function runCampaigns(db: Database, now: Date = clock.now(), log?: FastifyBaseLogger) {
  const started = await startDueCampaigns(db, now, log);
  const handed = await handOutRecipients(db, log);
  const finished = await finishCampaigns(db, now);
  return { started, handed, finished };
}
