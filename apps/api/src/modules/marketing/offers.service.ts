import { bestOffer, type Offer, type OfferBodyParsed, type OfferChannel, type OfferPrice, type OfferPriceRow, type OfferStatus } from '@app/shared/schemas/offers';
import { and, asc, desc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { type Database, type Executor, type Tx, withTenant } from '../../db/client';
import { services } from '../../db/schema/business';
import { type OfferRow, offers } from '../../db/schema/marketing';
import { clock } from '../../lib/clock';
import { fieldError, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../access/access.repository';
import type { AuthContext } from '../auth/auth.service';

/**
 * A business's offers (issue 18 §2; spec §3 Offer): a price cut on some services while the offer
 * runs (status active and start_at ≤ now < end_at) on the channels it names. Nothing is counted or
 * held: an offer only changes the unit price a new line is written with (`offerPriceFor`), and the
 * line keeps that price as its snapshot whatever becomes of the offer (docs/decisions.md "Offers").
 */

/** Whether the offer changes prices at `at`: on, and inside its window (start included, end excluded). */
export const isRunning = (row: Pick<OfferRow, 'status' | 'startAt' | 'endAt'>, at: Date) =>
  row.status === 'active' && row.startAt.getTime() <= at.getTime() && at.getTime() < row.endAt.getTime();

export function toOffer(row: OfferRow, at: Date = clock.now()): Offer {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    type: row.type as Offer['type'],
    amount: row.amount,
    start_at: row.startAt.toISOString(),
    end_at: row.endAt.toISOString(),
    status: row.status as OfferStatus,
    channels: row.channels as OfferChannel[],
    service_ids: row.serviceIds,
    running: isRunning(row, at),
    created_at: row.createdAt.toISOString(),
  };
}

const values = (b: OfferBodyParsed) => ({
  name: b.name,
  code: b.code,
  type: b.type,
  amount: b.amount,
  startAt: new Date(b.start_at),
  endAt: new Date(b.end_at),
  status: b.status,
  channels: b.channels,
  serviceIds: b.service_ids,
  updatedAt: new Date(),
});

const codeTaken = (err: unknown): never => {
  if (isUniqueViolation(err)) throw fieldError('code', 'exists');
  throw err;
};

/** `GET offers` filters (parsed `offerListQuery`). */
export type OfferFilter = { status?: OfferStatus; active?: boolean; channel?: OfferChannel };

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The offers running at `at` on `channel` (SQL), the same rule as isRunning. */
const runningOn = (tenantId: string, channel: OfferChannel, at: Date): SQL =>
  and(eq(offers.tenantId, tenantId), eq(offers.status, 'active'), lte(offers.startAt, at), gt(offers.endAt, at), sql`${channel} = any(${offers.channels})`)!;

/** Every service named must be the business's (`service_ids.N`: not_exists). */
async function checkServices(tx: Tx, tenantId: string, ids: readonly string[]): Promise<void> {
  const found = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.tenantId, tenantId), inArray(services.id, [...ids])));
  const known = new Set(found.map((s) => s.id));
  const missing = ids.findIndex((id) => !known.has(id));
  if (missing >= 0) throw fieldError(`service_ids.${missing}`, 'not_exists');
}

