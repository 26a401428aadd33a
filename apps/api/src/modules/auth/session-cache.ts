/**
 * What a bearer token stands for (its user, business, role), kept in this process for a few seconds
 * so that a busy screen's reads do not look the token up on every request (docs/decisions.md "The
 * sign-in context is kept for seconds"). Whatever could change it empties it at once in this
 * process: every write request forgets its business's tokens (or all of them, for a write without
 * a business or by support staff); other processes see a change within `ttlMs`. What depends on
 * the clock (a token's expiry, the end of a trial) is checked on each use, never cached.
 *
 * Lookups of the same token at once share one query (a burst of requests on a fresh token asks the
 * database once). A lookup that was under way when something was forgotten is answered but not
 * kept: it may have read the state from before the change.
 */
export type SessionCache<T> = {
  get(hash: string): Entry<T> | undefined;
  set(hash: string, tenantId: string, value: T): Entry<T>;
  /** The kept entry, or the one `loader` reads (shared with a lookup of the same token under way). */
  load(hash: string, loader: () => Promise<{ tenantId: string; value: T } | null>): Promise<Entry<T> | null>;
  /** Forgets the tokens of one business, or (no argument) every token. */
  forget(tenantId?: string): void;
  readonly size: number;
};

export type Entry<T> = { value: T; tenantId: string; at: number; touchedAt: number | null };

export function createSessionCache<T>(opts: { ttlMs: number; maxEntries?: number; now?: () => number }): SessionCache<T> {
  const now = opts.now ?? Date.now;
  const max = opts.maxEntries ?? 50_000;
  const entries = new Map<string, Entry<T>>();
  const byTenant = new Map<string, Set<string>>();
  const loading = new Map<string, Promise<Entry<T> | null>>();
  /** Moves on with every forget: a lookup begun before it is not kept. */
  let epoch = 0;

  const drop = (hash: string) => {
    const e = entries.get(hash);
    if (!e) return;
    entries.delete(hash);
    const set = byTenant.get(e.tenantId);
    set?.delete(hash);
    if (set && set.size === 0) byTenant.delete(e.tenantId);
  };

  const cache: SessionCache<T> = {
    get(hash) {
      if (opts.ttlMs <= 0) return undefined;
      const e = entries.get(hash);
      if (!e) return undefined;
      if (now() - e.at >= opts.ttlMs) {
        drop(hash);
        return undefined;
      }
      return e;
    },
    set(hash, tenantId, value) {
      const e: Entry<T> = { value, tenantId, at: now(), touchedAt: null };
      if (opts.ttlMs <= 0) return e;
      drop(hash);
      // The oldest go first when full (a Map keeps insertion order).
      while (entries.size >= max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
      entries.set(hash, e);
      const set = byTenant.get(tenantId) ?? new Set<string>();
      byTenant.set(tenantId, set);
      set.add(hash);
      return e;
    },
    async load(hash, loader) {
      const kept = cache.get(hash);
      if (kept) return kept;
      const pending = loading.get(hash);
      if (pending) return pending;
      const started = epoch;
      const p = loader().then((found) => {
        if (!found) return null;
        if (started !== epoch) return { value: found.value, tenantId: found.tenantId, at: now(), touchedAt: null };
        return cache.set(hash, found.tenantId, found.value);
      });
      loading.set(hash, p);
      try {
        return await p;
      } finally {
        if (loading.get(hash) === p) loading.delete(hash);
      }
    },
    forget(tenantId) {
      epoch++;
      loading.clear();
      if (tenantId === undefined) {
        entries.clear();
        byTenant.clear();
        return;
      }
      for (const hash of [...(byTenant.get(tenantId) ?? [])]) drop(hash);
    },
    get size() {
      return entries.size;
    },
  };
  return cache;
}
