import type { AuthContext } from '../auth/auth.service';

/**
 * Which rows of the business an account sees (docs/access-control.md "Data scope"):
 * - bookings: `own` for a provider account, or for `calendar_only_staff` without `calendar.all`;
 * - orders: `assigned` (to its provider row) for a provider account;
 * - customer notes: other people's notes need `customer_notes_show_all`.
 * Bookings, orders and notes modules call this and filter by `providerId` / the author.
 */
export type DataScope = {
  bookings: 'all' | 'own';
  orders: 'all' | 'assigned';
  customerNotes: 'all' | 'own';
  /** The provider row linked to the account, when it has one (the "own" of bookings and orders). */
  providerId?: string;
};

export type ScopeSubject = {
  user: Pick<AuthContext['user'], 'type' | 'isOwner'>;
  permissions: readonly string[];
};

/** Pure: the scope of an account from its type and permission keys (and its provider row, if known). */
export function dataScope(auth: ScopeSubject, providerId?: string | null): DataScope {
  const held = new Set(auth.permissions);
  const owner = auth.user.isOwner;
  const provider = !owner && auth.user.type === 'provider';
  const calendarOwnOnly = held.has('calendar_only_staff') && !held.has('calendar.all');
  const scope: DataScope = {
    bookings: !owner && (provider || calendarOwnOnly) ? 'own' : 'all',
    orders: provider ? 'assigned' : 'all',
    customerNotes: owner || held.has('customer_notes_show_all') ? 'all' : 'own',
  };
  if (providerId) scope.providerId = providerId;
  return scope;
}

/** The scope of the signed-in account (its provider row came with the sign-in's token lookup). */
export function scopeOfCaller(auth: AuthContext): DataScope {
  return dataScope(auth, auth.providerId);
}
