import { z } from 'zod';
import { BOOKING_CANCEL_NOTE_MAX, BOOKING_PAYMENT_STATUSES, BOOKING_SOURCES, BOOKING_STATUSES, NEW_BOOKING_STATUSES } from '../states/booking';
import { optionalText, cursorField, keysetMeta, uuidField } from './common';
import { dateField } from './providers';

/**
 * Bookings (appointments), the free slots of the availability engine, the calendar feed and block
 * times (issue 5 §2, spec §3 Booking / Block time). Times are ISO-8601 instants (UTC on the way
 * out); `date` and `slot` are the branch's local date and wall-clock start. Money is integer minor
 * units of the order's currency; durations and buffers are minutes.
 */

/** Services in one visit (consecutive, one provider, each its own booking row). */
export const BOOKING_SERVICES_MAX = 10;
/** Longest range of `GET /bookings/slots` (from … to, both inclusive). */
export const SLOTS_RANGE_MAX_DAYS = 31;
/** Longest range of `GET /calendar/events`. */
export const CALENDAR_RANGE_MAX_DAYS = 62;
export const BOOKING_NOTES_MAX = 2000;
export const MEETING_LINK_MAX = 500;
/** Largest transportation fee (minor units), as the catalogue's price cap. */
export const TRANSPORTATION_FEE_MAX = 100_000_000;
/** Rows `GET /block-times` answers at most. */
export const BLOCK_TIMES_LIST_MAX = 1000;
/**
 * A walk-in (`walk_in: true`) may start this many minutes before now: the drawer rounds "now" down
 * to 5 minutes on the business's clock, and the receptionist takes a moment to fill it in.
 */
export const WALK_IN_GRACE_MINUTES = 15;

/** An instant: ISO-8601 with `Z` or an offset (`2025-03-01T09:00:00Z`, `…+03:00`). */
export const isoTimeField = z.iso.datetime({ offset: true, error: 'date' });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A local date `YYYY-MM-DD` or an instant (list filters). */
export const dateOrTimeField = z
  .string()
  .trim()
  .max(40)
  .refine((v) => (ISO_DATE.test(v) ? dateField.safeParse(v).success : isoTimeField.safeParse(v).success), 'date');

/** Optional text where an empty value means none (null). */
const nullableText = (max: number) =>
  optionalText(max)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

/** `a,b,c` (a query parameter) → ids. */
const idList = (max: number) =>
  z
    .string()
    .max(max * 40)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(uuidField).max(max, 'max_items'));

const customFieldValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null(), z.object({ lat: z.number(), lng: z.number() })]);
/** Values keyed by the custom field's uuid (definitions that apply to bookings). */
const customFieldsField = z.record(z.string().max(64), customFieldValue);

const meetingLinkField = z
  .string()
  .trim()
  .max(MEETING_LINK_MAX)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'url')
  .transform((v) => v || null)
  .nullable()
  .optional();

const feeField = z.number('number').int('integer').min(0, 'gte').max(TRANSPORTATION_FEE_MAX, 'lte');

// ---------------------------------------------------------------- the booking object

const person = z.object({ id: z.string(), name: z.string() });

export const bookingSchema = z.object({
  id: z.string(),
  booking_number: z.number(),
  order_id: z.string(),
  order_number: z.number().nullable(),
  order_item_id: z.string(),
  customer_id: z.string().nullable(),
  customer: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() }).nullable(),
  staff_id: z.string(),
  staff: person.nullable(),
  /** A team provider's booking: the other providers working it (busy with it too). */
  crew: z.array(person),
  branch_id: z.string().nullable(),
  /** The spec's name of the branch (`teams` are the branches in the spec's API): the same as `branch_id`. */
  team_id: z.string().nullable(),
  service_id: z.string().nullable(),
  service: person.nullable(),
  /** Branch-local date of the start, `YYYY-MM-DD`. */
  date: z.string(),
  /** Branch-local wall-clock start, `HH:mm`. */
  slot: z.string(),
  start_time: z.string(),
  /** End of the service itself; the provider stays busy `buffer` minutes more. */
  end_time: z.string(),
  duration: z.number(),
  buffer: z.number(),
  price: z.number(),
  total_price: z.number(),
  status: z.enum(BOOKING_STATUSES),
  payment_status: z.enum(BOOKING_PAYMENT_STATUSES),
  source: z.enum(BOOKING_SOURCES),
  notes: z.string().nullable(),
  custom_fields: z.record(z.string(), z.unknown()),
  meeting_link: z.string().nullable(),
  transportation_fee_amount: z.number(),
  cancellation_reason_id: z.string().nullable(),
  cancellation_note: z.string().nullable(),
  /** Entered after it happened ("record a past visit", key `bookings.record_past`). */
  recorded_after: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingsPage = z.object({ data: z.array(bookingSchema), meta: keysetMeta });

