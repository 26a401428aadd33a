/**
 * The API started as its own process (`apps/api/src/server.ts` under tsx) for a benchmark, on
 * 127.0.0.1:`port`, with `env` over this process's environment; resolved once `/api/health` answers.
 * Its standard error is the benchmark's (its failures show); its console is not, unless `console`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export async function startApi(opts: { port: number; env: Record<string, string>; nodeArgs?: string[]; console?: boolean }): Promise<ChildProcess> {
  // A server left over from an interrupted run would answer in place of this one (the new one
  // failing to listen): the run would measure other code.
  const taken = await fetch(`http://127.0.0.1:${opts.port}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`something already answers on port ${opts.port} (a server left over from an interrupted run?): stop it, or choose another port`);
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(opts.port), HOST: '127.0.0.1', ...opts.env },
    stdio: ['ignore', opts.console ? 'inherit' : 'ignore', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in 120 s')), 120_000);
    const poll = setInterval(() => {
      fetch(`http://127.0.0.1:${opts.port}/api/health`).then(
        (r) => {
          if (!r.ok) return;
          clearInterval(poll);
          clearTimeout(timer);
          resolve();
        },
        () => undefined,
      );
    }, 250);
    child.on('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}`));
    });
  });
  return child;
}

/** Stops a server `startApi` started and waits for it to exit. */
export async function stopApi(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The server on a fresh embedded database in `dataDir` (the seeded demo business, its store included), serving the web build. */
export function startDemoServer(dataDir: string, port: number): Promise<ChildProcess> {
  return startApi({ port, env: { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'development' } });
}
