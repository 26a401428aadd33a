import { slugFromName } from '@app/shared/schemas/catalogue';
import { and, eq, inArray, like, ne, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { TenantTable } from '../../plugins/request-context';
import { fieldError } from '../../lib/errors';
import { isUniqueViolation, violatedConstraint } from '../access/access.repository';

/** `%text%` for ILIKE, with the user's % and _ taken literally. */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type SluggedTable = TenantTable & { slug: TenantTable['id'] };

/** Every id names a row of the tenant's `table`, or a 422 `not_exists` on `field`. */
export async function assertIds(tx: Executor, table: TenantTable, tenantId: string, ids: readonly string[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), inArray(table.id, [...ids])));
  if (new Set(found.map((r) => r.id as string)).size !== new Set(ids).size) throw fieldError(field, 'not_exists');
}

async function slugTaken(tx: Executor, table: SluggedTable, tenantId: string, slug: string, selfId?: string): Promise<boolean> {
  const conds: SQL[] = [eq(table.tenantId, tenantId), eq(table.slug, slug)];
  if (selfId) conds.push(ne(table.id, selfId));
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(...conds))
    .limit(1);
  return Boolean(row);
}

/**
 * Arabic (and Persian/Urdu) letters in Latin, one letter at a time after NFKD has split off hamzas,
 * maddas and the short-vowel marks: a readable consonant skeleton (`قص الشعر` → `qs alshar`).
 */
const ARABIC_LATIN: Record<string, string> = {
  'ا': 'a', 'ٱ': 'a', 'ى': 'a', 'ة': 'a', 'ء': '', 'ب': 'b', 'ت': 't', 'ث': 'th', 'ج': 'j', 'ح': 'h',
  'خ': 'kh', 'د': 'd', 'ذ': 'dh', 'ر': 'r', 'ز': 'z', 'س': 's', 'ش': 'sh', 'ص': 's', 'ض': 'd', 'ط': 't',
  'ظ': 'z', 'ع': 'a', 'غ': 'gh', 'ف': 'f', 'ق': 'q', 'ك': 'k', 'ل': 'l', 'م': 'm', 'ن': 'n', 'ه': 'h',
  'و': 'w', 'ي': 'y', 'پ': 'p', 'چ': 'ch', 'ژ': 'zh', 'ڤ': 'v', 'گ': 'g', 'ک': 'k', 'ی': 'y', 'ہ': 'h', 'ے': 'e',
};

/** `0`–`9` for the Arabic-Indic (U+0660) and extended Arabic-Indic (U+06F0) digits. */
const arabicDigit = (c: string): string | undefined => {
  const code = c.codePointAt(0) ?? 0;
  if (code >= 0x0660 && code <= 0x0669) return String(code - 0x0660);
  if (code >= 0x06f0 && code <= 0x06f9) return String(code - 0x06f0);
  return undefined;
};

/**
 * The slug a name gives, in any script: Latin letters lose their accents, Arabic letters and digits
 * are transliterated (`العناية بالشعر` → `alanaya-balshar`), anything else separates words; then the
 * Latin rule of `slugFromName`. Null only when nothing is left (a name of emoji or Chinese).
 */
export function slugBaseFromName(name: string): string | null {
  const latin = [...name.normalize('NFKD').replace(/[\p{M}\u0640]/gu, '')]
    .map((c) => (/[\x20-\x7e]/.test(c) ? c : (ARABIC_LATIN[c] ?? arabicDigit(c) ?? ' ')))
    .join('');
  return slugFromName(latin);
}

/** The first of `base`, `base-2`, `base-3` … no other row of the tenant has, in one query. */
async function freeSlug(tx: Executor, table: SluggedTable, tenantId: string, base: string, selfId?: string): Promise<string> {
  const conds: SQL[] = [eq(table.tenantId, tenantId), or(eq(table.slug, base), like(table.slug, `${base.replace(/_/g, '\\_')}-%`)) as SQL];
  if (selfId) conds.push(ne(table.id, selfId));
  const rows = await tx
    .select({ slug: table.slug })
    .from(table)
    .where(and(...conds));
  const taken = new Set(rows.map((r) => r.slug as string));
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The slug to store. A given slug must be free in the tenant (422 `exists`). Without one, the row
 * keeps its slug (`current`), else one is made from the name in any script (`slugBaseFromName`:
 * Arabic is transliterated), or from `fallback` (`category`, `service`, `product`) when the name
 * gives nothing; `-2`, `-3` … when taken. A name never makes the slug a required field.
 */
export async function resolveSlug(
  tx: Executor,
  table: SluggedTable,
  tenantId: string,
  opts: { given: string | null | undefined; name: string; current?: string | null; selfId?: string; fallback: string },
): Promise<string> {
  if (opts.given) {
    if (await slugTaken(tx, table, tenantId, opts.given, opts.selfId)) throw fieldError('slug', 'exists');
    return opts.given;
  }
  if (opts.current) return opts.current;
  return freeSlug(tx, table, tenantId, slugBaseFromName(opts.name) ?? opts.fallback, opts.selfId);
}

/** A unique-slug race (two saves with one slug at once) is the same 422 as a taken slug. */
export function rethrowSlugRace(err: unknown): never {
  if (isUniqueViolation(err) && violatedConstraint(err).endsWith('_slug')) throw fieldError('slug', 'exists');
  throw err;
}
