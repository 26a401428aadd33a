import { z } from 'zod';
import { nameField, optionalText, paginationMeta, text, uuidField } from './common';

/**
 * Marketing campaigns (issue 18 §2; spec §3 Campaign): one message on one channel to the customers an
 * audience selects, sent now or at `scheduled_at` through the notification log and the outbox at the
 * channel's pace, with a result per recipient. Customers who are blocked or opted out of marketing
 * never receive one; those with no address on the channel are `skipped`.
 */

export const CAMPAIGN_CHANNELS = ['sms', 'email', 'whatsapp'] as const;
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];

/** draft (being written) → scheduled (waiting for its time) → sending → completed; cancelled from any but completed. */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'completed', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** The statuses a campaign can still be changed or deleted in. */
export const CAMPAIGN_EDITABLE: readonly CampaignStatus[] = ['draft', 'scheduled'];

/**
 * A recipient: pending (not handed over yet) → queued (in the notification log and the outbox) →
 * sent (handed to the provider) → success (delivered); failed (with the reason); skipped (no
 * address on the channel); cancelled (the campaign was cancelled before it was sent).
 */
export const CAMPAIGN_RECIPIENT_STATUSES = ['pending', 'queued', 'sent', 'success', 'failed', 'skipped', 'cancelled'] as const;
export type CampaignRecipientStatus = (typeof CAMPAIGN_RECIPIENT_STATUSES)[number];

/** The variables a campaign's content may use, `{{name}}`. */
export const CAMPAIGN_VARIABLES = ['customer_name', 'business_name'] as const;
export type CampaignVariable = (typeof CAMPAIGN_VARIABLES)[number];

const knownVariables = (s: string) => [...s.matchAll(/\{\{\s*([a-z_]+)\s*\}\}/g)].every((m) => (CAMPAIGN_VARIABLES as readonly string[]).includes(m[1]!));

/** Days ago, 0 (today) to 10 years. */
const daysAgo = z.number('number').int('integer').min(0, 'gte').max(3650, 'lte').nullable().default(null);
/** Minor units of the business's currency. */
const spent = z.number('number').int('integer').min(0, 'gte').max(100_000_000_000, 'lte').nullable().default(null);

/**
 * Who a campaign goes to; every filter given must hold (empty or null: no filter).
 * - `tag_ids`: the customer has any of the tags;
 * - `last_visit_from` / `last_visit_to`: the last visit was at least `from` and at most `to` days ago
 *   (a customer who never visited is left out once either is given);
 * - `min_spent` / `max_spent`: total spent, minor units (docs/decisions.md "Campaigns");
 * - `service_ids`: the customer ever booked any of the services.
 */
export const campaignAudience = z
  .object({
    tag_ids: z.array(uuidField).max(100, 'max_items').default([]),
    last_visit_from: daysAgo,
    last_visit_to: daysAgo,
    min_spent: spent,
    max_spent: spent,
    service_ids: z.array(uuidField).max(200, 'max_items').default([]),
  })
  .superRefine((a, ctx) => {
    if (a.last_visit_from !== null && a.last_visit_to !== null && a.last_visit_to < a.last_visit_from)
      ctx.addIssue({ code: 'custom', message: 'range_order', path: ['last_visit_to'], input: a.last_visit_to });
    if (a.min_spent !== null && a.max_spent !== null && a.max_spent < a.min_spent) ctx.addIssue({ code: 'custom', message: 'range_order', path: ['max_spent'], input: a.max_spent });
  });
export type CampaignAudience = z.output<typeof campaignAudience>;
export type CampaignAudienceInput = z.input<typeof campaignAudience>;

export const EMPTY_AUDIENCE: CampaignAudience = { tag_ids: [], last_visit_from: null, last_visit_to: null, min_spent: null, max_spent: null, service_ids: [] };

/**
 * `POST campaigns`, `PUT campaigns/{id}`: a draft, or (status scheduled) a campaign that starts by
 * itself at `scheduled_at`, which must then be in the future. Sending now is `POST campaigns/{id}/send`.
 */
