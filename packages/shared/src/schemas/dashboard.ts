import { z } from 'zod';
import { ORDER_STATUSES } from '../states/order';

/**
 * `GET dashboard` (spec §2 /dashboard): the catalogue counts of onboarding, then what the business
 * did, from its data, for the top bar's branch (none chosen: every branch). Days are the business's
 * local days (its time zone). A section the account may not see (no permission for it) comes empty.
 * Money is integer minor units of `currency`.
 */

const idName = z.object({ id: z.string(), name: z.string() });

/** An appointment on the dashboard (a Booking-lite with who, what and where). */
export const dashboardBookingSchema = z.object({
  id: z.string(),
  booking_number: z.number(),
  order_id: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  status: z.string(),
  staff_id: z.string().nullable(),
  staff: idName.nullable(),
  customer: idName.nullable(),
  service: idName.nullable(),
});
export type DashboardBooking = z.infer<typeof dashboardBookingSchema>;

/** An order on the dashboard (an Order-lite). */
export const dashboardOrderSchema = z.object({
  id: z.string(),
  number: z.number(),
  date: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.string(),
  source: z.string(),
  total: z.number(),
  currency: z.string(),
  customer: idName.nullable(),
});
export type DashboardOrder = z.infer<typeof dashboardOrderSchema>;

export const dashboardSchema = z.object({
  services_count: z.number(),
  providers_count: z.number(),
  branches_count: z.number(),
  currency: z.string(),
  time_zone: z.string(),
  /** Today's first 20 appointments (cancelled and rejected ones left out), by start time. */
  today_appointments: z.array(dashboardBookingSchema),
  /** How many appointments today has in all (as `today_appointments` counts them). */
  today_count: z.number().int(),
  /** The next 10 active appointments from now. */
  next_bookings: z.array(dashboardBookingSchema),
  /** The 10 newest placed orders (no drafts, nothing in the trash). */
  latest_orders: z.array(dashboardOrderSchema),
  /** The 5 services most often ordered in the last 30 days (canceled orders left out); revenue: their lines' totals. */
  top_services: z.array(z.object({ service_id: z.string(), name: z.string(), count: z.number(), revenue: z.number() })),
  /** Placed orders of the last 30 days by source. */
  order_sources: z.array(z.object({ source: z.string(), count: z.number() })),
  /**
   * Money received: confirmed payments (transactions). today, this week (from the business's first
   * day of the week), this month; series: each of the last 30 days, oldest first, today last.
   */
  sales: z.object({
    today: z.number(),
    week: z.number(),
    month: z.number(),
    series: z.array(z.object({ date: z.string(), amount: z.number() })),
  }),
  /** The business's customers (customers are not tied to a branch). */
  customers: z.object({ total: z.number(), new_this_month: z.number() }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponse = z.object({ data: dashboardSchema });
