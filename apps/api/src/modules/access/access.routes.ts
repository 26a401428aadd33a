import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { unauthenticated } from '../../lib/errors';
import type { AuthContext, AuthService } from '../auth/auth.service';
import type { StorageAdapter } from '../../integrations/storage/storage.adapter';
import { createEraseService } from './erase.service';
import { createImpersonationService } from './impersonation.service';
import { createInvitationsService } from './invitations.service';
import { invitationRoutes } from './invitations.routes';
import { createRolesService } from './roles.service';
import { roleRoutes } from './roles.routes';
import { sessionRoutes } from './sessions.routes';
import { createUsersService } from './users.service';
import { userRoutes } from './users.routes';

export type ModuleDeps = { db: Database; auth: AuthService; config: Config; storage?: StorageAdapter };

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** Roles, users, invitations, POS sign-in, impersonation and data wipe (docs/access-control.md). */
export const accessRoutes =
  (deps: ModuleDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const roles = createRolesService(deps);
    const users = createUsersService(deps);
    const invitations = createInvitationsService(deps);
    const impersonation = createImpersonationService(deps);
    const erase = createEraseService(deps);
    await app.register(roleRoutes({ roles }));
    await app.register(userRoutes({ users, erase }));
    await app.register(invitationRoutes({ invitations, auth: deps.auth }));
    await app.register(sessionRoutes({ users, impersonation, auth: deps.auth }));
  };
