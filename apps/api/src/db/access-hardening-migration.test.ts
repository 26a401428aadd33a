import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { rows } from '../../test/helper';
import { type Database, migrationsFolder } from './client';

/**
 * Migration 0003 on a database that already has data: accounts linked to branches keep only those
 * branches (all_branches false), accounts without links keep every branch, and so do invitations.
 */

/**
 * The test builds an embedded database from nothing and runs every migration on it, in WebAssembly:
 * about 15 s on a quiet machine, twice that on a loaded one (CI once ran out of the default 30 s).
 * The bound is for a hang, not a speed check.
 */
const MIGRATION_TEST_TIMEOUT = 180_000;

const dirs: string[] = [];
let client: PGlite | undefined;
afterAll(async () => {
  await client?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A copy of the migrations folder holding only the migrations before `tag`. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'khidma-migrations-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((e) => e.tag === tag);
  if (index < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, index);
  for (const e of journal.entries) copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  return dir;
}

describe('migration 0003_access_hardening', () => {
  it('backfills all_branches from existing branch links and invitation branch lists', async () => {
    // Up to 0002, then data, then the rest.
    client = new PGlite();
    await client.waitReady;
    const raw = drizzle(client);
    await migrate(raw, { migrationsFolder: migrationsBefore('0003_access_hardening') });
    const db = raw as unknown as Database;
    const [tenant] = await rows<{ id: string }>(db, sql`insert into tenants (locale) values ('en') returning id`);
    const tid = tenant?.id;
    const [branch] = await rows<{ id: string }>(db, sql`insert into branches (tenant_id, name) values (${tid}, 'Main') returning id`);
    await db.execute(sql`insert into users (tenant_id, name, email, password_hash) values (${tid}, 'Linked', 'linked@test.example', 'x'), (${tid}, 'Free', 'free@test.example', 'x')`);
    await db.execute(sql`insert into user_branches (tenant_id, user_id, branch_id) select ${tid}, id, ${branch?.id} from users where email = 'linked@test.example'`);
    await db.execute(sql`insert into invitations (tenant_id, email, token_hash, expires_at, branch_ids) values
      (${tid}, 'inv-linked@test.example', 'h1', now() + interval '1 day', ${`{${branch?.id}}`}::uuid[]),
      (${tid}, 'inv-free@test.example', 'h2', now() + interval '1 day', '{}')`);

    await migrate(raw, { migrationsFolder });
    const accounts = await rows<{ email: string; all_branches: boolean }>(db, sql`select email, all_branches from users order by email`);
    expect(accounts).toEqual([
      { email: 'free@test.example', all_branches: true },
      { email: 'linked@test.example', all_branches: false },
    ]);
    const invites = await rows<{ email: string; all_branches: boolean }>(db, sql`select email, all_branches from invitations order by email`);
    expect(invites).toEqual([
      { email: 'inv-free@test.example', all_branches: true },
      { email: 'inv-linked@test.example', all_branches: false },
    ]);
    // And the one-owner index is in place.
    await db.execute(sql`update users set is_owner = true where email = 'free@test.example'`);
    await expect(db.execute(sql`update users set is_owner = true where email = 'linked@test.example'`)).rejects.toThrow();
  }, MIGRATION_TEST_TIMEOUT);
});
