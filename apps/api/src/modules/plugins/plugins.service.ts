import { assertPluginInPlan } from '../subscription/billing.service';
import { type Locale, PLUGINS, type PluginSlug } from '@app/shared/constants';
import type { Plugin } from '@app/shared/schemas/access';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, withTenant } from '../../db/client';
import { tenants } from '../../db/schema/tenants';
import { t } from '../../i18n/messages';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../auth/auth.service';

export function isPluginSlug(value: unknown): value is PluginSlug {
  return typeof value === 'string' && (PLUGINS as readonly string[]).includes(value);
}

function toPlugin(slug: PluginSlug, installed: readonly string[], locale: Locale): Plugin {
  return {
    id: slug,
    slug,
    name: t(`plugin_${slug}_name`, locale),
    description: t(`plugin_${slug}_description`, locale),
    installed: installed.includes(slug),
  };
}

/** The plugins a business installs (spec §7): recorded in tenants.plugins, which route guards read. */
export function createPluginService(deps: { db: Database }) {
  const { db } = deps;

  /** Every plugin, installed or not. The caller's context was loaded for this request, so its list is current. */
  function list(ctx: AuthContext, locale: Locale): Plugin[] {
    return PLUGINS.map((slug) => toPlugin(slug, ctx.tenant.plugins, locale));
  }

  /** Adds or removes the slug in one conditional update, so two racing requests cannot both succeed. */
  async function setInstalled(ctx: AuthContext, slug: PluginSlug, install: boolean, locale: Locale): Promise<Plugin> {
    const rows = await withTenant(db, ctx.tenantId, async (tx) => {
      if (install) await assertPluginInPlan(tx, ctx.tenant, slug);
      return tx
        .update(tenants)
        .set({
          plugins: install ? sql`array_append(${tenants.plugins}, ${slug}::text)` : sql`array_remove(${tenants.plugins}, ${slug}::text)`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(tenants.id, ctx.tenantId), install ? sql`not (${slug}::text = any(${tenants.plugins}))` : sql`${slug}::text = any(${tenants.plugins})`))
        .returning({ plugins: tenants.plugins });
    });
    const row = rows[0];
    if (!row) throw new AppError(422, install ? 'already_installed' : 'not_installed');
    return toPlugin(slug, row.plugins, locale);
  }

  return {
    list,
    install: (ctx: AuthContext, slug: PluginSlug, locale: Locale) => setInstalled(ctx, slug, true, locale),
    uninstall: (ctx: AuthContext, slug: PluginSlug, locale: Locale) => setInstalled(ctx, slug, false, locale),
  };
}

export type PluginService = ReturnType<typeof createPluginService>;
