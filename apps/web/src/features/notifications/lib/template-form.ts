import type { Locale } from '@app/shared/constants';
import {
  ACTION_VARIABLES,
  NOTIFICATION_ACTION_GROUPS,
  NOTIFICATION_ACTIONS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_RECEIVERS,
  type NotificationAction,
  type NotificationChannel,
  type NotificationReceiver,
  type NotificationTemplate,
  TEMPLATE_VARIABLES,
  type TemplateBody,
  type TemplateVariable,
  templateBody,
} from '@app/shared/schemas/notifications';
import { zodErrors } from '@/lib/zod-errors';

export { ACTION_VARIABLES, NOTIFICATION_ACTION_GROUPS, NOTIFICATION_ACTIONS, NOTIFICATION_CHANNELS, NOTIFICATION_RECEIVERS, TEMPLATE_VARIABLES };
export type { NotificationAction, NotificationChannel, NotificationReceiver, TemplateVariable };

/** Channels whose messages need an app the business connects (spec §8): none can be connected yet, so the server refuses them. */
export const APP_CHANNELS: readonly NotificationChannel[] = ['whatsapp', 'push'];

/** The reminder times offered, in minutes before the appointment: 15 minutes to 7 days. */
export const REMINDER_OFFSETS = [15, 30, 60, 120, 180, 360, 720, 1440, 2880, 10080] as const;

/** A reminder's offset in the largest whole unit: 1440 → 1 day, 120 → 2 hours, 45 → 45 minutes. */
export function offsetParts(minutes: number): { unit: 'days' | 'hours' | 'minutes'; count: number } {
  if (minutes >= 1440 && minutes % 1440 === 0) return { unit: 'days', count: minutes / 1440 };
  if (minutes >= 60 && minutes % 60 === 0) return { unit: 'hours', count: minutes / 60 };
  return { unit: 'minutes', count: minutes };
}

/** The template form as typed: the reminder's offset as the select's value (minutes as text, `''` none chosen). */
export type TemplateFormValues = {
  action: NotificationAction;
  channel: NotificationChannel;
  receiver: NotificationReceiver;
  offset_minutes: string;
  title_ar: string;
  title_en: string;
  body_ar: string;
  body_en: string;
  active: boolean;
};

/** The form's fields, where the server's 422 messages go (`status` shows under `active`). */
export const TEMPLATE_FORM_FIELDS = ['action', 'channel', 'receiver', 'offset_minutes', 'title_ar', 'title_en', 'body_ar', 'body_en', 'active'] as const;

/** The keys of `notifications:templates.errors` the form's own checks use. */
export type TemplateErrorKey = 'bodyArRequired' | 'bodyEnRequired' | 'offsetRequired' | 'unknownVariable';

export function emptyTemplateValues(action: NotificationAction = 'booking_created'): TemplateFormValues {
  return { action, channel: 'sms', receiver: 'customer', offset_minutes: '', title_ar: '', title_en: '', body_ar: '', body_en: '', active: true };
}

export function templateValues(t: NotificationTemplate): TemplateFormValues {
  return {
    action: t.action,
    channel: t.channel,
    receiver: t.receiver,
    offset_minutes: t.offset_minutes === null ? '' : String(t.offset_minutes),
    title_ar: t.title_ar,
    title_en: t.title_en,
    body_ar: t.body_ar,
    body_en: t.body_en,
    active: t.status === 'active',
  };
}

/**
 * Every `{{…}}` of a text that is not one of the variables, as written (`{{nickname}}`), each once.
 * Stricter than the server, which only reads lower-case names: `{{Customer Name}}` would otherwise
 * reach the customer as typed.
 */
export function unknownVariables(text: string): string[] {
  const found = [...text.matchAll(/\{\{([^{}]*)\}\}/g)].filter((m) => !(TEMPLATE_VARIABLES as readonly string[]).includes((m[1] ?? '').trim())).map((m) => m[0]);
  return [...new Set(found)];
}

type Message = (key: TemplateErrorKey, values?: Record<string, string>) => string;
type Parsed = { body: TemplateBody; errors: Record<string, string> };

/**
 * The form → `templateBody`: the texts trimmed, the offset in minutes for a reminder (null for the
 * other actions), with the errors by field worded by `message` (the translation of a
 * `notifications:templates.errors` key): both bodies required, a reminder's time, no unknown
 * variable. The shared schema checks last, in the UI language, whatever the form's checks let through.
 */
export function templateRequest(values: TemplateFormValues, message: Message, locale: Locale, joinNames: (names: string[]) => string = (n) => n.join(', ')): Parsed {
  const errors: Record<string, string> = {};
  const reminder = values.action === 'booking_reminder';
  const offset = reminder && values.offset_minutes !== '' ? Number(values.offset_minutes) : null;
  if (reminder && (offset === null || !Number.isInteger(offset))) errors.offset_minutes = message('offsetRequired');

  const body: TemplateBody = {
    action: values.action,
    channel: values.channel,
    receiver: values.receiver,
    title_ar: values.title_ar.trim(),
    title_en: values.title_en.trim(),
    body_ar: values.body_ar.trim(),
    body_en: values.body_en.trim(),
    offset_minutes: offset !== null && Number.isInteger(offset) ? offset : null,
    status: values.active ? 'active' : 'inactive',
  };
  if (body.body_ar === '') errors.body_ar = message('bodyArRequired');
  if (body.body_en === '') errors.body_en = message('bodyEnRequired');
  for (const field of ['title_ar', 'title_en', 'body_ar', 'body_en'] as const) {
    const unknown = unknownVariables(body[field] ?? '');
    if (unknown.length) errors[field] ??= message('unknownVariable', { names: joinNames(unknown) });
  }
  for (const [path, text] of Object.entries(zodErrors(templateBody, body, locale))) {
    const field = formField(path);
    if (field) errors[field] ??= text;
  }
  return { body, errors };
}

/** An API field path → the form's field showing its message (`status` → `active`). */
export function formField(path: string): string | null {
  const head = path.split('.')[0] ?? '';
  if (head === 'status') return 'active';
  return (TEMPLATE_FORM_FIELDS as readonly string[]).includes(head) ? head : null;
}

/**
 * `text` with `insert` put in place of the selection `[start, end)` (the caret when they are equal),
 * and where the caret goes after it.
 */
export function insertAt(text: string, insert: string, start: number, end: number = start): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length };
}
