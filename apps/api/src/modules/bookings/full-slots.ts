/**
 * Seats found taken, remembered for a moment in this process, so that a crowd asking for one full
 * slot (a burst of 200 at a popular time, the dashboard and the store together) is refused without
 * a transaction each. Only ever a refusal: a seat is granted by `claim` under the provider lock and
 * nothing else, so this can never sell a seat twice (docs/decisions.md "A full slot is refused from
 * memory for a second").
 *
 * What a refusal remembers is the request's own words (business, branch, provider or "any", the
 * services in order, the start) and only for FULL_SLOT_MS: a seat freed meanwhile in another process
 * or by a background job (a hold or an unpaid deposit lapsing) is bookable that much later at most. In
 * this process every successful write forgets at once what it could have freed (its business's
 * entries, or all of them for a write without a signed-in business).
 */
import { AppError, fieldError } from '../../lib/errors';

export const FULL_SLOT_MS = 1000;
/** A monotonic clock: a wall clock stepped back would keep a refusal alive past FULL_SLOT_MS. */
const clock = () => performance.now();
const MAX_ENTRIES = 10_000;

/** Business → ask → when it was found taken. */
const taken = new Map<string, Map<string, number>>();
let size = 0;
/**
 * Move on with every forget (of all businesses; of one): a refusal read before one is not remembered,
 * as it may predate the write that freed the seat.
 */
let epoch = 0;
/** Per business, only while it has asks under way: how many, and its forgets since the first began. */
const busy = new Map<string, { asks: number; epoch: number }>();
const epochOf = (tenantId: string) => `${epoch}/${busy.get(tenantId)?.epoch ?? 0}`;
/** The refusals `claim` gave because the seat was taken (not a bad provider, not outside the hours). */
const takenErrors = new WeakSet<AppError>();

export type SlotAsk = { branchId: string; staffId: string | null; serviceIds: readonly string[]; start: number };

export type FullSlotKey = { tenantId: string; ask: string };

export const fullSlotKey = (tenantId: string, a: SlotAsk): FullSlotKey => ({ tenantId, ask: `${a.branchId}/${a.staffId ?? '*'}/${a.serviceIds.join(',')}/${a.start}` });

/** Whether this exact ask was refused as taken within the last FULL_SLOT_MS. */
export function knownFull(key: FullSlotKey, now = clock()): boolean {
  const at = taken.get(key.tenantId)?.get(key.ask);
  return at !== undefined && now - at < FULL_SLOT_MS;
}

function remember(key: FullSlotKey, now = clock()) {
  if (size >= MAX_ENTRIES) forgetFullSlots();
  let asks = taken.get(key.tenantId);
  if (!asks) {
    asks = new Map();
    taken.set(key.tenantId, asks);
  }
  // Refusals older than a moment go as a business's list is written to (it stays as short as its crowd).
  for (const [ask, at] of asks) {
    if (now - at < FULL_SLOT_MS) continue;
    asks.delete(ask);
    size--;
  }
  if (!asks.has(key.ask)) size++;
  asks.set(key.ask, now);
}

/** The refusal of a seat that is taken: "this time is booked" for a provider asked by name, "nobody is free" for any provider. */
export function seatTaken(staffId: string | null): AppError {
  const err = staffId ? fieldError('start_time', 'time_slot_booked') : fieldError('staff_id', 'no_provider_available');
  takenErrors.add(err);
  return err;
}

/** The asks under way, by business and ask: the tail of each one's queue. */
const underWay = new Map<string, Promise<void>>();

/**
 * Runs a request that takes a seat, one at a time for the same ask in this process: the same ask
 * would wait anyway on the same provider lock in the database, but here it waits without holding a
 * connection, and once one is refused as taken the rest are refused from memory instead of each
 * opening a transaction. A refusal as taken is remembered for FULL_SLOT_MS. `key` null: not to be
 * remembered nor queued (a past visit, a request that excludes its own bookings or hold, a scope
 * that picks the provider itself).
 */
export async function askForSeat<T>(key: FullSlotKey | null, refusal: () => AppError, run: () => Promise<T>): Promise<T> {
  if (key === null) return run();
  if (knownFull(key)) throw refusal();
  const id = `${key.tenantId}/${key.ask}`;
  const before = underWay.get(id);
  let done!: () => void;
  const mine = new Promise<void>((resolve) => {
    done = resolve;
  });
  underWay.set(id, mine);
  const own = busy.get(key.tenantId) ?? { asks: 0, epoch: 0 };
  own.asks++;
  busy.set(key.tenantId, own);
  try {
    if (before) {
      await before;
      if (knownFull(key)) throw refusal();
    }
    const started = epochOf(key.tenantId);
    try {
      return await run();
    } catch (err) {
      // Only the database's refusal is remembered (one from memory would keep itself alive), and not
      // when a write went through meanwhile: it may have freed the seat after this one read it.
      if (err instanceof AppError && takenErrors.has(err) && started === epochOf(key.tenantId)) remember(key);
      throw err;
    }
  } finally {
    done();
    if (underWay.get(id) === mine) underWay.delete(id);
    if (--own.asks === 0) busy.delete(key.tenantId);
  }
}

/** Forgets the taken seats of one business (a write of its own may have freed one), or all of them. */
export function forgetFullSlots(tenantId?: string | null): void {
  if (!tenantId) epoch++;
  else {
    const own = busy.get(tenantId);
    if (own) own.epoch++;
  }
  if (!size) return;
  if (!tenantId) {
    taken.clear();
    size = 0;
    return;
  }
  size -= taken.get(tenantId)?.size ?? 0;
  taken.delete(tenantId);
}
