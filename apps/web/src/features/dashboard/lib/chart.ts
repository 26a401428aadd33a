/** Bar heights for the sales chart: each amount as a share (0–100) of the largest; all zero when nothing sold. */
export function barPercents(amounts: readonly number[]): number[] {
  const max = Math.max(0, ...amounts);
  if (max <= 0) return amounts.map(() => 0);
  return amounts.map((a) => (a <= 0 ? 0 : Math.max(2, Math.round((a / max) * 100))));
}

/** Shares of a total in whole percents (largest remainder, so they add up to 100). */
export function sharePercents(counts: readonly number[]): number[] {
  const total = counts.reduce((s, c) => s + Math.max(0, c), 0);
  if (total <= 0) return counts.map(() => 0);
  const exact = counts.map((c) => (Math.max(0, c) * 100) / total);
  const parts = exact.map(Math.floor);
  let left = 100 - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0 && order.length; k = (k + 1) % order.length, left--) parts[order[k]![1]]! += 1;
  return parts;
}
