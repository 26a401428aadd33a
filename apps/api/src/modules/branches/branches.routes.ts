import { branchBody, branchSchema, currentBranchBody, idParam, supervisorBody, supervisorSchema, teamBody, teamSchema } from '@app/shared/schemas/access';
import { userInfoSchema } from '@app/shared/schemas/auth';
import { messageSchema } from '@app/shared/schemas/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { supervisors as supervisorsTable, providerTeams } from '../../db/schema/access';
import { branches as branchesTable } from '../../db/schema/business';
import { t } from '../../i18n/messages';
import { unauthenticated } from '../../lib/errors';
import type { RouteGuard } from '../../plugins/request-context';
import type { AuthContext, AuthService } from '../auth/auth.service';
import { createBranchService } from './branches.service';
import { createTeamService } from './teams.service';

export type ModuleDeps = { db: Database; auth: AuthService; config: Config };

const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
const one = <T extends z.ZodType>(item: T) => z.object({ data: item });
const written = <T extends z.ZodType>(item: T) => z.object({ message: z.string(), data: item });

function ctxOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** Branches, the branch switch, provider teams and supervisors (docs/access-control.md). */
export const branchRoutes = (deps: ModuleDeps): FastifyPluginAsyncZod => async (app) => {
  const branches = createBranchService(deps);
  const teams = createTeamService(deps);

  // ------------------------------------------------------------ branches: settings.branches
  {
    const tags = ['branches'];
    const all: RouteGuard = { permissions: ['settings.branches'] };
    const byId: RouteGuard = { ...all, resources: { id: branchesTable } };

    app.get('/branches', { config: all, schema: { tags, response: { 200: listOf(branchSchema) } } }, async (request) => ({
      data: await branches.list(ctxOf(request)),
    }));

    app.get('/branches/:id', { config: byId, schema: { tags, params: idParam, response: { 200: one(branchSchema) } } }, async (request) => ({
      data: await branches.get(ctxOf(request), request.params.id),
    }));

    app.post('/branches', { config: all, schema: { tags, body: branchBody, response: { 201: written(branchSchema) } } }, async (request, reply) => {
      const data = await branches.create(ctxOf(request), request.body);
      return reply.status(201).send({ message: t('created', request.locale), data });
    });

    app.put('/branches/:id', { config: byId, schema: { tags, params: idParam, body: branchBody, response: { 200: written(branchSchema) } } }, async (request) => ({
      message: t('updated', request.locale),
      data: await branches.update(ctxOf(request), request.params.id, request.body),
    }));

    app.delete('/branches/:id', { config: byId, schema: { tags, params: idParam, response: { 200: messageSchema } } }, async (request) => {
      await branches.remove(ctxOf(request), request.params.id);
      return { message: t('deleted', request.locale) };
    });

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
    const byId: RouteGuard = { ...all, resources: { id: providerTeams } };

    app.get('/provider-teams', { config: all, schema: { tags, response: { 200: listOf(teamSchema) } } }, async (request) => ({
      data: await teams.listTeams(ctxOf(request)),
    }));

    app.get('/provider-teams/:id', { config: byId, schema: { tags, params: idParam, response: { 200: one(teamSchema) } } }, async (request) => ({
      data: await teams.getTeam(ctxOf(request), request.params.id),
    }));

    app.post('/provider-teams', { config: all, schema: { tags, body: teamBody, response: { 201: written(teamSchema) } } }, async (request, reply) => {
      const data = await teams.createTeam(ctxOf(request), request.body);
      return reply.status(201).send({ message: t('created', request.locale), data });
    });

    app.put('/provider-teams/:id', { config: byId, schema: { tags, params: idParam, body: teamBody, response: { 200: written(teamSchema) } } }, async (request) => ({
      message: t('updated', request.locale),
      data: await teams.updateTeam(ctxOf(request), request.params.id, request.body),
    }));

    app.delete('/provider-teams/:id', { config: byId, schema: { tags, params: idParam, response: { 200: messageSchema } } }, async (request) => {
      await teams.removeTeam(ctxOf(request), request.params.id);
      return { message: t('deleted', request.locale) };
    });
  }

  // ------------------------------------------------------------ supervisors: settings.users
  {
    const tags = ['supervisors'];
    const all: RouteGuard = { permissions: ['settings.users'] };
    const byId: RouteGuard = { ...all, resources: { id: supervisorsTable } };

    app.get('/supervisors', { config: all, schema: { tags, response: { 200: listOf(supervisorSchema) } } }, async (request) => ({
      data: await teams.listSupervisors(ctxOf(request)),
    }));

    app.get('/supervisors/:id', { config: byId, schema: { tags, params: idParam, response: { 200: one(supervisorSchema) } } }, async (request) => ({
      data: await teams.getSupervisor(ctxOf(request), request.params.id),
    }));

    app.post('/supervisors', { config: all, schema: { tags, body: supervisorBody, response: { 201: written(supervisorSchema) } } }, async (request, reply) => {
      const data = await teams.createSupervisor(ctxOf(request), request.body);
      return reply.status(201).send({ message: t('created', request.locale), data });
    });

    app.put('/supervisors/:id', { config: byId, schema: { tags, params: idParam, body: supervisorBody, response: { 200: written(supervisorSchema) } } }, async (request) => ({
      message: t('updated', request.locale),
      data: await teams.updateSupervisor(ctxOf(request), request.params.id, request.body),
    }));

    app.delete('/supervisors/:id', { config: byId, schema: { tags, params: idParam, response: { 200: messageSchema } } }, async (request) => {
      await teams.removeSupervisor(ctxOf(request), request.params.id);
      return { message: t('deleted', request.locale) };
    });
  }
};
