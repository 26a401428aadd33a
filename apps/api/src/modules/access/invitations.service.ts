import { assertWithinPlan } from '../subscription/billing.service';
import { INVITATION_TTL_DAYS, type Locale } from '@app/shared/constants';
import type { AcceptInvitationBody, Invitation, InvitationBody } from '@app/shared/schemas/access';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type Database, type Executor, type Tx, withTenant } from '../../db/client';
import { invitations, userBranches } from '../../db/schema/access';
import { branches } from '../../db/schema/business';
import { tenants } from '../../db/schema/tenants';
import { roles, users } from '../../db/schema/users';
import { t } from '../../i18n/messages';
import { hashPassword, randomToken, sha256 } from '../../lib/crypto';
import { AppError, fieldError, notFound } from '../../lib/errors';
import type { AuthContext, AuthService } from '../auth/auth.service';
import { enqueueMessage } from '../outbox/outbox.service';
import {
  assertGrantable,
  assignableRole,
  checkBranches,
  emailTaken,
  existingBranches,
  findRole,
  isForeignKeyViolation,
  isUniqueViolation,
  roleKeys,
  roleName,
} from './access.repository';

type InvitationRow = typeof invitations.$inferSelect;

const DAY_MS = 86_400_000;

async function renderInvitations(tx: Executor, tenantId: string, rows: InvitationRow[], locale: Locale): Promise<Invitation[]> {
  if (rows.length === 0) return [];
  const roleIds = [...new Set(rows.map((r) => r.roleId).filter((x): x is string => x !== null))];
  const branchIds = [...new Set(rows.flatMap((r) => r.branchIds))];
  const inviterIds = [...new Set(rows.map((r) => r.invitedBy).filter((x): x is string => x !== null))];
  const roleRows = roleIds.length ? await tx.select().from(roles).where(and(eq(roles.tenantId, tenantId), inArray(roles.id, roleIds))) : [];
  const branchRows = branchIds.length
    ? await tx
        .select({ id: branches.id, name: branches.name })
        .from(branches)
        .where(and(eq(branches.tenantId, tenantId), inArray(branches.id, branchIds)))
    : [];
  const inviterRows = inviterIds.length
    ? await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), inArray(users.id, inviterIds)))
    : [];
  const roleById = new Map(roleRows.map((r) => [r.id, r]));
  const branchById = new Map(branchRows.map((b) => [b.id, b]));
  const inviterById = new Map(inviterRows.map((u) => [u.id, u.name]));
  return rows.map((r) => {
    const role = r.roleId ? roleById.get(r.roleId) : undefined;
    return {
      uuid: r.id,
      email: r.email,
      name: r.name,
      role: role ? { uuid: role.id, name: roleName(role, locale) } : null,
      branches: r.branchIds.flatMap((id) => {
        const b = branchById.get(id);
        return b ? [{ uuid: b.id, name: b.name }] : [];
      }),
      status: r.status as Invitation['status'],
      invited_by: r.invitedBy ? (inviterById.get(r.invitedBy) ?? null) : null,
      expires_at: r.expiresAt.toISOString(),
      accepted_at: r.acceptedAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
    };
  });
}