export function createOfferService({ db }: { db: Database }) {
  async function one(tx: Tx, tenantId: string, id: string): Promise<Offer> {
    const [row] = await tx.select().from(offers).where(and(eq(offers.tenantId, tenantId), eq(offers.id, id)));
    if (!row) throw notFound();
    return toOffer(row);
  }

  return {
    /** Every offer of the business (not paged: a business has a handful), newest first. */
    async list(ctx: AuthContext, q: OfferFilter = {}): Promise<Offer[]> {
      const at = clock.now();
      return withTenant(db, ctx.tenantId, async (tx) => {
        const where = [eq(offers.tenantId, ctx.tenantId)];
        if (q.status) where.push(eq(offers.status, q.status));
        if (q.channel) where.push(sql`${q.channel} = any(${offers.channels})`);
        const rows = await tx
          .select()
          .from(offers)
          .where(and(...where))
          .orderBy(desc(offers.createdAt), asc(offers.name));
        const all = rows.map((r) => toOffer(r, at));
        return q.active === undefined ? all : all.filter((o) => o.running === q.active);
      });
    },
    get: (ctx: AuthContext, id: string) => withTenant(db, ctx.tenantId, (tx) => one(tx, ctx.tenantId, id)),
    async create(ctx: AuthContext, body: OfferBodyParsed): Promise<Offer> {
      return withTenant(db, ctx.tenantId, async (tx) => {
        await checkServices(tx, ctx.tenantId, body.service_ids);
        const [row] = await tx
          .insert(offers)
          .values({ tenantId: ctx.tenantId, ...values(body) })
          .returning()
          .catch(codeTaken);
        return toOffer(row!);
      });
    },
    /** A change prices the lines written from now on; lines written already keep their price. */
    async update(ctx: AuthContext, id: string, body: OfferBodyParsed): Promise<Offer> {
      return withTenant(db, ctx.tenantId, async (tx) => {
        await checkServices(tx, ctx.tenantId, body.service_ids);
        const [row] = await tx
          .update(offers)
          .set(values(body))
          .where(and(eq(offers.tenantId, ctx.tenantId), eq(offers.id, id)))
          .returning()
          .catch(codeTaken);
        if (!row) throw notFound();
        return toOffer(row);
      });
    },
    /** Deleting is always allowed: the lines it priced keep their price. */
    async remove(ctx: AuthContext, id: string): Promise<void> {
      await withTenant(db, ctx.tenantId, async (tx) => {
        const gone = await tx
          .delete(offers)
          .where(and(eq(offers.tenantId, ctx.tenantId), eq(offers.id, id)))
          .returning({ id: offers.id });
        if (!gone.length) throw notFound();
      });
    },
    /** The dashboard's offered unit prices now (the order and booking screens show them beside the catalogue price). */
    async prices(ctx: AuthContext): Promise<OfferPriceRow[]> {
      const at = clock.now();
      return withTenant(db, ctx.tenantId, async (tx) => {
        const running = await tx.select({ serviceIds: offers.serviceIds }).from(offers).where(runningOn(ctx.tenantId, 'webapp', at));
        const priced = await offerPriceFor(
          tx,
          ctx.tenantId,
          'webapp',
          running.flatMap((o) => o.serviceIds),
          at,
        );
        return [...priced].map(([serviceId, o]) => ({ service_id: serviceId, offer_id: o.offerId, offer_name: o.offerName, original_price: o.originalPrice, price: o.price }));
      });
    },
    /** Sets the status given, or switches it over when none is given. */
    async toggle(ctx: AuthContext, id: string, status?: OfferStatus): Promise<Offer> {
      return withTenant(db, ctx.tenantId, async (tx) => {
        const [row] = await tx
          .update(offers)
          .set({ status: status ?? sql`case when ${offers.status} = 'active' then 'inactive' else 'active' end`, updatedAt: new Date() })
          .where(and(eq(offers.tenantId, ctx.tenantId), eq(offers.id, id)))
          .returning();
        if (!row) throw notFound();
        return toOffer(row);
      });
    },
  };
}

/**
 * The offered unit price of each of `serviceIds` on `channel` at `at`, for the services an offer
 * running then covers: their catalogue price, the offered price and the offer (the larger reduction
 * wins when two cover one service; never below zero). Services no offer covers are left out. Runs in
 * the caller's transaction (the dashboard's orders and bookings, the public store's checkout).
 */
export async function offerPriceFor(
  exec: Executor,
  tenantId: string,
  channel: OfferChannel,
  serviceIds: readonly string[],
  at: Date = clock.now(),
): Promise<Map<string, OfferPrice>> {
  const ids = [...new Set(serviceIds)];
  if (!ids.length) return new Map();
  const running = await exec
    .select({ id: offers.id, name: offers.name, type: offers.type, amount: offers.amount, serviceIds: offers.serviceIds })
    .from(offers)
    .where(and(runningOn(tenantId, channel, at), sql`${offers.serviceIds} && ${uuidArray(ids)}`))
    .orderBy(asc(offers.createdAt), asc(offers.id));
  if (!running.length) return new Map();
  const prices = await exec
    .select({ id: services.id, price: services.price })
    .from(services)
    .where(and(eq(services.tenantId, tenantId), inArray(services.id, ids)));
  return offerPricesOf(prices, running);
}

/** An offer running on a channel now, as read to price the services it covers. */
export type RunningOffer = { id: string; name: string; type: string; amount: number; serviceIds: readonly string[] };

/**
 * The offered unit price of each service that one of the `running` offers covers (the larger
 * reduction wins; services none covers are left out): offerPriceFor's rule, for callers that read
 * the offers with something else (a booking's context).
 */
export function offerPricesOf(prices: readonly { id: string; price: number }[], running: readonly RunningOffer[]): Map<string, OfferPrice> {
  const out = new Map<string, OfferPrice>();
  if (!running.length) return out;
  for (const s of prices) {
    const covering = running.filter((o) => o.serviceIds.includes(s.id)).map((o) => ({ ...o, type: o.type as 'fixed' | 'percentage', amount: Number(o.amount) }));
    const best = bestOffer(s.price, covering);
    if (best) out.set(s.id, best);
  }
  return out;
}
