import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const roles = pgTable(
  'roles',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique('roles_tenant_slug').on(t.tenantId, t.slug)],
);

export const users = pgTable(
  'users',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    /** Unique across tenants: a person signs in with it before we know their tenant. */
    email: text('email').notNull(),
    /** Owners register with a phone; invited staff and POS accounts may have none. */
    phone: text('phone'),
    phoneCountry: text('phone_country').notNull().default('SA'),
    passwordHash: text('password_hash').notNull(),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    pendingEmail: text('pending_email'),
    locale: text('locale').notNull().default('ar'),
    profilePhoto: text('profile_photo'),
    type: text('type').notNull().default('user'),
    status: text('status').notNull().default('active'),
    isOwner: boolean('is_owner').notNull().default(false),
    canImp: boolean('can_imp').notNull().default(false),
    roleId: uuid('role_id'),
    /** POS accounts sign in on the cashier with their e-mail and this passcode (argon2id). */
    passcodeHash: text('passcode_hash'),
    /** Providers: whether the account may sign in to the mobile app. */
    appAccess: boolean('app_access').notNull().default(true),
    /** The branch the top bar's switch scopes lists to (null: all the user may see). */
    currentBranchId: uuid('current_branch_id'),
    /**
     * Works in every branch (given an empty branch list). False: only the branches linked in
     * user_branches, possibly none (a deleted last branch never widens access). The owner sees all.
     */
    allBranches: boolean('all_branches').notNull().default(true),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('users_id_unique').on(t.id),
    unique('users_email_unique').on(t.email),
    unique('users_phone_unique').on(t.phone),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }),
    // One owner per business: two racing transfers of ownership cannot both win.
    uniqueIndex('users_one_owner').on(t.tenantId).where(sql`is_owner`),
  ],
);

/** Opaque bearer tokens: only the SHA-256 of the secret is kept. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    name: text('name').notNull().default('web'),
    /** Set on an impersonation token: the support user who started it. */
    impersonatorId: uuid('impersonator_id'),
    /** Set on an impersonation token: its impersonation_logs row, closed when the token is stopped or signed out. */
    impersonationLogId: uuid('impersonation_log_id'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('access_tokens_hash_unique').on(t.tokenHash),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

/** One-time codes and links: phone OTPs, e-mail verification, password reset, e-mail change. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    /** The address the code was sent to (the new address for an e-mail change). */
    target: text('target').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('verification_codes_user').on(t.tenantId, t.userId, t.purpose),
    index('verification_codes_hash').on(t.codeHash),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);
