import { clock } from '../../lib/clock';
import {
  IMPERSONATION_TTL_MINUTES,
  LOGIN_LOCK_AFTER_FAILURES,
  LOGIN_LOCK_MINUTES,
  type Locale,
  ONBOARDING_LEVEL,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
  TRIAL_DAYS,
  TRUSTED_DEVICE_DAYS,
  UNLOCK_LINK_HOURS,
  UNLOCK_MAIL_EVERY_MINUTES,
} from '@app/shared/constants';
import { PERMISSION_KEYS } from '@app/shared/permissions';
import { normalizePhone } from '@app/shared/phone';
import type { LoginBody, RegisterBody, UserInfo } from '@app/shared/schemas/auth';
import type { Config } from '../../config';
import { type Database, enterTenant, type Tx, withTenant } from '../../db/client';
import { users } from '../../db/schema/users';
import { createDefaultRoles } from '../access/default-roles';
import { createDefaultReasons } from '../settings/default-reasons';
import { tenants } from '../../db/schema/tenants';
import { hashPassword, randomDigits, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { AppError, fieldError, unauthenticated } from '../../lib/errors';
import { t } from '../../i18n/messages';
import { enqueueMessage } from '../outbox/outbox.service';
import * as repo from './auth.repository';
import { createSessionCache } from './session-cache';

export type AuthContext = {
  tokenId: string;
  tenantId: string;
  user: repo.UserRow;
  tenant: repo.TenantRow;
  role: repo.RoleRow | null;
  permissions: string[];
  profileCompleted: boolean;
  subscriptionEnded: boolean;
  impersonatorId: string | null;
  /** The provider row linked to the account (a provider account's own bookings and orders), if any. */
  providerId: string | null;
};

export type AuthDeps = { db: Database; config: Config };

const DAY_MS = 86_400_000;
const EMAIL_LINK_HOURS = 24;
const RESET_LINK_MINUTES = 60;

/** Only an account with a phone has one to verify (invited staff and POS accounts may have none). */
export function needsPhoneVerification(user: { phone: string | null; phoneVerifiedAt: Date | null }): boolean {
  return user.phone !== null && user.phoneVerifiedAt === null;
}

/** 422 "account locked" (code `account-locked`) on the sign-in field used. */
export function accountLocked(field: string, minutes: number, key: 'account_locked' | 'account_locked_mailed' = 'account_locked'): AppError {
  return new AppError(422, key, { code: 'account-locked', params: { minutes }, fields: { [field]: [{ key, params: { minutes } }] } });
}

type LoginFields = { email?: string | undefined; phone?: string | undefined; phone_country?: string | undefined };

/**
 * The account a sign-in names, resolved the one way sign-in resolves it: an e-mail trimmed and
 * lower-cased, anything else read as a phone of the given country in E.164 (spaces, trunk 0, dial
 * code and Arabic-Indic digits all give the same number). Null when it can name no account.
 */
export function loginLookup(body: LoginFields): { email: string } | { phone: string } | null {
  const raw = (body.email || body.phone || '').trim();
  if (raw.includes('@')) return { email: raw.toLowerCase() };
  const phone = normalizePhone(raw, body.phone_country ?? 'SA');
  return phone ? { phone } : null;
}

/** The sign-in throttle's key: one allowance per account, however its login is written. */
export function loginThrottleKey(body: LoginFields): string {
  const lookup = loginLookup(body);
  if (lookup) return 'email' in lookup ? `email:${lookup.email}` : `phone:${lookup.phone}`;
  // Names no account (it fails without touching one); still folded so trivial variants share a key.
  return `other:${(body.email || body.phone || '').replace(/\s+/g, '').toLowerCase().slice(0, 190)}`;
}

export function isProfileCompleted(tenant: repo.TenantRow): boolean {
  return tenant.completedLevel >= ONBOARDING_LEVEL.completeProfile || tenant.onboardingSkippedAt !== null;
}

/** Spec §4: no status and the trial over means expired; an active plan past its end has ended too. */
export function subscriptionState(tenant: repo.TenantRow, now = clock.nowMs()) {
  const trialEnds = tenant.trialEndsAt?.getTime() ?? 0;
  const status = tenant.subscriptionStatus;
  const onTrial = !status && trialEnds > now;
  let ended: boolean;
  if (!status) ended = trialEnds <= now;
  // An active plan that renews by itself stays open past its end until the renewal job has tried
  // (it answers within a minute: paid, or past due); one that will not renew ends on the hour.
  else if (status === 'active') ended = !tenant.subscriptionAutoRenew && (tenant.subscriptionEndsAt?.getTime() ?? Number.POSITIVE_INFINITY) <= now;
  else ended = status !== 'active';
  return { onTrial, ended, trialDaysLeft: Math.max(0, Math.ceil((trialEnds - now) / DAY_MS)) };
}

type BranchRef = { id: string; name: string; lat: number | null; lng: number | null; address: string | null };

export function toUserInfo(ctx: Omit<AuthContext, 'tokenId'>, storeDomain: string, branchRows: BranchRef[], industryRows: { id: number; slug: string; nameAr: string; nameEn: string }[]): UserInfo {
  const { user, tenant, role } = ctx;
  const locale = user.locale === 'en' ? 'en' : 'ar';
  const sub = subscriptionState(tenant);
  return {
    uuid: user.id,
    email: user.email,
    name: user.name,
    profile_photo: user.profilePhoto,
    phone: user.phone,
    phone_country: user.phoneCountry,
    phone_verified: !needsPhoneVerification(user),
    lang: locale,
    role: role ? [{ uuid: role.id, slug: role.slug, name: role.name }] : [],
    created_at: user.createdAt.toISOString(),
    teams: branchRows.map((b) => ({
      uuid: b.id,
      name: b.name,
      location: b.lat !== null && b.lng !== null ? { lat: b.lat, lng: b.lng, address: b.address } : null,
    })),
    current_branch: (() => {
      const b = branchRows.find((r) => r.id === user.currentBranchId);
      return b ? { uuid: b.id, name: b.name } : null;
    })(),
    is_owner: user.isOwner,
    profile_completed: ctx.profileCompleted,
    email_verified: user.emailVerifiedAt !== null,
    can_imp: user.canImp,
    is_imp: ctx.impersonatorId !== null,
    permissions: ctx.permissions,
    type: user.type,
    tenant: {
      uuid: tenant.id,
      name: tenant.name,
      logo: tenant.logo,
      currency: tenant.currency,
      timezone: tenant.timezone,
      time_format: tenant.timeFormat === '24' ? '24' : '12',
      start_of_week: tenant.startOfWeek,
      country: tenant.country,
      booking_page: {
        subdomain: tenant.subdomain,
        full_domain: tenant.subdomain ? `${tenant.subdomain}.${storeDomain}` : null,
      },
      plugins: tenant.plugins,
      whatsapp_enabled: tenant.whatsappEnabled,
      whatsapp_status: tenant.whatsappStatus,
      subscription: tenant.subscriptionStatus
        ? {
            plan: tenant.subscriptionPlan,
            status: tenant.subscriptionStatus,
            start_at: tenant.subscriptionStartAt?.toISOString() ?? null,
            ends_at: tenant.subscriptionEndsAt?.toISOString() ?? null,
            show_renew_message: tenant.showRenewMessage,
          }
        : null,
      onTrial: sub.onTrial,
      trail_ends_at: tenant.trialEndsAt?.toISOString() ?? null,
      trial_days_left: sub.trialDaysLeft,
      trial_extendable: !tenant.subscriptionStatus && !tenant.trialExtendedAt,
      onboarding: {
        completed_level: tenant.completedLevel,
        tenant_type: tenant.systemType,
        tenant_benefits: tenant.features,
        number_of_employees: tenant.numberOfEmployees,
        tenant_creator_role: tenant.ownerRole,
        service_types: tenant.serviceTypes,
        skipped: tenant.onboardingSkippedAt !== null,
      },
      industry: industryRows.map((i) => ({ id: i.id, slug: i.slug, name: locale === 'en' ? i.nameEn : i.nameAr })),
    },
  };
}

export function createAuthService({ db, config }: AuthDeps) {
  let dummyHash: Promise<string> | undefined;
  /** A new bearer token; an impersonation token (with its support account and log row) lives IMPERSONATION_TTL_MINUTES. */
  async function issueToken(tx: Tx, tenantId: string, userId: string, impersonatorId: string | null = null, impersonationLogId: string | null = null) {
    const token = randomToken();
    const expiresAt = impersonatorId ? new Date(Date.now() + IMPERSONATION_TTL_MINUTES * 60_000) : null;
    await repo.insertToken(tx, { tenantId, userId, tokenHash: sha256(token), impersonatorId, impersonationLogId, expiresAt });
    return token;
  }

  const sessions = createSessionCache<repo.TokenContextRow>({ ttlMs: config.authCacheSeconds * 1000 });

  /**
   * The signed-in context of a bearer token, or null. Kept for a few seconds (session-cache.ts);
   * `fresh` reads it again (after the request itself changed it).
   */
  async function resolveToken(token: string, opts: { fresh?: boolean } = {}): Promise<AuthContext | null> {
    const hash = sha256(token);
    const lookup = async () => {
      const found = await repo.findTokenContext(db, hash);
      return found && { tenantId: found.token.tenantId, value: found };
    };
    const read = opts.fresh ? await lookup() : null;
    const entry = read ? sessions.set(hash, read.tenantId, read.value) : opts.fresh ? null : await sessions.load(hash, lookup);
    if (!entry) return null;
    const row = entry.value;
    const now = Date.now();
    if (row.token.expiresAt && row.token.expiresAt.getTime() <= now) return null;
    // A deactivated user's tokens stop working at once.
    if (row.user.status !== 'active') return null;
    // An impersonation token works only while its support account exists, is active and keeps can_imp.
    if (row.token.impersonatorId) {
      const support = row.impersonator;
      if (support?.status !== 'active' || !support.canImp) return null;
    }
    const lastUsed = Math.max(row.token.lastUsedAt?.getTime() ?? 0, entry.touchedAt ?? 0);
    if (now - lastUsed > 60_000) {
      entry.touchedAt = now;
      await repo.touchToken(db, row.token.tenantId, row.token.id);
    }
    const permissions = row.user.isOwner ? [...PERMISSION_KEYS] : (row.role?.permissions ?? []);
    return {
      tokenId: row.token.id,
      tenantId: row.token.tenantId,
      user: row.user,
      tenant: row.tenant,
      role: row.role,
      permissions,
      profileCompleted: isProfileCompleted(row.tenant),
      subscriptionEnded: subscriptionState(row.tenant).ended,
      impersonatorId: row.token.impersonatorId,
      providerId: row.providerId,
    };
  }

  /**
   * After a write: the signed-in contexts it may have changed are read again on their next use. A
   * business's own write forgets that business's tokens; a write without one (sign-in, a password
   * reset) or by support staff (who reach other businesses) forgets them all.
   */
  function afterWrite(ctx: AuthContext | null) {
    if (ctx && !ctx.impersonatorId && !ctx.user.canImp) sessions.forget(ctx.tenantId);
    else sessions.forget();
  }

  async function userInfo(ctx: AuthContext): Promise<UserInfo> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const branchRows = await repo.visibleBranches(tx, ctx.tenantId, ctx.user);
      const industryRows = await repo.industriesByIds(tx, ctx.tenant.industries);
      return toUserInfo(ctx, config.storeDomain, branchRows, industryRows);
    });
  }

  /** Reloads the caller's context (after a change) and renders it. */
  async function freshInfo(token: string) {
    const ctx = await resolveToken(token, { fresh: true });
    if (!ctx) throw unauthenticated();
    return userInfo(ctx);
  }

  async function sendPhoneOtp(tx: Tx, user: repo.UserRow, locale: Locale) {
    if (!user.phone) return;
    const code = randomDigits(OTP_LENGTH);
    await repo.consumeCodes(tx, user.tenantId, user.id, 'phone');
    await repo.insertCode(tx, {
      tenantId: user.tenantId,
      userId: user.id,
      purpose: 'phone',
      codeHash: sha256(`${user.id}:${code}`),
      target: user.phone,
      expiresAt: new Date(Date.now() + OTP_TTL_MINUTES * 60_000),
    });
    await enqueueMessage(tx, {
      tenantId: user.tenantId,
      channel: 'sms',
      recipient: user.phone,
      body: t('sms_otp', locale, { code, minutes: OTP_TTL_MINUTES }),
    });
  }

  /** A fresh secret for an e-mailed link of `purpose` (the user's older ones die); only its hash is stored. */
  async function newLinkToken(tx: Tx, user: repo.UserRow, purpose: string, target: string, validMs: number): Promise<string> {
    const token = randomToken(24);
    await repo.consumeCodes(tx, user.tenantId, user.id, purpose);
    await repo.insertCode(tx, { tenantId: user.tenantId, userId: user.id, purpose, codeHash: sha256(token), target, expiresAt: new Date(Date.now() + validMs) });
    return token;
  }

  async function sendEmailLink(tx: Tx, user: repo.UserRow, purpose: 'verify_email' | 'change_email', target: string, locale: Locale) {
    const token = await newLinkToken(tx, user, purpose, target, EMAIL_LINK_HOURS * 3_600_000);
    const link = `${config.appUrl}/verify-your-email?token=${encodeURIComponent(token)}`;
    await enqueueMessage(tx, {
      tenantId: user.tenantId,
      channel: 'email',
      recipient: target,
      subject: t('mail_verify_subject', locale),
      body: t('mail_verify_body', locale, { name: user.name, link }),
    });
  }

  async function register(body: RegisterBody, locale: Locale) {
    const phone = normalizePhone(body.phone, body.phone_country);
    if (!phone) throw fieldError('phone', 'phone');
    const taken = await repo.emailOrPhoneTaken(db, body.email, phone);
    if (taken.email || taken.phone) {
      const fields: Record<string, { key: 'exists' }[]> = {};
      if (taken.email) fields.email = [{ key: 'exists' }];
      if (taken.phone) fields.phone = [{ key: 'exists' }];
      throw new AppError(422, 'validation_failed', { fields });
    }
    const passwordHash = await hashPassword(body.password);
    const lang = body.locale ?? locale;
    try {
      return await db.transaction(async (sys) => {
        const [tenant] = await sys
          .insert(tenants)
          .values({ locale: lang, trialEndsAt: new Date(Date.now() + TRIAL_DAYS * DAY_MS), country: body.phone_country })
          .returning();
        if (!tenant) throw new Error('tenant insert returned nothing');
        // From here on, the tenant's own rows are written under its RLS context.
        await enterTenant(sys, tenant.id);
        const role = await createDefaultRoles(sys, tenant.id, lang);
        await createDefaultReasons(sys, tenant.id, lang);
        const [user] = await sys
          .insert(users)
          .values({
            tenantId: tenant.id,
            name: body.name,
            email: body.email,
            phone,
            phoneCountry: body.phone_country,
            passwordHash,
            locale: lang,
            isOwner: true,
            roleId: role?.id,
          })
          .returning();
        if (!user) throw new Error('user insert returned nothing');
        await sendPhoneOtp(sys, user, lang);
        await sendEmailLink(sys, user, 'verify_email', user.email, lang);
        const token = await issueToken(sys, tenant.id, user.id);
        return token;
      });
    } catch (err) {
      // Two sign-ups racing for one e-mail or phone: the unique index decides.
      if ((err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') {
        throw fieldError('email', 'exists');
      }
      throw err;
    }
  }

  /**
   * Signs in. The account lock (LOGIN_LOCK_AFTER_FAILURES failures → LOGIN_LOCK_MINUTES) stops
   * guessing; when it locks, the account's e-mail gets an unlock link. A browser that proved it
   * belongs to the account holder (it opened that link or reset the password) carries a trusted-device
   * cookie: the account lock does not apply to it, and its own failures are counted on it alone, so
   * whoever keeps failing with the owner's e-mail can no longer keep the owner out.
   */
  async function login(body: LoginBody, deviceToken?: string) {
    const field = body.email ? 'email' : 'phone';
    const lookup = loginLookup(body);
    if (!lookup) throw fieldError(field, 'bad_credentials');
    const user = await repo.findUserByLogin(db, lookup);
    if (!user) {
      // Same work as a real check, so timing does not tell which accounts exist.
      dummyHash ??= hashPassword('not-a-real-password');
      await verifyPassword(await dummyHash, body.password);
      throw fieldError(field, 'bad_credentials');
    }
    const device = deviceToken ? await repo.findTrustedDevice(db, user, sha256(deviceToken)) : null;
    // Counted on the device first; a device that used up its allowance is revoked and signs in like any other.
    const deviceAttempt = device ? await repo.reserveDeviceAttempt(db, user.tenantId, device.id, LOGIN_LOCK_AFTER_FAILURES) : null;
    if (device && deviceAttempt !== null) {
      if (!(await verifyPassword(user.passwordHash, body.password))) {
        if (deviceAttempt >= LOGIN_LOCK_AFTER_FAILURES) await repo.claimCode(db, user.tenantId, device.id);
        throw fieldError(field, 'bad_credentials');
      }
      // The account's own count stays: the owner signing in must not hand a guesser a fresh allowance.
      await repo.resetCodeAttempts(db, user.tenantId, device.id);
    } else {
      // The attempt is counted before the password is checked: parallel guesses cannot outrun the lock.
      const attempt = await repo.reserveLoginAttempt(db, user, LOGIN_LOCK_AFTER_FAILURES);
      if (attempt === null) {
        const minutes = await repo.lockMinutesLeft(db, user, LOGIN_LOCK_AFTER_FAILURES, LOGIN_LOCK_MINUTES);
        await sendUnlockLink(user);
        throw accountLocked(field, minutes, 'account_locked_mailed');
      }
      if (!(await verifyPassword(user.passwordHash, body.password))) {
        if (attempt >= LOGIN_LOCK_AFTER_FAILURES) {
          await repo.lockAccount(db, user, LOGIN_LOCK_MINUTES);
          await sendUnlockLink(user);
          throw accountLocked(field, LOGIN_LOCK_MINUTES, 'account_locked_mailed');
        }
        throw fieldError(field, 'bad_credentials');
      }
      await repo.clearFailedLogins(db, user);
    }
    if (user.status !== 'active') throw fieldError(field, 'account_inactive');
    return withTenant(db, user.tenantId, (tx) => issueToken(tx, user.tenantId, user.id));
  }

  /**
   * E-mails a locked account its unlock link (single use, UNLOCK_LINK_HOURS), in the account's own
   * language; at most one every UNLOCK_MAIL_EVERY_MINUTES while an earlier link is unused, so an
   * attacker who keeps locking the account cannot flood its inbox.
   */
  async function sendUnlockLink(user: repo.UserRow) {
    if (user.status !== 'active' || !user.email) return;
    await withTenant(db, user.tenantId, async (tx) => {
      // Parallel failed sign-ins all reach here: one at a time, so they send one e-mail.
      await repo.lockUserRow(tx, user);
      const last = await repo.latestCode(tx, user.tenantId, user.id, 'unlock_account');
      if (last && last.expiresAt.getTime() > Date.now() && Date.now() - last.createdAt.getTime() < UNLOCK_MAIL_EVERY_MINUTES * 60_000) return;
      const token = await newLinkToken(tx, user, 'unlock_account', user.email, UNLOCK_LINK_HOURS * 3_600_000);
      const locale: Locale = user.locale === 'en' ? 'en' : 'ar';
      const link = `${config.appUrl}/unlock-account?token=${encodeURIComponent(token)}`;
      await enqueueMessage(tx, {
        tenantId: user.tenantId,
        channel: 'email',
        recipient: user.email,
        subject: t('mail_unlock_subject', locale),
        body: t('mail_unlock_body', locale, { name: user.name, link, failures: LOGIN_LOCK_AFTER_FAILURES, hours: UNLOCK_LINK_HOURS }),
      });
    });
  }

  /**
   * A new password ends every trust given under the old one: the trusted browsers (one an attacker
   * may have had) and any unlock link still unused.
   */
  async function forgetBrowsers(tx: Tx, tenantId: string, userId: string) {
    await repo.consumeCodes(tx, tenantId, userId, 'trusted_device');
    await repo.consumeCodes(tx, tenantId, userId, 'unlock_account');
  }

  /** Marks the caller's browser as the account holder's: returns the cookie value (only its hash is stored). */
  async function trustDevice(tx: Tx, tenantId: string, userId: string): Promise<string> {
    const token = randomToken(32);
    await repo.insertCode(tx, {
      tenantId,
      userId,
      purpose: 'trusted_device',
      codeHash: sha256(token),
      target: 'browser',
      expiresAt: new Date(Date.now() + TRUSTED_DEVICE_DAYS * DAY_MS),
    });
    return token;
  }

  /** Opens the e-mailed unlock link: lifts the lock, uses the link up, and trusts this browser. */
  async function unlockAccount(token: string): Promise<{ deviceToken: string }> {
    const code = await repo.findLiveCodeByHash(db, sha256(token), ['unlock_account']);
    if (!code) throw fieldError('token', 'unlock_token_invalid');
    const deviceToken = await withTenant(db, code.tenantId, async (tx) => {
      if (!(await repo.claimCode(tx, code.tenantId, code.id))) return null;
      await repo.updateUser(tx, code.tenantId, code.userId, { failedLogins: 0, lockedUntil: null });
      return trustDevice(tx, code.tenantId, code.userId);
    });
    if (!deviceToken) throw fieldError('token', 'unlock_token_invalid');
    return { deviceToken };
  }

  /** Revokes the token used; signing out of an impersonation session also closes its log row. */
  async function logout(ctx: AuthContext) {
    const impersonatorId = ctx.impersonatorId;
    if (!impersonatorId) {
      await withTenant(db, ctx.tenantId, (tx) => repo.deleteToken(tx, ctx.tenantId, ctx.tokenId));
      return;
    }
    await db.transaction((sys) => repo.endImpersonation(sys, { tenantId: ctx.tenantId, tokenId: ctx.tokenId, userId: ctx.user.id, impersonatorId }));
  }

  async function resendOtp(ctx: AuthContext, locale: Locale) {
    if (!needsPhoneVerification(ctx.user)) throw fieldError('code', 'already_verified');
    await withTenant(db, ctx.tenantId, async (tx) => {
      const last = await repo.latestCode(tx, ctx.tenantId, ctx.user.id, 'phone');
      const elapsed = last ? (Date.now() - last.createdAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
      if (elapsed < OTP_RESEND_SECONDS) {
        const wait = Math.ceil(OTP_RESEND_SECONDS - elapsed);
        throw new AppError(429, 'otp_wait', { params: { seconds: wait }, retryAfter: wait });
      }
      await sendPhoneOtp(tx, ctx.user, locale);
    });
  }

  async function verifyOtp(ctx: AuthContext, code: string) {
    if (!needsPhoneVerification(ctx.user)) return;
    // A wrong code is counted: the transaction must commit, so the error is thrown after it.
    const failure = await withTenant(db, ctx.tenantId, async (tx) => {
      const row = await repo.latestCode(tx, ctx.tenantId, ctx.user.id, 'phone');
      if (!row || row.expiresAt.getTime() <= Date.now()) throw fieldError('code', 'otp_expired');
      if (row.attempts >= OTP_MAX_ATTEMPTS) throw fieldError('code', 'otp_attempts');
      if (row.codeHash !== sha256(`${ctx.user.id}:${code}`)) {
        await repo.bumpCodeAttempts(tx, ctx.tenantId, row.id);
        return row.attempts + 1 >= OTP_MAX_ATTEMPTS ? ('otp_attempts' as const) : ('otp_invalid' as const);
      }
      await repo.consumeCodes(tx, ctx.tenantId, ctx.user.id, 'phone');
      await repo.updateUser(tx, ctx.tenantId, ctx.user.id, { phoneVerifiedAt: new Date() });
      return null;
    });
    if (failure) throw fieldError('code', failure);
  }

  async function sendVerificationEmail(ctx: AuthContext, locale: Locale) {
    if (ctx.user.emailVerifiedAt) throw fieldError('email', 'already_verified');
    await withTenant(db, ctx.tenantId, (tx) => sendEmailLink(tx, ctx.user, 'verify_email', ctx.user.email, locale));
  }

  /** Public resend by address: answers the same whether or not the address is ours. */
  async function resendVerificationByEmail(email: string, locale: Locale) {
    const user = await repo.findUserByLogin(db, { email });
    if (!user || user.emailVerifiedAt) return;
    await withTenant(db, user.tenantId, (tx) => sendEmailLink(tx, user, 'verify_email', user.email, locale));
  }

  async function verifyEmail(token: string) {
    const code = await repo.findLiveCodeByHash(db, sha256(token), ['verify_email', 'change_email']);
    if (!code) throw fieldError('token', 'email_token_invalid');
    if (code.purpose === 'change_email') {
      // On the system connection, before the tenant transaction (PGlite has a single connection).
      const taken = await repo.findUserByLogin(db, { email: code.target });
      if (taken && taken.id !== code.userId) throw fieldError('token', 'exists');
    }
    await withTenant(db, code.tenantId, async (tx) => {
      if (code.purpose === 'change_email') {
        await repo.updateUser(tx, code.tenantId, code.userId, { email: code.target, pendingEmail: null, emailVerifiedAt: new Date() });
        // An unlock link sent to the old address dies with it.
        await repo.consumeCodes(tx, code.tenantId, code.userId, 'unlock_account');
      } else {
        await repo.updateUser(tx, code.tenantId, code.userId, { emailVerifiedAt: new Date() });
      }
      await repo.consumeCodes(tx, code.tenantId, code.userId, code.purpose);
    });
  }

  async function forgotPassword(email: string, locale: Locale) {
    const user = await repo.findUserByLogin(db, { email });
    if (user?.status !== 'active') return;
    await withTenant(db, user.tenantId, async (tx) => {
      const token = await newLinkToken(tx, user, 'reset_password', user.email, RESET_LINK_MINUTES * 60_000);
      const link = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
      await enqueueMessage(tx, {
        tenantId: user.tenantId,
        channel: 'email',
        recipient: user.email,
        subject: t('mail_reset_subject', locale),
        body: t('mail_reset_body', locale, { name: user.name, link }),
      });
    });
  }

  /** Sets a new password from the e-mailed link: lifts the account lock, signs every session out, and trusts this browser. */
  async function resetPassword(email: string, token: string, password: string): Promise<{ deviceToken: string }> {
    const code = await repo.findLiveCodeByHash(db, sha256(token), ['reset_password']);
    if (!code || code.target !== email) throw fieldError('email', 'reset_token_invalid');
    const passwordHash = await hashPassword(password);
    const deviceToken = await withTenant(db, code.tenantId, async (tx) => {
      if (!(await repo.claimCode(tx, code.tenantId, code.id))) return null;
      await repo.updateUser(tx, code.tenantId, code.userId, { passwordHash, failedLogins: 0, lockedUntil: null });
      await repo.consumeCodes(tx, code.tenantId, code.userId, 'reset_password');
      await repo.deleteUserTokens(tx, code.tenantId, code.userId);
      await forgetBrowsers(tx, code.tenantId, code.userId);
      return trustDevice(tx, code.tenantId, code.userId);
    });
    if (!deviceToken) throw fieldError('email', 'reset_token_invalid');
    return { deviceToken };
  }

  /** Changes the password, signs out every session, and returns a fresh token for this one. */
  async function updatePassword(ctx: AuthContext, current: string, password: string) {
    if (!(await verifyPassword(ctx.user.passwordHash, current))) throw fieldError('current_password', 'current_password_wrong');
    const passwordHash = await hashPassword(password);
    return withTenant(db, ctx.tenantId, async (tx) => {
      await repo.updateUser(tx, ctx.tenantId, ctx.user.id, { passwordHash });
      await repo.deleteUserTokens(tx, ctx.tenantId, ctx.user.id);
      await forgetBrowsers(tx, ctx.tenantId, ctx.user.id);
      return issueToken(tx, ctx.tenantId, ctx.user.id);
    });
  }

  async function changeEmail(ctx: AuthContext, newEmail: string, current: string, locale: Locale) {
    if (!(await verifyPassword(ctx.user.passwordHash, current))) throw fieldError('current_password', 'current_password_wrong');
    if (newEmail === ctx.user.email) throw fieldError('new_email', 'exists');
    const taken = await repo.emailOrPhoneTaken(db, newEmail, '');
    if (taken.email) throw fieldError('new_email', 'exists');
    await withTenant(db, ctx.tenantId, async (tx) => {
      await repo.updateUser(tx, ctx.tenantId, ctx.user.id, { pendingEmail: newEmail });
      await sendEmailLink(tx, ctx.user, 'change_email', newEmail, locale);
    });
  }

  async function updateUserFields(ctx: AuthContext, values: Partial<repo.UserRow>) {
    await withTenant(db, ctx.tenantId, (tx) => repo.updateUser(tx, ctx.tenantId, ctx.user.id, values));
  }

  return {
    issueToken,
    resolveToken,
    afterWrite,
    forgetSessions: (tenantId?: string) => sessions.forget(tenantId),
    userInfo,
    freshInfo,
    register,
    login,
    logout,
    resendOtp,
    verifyOtp,
    sendVerificationEmail,
    resendVerificationByEmail,
    verifyEmail,
    forgotPassword,
    resetPassword,
    unlockAccount,
    updatePassword,
    changeEmail,
    updateUserFields,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
