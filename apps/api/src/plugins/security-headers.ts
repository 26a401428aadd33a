import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The Content-Security-Policy of every response (HTML pages, JSON, uploaded files, API docs).
 * Scripts come only from this origin: no inline script, no eval, nothing foreign, so an injected
 * script cannot run and read the sign-in token. Styles allow inline because Mantine and FullCalendar
 * write their CSS variables and computed styles into `<style>` elements and style attributes at run
 * time; a style cannot run code. Images may be data: and blob: URLs (previews of a file before it is
 * uploaded). Nothing may frame the dashboard.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // HSTS (below) moves browsers to HTTPS; on plain http://localhost an upgrade would break the page.
  upgradeInsecureRequests: null,
} as const;

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers, once for the whole server (spec: headers set in one place). HSTS only on a
 * request that arrived over HTTPS: directly, or behind a proxy trusted with `TRUST_PROXY` that says
 * so in `X-Forwarded-Proto`. Uploaded files are public content (product images, profile photos),
 * embeddable by the booking stores on their own domains, and never sniffed into another type.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (request.url.startsWith('/uploads/')) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
}

/**
 * The headers helmet sets with `options`, worked out once: they are the same for every response, and
 * the Fastify plugin rebuilt helmet's middleware on every request (a few percent of a list's CPU).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return headers;
}
