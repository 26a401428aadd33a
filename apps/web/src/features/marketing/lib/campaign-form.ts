import type { Locale } from '@app/shared/constants';
import { CAMPAIGN_VARIABLES, type CampaignAudienceInput, type CampaignChannel, type CampaignVariable, campaignBody } from '@app/shared/schemas/campaigns';
import { offsetAt, zonedToUtc } from '@app/shared/scheduling/zoned';
import { parseMoney } from '@/features/orders/lib/money-input';
import { minorToInput } from '@/lib/format';
import { zodErrors } from '@/lib/zod-errors';
import type { Campaign, CampaignBody } from '../api/campaigns';

export { CAMPAIGN_VARIABLES, type CampaignVariable };

/** When it goes: kept as a draft, sent now (after a confirmation), or at a time. */
export const CAMPAIGN_WHEN = ['now', 'later'] as const;
export type CampaignWhen = (typeof CAMPAIGN_WHEN)[number];

/**
 * The campaign form as typed: the days of the last-visit range and the spent range as text (empty:
 * no bound; money in the business's currency, 10.5 → 1050 minor units), the time as a wall clock
 * "YYYY-MM-DDTHH:mm" in the business's time zone.
 */
export type CampaignFormValues = {
  name: string;
  channel: CampaignChannel;
  title: string;
  content: string;
  tag_ids: string[];
  service_ids: string[];
  last_visit_from: string;
  last_visit_to: string;
  min_spent: string;
  max_spent: string;
  when: CampaignWhen;
  scheduled_at: string;
};

/** Where the server's 422 messages go. */
export const CAMPAIGN_FORM_FIELDS = ['name', 'channel', 'title', 'content', 'tag_ids', 'service_ids', 'last_visit_from', 'last_visit_to', 'min_spent', 'max_spent', 'scheduled_at'] as const;

/** The server's (or the schema's) field name → the form's (`audience.min_spent` → `min_spent`). */
export const formField = (key: string): string | undefined => {
  const name = key.replace(/^audience\./, '').split('.')[0] ?? key;
  return (CAMPAIGN_FORM_FIELDS as readonly string[]).includes(name) ? name : undefined;
};

/** The keys of `campaigns:errors` the form's own checks use. */
export type CampaignErrorKey = 'days' | 'money' | 'range' | 'timeRequired' | 'future';

export function emptyCampaignValues(): CampaignFormValues {
  return { name: '', channel: 'sms', title: '', content: '', tag_ids: [], service_ids: [], last_visit_from: '', last_visit_to: '', min_spent: '', max_spent: '', when: 'now', scheduled_at: '' };
}

/** A UTC instant → the wall clock "YYYY-MM-DDTHH:mm" of `zone`. */
export function toWall(iso: string, zone: string): string {
  const ms = new Date(iso).getTime();
  return new Date(ms + offsetAt(ms, zone)).toISOString().slice(0, 16);
}

/** A wall clock "YYYY-MM-DDTHH:mm" of `zone` → the UTC instant (ISO). */
export function fromWall(wall: string, zone: string): string {
  return new Date(zonedToUtc(wall.slice(0, 10), wall.slice(11, 16), zone)).toISOString();
}

export function campaignValues(c: Campaign, currency: string, zone: string): CampaignFormValues {
  const a = c.audience;
  const text = (n: number | null) => (n === null ? '' : String(n));
  const money = (n: number | null) => (n === null ? '' : minorToInput(n, currency));
  return {
    name: c.name,
    channel: c.channel,
    title: c.title ?? '',
    content: c.content,
    tag_ids: a.tag_ids,
    service_ids: a.service_ids,
    last_visit_from: text(a.last_visit_from),
    last_visit_to: text(a.last_visit_to),
    min_spent: money(a.min_spent),
    max_spent: money(a.max_spent),
    when: c.scheduled_at ? 'later' : 'now',
    scheduled_at: c.scheduled_at ? toWall(c.scheduled_at, zone) : '',
  };
}

