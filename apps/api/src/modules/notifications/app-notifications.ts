import type { Locale } from '@app/shared/constants';
import { formatMoney } from '@app/shared/format';
import { hasAnyPermission, type PermissionKey } from '@app/shared/permissions';
import { APP_NOTES_SHOWN, type AppNotification, UNREAD_CAP } from '@app/shared/schemas/app-notifications';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { type Database, type Executor, withTenant } from '../../db/client';
import { appNotifications } from '../../db/schema/notifications';
import { roles, users } from '../../db/schema/users';
import { t } from '../../i18n/messages';
import { countExpr } from '../../lib/count';
import { notFound } from '../../lib/errors';
import type { AuthContext } from '../auth/auth.service';
import { roleKeys } from '../access/access.repository';

/** What a bell note says, in both languages, and the dashboard path it opens. */
export type AppNote = {
  kind: string;
  titleAr: string;
  titleEn: string;
  bodyAr?: string;
  bodyEn?: string;
  url?: string | null;
};

/**
 * Puts a note on the bell of every active account of the business that holds `permission` (one key,
 * or any one of a list; the owner always; no key: everyone), in the caller's transaction so the note
 * exists exactly when what it is about does. `except`: an account left out (the one whose own
 * action it is). Returns how many accounts got it.
 */
export async function notifyUsers(
  exec: Executor,
  tenantId: string,
  note: AppNote,
  permission?: PermissionKey | readonly PermissionKey[],
  /** The account whose own action it is (it knows already). */
  except?: string | null,
): Promise<number> {
  const anyOf: readonly PermissionKey[] = permission === undefined ? [] : typeof permission === 'string' ? [permission] : permission;
  const rows = await exec
    .select({ id: users.id, isOwner: users.isOwner, slug: roles.slug, isDefault: roles.isDefault, permissions: roles.permissions })
    .from(users)
    .leftJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)))
    .where(and(eq(users.tenantId, tenantId), eq(users.status, 'active'), eq(users.type, 'user')));
  const to = rows.filter(
    (u) => u.id !== except && (u.isOwner || hasAnyPermission(roleKeys(u.slug === null ? null : { slug: u.slug, isDefault: u.isDefault ?? false, permissions: u.permissions ?? [] }), anyOf)),
  );
  if (to.length === 0) return 0;
  await exec.insert(appNotifications).values(
    to.map((u) => ({
      tenantId,
      userId: u.id,
      kind: note.kind,
      titleAr: note.titleAr,
      titleEn: note.titleEn,
      bodyAr: note.bodyAr ?? '',
      bodyEn: note.bodyEn ?? '',
      url: note.url ?? null,
    })),
  );
  return to.length;
}

/** The payment notes of the bell: where they lead and who gets them (those who handle the money). */
export type PaymentNoteKind = 'payment_received' | 'transaction_review' | 'payment_failed';
const PAYMENT_NOTE_KEYS: readonly PermissionKey[] = ['transaction', 'sales.payments'];

/**
 * A payment's note on the bell: an online payment received or refused by the gateway, or a
 * bank-transfer receipt waiting for review. Opens the transaction.
 */
export async function notePayment(
  exec: Executor,
  tenantId: string,
  kind: PaymentNoteKind,
  p: { transactionId: string; orderNumber: number; amount: number; currency: string },
  except?: string | null,
): Promise<number> {
  const text = (locale: Locale) => {
    const params = { amount: formatMoney(p.amount, locale, p.currency), number: p.orderNumber };
    return { title: t(`note_${kind}_title`, locale, params), body: t(`note_${kind}_body`, locale, params) };
  };
  const ar = text('ar');
  const en = text('en');
  return notifyUsers(exec, tenantId, { kind, titleAr: ar.title, titleEn: en.title, bodyAr: ar.body, bodyEn: en.body, url: `/sales/transactions/${p.transactionId}` }, PAYMENT_NOTE_KEYS, except);
}

type NoteRow = typeof appNotifications.$inferSelect;

export const toAppNotification = (r: NoteRow, locale: Locale): AppNotification => ({
  id: r.id,
  kind: r.kind,
  title: locale === 'en' ? r.titleEn || r.titleAr : r.titleAr || r.titleEn,
  body: locale === 'en' ? r.bodyEn || r.bodyAr : r.bodyAr || r.bodyEn,
  url: r.url,
  created_at: r.createdAt.toISOString(),
});

/** The account's notes on the bell, as a query to count. */
export function notesOf(exec: Executor, tenantId: string, userId: string) {
  return exec
    .select({ one: sql`1` })
    .from(appNotifications)
    .where(and(eq(appNotifications.tenantId, tenantId), eq(appNotifications.userId, userId)))
    .$dynamic();
}

/** How many rows `query` has, counted up to `UNREAD_CAP` (the badge shows 99+), as a scalar subquery (the cap written into the text). */
export function cappedCount(query: PgSelect): SQL {
  return countExpr(query, UNREAD_CAP);
}

/** How many notes the account has, counted up to `UNREAD_CAP` (app_notifications_user). */
export async function countNotes(exec: Executor, tenantId: string, userId: string): Promise<number> {
  const res = (await exec.execute(sql`select ${cappedCount(notesOf(exec, tenantId, userId))} as n`)) as unknown as { rows: { n: number | string }[] };
  return Number(res.rows[0]?.n ?? 0);
}

/**
 * The bell of the signed-in account (spec §4): only its own notes, whatever its keys. A note is unread
 * until read, and reading removes it, so every note on the bell is unread.
 */
export function createAppNotificationService({ db }: { db: Database }) {
  const mine = (ctx: AuthContext) => and(eq(appNotifications.tenantId, ctx.tenantId), eq(appNotifications.userId, ctx.user.id));

  /** The newest notes, and how many there are (capped). */
  async function list(ctx: AuthContext, locale: Locale): Promise<{ data: AppNotification[]; meta: { unread: number } }> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const rows = await tx.select().from(appNotifications).where(mine(ctx)).orderBy(desc(appNotifications.createdAt), desc(appNotifications.id)).limit(APP_NOTES_SHOWN);
      const unread = rows.length < APP_NOTES_SHOWN ? rows.length : await countNotes(tx, ctx.tenantId, ctx.user.id);
      return { data: rows.map((r) => toAppNotification(r, locale)), meta: { unread } };
    });
  }

  /** Reads a note: it is removed, and its url answered. Another account's note is a 404, as if it did not exist. */
  async function read(ctx: AuthContext, id: string): Promise<{ url: string | null }> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const [gone] = await tx.delete(appNotifications).where(and(mine(ctx), eq(appNotifications.id, id))).returning({ url: appNotifications.url });
      if (!gone) throw notFound();
      return { url: gone.url };
    });
  }

  /** Marks every note of the account read (removes them); answers how many there were. */
  async function readAll(ctx: AuthContext): Promise<number> {
    return withTenant(db, ctx.tenantId, async (tx) => (await tx.delete(appNotifications).where(mine(ctx)).returning({ id: appNotifications.id })).length);
  }

  return { list, read, readAll };
}
