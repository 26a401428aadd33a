import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { AuthService } from '../auth/auth.service';

export type ModuleDeps = { db: Database; auth: AuthService; config: Config };

/** Branches, the branch switch, provider teams and supervisors (docs/access-control.md). */
export const branchRoutes = (_deps: ModuleDeps): FastifyPluginAsyncZod => async (_app) => {};
