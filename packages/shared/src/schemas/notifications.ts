import { z } from 'zod';
import { optionalText, paginationMeta, text } from './common';

/**
 * Notifications to people (issue 18 §1; spec §3 Notification, §4, §7): a business's templates per
 * action, channel and receiver, in Arabic and English with variables, and the log of what was sent.
 */

/**
 * What a template answers to. `booking_reminder` is sent `offset_minutes` before the appointment;
 * `review_request` after a completed visit, with the signed review link; `otp` carries a code.
 */
export const NOTIFICATION_ACTIONS = [
  'booking_created',
  'booking_confirmed',
  'booking_cancelled',
  'booking_rescheduled',
  'booking_reminder',
  'order_invoiced',
  'payment_received',
  'payment_failed',
  'payment_link',
  'review_request',
  'otp',
] as const;
export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number];

export const NOTIFICATION_CHANNELS = ['sms', 'email', 'whatsapp', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Who receives it: the customer, the provider (staff, shown as Provider), the business's users (shown as Supervisor). */
export const NOTIFICATION_RECEIVERS = ['customer', 'staff', 'user'] as const;
export type NotificationReceiver = (typeof NOTIFICATION_RECEIVERS)[number];

/** Spec §4: pending (queued), sent (handed to the provider), success (delivered), failed (with the reason), not-sent (nobody to send to, or no longer due), retried. */
export const NOTIFICATION_STATUSES = ['pending', 'sent', 'success', 'failed', 'not-sent', 'retried'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** The variables a template may use, `{{name}}`. */
export const TEMPLATE_VARIABLES = [
  'customer_name',
  'business_name',
  'service_name',
  'staff_name',
  'branch_name',
  'date',
  'time',
  'booking_number',
  'order_number',
  'invoice_number',
  'amount',
  'payment_link',
  'review_link',
  /** The customer's own booking page (see, reschedule, cancel; issue 19), when the business has a store address. */
  'manage_link',
  'code',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

const BOOKING_VARIABLES = ['customer_name', 'business_name', 'service_name', 'staff_name', 'branch_name', 'date', 'time', 'booking_number', 'order_number', 'manage_link'] as const;
/** An order event's own (service, provider, date and time are its first appointment's, when it has one). */
const ORDER_VARIABLES = ['customer_name', 'business_name', 'order_number', 'service_name', 'staff_name', 'branch_name', 'date', 'time'] as const;

/** The variables each action fills (the server's notify.ts): what its template's chips offer. Another one is sent empty. */
export const ACTION_VARIABLES: Readonly<Record<NotificationAction, readonly TemplateVariable[]>> = {
  booking_created: BOOKING_VARIABLES,
  booking_confirmed: BOOKING_VARIABLES,
  booking_cancelled: BOOKING_VARIABLES,
  booking_rescheduled: BOOKING_VARIABLES,
  booking_reminder: BOOKING_VARIABLES,
  order_invoiced: [...ORDER_VARIABLES, 'invoice_number', 'amount'],
  payment_received: [...ORDER_VARIABLES, 'amount'],
  payment_failed: [...ORDER_VARIABLES, 'amount'],
  payment_link: [...ORDER_VARIABLES, 'amount', 'payment_link'],
  review_request: [...ORDER_VARIABLES, 'review_link'],
  otp: ['code', 'business_name'],
};

/** How the settings page groups the actions. */
export const NOTIFICATION_ACTION_GROUPS = [
  { key: 'bookings', actions: ['booking_created', 'booking_confirmed', 'booking_cancelled', 'booking_rescheduled', 'booking_reminder'] },
  { key: 'orders', actions: ['order_invoiced', 'payment_received', 'payment_failed', 'payment_link'] },
  { key: 'other', actions: ['review_request', 'otp'] },
] as const satisfies readonly { key: string; actions: readonly NotificationAction[] }[];

/** Reminder offsets offered: 15 minutes to 7 days before. */
export const REMINDER_OFFSET_MIN = 15;
export const REMINDER_OFFSET_MAX = 7 * 24 * 60;

const unknownVariable = (s: string) => [...s.matchAll(/\{\{\s*([a-z_]+)\s*\}\}/g)].every((m) => (TEMPLATE_VARIABLES as readonly string[]).includes(m[1]!));

export const templateBody = z
  .object({
    action: z.enum(NOTIFICATION_ACTIONS, 'invalid'),
    channel: z.enum(NOTIFICATION_CHANNELS, 'invalid'),
    receiver: z.enum(NOTIFICATION_RECEIVERS, 'invalid'),
    title_ar: optionalText(150).default(''),
    title_en: optionalText(150).default(''),
    body_ar: text(1000).refine(unknownVariable, 'template_variable'),
    body_en: text(1000).refine(unknownVariable, 'template_variable'),
    /** Minutes before the appointment (reminders only). */
    offset_minutes: z.number().int('integer').min(REMINDER_OFFSET_MIN, 'gte').max(REMINDER_OFFSET_MAX, 'lte').nullable().default(null),
    status: z.enum(['active', 'inactive'], 'invalid').default('active'),
  })
  .superRefine((b, ctx) => {
    if (b.action === 'booking_reminder' && b.offset_minutes === null) ctx.addIssue({ code: 'custom', message: 'required', path: ['offset_minutes'], input: null });
  });
export type TemplateBody = z.input<typeof templateBody>;

export const templateSchema = z.object({
  id: z.string(),
  action: z.enum(NOTIFICATION_ACTIONS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  receiver: z.enum(NOTIFICATION_RECEIVERS),
  title_ar: z.string(),
  title_en: z.string(),
  body_ar: z.string(),
  body_en: z.string(),
  offset_minutes: z.number().nullable(),
  status: z.enum(['active', 'inactive']),
  created_at: z.string(),
});
export type NotificationTemplate = z.infer<typeof templateSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  action: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  receiver_type: z.enum(NOTIFICATION_RECEIVERS),
  receiver_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  body: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  fail_reason: z.string().nullable(),
  order_id: z.string().nullable(),
  booking_id: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET notifications`: the last 7 days by default (spec §9). */
export const notificationsQuery = z.object({
  page: z.coerce.number().int('integer').min(1, 'gte').max(100_000).default(1),
  per_page: z.coerce.number().int('integer').min(1, 'gte').max(100, 'lte').default(25),
  status: z.enum(NOTIFICATION_STATUSES, 'invalid').optional(),
  channel: z.enum(NOTIFICATION_CHANNELS, 'invalid').optional(),
  days: z.coerce.number().int('integer').min(1, 'gte').max(90, 'lte').default(7),
});
export const notificationsPage = z.object({ data: z.array(notificationSchema), meta: paginationMeta });
