/**
 * The orders API's shapes, from the shared schemas (packages/shared/src/schemas/orders.ts), plus the
 * few the web needs around them. Money is integer minor units of `currency`; times are ISO-8601 UTC.
 */
import type { SlotsResponse } from '@app/shared/schemas/bookings';
import type {
  BookingLite,
  Order,
  OrderBody,
  OrderImage,
  OrderItem,
  OrderItemInput,
  OrderLog,
  OrderStatusCounts,
  OrderSummary,
  UnreadCounts,
} from '@app/shared/schemas/orders';
import type { Transaction } from '@app/shared/schemas/transactions';

export type { BookingLite, Order, OrderBody, OrderImage, OrderItem, OrderLog, SlotsResponse, UnreadCounts };

export type Meta = { current_page: number; per_page: number; total: number; last_page: number };
export type Paged<T> = { data: T[]; meta: Meta };
export type Written<T> = { message: string; data: T };

export type ItemType = OrderItem['type'];
export type ItemInput = OrderItemInput;
/** A list row: an order without its lines and images. */
export type OrderRow = OrderSummary;
export type StatusCounts = OrderStatusCounts;
export type OrderFee = Order['fees'][number];
export type OrderLocation = NonNullable<Order['location']>;

export type OrdersQuery = {
  page?: number;
  per_page?: number;
  status?: string;
  payment_status?: string;
  source?: string;
  customer_id?: string;
  branch_id?: string;
  from?: string;
  to?: string;
  search?: string;
  drafts?: 1;
  trashed?: 1;
};

/** A payment on the order (the transactions API's object). */
export type OrderTransaction = Transaction;
