import { z } from 'zod';
import { NAME_MIN_EXCLUSIVE, PASSWORD_MIN } from '../constants';
import { toWallMinutes, wallRangeEnd } from '../scheduling/zoned';
import { hasInvisibleFormatChars } from '../validation';

/** No NUL bytes: PostgreSQL text cannot hold them. */
const noNul = (v: string) => !v.includes('\u0000');

/** Trimmed text; empty text counts as missing ("required"). */
export const text = (max = 255) => z.string().trim().min(1, { error: 'required', abort: true }).max(max).refine(noNul, 'invalid');
/** Optional free text (addresses, notes): trimmed, no NUL bytes. */
export const optionalText = (max = 500) => z.string().trim().max(max).refine(noNul, 'invalid');
/**
 * A name without the length rule (a customer's first or last name, a team's title): required text
 * with no bidi controls or invisible format characters (`invisible_characters`). The check reads the
 * text as sent, before the trim, which would otherwise drop a U+FEFF at either end unseen.
 */
export const nameText = (max = 120) =>
  z
    .string()
    .refine((v) => !hasInvisibleFormatChars(v), { error: 'invisible_characters', abort: true })
    .trim()
    .min(1, { error: 'required', abort: true })
    .max(max)
    .refine(noNul, 'invalid');
/** A person's or business's name: a nameText of more than 3 characters (spec §5). */
export const nameField = (max = 120) => nameText(max).refine((v) => v.length > NAME_MIN_EXCLUSIVE, 'name_min');
export const emailField = z.string().trim().min(1, { error: 'required', abort: true }).max(190).pipe(z.email('email')).transform((v) => v.toLowerCase());
export const passwordField = z.string().min(1, { error: 'required', abort: true }).min(PASSWORD_MIN, 'password_min').max(128);
export const slugField = z.string().trim().min(1, { error: 'required', abort: true }).max(120).regex(/^[A-Za-z0-9_-]+$/, 'slug');
export const timeField = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time');
export const uuidField = z.uuid('invalid');

export const messageSchema = z.object({ message: z.string() });
export const errorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  retry_after: z.number().optional(),
});

export const paginationMeta = z.object({
  current_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});

/**
 * The long lists (orders, bookings, customers, payments) count at most this many rows: past it the
 * total is "more than LIST_COUNT_CAP" (`total_exact: false`), and pages past it are reached with the
 * cursors of their neighbours (docs/decisions.md "Lists at a busy business's size").
 */
export const LIST_COUNT_CAP = 1000;

/** A long list's page: an offset page (`page`), or the page before or after a known one (`cursor`). */
export const cursorField = z.string().min(1).max(300).regex(/^[A-Za-z0-9_-]+$/, 'invalid');

/** A long list's `meta`: the page fields, whether `total` is exact, and the cursors of the pages around it. */
export const keysetMeta = paginationMeta.extend({
  /** False: there are more than `total` rows (LIST_COUNT_CAP); `last_page` is then the next page known to exist. */
  total_exact: z.boolean(),
  /** Send as `cursor` (with `page` + 1) for the next page; null on the last one. */
  next_cursor: z.string().nullable(),
  /** Send as `cursor` (with `page` - 1) for the page before; null on the first one. */
  prev_cursor: z.string().nullable(),
});
export type KeysetMeta = z.infer<typeof keysetMeta>;

/** Page and page size of a list (`?page=2&per_page=25`). */
export const pageQuery = z.object({
  page: z.coerce.number().int('integer').min(1, 'gte').max(100_000).default(1),
  per_page: z.coerce.number().int('integer').min(1, 'gte').max(100, 'lte').default(25),
  search: optionalText(100).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** A long list's page: `page` and `per_page`, or with `cursor` the page next to a known one. */
export const keysetPageQuery = pageQuery.extend({ cursor: cursorField.optional() });
export type KeysetPageQuery = z.infer<typeof keysetPageQuery>;

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(value);
  } catch {
    return false;
  }
}
export const timezoneField = z.string().trim().min(1, { error: 'required', abort: true }).max(64).refine(isTimeZone, 'invalid');


/**
 * Where a range of a day ends, in minutes from that day's midnight: a range whose end is before its
 * start runs past midnight (`["20:00","02:00"]` ends at 26:00), and `["00:00","00:00"]` is the whole
 * day. Any other range ending where it starts is empty (refused by the schema).
 */
export const rangeEndMinutes = (from: string, to: string): number => wallRangeEnd(toWallMinutes(from), toWallMinutes(to));

/**
 * Local wall-clock opening ranges per weekday (0 Sunday … 6 Saturday), several a day:
 * `{ "0": [["09:00","13:00"], ["16:00","02:00"]] }`. A range ending before it starts runs past
 * midnight into the next day (a night shift; it belongs to the day it starts on, so that day's time
 * off removes it); `["00:00","00:00"]` is open all day. Ranges of a day do not overlap. A missing or
 * empty day is closed.
 */
export const workingHoursField = z
  .partialRecord(z.enum(['0', '1', '2', '3', '4', '5', '6'], 'invalid'), z.array(z.tuple([timeField, timeField])).max(6))
  .superRefine((days, ctx) => {
    for (const [day, ranges] of Object.entries(days)) {
      const sorted = [...(ranges ?? [])].sort((a, b) => toWallMinutes(a[0]) - toWallMinutes(b[0]));
      sorted.forEach(([from, to], i) => {
        const end = rangeEndMinutes(from, to);
        if (end <= toWallMinutes(from)) ctx.addIssue({ code: 'custom', message: 'time_range_empty', path: [day] });
        const next = sorted[i + 1];
        if (next && toWallMinutes(next[0]) < end) ctx.addIssue({ code: 'custom', message: 'time_overlap', path: [day] });
      });
    }
  });
export type WorkingHours = z.infer<typeof workingHoursField>;