export const campaignBody = z
  .object({
    name: nameField(120),
    channel: z.enum(CAMPAIGN_CHANNELS, 'invalid'),
    /** The e-mail's subject (e-mail only, required there). */
    title: optionalText(150)
      .nullable()
      .default(null)
      .transform((v) => v || null),
    content: text(1000).refine(knownVariables, 'template_variable'),
    audience: campaignAudience.prefault({}),
    /** UTC instant; null: not scheduled (sent when asked). */
    scheduled_at: z.iso.datetime({ offset: true, error: 'date' }).nullable().default(null),
    status: z.enum(['draft', 'scheduled'], 'invalid').default('draft'),
  })
  .superRefine((b, ctx) => {
    if (b.channel === 'email' && !b.title) ctx.addIssue({ code: 'custom', message: 'required', path: ['title'], input: b.title });
    if (b.status === 'scheduled' && !b.scheduled_at) ctx.addIssue({ code: 'custom', message: 'required', path: ['scheduled_at'], input: b.scheduled_at });
  });
export type CampaignBody = z.input<typeof campaignBody>;

/** `POST campaigns/audience-count`: how many an audience reaches on a channel, before sending. */
export const audienceCountBody = z.object({ audience: campaignAudience.prefault({}), channel: z.enum(CAMPAIGN_CHANNELS, 'invalid') });
/**
 * `targeted`: customers the message goes to; `no_address`: matched but without a phone (SMS,
 * WhatsApp) or an e-mail (e-mail), skipped; `opted_out`: matched but opted out of marketing, never sent.
 * Blocked customers are not counted at all.
 */
export const audienceCountSchema = z.object({ targeted: z.number(), opted_out: z.number(), no_address: z.number() });
export type AudienceCount = z.infer<typeof audienceCountSchema>;

/**
 * `POST campaigns/{id}/send`: at `scheduled_at` when given (it must be in the future), now when it is
 * null; left out, at the campaign's own `scheduled_at` if that is still in the future, else now.
 */
export const campaignSendBody = z.object({ scheduled_at: z.iso.datetime({ offset: true, error: 'date' }).nullable().optional() }).prefault({});

const countsSchema = z.object(Object.fromEntries(CAMPAIGN_RECIPIENT_STATUSES.map((s) => [s, z.number()])) as Record<CampaignRecipientStatus, z.ZodNumber>);
export type CampaignCounts = z.infer<typeof countsSchema>;

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  channel: z.enum(CAMPAIGN_CHANNELS),
  title: z.string().nullable(),
  content: z.string(),
  audience: z.object({
    tag_ids: z.array(z.string()),
    last_visit_from: z.number().nullable(),
    last_visit_to: z.number().nullable(),
    min_spent: z.number().nullable(),
    max_spent: z.number().nullable(),
    service_ids: z.array(z.string()),
  }),
  /** Before sending: the audience's count when last saved; from the start: the recipients the message goes to. */
  targeted_count: z.number(),
  scheduled_at: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  /** Recipients per status (all zero before it starts). */
  counts: countsSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignsQuery = z.object({
  page: z.coerce.number().int('integer').min(1, 'gte').max(100_000).default(1),
  per_page: z.coerce.number().int('integer').min(1, 'gte').max(100, 'lte').default(25),
  status: z.enum(CAMPAIGN_STATUSES, 'invalid').optional(),
});
export const campaignsPage = z.object({ data: z.array(campaignSchema), meta: paginationMeta });

export const campaignRecipientSchema = z.object({
  id: z.string(),
  customer_id: z.string().nullable(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(CAMPAIGN_RECIPIENT_STATUSES),
  fail_reason: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type CampaignRecipient = z.infer<typeof campaignRecipientSchema>;

export const campaignRecipientsQuery = z.object({
  page: z.coerce.number().int('integer').min(1, 'gte').max(100_000).default(1),
  per_page: z.coerce.number().int('integer').min(1, 'gte').max(100, 'lte').default(25),
  status: z.enum(CAMPAIGN_RECIPIENT_STATUSES, 'invalid').optional(),
});
export const campaignRecipientsPage = z.object({ data: z.array(campaignRecipientSchema), meta: paginationMeta });
