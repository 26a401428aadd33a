import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withSeed } from '../testing/property';
import { type Interval, intersect, normalize, saturated, subtract, underCapacity } from './intervals';

const interval = fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 40 })).map(([s, l]): Interval => [s, s + l]);
const covered = (list: readonly Interval[], x: number) => list.some(([s, e]) => s <= x && x < e);
const load = (list: readonly Interval[], x: number) => list.filter(([s, e]) => s <= x && x < e).length;
const isNormalized = (list: readonly Interval[]) => list.every(([s, e], i) => s < e && (i === 0 || list[i - 1]![1] < s));

describe('intervals', () => {
  it('examples', () => {
    expect(normalize([[5, 7], [1, 3], [3, 4], [6, 9], [10, 10]])).toEqual([[1, 4], [5, 9]]);
    expect(subtract([[0, 10], [20, 30]], [[2, 3], [8, 22], [25, 40]])).toEqual([[0, 2], [3, 8], [22, 25]]);
    expect(intersect([[0, 10], [20, 30]], [[5, 25]])).toEqual([[5, 10], [20, 25]]);
    expect(saturated([[0, 10], [5, 15], [10, 20]], 2)).toEqual([[5, 15]]);
    expect(saturated([[0, 10], [10, 20]], 1)).toEqual([[0, 20]]);
    expect(underCapacity([[0, 10], [5, 15]], 2, [0, 20])).toEqual([[0, 5], [10, 20]]);
  });

  it('agree pointwise with their definitions (property)', () => {
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 12 }), fc.array(interval, { maxLength: 12 }), fc.integer({ min: 1, max: 4 }), (x, y, c) => {
        const a = normalize(x);
        const b = normalize(y);
        const sub = subtract(a, b);
        const inter = intersect(a, b);
        const sat = saturated(x, c);
        for (const list of [a, sub, inter, sat]) expect(isNormalized(list)).toBe(true);
        for (let p = 0; p <= 245; p++) {
          const inA = covered(x, p);
          const inB = covered(y, p);
          if (covered(a, p) !== inA) return false;
          if (covered(sub, p) !== (inA && !inB)) return false;
          if (covered(inter, p) !== (inA && inB)) return false;
          if (covered(sat, p) !== load(x, p) >= c) return false;
        }
        return true;
      }),
      withSeed({ numRuns: 100 }),
    );
  });
});