// ---------------------------------------------------------------- free slots

/** `GET /bookings/slots`: staff_id left out means any provider offering every service at the branch. */
export const slotsQuery = z.object({
  branch_id: uuidField,
  service_ids: idList(BOOKING_SERVICES_MAX).pipe(z.array(z.string()).min(1, 'min_items')),
  staff_id: uuidField.optional(),
  from: dateField,
  to: dateField,
  /** Slots for moving this booking: its own time does not count as busy. */
  exclude_booking_id: uuidField.optional(),
});
export type SlotsQuery = z.input<typeof slotsQuery>;

export const slotSchema = z.object({
  start_time: z.string(),
  /** End of the last service (its buffer not included). */
  end_time: z.string(),
  /** Branch-local `HH:mm`. */
  slot: z.string(),
  /** Providers free for the whole visit (with their crew), in the business's provider order. */
  staff_ids: z.array(z.string()),
  /**
   * Only when nobody is free for the whole visit ("any provider", several services): one provider of
   * type multiple per service, in the visit's order. Null otherwise.
   */
  split_staff_ids: z.array(z.string()).nullable(),
});
export type Slot = z.infer<typeof slotSchema>;
export const daySlotsSchema = z.object({ date: z.string(), slots: z.array(slotSchema) });
export type DaySlots = z.infer<typeof daySlotsSchema>;
export const slotsResponse = z.object({ data: z.array(daySlotsSchema), meta: z.object({ time_zone: z.string() }) });
export type SlotsResponse = z.infer<typeof slotsResponse>;

// ---------------------------------------------------------------- lists and the calendar

export const bookingsQuery = z.object({
  page: z.coerce.number().int('integer').min(1, 'gte').max(100_000).default(1),
  per_page: z.coerce.number().int('integer').min(1, 'gte').max(100, 'lte').default(25),
  /** The page next to a known one (its meta's `next_cursor` or `prev_cursor`); `page` then only labels it. */
  cursor: cursorField.optional(),
  /** A local date (the branch's, else the business's time zone) or an instant; on the start time. */
  from: dateOrTimeField.optional(),
  /** A local date (inclusive) or an instant (exclusive). */
  to: dateOrTimeField.optional(),
  staff_id: uuidField.optional(),
  branch_id: uuidField.optional(),
  status: z.enum(BOOKING_STATUSES, 'invalid').optional(),
  payment_status: z.enum(BOOKING_PAYMENT_STATUSES, 'invalid').optional(),
  source: z.enum(BOOKING_SOURCES, 'invalid').optional(),
  customer_id: uuidField.optional(),
  order_id: uuidField.optional(),
  /** Booking or order number, customer name or phone. */
  search: optionalText(100).optional(),
});
export type BookingsQuery = z.input<typeof bookingsQuery>;

/** `GET /customers/:id/bookings`. */
export const customerBookingsQuery = z.object({
  page: z.coerce.number().int('integer').min(1, 'gte').max(100_000).default(1),
  per_page: z.coerce.number().int('integer').min(1, 'gte').max(100, 'lte').default(25),
  /** The page next to a known one (its meta's `next_cursor` or `prev_cursor`); `page` then only labels it. */
  cursor: cursorField.optional(),
});

export const calendarQuery = z.object({
  start: isoTimeField,
  end: isoTimeField,
  staff_ids: idList(200).optional(),
  branch_id: uuidField.optional(),
});
export type CalendarQuery = z.input<typeof calendarQuery>;

export const blockTimeSchema = z.object({
  id: z.string(),
  branch_id: z.string(),
  staff_id: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string(),
  notes: z.string().nullable(),
  created_at: z.string(),
});
export type BlockTime = z.infer<typeof blockTimeSchema>;

/**
 * A column of the staff calendar: the provider, its colour (#RRGGBB), the photo of its linked
 * account (a public URL path, or null), its weekly working hours (wall clock of the branch, as
 * `workingHoursField`) and its days off overlapping the asked range (local dates, both inclusive).
 */
export const calendarStaffSchema = z.object({
  id: z.string(),
  name: z.string(),
  branch_id: z.string().nullable(),
  color: z.string(),
  photo: z.string().nullable(),
  working_hours: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))),
  time_off: z.array(z.object({ start_date: z.string(), end_date: z.string() })),
});
export type CalendarStaff = z.infer<typeof calendarStaffSchema>;

/**
 * A booking as the calendar shows it: who, what, when, its status and (team bookings) its crew. A
 * busy week holds hundreds of these; the booking's own page (`GET bookings/:id`) has the rest.
 */
export const calendarBookingSchema = bookingSchema
  .pick({ id: true, booking_number: true, staff_id: true, start_time: true, end_time: true, status: true, crew: true })
  .extend({ customer_name: z.string().nullable(), service_name: z.string().nullable() });
