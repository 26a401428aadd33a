/**
 * A small load generator: `connections` workers, each sending its next request as soon as the last
 * answered (a closed loop, as autocannon or wrk do), for a fixed time after a warm-up; and a burst
 * of requests sent all at once. Latencies are kept whole, so the percentiles are exact.
 */
import net from 'node:net';
import zlib from 'node:zlib';

export type Stats = { requests: number; errors: number; rps: number; p50: number; p95: number; p99: number; max: number };

export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function summarize(latencies: number[], errors: number, ms: number): Stats {
  const s = [...latencies].sort((a, b) => a - b);
  return { requests: s.length, errors, rps: (s.length / ms) * 1000, p50: percentile(s, 0.5), p95: percentile(s, 0.95), p99: percentile(s, 0.99), max: s[s.length - 1] ?? Number.NaN };
}

/**
 * Runs `fn` in `connections` parallel loops for `warmupMs` (not counted) and then `durationMs`.
 * `fn` answers false for a failed request (counted as an error, its latency left out).
 */
export async function sustained(opts: { connections: number; warmupMs: number; durationMs: number }, fn: (worker: number) => Promise<boolean>): Promise<Stats> {
  const start = performance.now();
  const measureFrom = start + opts.warmupMs;
  const end = measureFrom + opts.durationMs;
  const latencies: number[] = [];
  let errors = 0;
  const loop = async (worker: number) => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const ok = await fn(worker);
      const t1 = performance.now();
      if (t0 < measureFrom || t1 > end) continue;
      if (ok) latencies.push(t1 - t0);
      else errors++;
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, (_, i) => loop(i)));
  return summarize(latencies, errors, opts.durationMs);
}

export type BurstResult<T> = { latencies: Stats; results: T[]; wallMs: number };

/** Sends `n` requests at once and waits for all: each one's latency and result. */
export async function burst<T>(n: number, fn: (i: number) => Promise<T>): Promise<BurstResult<T>> {
  const latencies: number[] = new Array(n);
  const t0 = performance.now();
  const results = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const s = performance.now();
      const r = await fn(i);
      latencies[i] = performance.now() - s;
      return r;
    }),
  );
  const wallMs = performance.now() - t0;
  return { latencies: summarize(latencies, 0, wallMs), results, wallMs };
}

/**
 * `bytes`: as sent (compressed when the server compressed it); `body`: decompressed, as a browser
 * reads it, made when first read (the load loops only look at the status: decompressing there would
 * spend the machine's time on the client's side of the measurement).
 */
export type HttpAnswer = { status: number; readonly body: string; bytes: number; headers: Record<string, string | string[] | undefined> };

type Waiting = { request: Buffer; resolve: (a: HttpAnswer) => void; reject: (e: Error) => void };

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

/** One answer's head: status, headers (lower case; `set-cookie` a list), and how its body is framed. */
function parseHead(head: string): { status: number; headers: HttpAnswer['headers']; length: number | 'chunked' | 'close' } {
  const lines = head.split('\r\n');
  const status = Number(lines[0]!.slice(9, 12));
  const headers: HttpAnswer['headers'] = {};
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'set-cookie') headers[name] = [...((headers[name] as string[] | undefined) ?? []), value];
    else headers[name] = value;
  }
  const length =
    status === 204 || status === 304 ? 0 : headers['transfer-encoding'] === 'chunked' ? 'chunked' : headers['content-length'] !== undefined ? Number(headers['content-length']) : 'close';
  return { status, headers, length };
}

/** A chunked body's data once it has all come (its last, empty chunk read), else null. */
function unchunk(buf: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = buf.indexOf(CRLF, at);
    if (eol < 0) return null;
    const size = Number.parseInt(buf.toString('latin1', at, eol), 16);
    // The last chunk and the empty line after it (no trailers are sent here).
    if (size === 0) return buf.length >= eol + 4 ? Buffer.concat(parts) : null;
    if (buf.length < eol + 2 + size + 2) return null;
    parts.push(buf.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/**
 * Keep-alive HTTP/1.1 to one server over at most `connections` sockets, a request a socket at a time
 * (what waits for a socket is sent in turn). Written over `net` rather than `http.request`: on a
 * machine of two cores the load's own process shares them with the API and the database, and Node's
 * HTTP client spent about 0.5 ms of CPU a request, a third of what the API spends answering it.
 * It reads only what a load needs: the status line, the headers, a body framed by its length or in
 * chunks.
 */
export function httpClient(base: string, connections: number) {
  const url = new URL(base);
  const host = `${url.hostname}:${url.port}`;
  const idle: Connection[] = [];
  const all = new Set<Connection>();
  const queue: Waiting[] = [];

  class Connection {
    readonly socket: net.Socket;
    current: Waiting | null = null;
    buf: Buffer = Buffer.alloc(0);
    head: ReturnType<typeof parseHead> | null = null;

    constructor() {
      this.socket = net.connect({ host: url.hostname, port: Number(url.port), noDelay: true });
      all.add(this);
      this.socket.on('data', (d: Buffer) => this.data(d));
      const gone = (e?: Error) => {
        all.delete(this);
        const i = idle.indexOf(this);
        if (i >= 0) idle.splice(i, 1);
        const w = this.current;
        this.current = null;
        if (w && this.head?.length === 'close') this.finish(w, this.buf);
        else w?.reject(e ?? new Error('the server closed the connection'));
        pump();
      };
      this.socket.on('error', gone);
      this.socket.on('close', () => gone());
    }

    send(w: Waiting) {
      this.current = w;
      this.buf = Buffer.alloc(0);
      this.head = null;
      this.socket.write(w.request);
    }

    data(d: Buffer) {
      this.buf = this.buf.length === 0 ? d : Buffer.concat([this.buf, d]);
      if (!this.head) {
        const end = this.buf.indexOf(HEAD_END);
        if (end < 0) return;
        this.head = parseHead(this.buf.toString('latin1', 0, end));
        this.buf = this.buf.subarray(end + 4);
      }
      const { length } = this.head;
      let body: Buffer | null = null;
      if (length === 'chunked') body = unchunk(this.buf);
      else if (typeof length === 'number' && this.buf.length >= length) body = this.buf.subarray(0, length);
      if (!body || !this.current) return;
      const w = this.current;
      this.current = null;
      this.finish(w, body);
      if (this.head.headers.connection === 'close') {
        all.delete(this);
        this.socket.destroy();
      } else {
        const next = queue.shift();
        if (next) this.send(next);
        else idle.push(this);
      }
    }

    finish(w: Waiting, raw: Buffer) {
      const { status, headers } = this.head!;
      const enc = headers['content-encoding'];
      let body: string | undefined;
      w.resolve({
        status,
        get body() {
          body ??= (enc === 'br' ? zlib.brotliDecompressSync(raw) : enc === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8');
          return body;
        },
        bytes: raw.length,
        headers,
      });
    }
  }

  function pump() {
    while (queue.length > 0) {
      const conn = idle.pop() ?? (all.size < connections ? new Connection() : undefined);
      if (!conn) return;
      conn.send(queue.shift()!);
    }
  }

  function request(method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<HttpAnswer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const lines = [`${method} ${path} HTTP/1.1`, `host: ${host}`, 'accept: application/json'];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    if (payload) lines.push('content-type: application/json', `content-length: ${payload.length}`);
    const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8');
    return new Promise((resolve, reject) => {
      queue.push({ request: payload ? Buffer.concat([head, payload]) : head, resolve, reject });
      pump();
    });
  }

  return {
    request,
    close: () => {
      for (const c of all) c.socket.destroy();
    },
  };
}
