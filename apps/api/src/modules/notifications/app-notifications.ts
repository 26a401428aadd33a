import type { PermissionKey } from '@app/shared/permissions';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { appNotifications } from '../../db/schema/notifications';
import { roles, users } from '../../db/schema/users';
import { holdsAll, roleKeys } from '../access/access.repository';

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
 * Puts a note on the bell of every active account of the business that holds `permission` (the owner
 * always; no key: everyone), in the caller's transaction so the note exists exactly when what it is
 * about does. Returns how many accounts got it.
 */
export async function notifyUsers(exec: Executor, tenantId: string, note: AppNote, permission?: PermissionKey): Promise<number> {
  const rows = await exec
    .select({ id: users.id, isOwner: users.isOwner, slug: roles.slug, isDefault: roles.isDefault, permissions: roles.permissions })
    .from(users)
    .leftJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)))
    .where(and(eq(users.tenantId, tenantId), eq(users.status, 'active'), eq(users.type, 'user')));
  const to = rows.filter(
    (u) => u.isOwner || !permission || holdsAll(roleKeys(u.slug === null ? null : { slug: u.slug, isDefault: u.isDefault ?? false, permissions: u.permissions ?? [] }), [permission]),
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
