import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { compactDashboard } from '../modules/dashboard/dashboard.repository';
import { startPeriodic } from './periodic';

/**
 * Every few seconds: the dashboard's appended figure changes are folded into one row per key, so a
 * dashboard reads about one row per day and key however many orders and payments a day had.
 */
export function startDashboardCompactor(db: Database, log: FastifyBaseLogger, intervalMs = 5_000) {
  return startPeriodic('dashboard compactor', () => compactDashboard(db), log, intervalMs);
}
