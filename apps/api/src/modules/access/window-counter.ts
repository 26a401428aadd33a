/**
 * Fixed-window hit counters per key, in this process's memory (like the route rate limits of
 * @fastify/rate-limit, whose store is in memory too). Used where one route needs a second limit with
 * another key than its route limit: POS sign-in per e-mail from all addresses together.
 */
export function windowCounter(max: number, windowMs: number, maxKeys = 10_000) {
  const windows = new Map<string, { hits: number; resetAt: number }>();

  /** Drops ended windows; past `maxKeys` live ones, the oldest go (memory stays bounded). */
  function prune(now: number) {
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  }

  return {
    /** Counts a hit for `key`: 0 when it is within the limit, otherwise the seconds until the window ends. */
    hit(key: string, now = Date.now()): number {
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        if (w) windows.delete(key);
        if (windows.size >= maxKeys) prune(now);
        w = { hits: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.hits += 1;
      return w.hits > max ? Math.max(1, Math.ceil((w.resetAt - now) / 1000)) : 0;
    },
    size: () => windows.size,
  };
}
