import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { paymentGatewayFor } from '../integrations/payment/payment.adapter';
import { createTransactionService } from '../modules/transactions/transactions.service';
import { startPeriodic } from './periodic';

/**
 * Every minute: payment links past their expiry are retired and their pending payments refused, so
 * /sales/transactions never keeps showing as pending a payment nobody can make any more (reads never
 * write; docs/decisions.md "Payments").
 */
export function startPaymentLinkSweeper(db: Database, config: Config, log: FastifyBaseLogger, intervalMs = 60_000) {
  const service = createTransactionService({ db, config, gateway: paymentGatewayFor(config.paymentGateway, { moyasarSecretKey: config.moyasar.secretKey }) });
  return startPeriodic('payment link sweeper', () => service.sweepExpiredLinks(), log, intervalMs);
}
