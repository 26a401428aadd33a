import { addDays, localDateOf, zonedToUtc } from '@app/shared/scheduling/zoned';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rows } from '../../../test/helper';

/** Test helpers of the bookings module (imported by its *.test.ts files and the bench only). */

export const ALL_WEEK = (from = '08:00', to = '20:00') => Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [[from, to]]]));

export async function insertId(db: Database, q: SQL): Promise<string> {
  const [row] = await rows<{ id: string }>(db, q);
  if (!row) throw new Error('no row');
  return row.id;
}

export function branch(db: Database, tenantId: string, opts: { name?: string; type?: string; timezone?: string; hours?: Record<string, unknown> } = {}) {
  return insertId(
    db,
    sql`insert into branches (tenant_id, name, type, timezone, working_hours) values (${tenantId}, ${opts.name ?? 'Test branch'}, ${opts.type ?? 'on-site'}, ${opts.timezone ?? 'Asia/Riyadh'}, ${JSON.stringify(opts.hours ?? ALL_WEEK())}::jsonb) returning id`,
  );
}

export function service(db: Database, tenantId: string, opts: { name?: string; price?: number; duration?: number; buffer?: number; branchId?: string | null } = {}) {
  return insertId(
    db,
    sql`insert into services (tenant_id, name, price, duration, buffer_time, branch_id) values (${tenantId}, ${opts.name ?? 'Service'}, ${opts.price ?? 5000}, ${opts.duration ?? 30}, ${opts.buffer ?? 0}, ${opts.branchId ?? null}) returning id`,
  );
}

export async function provider(
  db: Database,
  tenantId: string,
  opts: { name?: string; branchId?: string | null; hours?: Record<string, unknown>; capacity?: number; serviceIds?: string[]; sortOrder?: number; userId?: string | null; assignment?: string } = {},
) {
  const id = await insertId(
    db,
    sql`insert into providers (tenant_id, name, branch_id, working_hours, clients_in_same_time, sort_order, user_id, assignment_type)
        values (${tenantId}, ${opts.name ?? 'Provider'}, ${opts.branchId ?? null}, ${JSON.stringify(opts.hours ?? ALL_WEEK())}::jsonb, ${opts.capacity ?? 1}, ${opts.sortOrder ?? 0}, ${opts.userId ?? null}, ${opts.assignment ?? 'single'}) returning id`,
  );
  for (const s of opts.serviceIds ?? []) await db.execute(sql`insert into provider_services (tenant_id, provider_id, service_id) values (${tenantId}, ${id}, ${s})`);
  return id;
}

export function customer(db: Database, tenantId: string, opts: { first?: string; last?: string; phone?: string | null; blocked?: boolean } = {}) {
  return insertId(
    db,
    sql`insert into customers (tenant_id, first_name, last_name, phone, blocked_at) values (${tenantId}, ${opts.first ?? 'Khalid'}, ${opts.last ?? 'Omar'}, ${opts.phone ?? null}, ${opts.blocked ? new Date() : null}) returning id`,
  );
}

/** A local date `days` after today in `zone`. */
export const dayAhead = (days: number, zone = 'Asia/Riyadh') => addDays(localDateOf(Date.now(), zone), days);

/** The ISO instant of a local wall time. */
export const at = (date: string, hhmm: string, zone = 'Asia/Riyadh') => new Date(zonedToUtc(date, hhmm, zone)).toISOString();
