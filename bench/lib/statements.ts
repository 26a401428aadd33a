/**
 * Counting the statements this process sends through `pg` (every client), and listing those of one
 * call: what a request costs in round trips, for the cost benchmarks.
 */
import pg from 'pg';

let count = 0;
let shown: string[] | null = null;
let installed = false;

/** Starts counting (once per process). */
export function countStatements(): void {
  if (installed) return;
  installed = true;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    count++;
    const q = args[0] as string | { text?: string; name?: string };
    shown?.push((typeof q === 'string' ? q : (q.text ?? q.name ?? '')).replace(/\s+/g, ' ').slice(0, 160));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
}

/** How many statements were sent so far. */
export const statementsSent = () => count;

/** The statements `fn` sends, one line each (the first 160 characters). */
export async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
  shown = [];
  try {
    await fn();
    return shown;
  } finally {
    shown = null;
  }
}
