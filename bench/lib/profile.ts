/** A CPU profile of part of this process (`BENCH_CPU_PROF=<dir>`), for the cost benchmarks. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/**
 * Starts profiling when `BENCH_CPU_PROF` names a directory; the function it answers stops and writes
 * `<name>-<time>.cpuprofile` there (and does nothing when not profiling).
 */
export async function startProfile(name: string): Promise<() => Promise<void>> {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name}-${Date.now()}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`profile: ${file}`);
    session.disconnect();
  };
}
