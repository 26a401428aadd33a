import { ORDER_STATUSES, ORDER_TRANSITIONS } from '@app/shared/states/order';
import { describe, expect, it } from 'vitest';
import { canEdit, canTrash, confirmsStatus, isOrderTab, ORDER_TABS, statusMenu, tabCount, tabQuery } from './status';

const order = (status: string, extra: { is_draft?: boolean; deleted_at?: string | null } = {}) => ({ status, is_draft: false, deleted_at: null, ...extra });

describe('statusMenu: the change-status menu', () => {
  it('offers the allowed transitions of the shared state machine, less the two that issue a document (the invoices card)', () => {
    for (const s of ORDER_STATUSES) expect(statusMenu(order(s))).toEqual(ORDER_TRANSITIONS[s].filter((x) => x !== 'invoiced' && x !== 'refunded'));
    expect(statusMenu(order('confirmed'))).toEqual(['completed', 'no-show', 'canceled']);
    expect(statusMenu(order('invoiced'))).toEqual([]);
    expect(statusMenu(order('waiting-review'))).toEqual(['confirmed', 'canceled']);
  });

  it('offers nothing for a final status, a draft, an order in the trash or an unknown status', () => {
    expect(statusMenu(order('canceled'))).toEqual([]);
    expect(statusMenu(order('refunded'))).toEqual([]);
    expect(statusMenu(order('confirmed', { is_draft: true }))).toEqual([]);
    expect(statusMenu(order('confirmed', { deleted_at: '2025-01-01T00:00:00Z' }))).toEqual([]);
    expect(statusMenu(order('draft'))).toEqual([]);
  });

  it('asks before canceling only', () => {
    expect(ORDER_STATUSES.filter(confirmsStatus)).toEqual(['canceled']);
  });
});

describe('what may change', () => {
  it('edits until invoiced, refunded or canceled, and never in the trash', () => {
    expect(canEdit(order('confirmed'))).toBe(true);
    expect(canEdit(order('completed'))).toBe(true);
    expect(canEdit(order('invoiced'))).toBe(false);
    expect(canEdit(order('canceled'))).toBe(false);
    expect(canEdit(order('confirmed', { deleted_at: 'x' }))).toBe(false);
  });

  it('goes to the trash unless invoiced (or refunded), and only once', () => {
    expect(canTrash(order('canceled'))).toBe(true);
    expect(canTrash(order('invoiced'))).toBe(false);
    expect(canTrash(order('refunded'))).toBe(false);
    expect(canTrash(order('confirmed', { deleted_at: 'x' }))).toBe(false);
  });
});

describe('list tabs', () => {
  const counts = { data: [{ status: 'confirmed', count: 3 }, { status: 'completed', count: 2 }], meta: { drafts: 4, trashed: 1 } };

  it('every status, then drafts and the trash', () => {
    expect(ORDER_TABS).toEqual(['all', ...ORDER_STATUSES, 'drafts', 'trash']);
    expect(isOrderTab('trash')).toBe(true);
    expect(isOrderTab('nope')).toBe(false);
    expect(isOrderTab(null)).toBe(false);
  });

  it('maps a tab to the list filter', () => {
    expect(tabQuery('all')).toEqual({});
    expect(tabQuery('confirmed')).toEqual({ status: 'confirmed' });
    expect(tabQuery('drafts')).toEqual({ drafts: 1 });
    expect(tabQuery('trash')).toEqual({ trashed: 1 });
  });

  it('counts from load-orders-status; all sums the statuses; unknown while loading', () => {
    expect(tabCount('all', counts)).toBe(5);
    expect(tabCount('confirmed', counts)).toBe(3);
    expect(tabCount('invoiced', counts)).toBe(0);
    expect(tabCount('drafts', counts)).toBe(4);
    expect(tabCount('trash', counts)).toBe(1);
    expect(tabCount('all', undefined)).toBeNull();
  });
});
