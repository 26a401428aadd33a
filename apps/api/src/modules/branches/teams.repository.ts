import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { providerTeamMembers, providerTeams, supervisors } from '../../db/schema/access';
import { providers } from '../../db/schema/business';

export type TeamRow = typeof providerTeams.$inferSelect;
export type SupervisorRow = typeof supervisors.$inferSelect;
export type MemberRow = { teamId: string; id: string; name: string };

// ---------------------------------------------------------------- provider teams

export async function listTeams(exec: Executor, tenantId: string, id?: string): Promise<TeamRow[]> {
  return exec
    .select()
    .from(providerTeams)
    .where(and(eq(providerTeams.tenantId, tenantId), id ? eq(providerTeams.id, id) : undefined))
    .orderBy(asc(providerTeams.createdAt), asc(providerTeams.id));
}

/** The providers of the given teams, by name. */
export async function teamMembers(exec: Executor, tenantId: string, teamIds: string[]): Promise<MemberRow[]> {
  if (teamIds.length === 0) return [];
  return exec
    .select({ teamId: providerTeamMembers.teamId, id: providers.id, name: providers.name })
    .from(providerTeamMembers)
    .innerJoin(providers, and(eq(providers.tenantId, providerTeamMembers.tenantId), eq(providers.id, providerTeamMembers.providerId)))
    .where(and(eq(providerTeamMembers.tenantId, tenantId), inArray(providerTeamMembers.teamId, teamIds)))
    .orderBy(asc(providers.name), asc(providers.id));
}

/** Which of `ids` are providers of the tenant. */
export async function existingProviderIds(exec: Executor, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await exec
    .select({ id: providers.id })
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), inArray(providers.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function insertTeam(exec: Executor, tenantId: string, title: string) {
  const [row] = await exec.insert(providerTeams).values({ tenantId, title }).returning({ id: providerTeams.id });
  if (!row) throw new Error('team insert returned nothing');
  return row.id;
}

export async function updateTeam(exec: Executor, tenantId: string, id: string, title: string) {
  await exec
    .update(providerTeams)
    .set({ title })
    .where(and(eq(providerTeams.tenantId, tenantId), eq(providerTeams.id, id)));
}

/** Replaces the team's providers with `providerIds`. */
export async function setTeamMembers(exec: Executor, tenantId: string, teamId: string, providerIds: string[]) {
  await exec.delete(providerTeamMembers).where(and(eq(providerTeamMembers.tenantId, tenantId), eq(providerTeamMembers.teamId, teamId)));
  if (providerIds.length === 0) return;
  await exec.insert(providerTeamMembers).values(providerIds.map((providerId) => ({ tenantId, teamId, providerId })));
}

/** Members go by cascade; supervisors of the team keep their row with no team (ON DELETE SET NULL). */
export async function deleteTeam(exec: Executor, tenantId: string, id: string) {
  await exec.delete(providerTeams).where(and(eq(providerTeams.tenantId, tenantId), eq(providerTeams.id, id)));
}

export async function teamExists(exec: Executor, tenantId: string, id: string): Promise<boolean> {
  const [row] = await exec
    .select({ id: providerTeams.id })
    .from(providerTeams)
    .where(and(eq(providerTeams.tenantId, tenantId), eq(providerTeams.id, id)))
    .limit(1);
  return Boolean(row);
}

// ---------------------------------------------------------------- supervisors

/** Number of providers in the supervisor's team. */
const staffCount = sql<number>`(select count(*)::int from ${providerTeamMembers} where ${providerTeamMembers.tenantId} = ${supervisors.tenantId} and ${providerTeamMembers.teamId} = ${supervisors.teamId})`;

export type SupervisorView = { supervisor: SupervisorRow; team: { id: string; title: string } | null; staffCount: number };

export async function listSupervisors(exec: Executor, tenantId: string, id?: string): Promise<SupervisorView[]> {
  const rows = await exec
    .select({ supervisor: supervisors, teamId: providerTeams.id, teamTitle: providerTeams.title, staffCount })
    .from(supervisors)
    .leftJoin(providerTeams, and(eq(providerTeams.tenantId, supervisors.tenantId), eq(providerTeams.id, supervisors.teamId)))
    .where(and(eq(supervisors.tenantId, tenantId), id ? eq(supervisors.id, id) : undefined))
    .orderBy(asc(supervisors.createdAt), asc(supervisors.id));
  return rows.map((r) => ({
    supervisor: r.supervisor,
    team: r.teamId && r.teamTitle !== null ? { id: r.teamId, title: r.teamTitle } : null,
    staffCount: Number(r.staffCount ?? 0),
  }));
}

export async function supervisorEmailTaken(exec: Executor, tenantId: string, email: string, exceptId?: string): Promise<boolean> {
  const [row] = await exec
    .select({ id: supervisors.id })
    .from(supervisors)
    .where(and(eq(supervisors.tenantId, tenantId), eq(supervisors.email, email), exceptId ? ne(supervisors.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertSupervisor(exec: Executor, values: typeof supervisors.$inferInsert) {
  const [row] = await exec.insert(supervisors).values(values).returning({ id: supervisors.id });
  if (!row) throw new Error('supervisor insert returned nothing');
  return row.id;
}

export async function updateSupervisor(exec: Executor, tenantId: string, id: string, values: Partial<typeof supervisors.$inferInsert>) {
  await exec
    .update(supervisors)
    .set(values)
    .where(and(eq(supervisors.tenantId, tenantId), eq(supervisors.id, id)));
}

export async function deleteSupervisor(exec: Executor, tenantId: string, id: string) {
  await exec.delete(supervisors).where(and(eq(supervisors.tenantId, tenantId), eq(supervisors.id, id)));
}
