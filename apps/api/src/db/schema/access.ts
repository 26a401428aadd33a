import { boolean, foreignKey, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { branches, providers } from './business';
import { tenants } from './tenants';
import { roles, users } from './users';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Which branches a staff account belongs to (the owner sees every branch without rows here). */
export const userBranches = pgTable(
  'user_branches',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    branchId: uuid('branch_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.branchId] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.branchId], foreignColumns: [branches.tenantId, branches.id] }).onDelete('cascade'),
  ],
);

/** An e-mailed invitation to join the business: sent, then accepted or deleted. */
export const invitations = pgTable(
  'invitations',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    email: text('email').notNull(),
    name: text('name'),
    roleId: uuid('role_id'),
    branchIds: uuid('branch_ids').array().notNull().default([]),
    /** Invited with no branch chosen: the account works in every branch (kept apart from branch_ids, which lose deleted branches). */
    allBranches: boolean('all_branches').notNull().default(true),
    /** SHA-256 of the secret in the e-mailed link. */
    tokenHash: text('token_hash').notNull(),
    status: text('status').notNull().default('sent'),
    invitedBy: uuid('invited_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('invitations_token_unique').on(t.tokenHash),
    index('invitations_email').on(t.tenantId, t.email),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('set null'),
  ],
);

/** A named group of providers (spec §3 "Provider team: title, providers"). */
export const providerTeams = pgTable(
  'provider_teams',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    title: text('title').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const providerTeamMembers = pgTable(
  'provider_team_members',
  {
    tenantId: tenantId(),
    teamId: uuid('team_id').notNull(),
    providerId: uuid('provider_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.teamId, t.providerId] }),
    foreignKey({ columns: [t.tenantId, t.teamId], foreignColumns: [providerTeams.tenantId, providerTeams.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.providerId], foreignColumns: [providers.tenantId, providers.id] }).onDelete('cascade'),
  ],
);

/** A supervisor of a provider team (spec §3: name, e-mail, team, staff count, status). */
export const supervisors = pgTable(
  'supervisors',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    teamId: uuid('team_id'),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('supervisors_tenant_email').on(t.tenantId, t.email),
    foreignKey({ columns: [t.tenantId, t.teamId], foreignColumns: [providerTeams.tenantId, providerTeams.id] }).onDelete('set null'),
  ],
);

/**
 * Every sign-in of support staff as another account (spec §6: "every such sign-in is logged").
 * Not tenant-owned: support works across businesses, so only the system connection reads and
 * writes it; the request role (app_user) has no grant on it.
 */
export const impersonationLogs = pgTable(
  'impersonation_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    impersonatorId: uuid('impersonator_id').notNull(),
    impersonatorTenantId: uuid('impersonator_tenant_id').notNull(),
    targetUserId: uuid('target_user_id').notNull(),
    targetTenantId: uuid('target_tenant_id').notNull(),
    reason: text('reason').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('impersonation_logs_target').on(t.targetTenantId, t.startedAt)],
);
