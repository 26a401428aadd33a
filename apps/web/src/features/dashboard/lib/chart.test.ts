import { describe, expect, it } from 'vitest';
import { barPercents, sharePercents } from './chart';

describe('barPercents', () => {
  it('scales to the largest amount, keeps small non-zero days visible', () => {
    expect(barPercents([0, 50, 100, 1])).toEqual([0, 50, 100, 2]);
    expect(barPercents([0, 0])).toEqual([0, 0]);
    expect(barPercents([])).toEqual([]);
  });
});

describe('sharePercents', () => {
  it('whole percents that add up to 100', () => {
    expect(sharePercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(sharePercents([3, 1])).toEqual([75, 25]);
    expect(sharePercents([0, 0])).toEqual([0, 0]);
    const p = sharePercents([7, 13, 29, 1]);
    expect(p.reduce((a, b) => a + b, 0)).toBe(100);
  });
});
