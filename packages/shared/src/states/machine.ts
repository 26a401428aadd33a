/**
 * The small machinery the status modules of this folder share (booking, order, transaction): a
 * transition table is data (status → the statuses it may move to), frozen, and checked by one
 * function. Inputs are plain strings because they come from request bodies and database rows; an
 * unknown value is an error code, never an exception.
 */

/** Every status of S has an entry; an empty list makes it terminal. */
export type TransitionMap<S extends string> = Readonly<Record<S, readonly S[]>>;

/** Why a status change is refused (shared by every machine; booking and order add their own). */
export type TransitionError = 'unknown_status' | 'same_status' | 'transition_not_allowed';

export function isOneOf<S extends string>(list: readonly S[], value: unknown): value is S {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

/**
 * Freezes a transition table, refusing (at module load, so in every test run) a target that is not a
 * status, a self-transition and a duplicate. The Record type already forces an entry per status.
 */
export function defineTransitions<S extends string>(statuses: readonly S[], map: Record<S, readonly S[]>): TransitionMap<S> {
  for (const from of statuses) {
    const targets = map[from];
    if (!Array.isArray(targets)) throw new Error(`transition table: no entry for ${from}`);
    for (const to of targets) {
      if (!isOneOf(statuses, to)) throw new Error(`transition table: ${from} → unknown ${to}`);
      if (to === from) throw new Error(`transition table: ${from} → itself`);
    }
    if (new Set(targets).size !== targets.length) throw new Error(`transition table: duplicate target under ${from}`);
    Object.freeze(targets);
  }
  for (const key of Object.keys(map)) if (!isOneOf(statuses, key)) throw new Error(`transition table: unknown status ${key}`);
  return Object.freeze(map);
}

/** null when `from → to` is in the table, else why not. A change to the same status is not a transition. */
export function checkTransition<S extends string>(statuses: readonly S[], map: TransitionMap<S>, from: string, to: string): TransitionError | null {
  if (!isOneOf(statuses, from) || !isOneOf(statuses, to)) return 'unknown_status';
  if (from === to) return 'same_status';
  return map[from].includes(to) ? null : 'transition_not_allowed';
}

/** Statuses with no way out. */
export function terminalStatuses<S extends string>(statuses: readonly S[], map: TransitionMap<S>): readonly S[] {
  return Object.freeze(statuses.filter((s) => map[s].length === 0));
}

/** Every status reachable from `from` (itself excluded unless a cycle leads back to it). */
export function reachableFrom<S extends string>(map: TransitionMap<S>, from: S): ReadonlySet<S> {
  const seen = new Set<S>();
  const queue: S[] = [...map[from]];
  while (queue.length > 0) {
    const s = queue.shift()!;
    if (seen.has(s)) continue;
    seen.add(s);
    queue.push(...map[s]);
  }
  return seen;
}
