import { ONBOARDING_LEVEL, type Locale } from '@app/shared/constants';
import type { CompleteProfileBody, OnboardingStatus, TenantInfoBody, TenantProfileBody } from '@app/shared/schemas/onboarding';
import { RESERVED_SUBDOMAINS } from '@app/shared/schemas/onboarding';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { type Database, type Tx, withTenant } from '../../db/client';
import { type WorkingHours, branches, providerServices, providers, services } from '../../db/schema/business';
import { industries, tenants } from '../../db/schema/tenants';
import { AppError, fieldError } from '../../lib/errors';
import type { AuthContext } from '../auth/auth.service';
import { resolveSlug } from '../catalogue/catalogue.lib';
import { insertProvider } from '../providers/providers.repository';
import { invalidateStoreHosts } from '../store/store-hosts';

const SUFFIXES = ['sa', 'ksa', 'store', 'online', 'shop', 'booking', 'app', 'center'];
const PREFIXES = ['my', 'the', 'go', 'get'];

/** Latin letters only, as a store URL allows; from a name typed in any language. */
function lettersOnly(value: string): string {
  return value
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .slice(0, 20);
}

export function createOnboardingService({ db }: { db: Database }) {
  async function isSubdomainTaken(subdomain: string, exceptTenant?: string) {
    // Subdomains are unique across tenants; the check runs on the system connection.
    const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subdomain, subdomain)).limit(1);
    return Boolean(row && row.id !== exceptTenant) || RESERVED_SUBDOMAINS.includes(subdomain);
  }

  /** Availability of a store URL and up to five free alternatives. */
  async function suggestSubdomains(input: { subdomain?: string | undefined; name?: string | undefined }, tenantId: string) {
    const base = lettersOnly(input.subdomain ?? '') || lettersOnly(input.name ?? '') || 'store';
    const wanted = lettersOnly(input.subdomain ?? '');
    const valid = wanted.length >= 3 && wanted.length <= 20 && wanted === (input.subdomain ?? '').trim().toLowerCase();
    const available = valid ? !(await isSubdomainTaken(wanted, tenantId)) : false;
    const stem = base.padEnd(3, 'x').slice(0, 14);
    const candidates = [...SUFFIXES.map((s) => stem + s), ...PREFIXES.map((p) => p + stem)]
      .map((c) => c.slice(0, 20))
      .filter((c, i, all) => c.length >= 3 && all.indexOf(c) === i && c !== wanted);
    const taken = await db.select({ s: tenants.subdomain }).from(tenants).where(inArray(tenants.subdomain, candidates));
    const takenSet = new Set(taken.map((r) => r.s));
    const suggestions = candidates.filter((c) => !takenSet.has(c) && !RESERVED_SUBDOMAINS.includes(c)).slice(0, 5);
    return { subdomain: wanted || null, available, suggestions };
  }

  async function listIndustries(locale: Locale) {
    const rows = await db.select().from(industries).orderBy(asc(industries.sortOrder));
    return rows.map((r) => ({ id: r.id, slug: r.slug, name: locale === 'en' ? r.nameEn : r.nameAr, icon: r.icon }));
  }

  async function updateTenant(tx: Tx, tenantId: string, values: Partial<typeof tenants.$inferInsert>) {
    await tx.update(tenants).set({ ...values, updatedAt: sql`now()` }).where(eq(tenants.id, tenantId));
  }

  /**
   * Writes the business's store URL with `values`: fixed once chosen (a different one is
   * `subdomain_fixed`), unique across businesses (`subdomain_taken`, also when two race).
   */
  async function writeSubdomain(ctx: AuthContext, subdomain: string, values: Partial<typeof tenants.$inferInsert> = {}) {
    if (await isSubdomainTaken(subdomain, ctx.tenantId)) throw fieldError('subdomain', 'subdomain_taken');
    try {
      // Fixed once chosen: checked on the business's row locked, so two first choices at once cannot both win.
      const fixed = await withTenant(db, ctx.tenantId, async (tx) => {
        const [current] = await tx.select({ subdomain: tenants.subdomain }).from(tenants).where(eq(tenants.id, ctx.tenantId)).for('update');
        const chosen = current?.subdomain ?? null;
        if (chosen && chosen !== subdomain) throw fieldError('subdomain', 'subdomain_fixed');
        await updateTenant(tx, ctx.tenantId, { ...values, subdomain });
        return chosen;
      });
      if (fixed !== subdomain) await invalidateStoreHosts();
    } catch (err) {
      const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
      if (code === '23505') throw fieldError('subdomain', 'subdomain_taken');
      throw err;
    }
  }

  async function saveTenantInfo(ctx: AuthContext, body: TenantInfoBody) {
    await writeSubdomain(ctx, body.subdomain, {
      name: body.activity_name,
      storeName: body.store_name,
      completedLevel: Math.max(ctx.tenant.completedLevel, ONBOARDING_LEVEL.tenantInfo),
    });
  }

  async function saveTenantProfile(ctx: AuthContext, body: TenantProfileBody) {
    if (ctx.tenant.completedLevel < ONBOARDING_LEVEL.tenantInfo) throw new AppError(422, 'onboarding_order');
    const ids = [...new Set(body.industries)];
    const found = await db.select({ id: industries.id }).from(industries).where(inArray(industries.id, ids));
    if (found.length !== ids.length) throw fieldError('industries', 'industry_unknown');
    await withTenant(db, ctx.tenantId, (tx) =>
      updateTenant(tx, ctx.tenantId, {
        industries: ids,
        systemType: body.system_type,
        serviceTypes: [...new Set(body.service_types)],
        features: [...new Set(body.features)],
        ownerRole: body.owner_role,
        numberOfEmployees: body.number_of_employees,
        completedLevel: Math.max(ctx.tenant.completedLevel, ONBOARDING_LEVEL.tenantProfile),
      }),
    );
  }

  /**
   * Working days, the main branch's hours, and the first service and/or provider: real rows that the
   * catalogue and the calendar use later. Sent again, it updates the hours and adds what is new.
   */
  async function completeProfile(ctx: AuthContext, body: CompleteProfileBody) {
    if (ctx.tenant.completedLevel < ONBOARDING_LEVEL.tenantProfile) throw new AppError(422, 'onboarding_order');
    const days = [...new Set(body.working_days)].sort();
    const hours: WorkingHours = Object.fromEntries(days.map((d) => [String(d), [[body.opens_at, body.closes_at]]]));
    const type = ctx.tenant.serviceTypes.includes('on_site') || ctx.tenant.serviceTypes.length === 0 ? 'on-site' : ctx.tenant.serviceTypes.includes('home_service') ? 'home-service' : 'online';
    await withTenant(db, ctx.tenantId, async (tx) => {
      let [branch] = await tx.select().from(branches).where(and(eq(branches.tenantId, ctx.tenantId), eq(branches.isMain, true))).limit(1);
      if (branch) {
        await tx.update(branches).set({ workingHours: hours }).where(and(eq(branches.tenantId, ctx.tenantId), eq(branches.id, branch.id)));
      } else {
        [branch] = await tx
          .insert(branches)
          .values({ tenantId: ctx.tenantId, name: ctx.tenant.storeName ?? ctx.tenant.name ?? 'Main', type, timezone: ctx.tenant.timezone, workingHours: hours, isMain: true })
          .returning();
      }
      if (!branch) throw new Error('main branch missing');
      let serviceId: string | undefined;
      if (body.service) {
        const [row] = await tx
          .insert(services)
          .values({
            tenantId: ctx.tenantId,
            name: body.service.name,
            slug: await resolveSlug(tx, services, ctx.tenantId, { given: null, name: body.service.name, fallback: 'service' }),
            price: body.service.price,
            duration: body.service.duration,
            branchId: branch.id,
          })
          .returning({ id: services.id });
        serviceId = row?.id;
      }
      if (body.provider) {
        const providerId = await insertProvider(tx, { tenantId: ctx.tenantId, name: body.provider.name, branchId: branch.id, workingHours: hours });
        if (serviceId) await tx.insert(providerServices).values({ tenantId: ctx.tenantId, providerId, serviceId });
      }
      await updateTenant(tx, ctx.tenantId, {
        workingDays: days,
        opensAt: body.opens_at,
        closesAt: body.closes_at,
        completedLevel: Math.max(ctx.tenant.completedLevel, ONBOARDING_LEVEL.completeProfile),
      });
    });
  }

  async function skip(ctx: AuthContext) {
    if (ctx.tenant.completedLevel < ONBOARDING_LEVEL.tenantInfo) throw new AppError(422, 'onboarding_order');
    await withTenant(db, ctx.tenantId, (tx) => updateTenant(tx, ctx.tenantId, { onboardingSkippedAt: ctx.tenant.onboardingSkippedAt ?? new Date() }));
  }

  async function status(ctx: AuthContext): Promise<OnboardingStatus> {
    const tenant = ctx.tenant;
    return withTenant(db, ctx.tenantId, async (tx) => {
      const [svc] = await tx.select({ n: count() }).from(services).where(eq(services.tenantId, ctx.tenantId));
      const [prov] = await tx.select({ n: count() }).from(providers).where(eq(providers.tenantId, ctx.tenantId));
      return {
        completed_level: tenant.completedLevel,
        profile_completed: ctx.profileCompleted,
        skipped: tenant.onboardingSkippedAt !== null,
        tenant_info: { activity_name: tenant.name, store_name: tenant.storeName, subdomain: tenant.subdomain },
        tenant_profile: {
          industries: tenant.industries,
          system_type: tenant.systemType,
          service_types: tenant.serviceTypes,
          features: tenant.features,
          owner_role: tenant.ownerRole,
          number_of_employees: tenant.numberOfEmployees,
        },
        complete_profile: {
          working_days: tenant.workingDays,
          opens_at: tenant.opensAt,
          closes_at: tenant.closesAt,
          services_count: Number(svc?.n ?? 0),
          providers_count: Number(prov?.n ?? 0),
        },
      };
    });
  }

  return { isSubdomainTaken, suggestSubdomains, writeSubdomain, listIndustries, saveTenantInfo, saveTenantProfile, completeProfile, skip, status };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
