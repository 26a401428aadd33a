/** CPU seconds of the processes a benchmark involves (Linux, from /proc). */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * CPU seconds used so far by a process (user + system), from /proc (Linux); with `children`, also
 * those of its children that have ended (the database's backends that closed: counted by the
 * server's main process once gone, so the database's total never falls when a connection closes).
 */
function cpuOf(pid: number, children = false): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (own + (children ? Number(fields[13]) + Number(fields[14]) : 0)) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of the API process, of the database server's processes, and of this one (the load). */
export function cpuNow(serverPid: number) {
  let pids: number[] = [];
  try {
    pids = execFileSync('pgrep', ['-f', 'postgres'], { encoding: 'utf8' }).trim().split('\n').map(Number);
  } catch {}
  return { api: cpuOf(serverPid), db: pids.reduce((a, p) => a + cpuOf(p, true), 0), load: cpuOf(process.pid) };
}

export const cpuSpent = (a: ReturnType<typeof cpuNow>, b: ReturnType<typeof cpuNow>) =>
  `CPU s: API ${(b.api - a.api).toFixed(2)}, database ${(b.db - a.db).toFixed(2)}, load ${(b.load - a.load).toFixed(2)}`;
