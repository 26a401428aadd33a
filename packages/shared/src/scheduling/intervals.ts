/**
 * Integer interval arithmetic on half-open intervals [start, end) (minutes or epoch ms).
 *
 * "Normalized" lists are sorted by start, non-empty, and neither overlap nor touch (adjacent
 * intervals are merged). `subtract` and `intersect` take and return normalized lists and run in
 * linear time.
 */

export type Interval = readonly [start: number, end: number];

/** Drops empty intervals, sorts, and merges overlapping or touching ones. */
export function normalize(list: readonly Interval[]): Interval[] {
  const sorted = list.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) {
      if (e > last[1]) last[1] = e;
    } else out.push([s, e]);
  }
  return out;
}

/** a \ b, both normalized. `bFrom` skips the first entries of b (a caller's cursor). */
export function subtract(a: readonly Interval[], b: readonly Interval[], bFrom = 0): Interval[] {
  const out: Interval[] = [];
  let j = bFrom;
  for (const [as, ae] of a) {
    let cur = as;
    while (j < b.length && b[j]![1] <= cur) j++;
    let k = j;
    while (k < b.length && b[k]![0] < ae) {
      const [bs, be] = b[k]!;
      if (bs > cur) out.push([cur, bs]);
      if (be > cur) cur = be;
      if (cur >= ae) break;
      k++;
    }
    if (cur < ae) out.push([cur, ae]);
  }
  return out;
}

/** a ∩ b, both normalized. */
export function intersect(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const [as, ae] = a[i]!;
    const [bs, be] = b[j]!;
    const s = as > bs ? as : bs;
    const e = ae < be ? ae : be;
    if (s < e) out.push([s, e]);
    if (ae < be) i++;
    else j++;
  }
  return out;
}

/**
 * Capacity sweep: each busy interval adds a load of 1. Returns the normalized intervals where the
 * load is at least `capacity` (an integer ≥ 1; smaller values are treated as 1). O(n log n).
 */
export function saturated(busy: readonly Interval[], capacity: number): Interval[] {
  const c = Math.max(1, Math.floor(capacity));
  const n = busy.length;
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < n; i++) {
    const [s, e] = busy[i]!;
    if (e > s) {
      starts.push(s);
      ends.push(e);
    }
  }
  if (starts.length < c) return [];
  starts.sort((x, y) => x - y);
  ends.sort((x, y) => x - y);
  const out: [number, number][] = [];
  let load = 0;
  let i = 0;
  let j = 0;
  let openedAt = 0;
  // Ends before starts at the same instant: [a,b) and [b,c) never overlap.
  while (i < starts.length) {
    if (ends[j]! <= starts[i]!) {
      if (load === c) {
        const last = out[out.length - 1];
        if (last && last[1] === openedAt) last[1] = ends[j]!;
        else out.push([openedAt, ends[j]!]);
      }
      load--;
      j++;
    } else {
      load++;
      if (load === c) openedAt = starts[i]!;
      i++;
    }
  }
  while (j < ends.length) {
    if (load === c) {
      const last = out[out.length - 1];
      if (last && last[1] === openedAt) last[1] = ends[j]!;
      else out.push([openedAt, ends[j]!]);
    }
    load--;
    j++;
  }
  return normalize(out);
}

/** The parts of `window` where the load of `busy` is below `capacity`. */
export function underCapacity(busy: readonly Interval[], capacity: number, window: Interval): Interval[] {
  return subtract(normalize([window]), saturated(busy, capacity));
}
