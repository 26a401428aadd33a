/** Names shared by the global setup and the per-file helper (PostgreSQL mode). */
export function templateUrl(baseUrl: string) {
  const url = new URL(baseUrl);
  const base = url.pathname.replace(/^\//, '') || 'khidma_test';
  return { base, template: `${base}_tmpl` };
}

/** The same server, another database. */
export function urlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
