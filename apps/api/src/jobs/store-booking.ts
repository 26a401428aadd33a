import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { deleteExpiredHolds, lapseUnpaidDeposits } from '../modules/store/store-booking.service';
import { startPeriodic } from './periodic';

/**
 * Every minute: store deposits not paid in time lapse (their appointments cancelled, the seats free
 * again), and seats held past their expiry (which stopped counting then) and old phone codes are
 * deleted (docs/decisions.md "Booking on the store").
 */
export function startStoreSweeper(db: Database, log: FastifyBaseLogger, intervalMs = 60_000) {
  return startPeriodic(
    'store sweeper',
    async () => {
      await lapseUnpaidDeposits(db);
      await deleteExpiredHolds(db);
    },
    log,
    intervalMs,
  );
}
