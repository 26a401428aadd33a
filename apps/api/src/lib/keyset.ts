import { LIST_COUNT_CAP } from '@app/shared/schemas/common';
import type { KeysetMeta } from '@app/shared/schemas/common';
import { type AnyColumn, and, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { type Binds, type Executor, inline, type PreparableQuery, runCompiled } from '../db/client';
import { type Countable, countExpr, countUpTo, literalLimit } from './count';
import { fieldError } from './errors';

/**
 * Keyset ("seek") pagination for the long lists (docs/decisions.md "Lists at a busy business's
 * size"). A list is read newest first by its sort key, a few columns compared as one row
 * (`(created_at, number)`), with an index on the list's filter columns then those. A page next to a
 * known one starts where that page ended (`(created_at, number) < (…)`), so the 500th page costs
 * what the first does; a page asked for by number skips rows (`offset`), which stays cheap up to
 * the counting cap the pager offers numbers for.
 */

/** A sort column: a timestamp (carried to the microsecond), an integer or a uuid. */
export type KeyPart = { col: AnyColumn | SQL; kind: 'time' | 'int' | 'uuid' };

type Direction = 'next' | 'prev';
export type Cursor = { dir: Direction; values: (string | number)[] };

const ISO_US = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The row's key, as SQL selecting a JSON array text (timestamps to the microsecond, in UTC). */
export function keyOf(parts: readonly KeyPart[]): SQL<string> {
  const items = parts.map((p) => (p.kind === 'time' ? sql`to_char(${p.col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : p.kind === 'uuid' ? sql`${p.col}::text` : p.col));
  return sql<string>`json_build_array(${sql.join(items, sql`, `)})::text`;
}

export function encodeCursor(dir: Direction, key: string): string {
  return Buffer.from(`${dir === 'next' ? 'n' : 'p'}${key}`, 'utf8').toString('base64url');
}

/** The cursor a client sent back, checked against the list's key (422 on `cursor` when it is not one). */
export function decodeCursor(parts: readonly KeyPart[], raw: string): Cursor {
  const bad = () => fieldError('cursor', 'invalid');
  let text: string;
  try {
    text = Buffer.from(raw, 'base64url').toString('utf8');
  } catch {
    throw bad();
  }
  const dir = text[0] === 'n' ? 'next' : text[0] === 'p' ? 'prev' : null;
  if (!dir) throw bad();
  let values: unknown;
  try {
    values = JSON.parse(text.slice(1));
  } catch {
    throw bad();
  }
  if (!Array.isArray(values) || values.length !== parts.length) throw bad();
  parts.forEach((p, i) => {
    const v = values[i];
    const ok = p.kind === 'time' ? typeof v === 'string' && ISO_US.test(v) : p.kind === 'int' ? Number.isSafeInteger(v) : typeof v === 'string' && UUID.test(v);
    if (!ok) throw bad();
  });
  return { dir, values: values as (string | number)[] };
}

/** Rows after (next) or before (prev) the cursor's row in the list's order (newest first); its values bound in `binds`. */
export function afterCursor(parts: readonly KeyPart[], cursor: Cursor, binds: Binds): SQL {
  const cols = sql.join(
    parts.map((p) => p.col),
    sql`, `,
  );
  const vals = sql.join(
    parts.map((p, i) => {
      const v = binds.v(cursor.values[i]);
      return p.kind === 'time' ? sql`${v}::timestamptz` : p.kind === 'uuid' ? sql`${v}::uuid` : sql`${v}::bigint`;
    }),
    sql`, `,
  );
  return cursor.dir === 'next' ? sql`(${cols}) < (${vals})` : sql`(${cols}) > (${vals})`;
}

/** ORDER BY of the list (newest first), or reversed to read the page before a cursor. */
export function orderOf(parts: readonly KeyPart[], dir: Direction = 'next'): SQL[] {
  return parts.map((p) => (dir === 'next' ? sql`${p.col} desc` : sql`${p.col} asc`));
}

export type PageRequest = { page: number; perPage: number; cursor?: string | undefined };

/**
 * What a list's reader is asked for: its condition, order, limit and offset, and `view`, what its
 * statement's text depends on beside the list's filter (the direction read and the page's size).
 */
export type PageWindow = { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number; view: string };

/**
 * A list's condition. A filtered view's is built at once, its values bound as it is built. The
 * default view's (`view`: the caller's name for everything its text depends on, the top bar's
 * branch chosen or not) is built from values bound before, and only when its statement is: in
 * production a page whose statement is kept under that name builds nothing (db/client.ts
 * `runCompiled`).
 */
export type ListWhere = { readonly view: string | undefined; sql(): SQL | undefined };

/**
 * The condition of a list's page, its values bound in `binds`. `where` is the list's filter (its
 * values through its `v`); in the default view (`isDefault`) it binds the business first and then
 * the top bar's branch, if one is chosen, and nothing else: those two are bound here, in that order,
 * and the filter is built from their placeholders only when its statement is. Outside production
 * every request builds it and checks its text against the view's name (db/client.ts `runCompiled`),
 * so a filter that binds otherwise fails the tests.
 */
export function listWhere<F extends object>(
  binds: Binds,
  tenantId: string,
  f: F,
  isDefault: boolean,
  where: (tenantId: string, f: F, v: Binds['v']) => SQL | undefined,
): ListWhere {
  if (!isDefault) {
    const w = where(tenantId, f, binds.v);
    return { view: undefined, sql: () => w };
  }
  const tenant = binds.v(tenantId);
  const chosen = (f as { branchId?: string | null }).branchId;
  const branch = chosen ? binds.v(chosen) : null;
  const filter = branch ? { ...f, branchId: branch } : f;
  let built: { w: SQL | undefined } | undefined;
  return {
    view: branch ? 'branch' : 'all',
    sql: () => {
      built ??= { w: where(tenant, filter, inline) };
      return built.w;
    },
  };
}

/** The window's ids among `matching` (`windowIds`), built when first asked for and then kept: a page sent by its view's name never asks. */
export function idsOnce(matching: () => MatchingIds, win: PageWindow): () => PgSelect {
  let ids: PgSelect | undefined;
  return () => (ids ??= windowIds(matching(), win));
}

/**
 * Runs a list's page read (`base` names its statements), built once for its shape (db/client.ts
 * `runCompiled`: `shape` is the page's ids select, every value bound in `binds`; `query` builds the
 * read from values bound before it and the window). Prepared when it skips no rows, the first page
 * and those by cursor, which is how a list is read: planning it had cost PostgreSQL about as much as
 * running it. The page's limit and the count's cap are written into the statement (`literalLimit`),
 * so that PostgreSQL's generic plan, made once for any business, reads the list's index for its
 * first rows. A page that skips rows by an offset is planned each time: the generic plan, not
 * knowing how many rows it skips, ran slower than the plan made for them (orders' 500th page 12.6 ms
 * against 8.6). Only for a page whose generic plan was measured as good as its custom one at the
 * busy business's size and at a small one (docs/decisions.md). `once`: the list's default view (no
 * filter but the branch), whose prepared page is planned once for any business (db/pipeline.ts
 * `planOnce`): at the busy business PostgreSQL priced the plan for its values a little lower than
 * the generic one, the same plan, and made it again on every request.
 */
export function readPage<R>(
  exec: Executor,
  base: string,
  win: PageWindow,
  binds: Binds,
  shape: SQLWrapper | (() => SQLWrapper),
  query: () => PreparableQuery<R>,
  once = false,
  view?: string,
): Promise<R> {
  return runCompiled(exec, base, shape, binds, query, !win.offset, once, view === undefined ? undefined : `${view}|${win.view}`);
}

/** The rows a list's filter matches, as a select of their ids (joined only with what the filter reads) and its condition. */
export type MatchingIds<Q extends PgSelect = PgSelect> = { q: Q; where: SQL | undefined };

/** The window's ids among `matching`, in the window's order: a page's ids select (its shape, for `readPage`). */
export function windowIds<Q extends PgSelect>(matching: MatchingIds<Q>, win: PageWindow): Q {
  return matching.q.where(and(matching.where, win.where)).orderBy(...win.orderBy).limit(win.limit).offset(win.offset) as Q;
}

/**
 * A list's page read in two steps: the window's ids found among `matching` on the list's index (a
 * row skipped by an offset costs an index entry, not the look-ups of what a row shows), then `read`
 * reads only those rows with what they show, handed the ids as a subquery (it reads them in the
 * window's order), run as `readPage` says (`once` as there).
 */
export function readIdsFirst<R>(
  exec: Executor,
  base: string,
  win: PageWindow,
  binds: Binds,
  matching: () => MatchingIds,
  read: (ids: PgSelect) => PreparableQuery<R>,
  once = false,
  view?: string,
): Promise<R> {
  const idsOf = idsOnce(matching, win);
  return readPage(exec, base, win, binds, idsOf, () => read(idsOf()), once, view);
}

/**
 * One page of a long list with its meta. `read` fetches the rows in a window, each with its `key`
 * (selected with `keyOf`) and `total`, the expression `total()` makes (the capped count, so the
 * page and its count are one statement); `countRows` selects the rows to count. The list's values,
 * and the cursor's, are bound in `binds` (readPage).
 */
export async function keysetPage<T extends { key: string; total: number }>(
  exec: Executor,
  parts: readonly KeyPart[],
  req: PageRequest,
  binds: Binds,
  read: (w: PageWindow, total: () => SQL<number>) => Promise<T[]>,
  countRows: () => Countable,
): Promise<{ rows: T[]; meta: KeysetMeta }> {
  const cursor = req.cursor ? decodeCursor(parts, req.cursor) : null;
  const dir = cursor?.dir ?? 'next';
  const fetched = await read(
    {
      where: cursor ? afterCursor(parts, cursor, binds) : undefined,
      orderBy: orderOf(parts, dir),
      limit: literalLimit(req.perPage + 1),
      offset: cursor ? 0 : (req.page - 1) * req.perPage,
      view: `${cursor ? dir : 'page'} ${req.perPage}`,
    },
    () => countExpr(countRows(), LIST_COUNT_CAP + 1),
  );
  const more = fetched.length > req.perPage;
  const rows = fetched.slice(0, req.perPage);
  if (dir === 'prev') rows.reverse();
  // Reading back to the start: that is the first page, whatever the address said.
  const page = dir === 'prev' && !more ? 1 : req.page;
  const hasNext = dir === 'next' ? more : rows.length > 0;
  const hasPrev = dir === 'prev' ? more : page > 1 && rows.length > 0;
  // An empty page carries no count (a page past the end): count on its own then.
  const counted = fetched[0] ? Number(fetched[0].total) : await countUpTo(exec, countRows(), LIST_COUNT_CAP + 1, binds.values);
  const exact = counted <= LIST_COUNT_CAP;
  const total = Math.min(counted, LIST_COUNT_CAP);
  const lastPage = exact ? Math.max(1, Math.ceil(total / req.perPage)) : Math.max(Math.ceil(total / req.perPage), page + (hasNext ? 1 : 0));
  return {
    rows,
    meta: {
      current_page: page,
      per_page: req.perPage,
      total,
      last_page: lastPage,
      total_exact: exact,
      next_cursor: hasNext ? encodeCursor('next', rows[rows.length - 1]!.key) : null,
      prev_cursor: hasPrev ? encodeCursor('prev', rows[0]!.key) : null,
    },
  };
}
