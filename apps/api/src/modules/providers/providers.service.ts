import { assertWithinPlan } from '../subscription/billing.service';
import { PROVIDER_COLORS } from '@app/shared/constants';
import type { Provider, ProviderBodyParsed, ProviderDefaultHours, ProviderDefaultHoursQuery, ProvidersQuery, TimeOff } from '@app/shared/schemas/providers';
import { type Database, type Executor, withTenant } from '../../db/client';
import type { providerTimeOff } from '../../db/schema/business';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import { assertOutranks, isForeignKeyViolation } from '../access/access.repository';
import type { AuthContext } from '../auth/auth.service';
import { logOrder } from '../orders/order-core';
import * as repo from './providers.repository';

function toProvider(row: repo.ProviderRow, services: { id: string; name: string }[]): Provider {
  return {
    uuid: row.id,
    name: row.name,
    label: row.label,
    branch_id: row.branchId,
    branch: row.branchId && row.branchName !== null ? { uuid: row.branchId, name: row.branchName } : null,
    user_id: row.userId,
    user: row.userId && row.userName !== null ? { uuid: row.userId, name: row.userName, email: row.userEmail } : null,
    commission_type: (row.commissionType as Provider['commission_type']) ?? null,
    commission_value: Number(row.commissionValue),
    clients_in_same_time: row.clientsInSameTime,
    assignment_type: row.assignmentType as Provider['assignment_type'],
    color: row.color ?? PROVIDER_COLORS[0],
    working_hours: row.workingHours,
    service_ids: services.map((s) => s.id),
    services: services.map((s) => ({ uuid: s.id, name: s.name })),
    services_count: services.length,
    created_at: row.createdAt.toISOString(),
  };
}

function toTimeOff(row: typeof providerTimeOff.$inferSelect): TimeOff {
  return { uuid: row.id, start_date: row.startDate, end_date: row.endDate, note: row.note, created_at: row.createdAt.toISOString() };
}

async function render(tx: Executor, tenantId: string, rows: repo.ProviderRow[]): Promise<Provider[]> {
  const assigned = await repo.servicesOf(
    tx,
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toProvider(
      r,
      assigned.filter((a) => a.providerId === r.id),
    ),
  );
}

/**
 * Providers (staff): their details, working hours, assigned services, linked account and time off.
 * Commission fields count only while the tenant has the commission plugin; otherwise they are
 * dropped and the stored values stay (docs/decisions.md).
 */
