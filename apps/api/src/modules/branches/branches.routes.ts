import { branchBody, branchSchema, currentBranchBody, supervisorBody, supervisorSchema, teamBody, teamSchema } from '@app/shared/schemas/access';
import { userInfoSchema } from '@app/shared/schemas/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { supervisors as supervisorsTable, providerTeams } from '../../db/schema/access';
import { branches as branchesTable } from '../../db/schema/business';
import { t } from '../../i18n/messages';
import type { RouteGuard } from '../../plugins/request-context';
import type { AuthService } from '../auth/auth.service';
import { createBranchService } from './branches.service';
import { createTeamService } from './teams.service';
import { BOOKING_DESK_KEYS } from '@app/shared/permissions';
import { crudRoutes, ctxOf, written } from '../../lib/http';

export type ModuleDeps = { db: Database; auth: AuthService; config: Config };



/** Branches, the branch switch, provider teams and supervisors (docs/access-control.md). */
export const branchRoutes = (deps: ModuleDeps): FastifyPluginAsyncZod => async (app) => {
  const branches = createBranchService(deps);
  const teams = createTeamService(deps);

  // ------------------------------------------------------------ branches: settings.branches
  {
    const tags = ['branches'];
    const all: RouteGuard = { permissions: ['settings.branches'] };

    crudRoutes(app, { path: '/branches', tags, guard: all, readers: [...BOOKING_DESK_KEYS], table: branchesTable, body: branchBody, item: branchSchema, service: branches });

    app.put(
      '/auth/current-branch',
      { config: { self: true }, schema: { tags: ['auth'], summary: 'Switch the current branch (null: all)', body: currentBranchBody, response: { 200: written(userInfoSchema) } } },
      async (request) => ({
        message: t('branch_switched', request.locale),
        data: await branches.switchCurrent(ctxOf(request), request.body.branch_id),
      }),
    );
  }

  // ------------------------------------------------------------ provider teams: providers
  {
    const tags = ['provider-teams'];
    const all: RouteGuard = { permissions: ['providers'] };

    crudRoutes(app, {
      path: '/provider-teams',
      tags,
      guard: all,
      table: providerTeams,
      body: teamBody,
      item: teamSchema,
      service: { list: teams.listTeams, get: teams.getTeam, create: teams.createTeam, update: teams.updateTeam, remove: teams.removeTeam },
    });
  }

  // ------------------------------------------------------------ supervisors: settings.users
  {
    const tags = ['supervisors'];
    const all: RouteGuard = { permissions: ['settings.users'] };
    crudRoutes(app, {
      path: '/supervisors',
      tags,
      guard: all,
      table: supervisorsTable,
      body: supervisorBody,
      item: supervisorSchema,
      service: { list: teams.listSupervisors, get: teams.getSupervisor, create: teams.createSupervisor, update: teams.updateSupervisor, remove: teams.removeSupervisor },
    });
  }
};