async function loadInvitation(tx: Executor, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.tenantId, tenantId), eq(invitations.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** A live invitation by the secret of its link (opened signed out: system connection). */
async function findLive(db: Database, token: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tokenHash, sha256(token)), eq(invitations.status, 'sent'), gt(invitations.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}

export function createInvitationsService({ db, auth, config }: { db: Database; auth: AuthService; config: Config }) {
  /** Writes the e-mail with a fresh link in the caller's transaction; returns the new token hash and expiry. */
  async function mail(tx: Tx, ctx: AuthContext, email: string, locale: Locale) {
    const token = randomToken();
    const link = `${config.appUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
    const business = ctx.tenant.name ?? ctx.tenant.storeName ?? '';
    await enqueueMessage(tx, {
      tenantId: ctx.tenantId,
      channel: 'email',
      recipient: email,
      subject: t('invitation_subject', locale, { business }),
      body: t('invitation_body', locale, { inviter: ctx.user.name, business, days: INVITATION_TTL_DAYS, link }),
    });
    return { tokenHash: sha256(token), expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS) };
  }

  /** Open invitations first, then the newest. */
  async function list(ctx: AuthContext, locale: Locale) {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const rows = await tx
        .select()
        .from(invitations)
        .where(eq(invitations.tenantId, ctx.tenantId))
        .orderBy(sql`case when ${invitations.status} = 'sent' then 0 else 1 end`, desc(invitations.createdAt), asc(invitations.id));
      return renderInvitations(tx, ctx.tenantId, rows, locale);
    });
  }

  /** Invites an address; an open invitation to the same address is replaced (its link dies). */
  async function create(ctx: AuthContext, body: InvitationBody, locale: Locale) {
    if (await emailTaken(db, body.email)) throw fieldError('email', 'exists');
    return withTenant(db, ctx.tenantId, async (tx) => {
      await assertWithinPlan(tx, ctx.tenant, 'users');
      const role = await assignableRole(tx, ctx.tenantId, body.role_id);
      // Only keys the inviter holds (the owner: any).
      assertGrantable(ctx, roleKeys(role), 'role_id');
      const branchIds = await checkBranches(tx, ctx.tenantId, body.branch_ids);
      await tx
        .update(invitations)
        .set({ status: 'deleted' })
        .where(and(eq(invitations.tenantId, ctx.tenantId), eq(invitations.email, body.email), eq(invitations.status, 'sent')));
      const link = await mail(tx, ctx, body.email, locale);
      const [row] = await tx
        .insert(invitations)
        .values({
          tenantId: ctx.tenantId,
          email: body.email,
          name: body.name ?? null,
          roleId: role.id,
          branchIds,
          allBranches: branchIds.length === 0,
          invitedBy: ctx.user.id,
          ...link,
        })
        .returning();
      if (!row) throw new Error('invitation insert returned nothing');
      const [rendered] = await renderInvitations(tx, ctx.tenantId, [row], locale);
      if (!rendered) throw notFound();
      return rendered;
    });
  }

  /** A new link (and seven more days); the old link stops working. */
  async function resend(ctx: AuthContext, id: string, locale: Locale) {
    const [current] = await withTenant(db, ctx.tenantId, (tx) =>
      tx
        .select({ email: invitations.email, status: invitations.status })
        .from(invitations)
        .where(and(eq(invitations.tenantId, ctx.tenantId), eq(invitations.id, id)))
        .limit(1),
    );
    if (!current) throw notFound();
    if (current.status === 'accepted') throw new AppError(422, 'invitation_already_accepted');
    if (current.status !== 'sent') throw new AppError(422, 'invitation_invalid');
    if (await emailTaken(db, current.email)) throw fieldError('email', 'exists');
    return withTenant(db, ctx.tenantId, async (tx) => {
      const row = await loadInvitation(tx, ctx.tenantId, id);
      if (row.status !== 'sent') throw new AppError(422, 'invitation_invalid');
      const link = await mail(tx, ctx, row.email, locale);
      const [updated] = await tx
        .update(invitations)
        .set(link)
        .where(and(eq(invitations.tenantId, ctx.tenantId), eq(invitations.id, id)))
        .returning();
      if (!updated) throw notFound();
      const [rendered] = await renderInvitations(tx, ctx.tenantId, [updated], locale);
      if (!rendered) throw notFound();
      return rendered;
    });
  }

  async function remove(ctx: AuthContext, id: string) {
    await withTenant(db, ctx.tenantId, async (tx) => {
      const row = await loadInvitation(tx, ctx.tenantId, id);
      if (row.status === 'accepted') throw new AppError(422, 'invitation_already_accepted');
      await tx
        .update(invitations)
        .set({ status: 'deleted' })
        .where(and(eq(invitations.tenantId, ctx.tenantId), eq(invitations.id, id)));
    });
  }

  /** What the accept screen shows; 404 for a dead link. */
  async function preview(token: string, locale: Locale) {
    const row = await findLive(db, token);
    if (!row) throw notFound();
    const [tenant] = await db.select({ name: tenants.name, storeName: tenants.storeName }).from(tenants).where(eq(tenants.id, row.tenantId)).limit(1);
    const role = row.roleId ? await findRole(db, row.tenantId, row.roleId) : null;
    return { email: row.email, name: row.name, business: tenant?.name ?? tenant?.storeName ?? null, role: role ? roleName(role, locale) : null };
  }

  /** Creates the invited account (e-mail counts as verified, no phone) and signs it in. */
  async function accept(body: AcceptInvitationBody, locale: Locale): Promise<string> {
    const row = await findLive(db, body.token);
    if (!row) throw fieldError('token', 'invitation_invalid');
    if (await emailTaken(db, row.email)) throw fieldError('email', 'exists');
    const passwordHash = await hashPassword(body.password);
    // A branch deleted between reading and linking it: the foreign key refuses, and a second try
    // links the branches that are left.
    for (let attempt = 0; ; attempt++) {
      try {
        return await acceptOnce(row, body, passwordHash, locale);
      } catch (err) {
        if (attempt < 2 && isForeignKeyViolation(err)) continue;
        throw err;
      }
    }
  }

  async function acceptOnce(row: InvitationRow, body: AcceptInvitationBody, passwordHash: string, locale: Locale): Promise<string> {
    try {
      return await withTenant(db, row.tenantId, async (tx) => {
        // Claimed in the same statement that checks it, so one link makes one account.
        const [claimed] = await tx
          .update(invitations)
          .set({ status: 'accepted', acceptedAt: sql`now()` })
          .where(and(eq(invitations.tenantId, row.tenantId), eq(invitations.id, row.id), eq(invitations.status, 'sent'), gt(invitations.expiresAt, sql`now()`)))
          .returning({ id: invitations.id });
        if (!claimed) throw fieldError('token', 'invitation_invalid');
        const role = row.roleId ? await findRole(tx, row.tenantId, row.roleId) : null;
        const branchIds = await existingBranches(tx, row.tenantId, row.branchIds);
        const [user] = await tx
          .insert(users)
          .values({
            tenantId: row.tenantId,
            name: body.name,
            email: row.email,
            phone: null,
            passwordHash,
            emailVerifiedAt: new Date(),
            locale,
            type: 'user',
            roleId: role?.id ?? null,
            // Invited to some branches: only those, even if they are deleted before acceptance.
            allBranches: row.allBranches,
          })
          .returning({ id: users.id });
        if (!user) throw new Error('user insert returned nothing');
        if (branchIds.length) await tx.insert(userBranches).values(branchIds.map((branchId) => ({ tenantId: row.tenantId, userId: user.id, branchId })));
        return auth.issueToken(tx, row.tenantId, user.id);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('email', 'exists');
      throw err;
    }
  }

  return { list, create, resend, remove, preview, accept };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
