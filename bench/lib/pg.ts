/**
 * A throw-away PostgreSQL database for a benchmark, on the server of DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres): created before, dropped after (unless `keep`).
 */
import pg from 'pg';

export const pgServer = () => process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** One statement on the server's maintenance database (create or drop a database, look one up). */
export async function adminQuery(q: string, server = pgServer()): Promise<pg.QueryResult> {
  const c = new pg.Client({ connectionString: server });
  await c.connect();
  try {
    return await c.query(q);
  } finally {
    await c.end();
  }
}

export async function withThrowawayDatabase<T>(name: string, fn: (url: string) => Promise<T>, opts: { keep?: boolean } = {}): Promise<T> {
  const server = pgServer();
  await adminQuery(`create database "${name}"`, server);
  try {
    const target = new URL(server);
    target.pathname = `/${name}`;
    console.log(`PostgreSQL: throw-away database ${name}`);
    return await fn(target.toString());
  } finally {
    if (opts.keep) console.log(`kept database ${name}`);
    else await adminQuery(`drop database if exists "${name}" with (force)`, server);
  }
}
