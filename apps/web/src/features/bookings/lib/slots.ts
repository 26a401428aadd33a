import type { DaySlots as SlotDay, Slot } from '@app/shared/schemas/bookings';

export type DayPart = 'morning' | 'afternoon' | 'evening';
export type SlotGroup = { part: DayPart; slots: Slot[] };

const PARTS: readonly DayPart[] = ['morning', 'afternoon', 'evening'];

/** Morning before 12:00, afternoon before 17:00, evening after (branch-local start). */
export function dayPartOf(hhmm: string): DayPart {
  const hour = Number(hhmm.slice(0, 2));
  if (hour < 12) return 'morning';
  if (hour < 17) return 'afternoon';
  return 'evening';
}

/** One day's slots in start order, grouped by part of the day; empty parts are left out. */
export function groupSlots(slots: readonly Slot[]): SlotGroup[] {
  const sorted = [...slots].sort((a, b) => a.slot.localeCompare(b.slot));
  const groups = new Map<DayPart, Slot[]>();
  for (const s of sorted) {
    const part = dayPartOf(s.slot);
    const list = groups.get(part) ?? [];
    list.push(s);
    groups.set(part, list);
  }
  return PARTS.filter((p) => groups.has(p)).map((part) => ({ part, slots: groups.get(part) ?? [] }));
}

/** The slots of `date` in the API's answer (none when the day is missing). */
export const slotsOf = (days: readonly SlotDay[] | undefined, date: string): Slot[] => days?.find((d) => d.date === date)?.slots ?? [];

/** The slot starting at `hhmm` (the time clicked on the calendar), when it is free. */
export function findSlot(slots: readonly Slot[], hhmm: string | null | undefined): Slot | undefined {
  return hhmm ? slots.find((s) => s.slot === hhmm) : undefined;
}

export type ProviderLike = { uuid: string; name: string; branch_id: string | null; service_ids: readonly string[] };

/**
 * Providers a customer can be booked with for all of `serviceIds` at `branchId`: they offer every
 * service and work at that branch (a provider with no branch works at all of them).
 */
export function providersFor<P extends ProviderLike>(providers: readonly P[], serviceIds: readonly string[], branchId: string | null): P[] {
  return providers.filter((p) => (!branchId || !p.branch_id || p.branch_id === branchId) && serviceIds.every((id) => p.service_ids.includes(id)));
}
