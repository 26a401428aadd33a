import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { offerWaitlist } from '../modules/store/waitlist.service';
import { startPeriodic } from './periodic';

/** The waitlist's pass every `intervalMs` (modules/store/waitlist.service.ts): lapsed offers expire, freed seats are offered. */
export function startWaitlistOffers(db: Database, log: FastifyBaseLogger, intervalMs = 30_000): () => Promise<void> {
  return startPeriodic('waitlist offers', () => offerWaitlist(db, new Date(), log), log, intervalMs);
}