export type CalendarBooking = z.infer<typeof calendarBookingSchema>;

export const calendarResponse = z.object({
  data: z.object({ bookings: z.array(calendarBookingSchema), blocks: z.array(blockTimeSchema), staff: z.array(calendarStaffSchema) }),
});
export type CalendarResponse = z.infer<typeof calendarResponse>;

// ---------------------------------------------------------------- writes

/**
 * `POST /bookings`: a visit of one or more consecutive services for a customer (never a guest), with
 * one provider (`staff_id`, or null / left out: the first free one). Creates the order (or adds to
 * `order_id`), one service item per service and one booking per service, in one transaction.
 */
export const createBookingBody = z.object({
  /** Required: null or left out answers `guest_order_no_appointment`. */
  customer_id: uuidField.nullable().optional(),
  /** Left out: the branch of `order_id`. */
  branch_id: uuidField.optional(),
  staff_id: uuidField.nullable().optional(),
  /** Left out or empty with a time answers `service_before_time`. */
  service_ids: z.array(uuidField).max(BOOKING_SERVICES_MAX, 'max_items').optional(),
  start_time: isoTimeField,
  notes: nullableText(BOOKING_NOTES_MAX),
  custom_fields: customFieldsField.optional(),
  /** Online branches: the link (one is generated when left out). */
  meeting_link: meetingLinkField,
  /** Home-service branches: added to the order's transport fee. */
  transportation_fee_amount: feeField.optional(),
  source: z.enum(BOOKING_SOURCES, 'invalid').optional(),
  /** confirmed (left out) or pending. */
  status: z.enum(NEW_BOOKING_STATUSES, 'invalid').optional(),
  /** Add the visit to this existing order instead of a new one. */
  order_id: uuidField.optional(),
  /** A customer who just walked in: the start may be up to WALK_IN_GRACE_MINUTES in the past. */
  walk_in: z.boolean('boolean').optional(),
  /**
   * A visit that already happened, entered afterwards (key `bookings.record_past`): the start must be
   * in the past, a provider is required, it is recorded completed and flagged `recorded_after`.
   */
  recorded_after: z.boolean('boolean').optional(),
});
export type CreateBookingBody = z.input<typeof createBookingBody>;
export type CreateBookingBodyParsed = z.infer<typeof createBookingBody>;

export const createBookingResult = z.object({ order_id: z.string(), order_number: z.number(), bookings: z.array(bookingSchema) });
export type CreateBookingResult = z.infer<typeof createBookingResult>;

/** `POST /order/:id/createBooking`: the appointment of a service item of the order (again). */
export const orderCreateBookingBody = z.object({
  item_id: uuidField,
  /** null: any provider; left out: the item's provider, else any. */
  staff_id: uuidField.nullable().optional(),
  start_time: isoTimeField,
  notes: nullableText(BOOKING_NOTES_MAX),
});
export type OrderCreateBookingBody = z.input<typeof orderCreateBookingBody>;

/**
 * `PUT /bookings/:id`: only the fields sent change. A new `start_time` (moves it, keeping its length
 * unless `end_time` is sent too), `end_time` (resize) or `staff_id` is checked like a new booking,
 * its own time not counting as busy, and only while the booking is active.
 */
export const updateBookingBody = z.object({
  start_time: isoTimeField.optional(),
  end_time: isoTimeField.optional(),
  staff_id: uuidField.optional(),
  notes: nullableText(BOOKING_NOTES_MAX),
  custom_fields: customFieldsField.optional(),
  meeting_link: meetingLinkField,
  transportation_fee_amount: feeField.optional(),
});
export type UpdateBookingBody = z.input<typeof updateBookingBody>;

export const changeBookingStatusBody = z.object({
  status: z.enum(BOOKING_STATUSES, 'invalid'),
  /** → cancelled: a reason of the booking-cancel list. */
  cancellation_reason_id: uuidField.nullable().optional(),
  cancellation_note: nullableText(BOOKING_CANCEL_NOTE_MAX),
});
export type ChangeBookingStatusBody = z.input<typeof changeBookingStatusBody>;

// ---------------------------------------------------------------- block times

export const blockTimeBody = z.object({
  branch_id: uuidField,
  /** null or left out: the whole branch. */
  staff_id: uuidField.nullable().optional(),
  start_time: isoTimeField,
  end_time: isoTimeField,
  notes: nullableText(1000),
});
export type BlockTimeBody = z.input<typeof blockTimeBody>;

export const blockTimesQuery = z.object({
  start: dateOrTimeField.optional(),
  end: dateOrTimeField.optional(),
  branch_id: uuidField.optional(),
  staff_id: uuidField.optional(),
});
export type BlockTimesQuery = z.input<typeof blockTimesQuery>;
