import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `fn` every `intervalMs` (after the previous run ends, so runs never overlap) until the
 * returned stop function is called; stopping waits for a run in progress. A failed run is logged and
 * the next one goes ahead.
 */
export function startPeriodic(name: string, fn: () => Promise<unknown>, log: FastifyBaseLogger, intervalMs: number): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = async () => {
    if (stopped) return;
    running = fn().catch((err) => log.error({ err }, name));
    await running;
    if (!stopped) timer = setTimeout(tick, intervalMs);
  };
  let timer = setTimeout(tick, intervalMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
