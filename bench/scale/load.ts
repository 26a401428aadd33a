/**
 * A small load generator: `connections` workers, each sending its next request as soon as the last
 * answered (a closed loop, as autocannon or wrk do), for a fixed time after a warm-up; and a burst
 * of requests sent all at once. Latencies are kept whole, so the percentiles are exact.
 */
import http from 'node:http';
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
export type HttpAnswer = { status: number; readonly body: string; bytes: number; headers: http.IncomingHttpHeaders };

/** Keep-alive HTTP to one server, at most `connections` sockets. */
export function httpClient(base: string, connections: number) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  function request(method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<HttpAnswer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path,
          headers: { accept: 'application/json', ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const enc = res.headers['content-encoding'];
            let body: string | undefined;
            resolve({
              status: res.statusCode ?? 0,
              get body() {
                body ??= (enc === 'br' ? zlib.brotliDecompressSync(raw) : enc === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8');
                return body;
              },
              bytes: raw.length,
              headers: res.headers,
            });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  }
  return { request, close: () => agent.destroy() };
}