type Parsed = { value: number | null; error?: CampaignErrorKey };
const days = (s: string): Parsed => {
  const v = s.trim();
  if (v === '') return { value: null };
  return /^\d{1,4}$/.test(v) && Number(v) <= 3650 ? { value: Number(v) } : { value: null, error: 'days' };
};
const money = (s: string, currency: string): Parsed => {
  if (s.trim() === '') return { value: null };
  const p = parseMoney(s, currency);
  return p.ok ? { value: p.value } : { value: null, error: 'money' };
};

/** The audience as far as it can be read now (a bad bound is left out): what the live count asks about. */
export function audienceOf(v: CampaignFormValues, currency: string): CampaignAudienceInput {
  return {
    tag_ids: v.tag_ids,
    service_ids: v.service_ids,
    last_visit_from: days(v.last_visit_from).value,
    last_visit_to: days(v.last_visit_to).value,
    min_spent: money(v.min_spent, currency).value,
    max_spent: money(v.max_spent, currency).value,
  };
}

/**
 * The form's values → the API body with `status` (draft, or scheduled when it goes later), and
 * the errors to show (the form's own checks, then the shared schema's: known variables, an
 * e-mail's subject). `now` is the time a schedule must be after.
 */
export function campaignRequest(
  v: CampaignFormValues,
  opts: { draft: boolean; currency: string; zone: string; locale: Locale; message: (key: CampaignErrorKey) => string; now?: number },
): { body: CampaignBody; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const parsed = {
    last_visit_from: days(v.last_visit_from),
    last_visit_to: days(v.last_visit_to),
    min_spent: money(v.min_spent, opts.currency),
    max_spent: money(v.max_spent, opts.currency),
  };
  for (const [k, p] of Object.entries(parsed)) if (p.error) errors[k] = opts.message(p.error);
  if (parsed.last_visit_from.value !== null && parsed.last_visit_to.value !== null && parsed.last_visit_to.value < parsed.last_visit_from.value) errors.last_visit_to ??= opts.message('range');
  if (parsed.min_spent.value !== null && parsed.max_spent.value !== null && parsed.max_spent.value < parsed.min_spent.value) errors.max_spent ??= opts.message('range');
  let scheduledAt: string | null = null;
  if (v.when === 'later') {
    if (!v.scheduled_at) {
      if (!opts.draft) errors.scheduled_at = opts.message('timeRequired');
    } else {
      scheduledAt = fromWall(v.scheduled_at, opts.zone);
      if (new Date(scheduledAt).getTime() <= (opts.now ?? Date.now())) errors.scheduled_at = opts.message('future');
    }
  }
  const body: CampaignBody = {
    name: v.name,
    channel: v.channel,
    title: v.channel === 'email' ? v.title : null,
    content: v.content,
    audience: {
      tag_ids: v.tag_ids,
      service_ids: v.service_ids,
      last_visit_from: parsed.last_visit_from.value,
      last_visit_to: parsed.last_visit_to.value,
      min_spent: parsed.min_spent.value,
      max_spent: parsed.max_spent.value,
    },
    scheduled_at: scheduledAt,
    status: !opts.draft && v.when === 'later' ? 'scheduled' : 'draft',
  };
  for (const [key, msg] of Object.entries(zodErrors(campaignBody, body, opts.locale))) {
    const field = formField(key);
    if (field) errors[field] ??= msg;
  }
  return { body, errors };
}

/** Inserts `text` over [start, end) of `value`; answers the new value and where the caret goes. */
export function insertAt(value: string, text: string, start: number, end: number): { text: string; caret: number } {
  return { text: value.slice(0, start) + text + value.slice(end), caret: start + text.length };
}

/** The content with sample values (the preview): the first customer-like name and the business's. */
export function renderCampaign(text: string, vars: Record<CampaignVariable, string>): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (m, name: string) => ((CAMPAIGN_VARIABLES as readonly string[]).includes(name) ? vars[name as CampaignVariable] : m));
}
