import type { Supervisor, SupervisorBody, Team, TeamBody } from '@app/shared/schemas/access';
import { type Database, type Tx, withTenant } from '../../db/client';
import { fieldError, notFound } from '../../lib/errors';
import { isForeignKeyViolation } from '../access/access.repository';
import type { AuthContext } from '../auth/auth.service';
import * as repo from './teams.repository';
import { isUniqueViolation } from '../access/access.repository';

function toTeam(row: repo.TeamRow, members: repo.MemberRow[]): Team {
  return {
    uuid: row.id,
    title: row.title,
    providers: members.filter((m) => m.teamId === row.id).map((m) => ({ uuid: m.id, name: m.name })),
    created_at: row.createdAt.toISOString(),
  };
}

function toSupervisor(view: repo.SupervisorView): Supervisor {
  const { supervisor, team } = view;
  return {
    uuid: supervisor.id,
    name: supervisor.name,
    email: supervisor.email,
    team: team ? { uuid: team.id, title: team.title } : null,
    staff_count: view.staffCount,
    status: supervisor.status as Supervisor['status'],
    created_at: supervisor.createdAt.toISOString(),
  };
}


/** A row named in the body removed between our check and our write: the foreign key refuses, 422 on the field. */
function missingRow(err: unknown, field: string): never {
  if (isForeignKeyViolation(err)) throw fieldError(field, 'not_exists');
  throw err;
}

/** Provider teams (named groups of providers) and their supervisors. */
export function createTeamService(deps: { db: Database }) {
  const { db } = deps;

  async function loadTeams(tx: Tx, tenantId: string, id?: string) {
    const rows = await repo.listTeams(tx, tenantId, id);
    const members = await repo.teamMembers(
      tx,
      tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toTeam(r, members));
  }

  /** Every id must name a provider of this business. */
  async function checkProviders(tx: Tx, tenantId: string, ids: string[]) {
    const found = await repo.existingProviderIds(tx, tenantId, ids);
    if (ids.some((id) => !found.has(id))) throw fieldError('provider_ids', 'not_exists');
  }

  async function listTeams(ctx: AuthContext): Promise<Team[]> {
    return withTenant(db, ctx.tenantId, (tx) => loadTeams(tx, ctx.tenantId));
  }

  async function getTeam(ctx: AuthContext, id: string): Promise<Team> {
    const [team] = await withTenant(db, ctx.tenantId, (tx) => loadTeams(tx, ctx.tenantId, id));
    if (!team) throw notFound();
    return team;
  }

  async function createTeam(ctx: AuthContext, body: TeamBody): Promise<Team> {
    const providerIds = [...new Set(body.provider_ids)];
    const [team] = await withTenant(db, ctx.tenantId, async (tx) => {
      await checkProviders(tx, ctx.tenantId, providerIds);
      const id = await repo.insertTeam(tx, ctx.tenantId, body.title);
      await repo.setTeamMembers(tx, ctx.tenantId, id, providerIds);
      return loadTeams(tx, ctx.tenantId, id);
    }).catch((err: unknown) => missingRow(err, 'provider_ids'));
    if (!team) throw new Error('created team missing');
    return team;
  }

  async function updateTeam(ctx: AuthContext, id: string, body: TeamBody): Promise<Team> {
    const providerIds = [...new Set(body.provider_ids)];
    const [team] = await withTenant(db, ctx.tenantId, async (tx) => {
      if (!(await repo.teamExists(tx, ctx.tenantId, id))) throw notFound();
      await checkProviders(tx, ctx.tenantId, providerIds);
      await repo.updateTeam(tx, ctx.tenantId, id, body.title);
      await repo.setTeamMembers(tx, ctx.tenantId, id, providerIds);
      return loadTeams(tx, ctx.tenantId, id);
    }).catch((err: unknown) => missingRow(err, 'provider_ids'));
    if (!team) throw notFound();
    return team;
  }

  async function removeTeam(ctx: AuthContext, id: string) {
    await withTenant(db, ctx.tenantId, async (tx) => {
      if (!(await repo.teamExists(tx, ctx.tenantId, id))) throw notFound();
      await repo.deleteTeam(tx, ctx.tenantId, id);
    });
  }

  async function listSupervisors(ctx: AuthContext): Promise<Supervisor[]> {
    const rows = await withTenant(db, ctx.tenantId, (tx) => repo.listSupervisors(tx, ctx.tenantId));
    return rows.map(toSupervisor);
  }

  async function getSupervisor(ctx: AuthContext, id: string): Promise<Supervisor> {
    const [row] = await withTenant(db, ctx.tenantId, (tx) => repo.listSupervisors(tx, ctx.tenantId, id));
    if (!row) throw notFound();
    return toSupervisor(row);
  }

  /** Writes a supervisor (new when `id` is missing): the e-mail is unique in the business, the team is one of its teams. */
  async function saveSupervisor(ctx: AuthContext, body: SupervisorBody, id?: string): Promise<Supervisor> {
    try {
      const [row] = await withTenant(db, ctx.tenantId, async (tx) => {
        if (id && (await repo.listSupervisors(tx, ctx.tenantId, id)).length === 0) throw notFound();
        if (await repo.supervisorEmailTaken(tx, ctx.tenantId, body.email, id)) throw fieldError('email', 'exists');
        if (body.team_id && !(await repo.teamExists(tx, ctx.tenantId, body.team_id))) throw fieldError('team_id', 'not_exists');
        const values = { name: body.name, email: body.email, teamId: body.team_id, status: body.status };
        let target = id;
        if (target) await repo.updateSupervisor(tx, ctx.tenantId, target, values);
        else target = await repo.insertSupervisor(tx, { tenantId: ctx.tenantId, ...values });
        return repo.listSupervisors(tx, ctx.tenantId, target);
      });
      if (!row) throw notFound();
      return toSupervisor(row);
    } catch (err) {
      // Two writes racing for one address: the unique index decides.
      if (isUniqueViolation(err)) throw fieldError('email', 'exists');
      // The team deleted between the check and the write.
      missingRow(err, 'team_id');
    }
  }

  async function removeSupervisor(ctx: AuthContext, id: string) {
    await withTenant(db, ctx.tenantId, async (tx) => {
      if ((await repo.listSupervisors(tx, ctx.tenantId, id)).length === 0) throw notFound();
      await repo.deleteSupervisor(tx, ctx.tenantId, id);
    });
  }

  return {
    listTeams,
    getTeam,
    createTeam,
    updateTeam,
    removeTeam,
    listSupervisors,
    getSupervisor,
    createSupervisor: (ctx: AuthContext, body: SupervisorBody) => saveSupervisor(ctx, body),
    updateSupervisor: (ctx: AuthContext, id: string, body: SupervisorBody) => saveSupervisor(ctx, body, id),
    removeSupervisor,
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
