import { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus, orderDeletable, orderEditable } from '@app/shared/states/order';

/** Badge colours of the order statuses. */
export const ORDER_STATUS_COLORS: Readonly<Record<OrderStatus, string>> = {
  confirmed: 'blue',
  completed: 'green',
  canceled: 'red',
  refunded: 'grape',
  'no-show': 'orange',
  'waiting-review': 'yellow',
  invoiced: 'teal',
};

export const PAYMENT_STATUS_COLORS: Readonly<Record<string, string>> = { paid: 'green', unpaid: 'red', 'partially-paid': 'orange' };

export const BOOKING_STATUS_COLORS: Readonly<Record<string, string>> = {
  pending: 'yellow',
  confirmed: 'blue',
  completed: 'green',
  cancelled: 'red',
  rejected: 'red',
  'no-show': 'orange',
  unapproved: 'gray',
  unpaid: 'pink',
};

export const TRANSACTION_STATUS_COLORS: Readonly<Record<string, string>> = { pending: 'gray', confirmed: 'green', refused: 'red', wait: 'yellow' };

export const colorOf = (map: Readonly<Record<string, string>>, status: string): string => map[status] ?? 'gray';

type OrderState = { status: string; is_draft: boolean; deleted_at: string | null };

/**
 * The statuses the change-status menu offers: the allowed transitions of the order's status
 * (packages/shared/src/states/order.ts). A draft changes no status until it is placed, and an order
 * in the trash changes nothing until it is restored.
 */
export function statusMenu(order: OrderState): OrderStatus[] {
  if (order.is_draft || order.deleted_at) return [];
  const from = ORDER_STATUSES.find((s) => s === order.status);
  // Invoicing and refunding issue a document: the invoices card asks for its details (template, reason).
  return from ? ORDER_TRANSITIONS[from].filter((to) => to !== 'invoiced' && to !== 'refunded') : [];
}

/** Canceling asks for confirmation (and an optional reason for its appointments). */
export const confirmsStatus = (to: string): boolean => to === 'canceled';

/** Items, discount, fees, customer, notes and location may change: not locked by its status, not in the trash. */
export const canEdit = (order: OrderState): boolean => !order.deleted_at && orderEditable(order.status);

/** To the trash: not once invoiced (spec §4), and not when already there. */
export const canTrash = (order: OrderState): boolean => !order.deleted_at && orderDeletable(order.status);

/** The list's tabs: every status, then drafts and the trash (which are flags, not statuses). */
export const ORDER_TABS = ['all', ...ORDER_STATUSES, 'drafts', 'trash'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];
export const isOrderTab = (v: string | null): v is OrderTab => v !== null && (ORDER_TABS as readonly string[]).includes(v);

/** A tab → the list query's filter. */
export function tabQuery(tab: OrderTab): { status?: string; drafts?: 1; trashed?: 1 } {
  if (tab === 'all') return {};
  if (tab === 'drafts') return { drafts: 1 };
  if (tab === 'trash') return { trashed: 1 };
  return { status: tab };
}

/** The count a tab shows, from `GET load-orders-status`; "all" sums the statuses. */
export function tabCount(tab: OrderTab, counts: { data: { status: string; count: number }[]; meta: { drafts: number; trashed: number } } | undefined): number | null {
  if (!counts) return null;
  if (tab === 'drafts') return counts.meta.drafts;
  if (tab === 'trash') return counts.meta.trashed;
  if (tab === 'all') return counts.data.reduce((sum, c) => sum + c.count, 0);
  return counts.data.find((c) => c.status === tab)?.count ?? 0;
}
