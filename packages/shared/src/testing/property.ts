/**
 * Every property-based test (fast-check) passes its parameters through `withSeed`, so that each run
 * prints the seed it used and a failure seen once (in CI, on a colleague's machine) can be replayed:
 *
 *   [property] freeSlots properties > returns exactly the slots … seed=-454418846
 *   FC_SEED=-454418846 npx vitest run src/scheduling/availability.property.test.ts -t 'brute-force'
 *
 * The seed is the test's own fixed `seed` when it has one (it replays as it is), else `FC_SEED` when
 * set, else a random 32-bit integer. fast-check's failure message adds the counterexample's `path`
 * (`{ seed, path }` in `fc.assert` replays that one case directly).
 */
import type { Parameters } from 'fast-check';
import { expect } from 'vitest';

function chooseSeed(): number {
  const env = process.env.FC_SEED?.trim();
  if (!env) return (Math.random() * 2 ** 32) | 0;
  const seed = Number(env);
  if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, got "${env}"`);
  return seed;
}

/**
 * `params` for `fc.assert` with a seed, printed as `[property] <test name> seed=<seed>`. `name`
 * defaults to the running vitest test's full name.
 */
export function withSeed<Ts>(params: Parameters<Ts> = {}, name: string = expect.getState().currentTestName ?? 'property'): Parameters<Ts> & { seed: number } {
  const seed = params.seed ?? chooseSeed();
  console.log(`[property] ${name} seed=${seed}`);
  return { ...params, seed };
}