export function createProviderService(deps: { db: Database }) {
  const { db } = deps;

  async function list(ctx: AuthContext, q: ProvidersQuery): Promise<Provider[]> {
    // An explicit branch filter: that branch's providers; else the branch chosen in the top bar:
    // its providers and those not tied to a branch.
    const branchId = q.branch_id ?? ctx.user.currentBranchId;
    return withTenant(db, ctx.tenantId, async (tx) => {
      const rows = await repo.listProviders(tx, ctx.tenantId, { search: q.search, branchId, exactBranch: Boolean(q.branch_id) });
      return render(tx, ctx.tenantId, rows);
    });
  }

  async function get(ctx: AuthContext, id: string): Promise<Provider> {
    return withTenant(db, ctx.tenantId, async (tx) => {
      const row = await repo.findProvider(tx, ctx.tenantId, id);
      if (!row) throw notFound();
      const [one] = await render(tx, ctx.tenantId, [row]);
      if (!one) throw notFound();
      return one;
    });
  }

  /** The hours a provider of that branch is created with when the body has none (422 on an unknown branch). */
  async function defaultHours(ctx: AuthContext, q: ProviderDefaultHoursQuery): Promise<ProviderDefaultHours> {
    const hours = await withTenant(db, ctx.tenantId, (tx) => repo.branchHours(tx, ctx.tenantId, q.branch_id ?? null));
    if (!hours && q.branch_id) throw fieldError('branch_id', 'not_exists');
    return { working_hours: hours ?? {} };
  }

  /** Checks the ids of the body against the tenant's rows (422 `not_exists` on the field). */
  async function checkRefs(tx: Executor, ctx: AuthContext, body: ProviderBodyParsed, providerId: string | null) {
    if (body.branch_id && !(await repo.branchExists(tx, ctx.tenantId, body.branch_id))) throw fieldError('branch_id', 'not_exists');
    // Linking or unlinking an account decides whose bookings count as "own" (data scope): the same
    // rule as converting a user to a provider — settings.users, and only accounts the caller outranks.
    const current = providerId ? await repo.findProvider(tx, ctx.tenantId, providerId) : null;
    const linkChanges = body.user_id !== undefined && (body.user_id ?? null) !== (current?.userId ?? null);
    if (linkChanges) {
      if (!ctx.user.isOwner && !ctx.permissions.includes('settings.users')) throw forbidden();
      for (const id of [current?.userId, body.user_id]) {
        const account = id ? await repo.findUser(tx, ctx.tenantId, id) : null;
        if (account) await assertOutranks(tx, ctx, account);
      }
    }
    if (body.user_id && linkChanges) {
      await repo.lockUser(tx, ctx.tenantId, body.user_id);
      const user = await repo.findUser(tx, ctx.tenantId, body.user_id);
      if (!user) throw fieldError('user_id', 'not_exists');
      if (user.type === 'pos') throw fieldError('user_id', 'provider_user_pos');
      if (await repo.providerOfUser(tx, ctx.tenantId, body.user_id, providerId)) throw fieldError('user_id', 'provider_user_linked');
    }
    const serviceIds = body.service_ids ? [...new Set(body.service_ids)] : undefined;
    if (serviceIds?.length) {
      const found = await repo.existingServices(tx, ctx.tenantId, serviceIds);
      if (serviceIds.some((s) => !found.has(s))) throw fieldError('service_ids', 'not_exists');
    }
    return serviceIds;
  }

  function columns(ctx: AuthContext, body: ProviderBodyParsed) {
    const withCommission = ctx.tenant.plugins.includes('commission');
    return {
      name: body.name,
      label: body.label || null,
      clientsInSameTime: body.clients_in_same_time,
      assignmentType: body.assignment_type,
      ...(body.color !== undefined ? { color: body.color } : {}),
      ...(body.working_hours !== undefined ? { workingHours: body.working_hours } : {}),
      ...(body.branch_id !== undefined ? { branchId: body.branch_id } : {}),
      ...(body.user_id !== undefined ? { userId: body.user_id } : {}),
      ...(withCommission && body.commission_type !== undefined
        ? { commissionType: body.commission_type, commissionValue: body.commission_type ? (body.commission_value ?? 0) : 0 }
        : {}),
    };
  }

  /** A branch, account or service deleted while the save runs: the foreign key refuses it. */
  function raceAsField(err: unknown, body: ProviderBodyParsed): never {
    if (isForeignKeyViolation(err)) {
      const field = body.service_ids?.length ? 'service_ids' : body.user_id ? 'user_id' : 'branch_id';
      throw fieldError(field, 'not_exists');
    }
    throw err;
  }

  async function create(ctx: AuthContext, body: ProviderBodyParsed): Promise<Provider> {
    try {
      return await withTenant(db, ctx.tenantId, async (tx) => {
        await assertWithinPlan(tx, ctx.tenant, 'providers');
        const serviceIds = await checkRefs(tx, ctx, body, null);
        // Created without hours: it works its branch's (the main branch's without one), as the form
        // prefills them (`defaultHours`) and the import does.
        const workingHours = body.working_hours ?? (await repo.branchHours(tx, ctx.tenantId, body.branch_id ?? null)) ?? {};
        const id = await repo.insertProvider(tx, { tenantId: ctx.tenantId, ...columns(ctx, body), workingHours });
        if (serviceIds) await repo.replaceServices(tx, ctx.tenantId, id, serviceIds);
        const row = await repo.findProvider(tx, ctx.tenantId, id);
        if (!row) throw new Error('created provider missing');
        const [one] = await render(tx, ctx.tenantId, [row]);
        if (!one) throw new Error('created provider missing');
        return one;
      });
    } catch (err) {
      return raceAsField(err, body);
    }
  }

  async function update(ctx: AuthContext, id: string, body: ProviderBodyParsed): Promise<Provider> {
    try {
      return await withTenant(db, ctx.tenantId, async (tx) => {
        const serviceIds = await checkRefs(tx, ctx, body, id);
        if (!(await repo.updateProvider(tx, ctx.tenantId, id, columns(ctx, body)))) throw notFound();
        if (serviceIds) await repo.replaceServices(tx, ctx.tenantId, id, serviceIds);
        const row = await repo.findProvider(tx, ctx.tenantId, id);
        if (!row) throw notFound();
        const [one] = await render(tx, ctx.tenantId, [row]);
        if (!one) throw notFound();
        return one;
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      return raceAsField(err, body);
    }
  }

  /**
   * Deletes the provider with its service assignments, time off, team memberships, block times and
   * appointments (spec §4: the foreign keys cascade); order items keep their line without a provider,
   * and each order whose appointments went with it says so in its log (who, which bookings).
   */
  async function remove(ctx: AuthContext, id: string) {
    const gone = await withTenant(db, ctx.tenantId, async (tx) => {
      const appointments = await repo.lockForDelete(tx, ctx.tenantId, id);
      if (!appointments || !(await repo.deleteProvider(tx, ctx.tenantId, id))) return false;
      const byOrder = new Map<string, typeof appointments>();
      for (const b of appointments) byOrder.set(b.orderId, [...(byOrder.get(b.orderId) ?? []), b]);
      for (const [orderId, list] of byOrder) {
        await logOrder(tx, ctx.tenantId, orderId, ctx.user.id, 'booking', {
          event: 'deleted_with_provider',
          provider_id: id,
          bookings: list.map((b) => ({ id: b.id, number: b.number, status: b.status })),
        });
      }
      return true;
    });
    if (!gone) throw notFound();
  }

  async function listTimeOff(ctx: AuthContext, providerId: string): Promise<TimeOff[]> {
    const rows = await withTenant(db, ctx.tenantId, (tx) => repo.listTimeOff(tx, ctx.tenantId, providerId));
    return rows.map(toTimeOff);
  }

  async function addTimeOff(ctx: AuthContext, providerId: string, body: { start_date: string; end_date: string; note?: string | null | undefined }): Promise<TimeOff> {
    try {
      const row = await withTenant(db, ctx.tenantId, (tx) =>
        repo.insertTimeOff(tx, { tenantId: ctx.tenantId, providerId, startDate: body.start_date, endDate: body.end_date, note: body.note || null }),
      );
      return toTimeOff(row);
    } catch (err) {
      // The provider deleted meanwhile.
      if (isForeignKeyViolation(err)) throw notFound();
      throw err;
    }
  }

  async function removeTimeOff(ctx: AuthContext, providerId: string, id: string) {
    const gone = await withTenant(db, ctx.tenantId, (tx) => repo.deleteTimeOff(tx, ctx.tenantId, providerId, id));
    if (!gone) throw notFound();
  }

  return { list, get, defaultHours, create, update, remove, listTimeOff, addTimeOff, removeTimeOff };
}

export type ProviderService = ReturnType<typeof createProviderService>;
