import { z } from 'zod';

/**
 * The bell (issue 18 §1, spec §2 top bar, §4): notes for one account of the business, each with
 * where it leads. Reading one removes it; the web app then goes to its url.
 */

/** The most a counter counts: beyond it the badge shows "99+". Counting stops there, so a badge costs the same at 100 or 100,000 rows. */
export const UNREAD_CAP = 100;
/** The badge text of a count: "99+" past 99. */
export const badgeText = (n: number): string => (n > 99 ? '99+' : String(n));

/** What a note is about (what made it): its icon on the web. */
export const APP_NOTE_KINDS = ['payment_received', 'transaction_review', 'payment_failed', 'review_received', 'comment_received', 'order_received', 'general'] as const;

export const appNotificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  /** In the request's language. */
  title: z.string(),
  body: z.string(),
  /** The dashboard path it opens (null: none). */
  url: z.string().nullable(),
  created_at: z.string(),
});
export type AppNotification = z.infer<typeof appNotificationSchema>;

/** `GET app-notifications`: the newest notes (at most `APP_NOTES_SHOWN`) and how many there are in all (capped). */
export const APP_NOTES_SHOWN = 30;
export const appNotificationsPage = z.object({ data: z.array(appNotificationSchema), meta: z.object({ unread: z.number() }) });

/** `PUT app-notification/{uuid}`: the note is gone; its url is where to go. */
export const appNotificationRead = z.object({ url: z.string().nullable() });

/** The lists whose "seen" an account marks (`POST unread/{module}/seen`): newer rows count as unread. */
export const SEEN_MODULES = ['orders', 'transactions'] as const;
export type SeenModule = (typeof SEEN_MODULES)[number];
export const seenModuleParam = z.object({ module: z.enum(SEEN_MODULES, 'invalid') });
