import { randomUUID } from 'node:crypto';
import { moyasarGateway } from './moyasar';

/**
 * The payment gateway behind payment links (DESIGN §4 "Outside world"). The shape fits the hosted
 * checkout gateways of the region (Moyasar invoices / payments, HyperPay COPYandPAY, Tap charges):
 *  1. `createCheckout` opens a payment at the gateway for an amount and answers its id (our
 *     `payment_links.gateway_ref`) and, for a hosted page, where to send the customer;
 *  2. the gateway calls back (or redirects the customer back) with that id; `verify` asks the gateway
 *     itself for the payment's outcome — a callback's body is never trusted on its own word.
 * The API records a confirmed `online` transaction only from a verified `paid` result, once per link.
 *
 * The local simulator (PAYMENT_GATEWAY=local, the default and the only one today) takes no money:
 * the public pay page's Pay / Fail buttons stand for the customer at the gateway.
 */

export type CheckoutRequest = {
  /** Minor units of `currency` (Moyasar and Tap take minor units too; HyperPay takes a decimal string). */
  amount: number;
  currency: string;
  /** Our reference (the payment link's id), echoed back by the gateway. */
  reference: string;
  description: string;
  /** Where the gateway sends the customer back (`/pay/<token>`). */
  returnUrl: string;
  customer?: { name: string; email: string | null; phone: string | null };
};

export type Checkout = {
  /** The gateway's id of this checkout (invoice, checkout id, charge id). */
  gatewayRef: string;
  /** A hosted payment page to send the customer to; null when our own page collects the payment (the simulator). */
  redirectUrl: string | null;
};

export type PaymentOutcome = 'paid' | 'failed' | 'pending';

export type PaymentResult = {
  status: PaymentOutcome;
  /** The checkout it belongs to (compared with the link's `gateway_ref`). */
  gatewayRef: string;
  /** The gateway's id of the payment itself: the transaction's `payment_gateway_id`. */
  paymentId: string;
  amount: number;
  currency: string;
  /** The gateway's reason for a failure, for the log. */
  message?: string;
  /** A saved-card token later charges use (renewals), when the checkout asked to keep the card. */
  cardToken?: string;
};

/** A charge of a saved card (a renewal): `idempotencyKey` makes a retried call one payment (Moyasar's `given_id`). */
export type TokenChargeRequest = { token: string; amount: number; currency: string; reference: string; description: string; idempotencyKey: string };

export type PaymentGateway = {
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * The outcome of a checkout, from the gateway. A real gateway reads it from its API (GET the
   * payment by id); `payload` is what the callback or redirect carried (ids only are used).
   */
  verify(input: { gatewayRef: string; payload?: unknown }): Promise<PaymentResult>;
  /** Charges a saved card without the customer (renewals). */
  chargeToken(request: TokenChargeRequest): Promise<PaymentResult>;
  /** Only the simulator: the pay page's buttons settle a checkout without a real gateway. */
  readonly simulates: boolean;
};

/** The simulator's saved cards: a token naming `declined` is refused (tests and the demo use it for a failing renewal). */
export const SIMULATED_DECLINED_TOKEN = 'local_tok_declined';

export type SimulatedPayload = { outcome: 'paid' | 'failed'; amount: number; currency: string };

const isSimulated = (v: unknown): v is SimulatedPayload =>
  typeof v === 'object' &&
  v !== null &&
  ((v as SimulatedPayload).outcome === 'paid' || (v as SimulatedPayload).outcome === 'failed') &&
  Number.isSafeInteger((v as SimulatedPayload).amount) &&
  typeof (v as SimulatedPayload).currency === 'string';

/** The local gateway simulator: no network, no money; the outcome is what the pay page's button says. */
export function localGateway(): PaymentGateway {
  return {
    name: 'local',
    simulates: true,
    async createCheckout() {
      return { gatewayRef: `local_chk_${randomUUID()}`, redirectUrl: null };
    },
    async verify({ gatewayRef, payload }) {
      if (!gatewayRef.startsWith('local_chk_') || !isSimulated(payload)) {
        return { status: 'failed', gatewayRef, paymentId: '', amount: 0, currency: '', message: 'unknown checkout' };
      }
      return {
        status: payload.outcome,
        gatewayRef,
        paymentId: `local_pay_${randomUUID()}`,
        amount: payload.amount,
        currency: payload.currency,
        ...(payload.outcome === 'failed' ? { message: 'declined by the simulator' } : { cardToken: `local_tok_${randomUUID()}` }),
      };
    },
    async chargeToken(request) {
      const paid = request.token.startsWith('local_tok_') && !request.token.includes('declined');
      // The simulator answers a repeated idempotency key with the same payment id.
      const paymentId = `local_pay_${request.idempotencyKey}`;
      return paid
        ? { status: 'paid', gatewayRef: request.reference, paymentId, amount: request.amount, currency: request.currency }
        : { status: 'failed', gatewayRef: request.reference, paymentId: '', amount: 0, currency: request.currency, message: 'The card was declined' };
    },
  };
}

export const PAYMENT_GATEWAYS = ['local', 'moyasar'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

/** The gateway PAYMENT_GATEWAY names: the simulator, or Moyasar with its secret key. */
export function paymentGatewayFor(name: string | undefined, secrets: { moyasarSecretKey?: string | undefined } = {}): PaymentGateway {
  switch (name ?? 'local') {
    case 'local':
      return localGateway();
    case 'moyasar':
      if (!secrets.moyasarSecretKey) throw new Error('PAYMENT_GATEWAY=moyasar needs MOYASAR_SECRET_KEY');
      return moyasarGateway({ secretKey: secrets.moyasarSecretKey });
    default:
      throw new Error(`PAYMENT_GATEWAY=${name}: unknown payment gateway (known: ${PAYMENT_GATEWAYS.join(', ')})`);
  }
}
