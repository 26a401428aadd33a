import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { AuthService } from '../auth/auth.service';

export type ModuleDeps = { db: Database; auth: AuthService; config: Config };

/** Roles, users, invitations, POS sign-in, impersonation and data wipe (docs/access-control.md). */
export const accessRoutes = (_deps: ModuleDeps): FastifyPluginAsyncZod => async (_app) => {};
