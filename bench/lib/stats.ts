/** Small statistics shared by the benchmarks. */

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  if (s.length === 0) return Number.NaN;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** Times `runs` calls of `fn`, one after the other, after one warm-up call (JIT, connection, plan cache). */
export async function timeIt(runs: number, fn: () => Promise<unknown> | unknown): Promise<number[]> {
  await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

/** Counts of each value (e.g. the statuses of a burst). */
export function tally<T extends string | number>(xs: readonly T[]): Record<string, number> {
  const m: Record<string, number> = {};
  for (const x of xs) m[String(x)] = (m[String(x)] ?? 0) + 1;
  return m;
}
