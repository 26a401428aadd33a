import { idParam } from '@app/shared/schemas/access';
import { couponBody, couponSchema } from '@app/shared/schemas/marketing';
import { offerBody, offerListQuery, offerPriceSchema, offerSchema, offerToggleBody } from '@app/shared/schemas/offers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { coupons, offers } from '../../db/schema/marketing';
import { t } from '../../i18n/messages';
import { crudRoutes, ctxOf, deskReadable, listOf, written } from '../../lib/http';
import type { RouteGuard } from '../../plugins/request-context';
import { createCouponService } from './coupons.service';
import { createOfferService } from './offers.service';

/**
 * Marketing (issue 18 §2; spec §2 /marketing): the business's coupons (`marketing.coupons`) and
 * offers (`marketing.offers`). Applying a coupon to an order is the order's route (`PUT
 * orders/{id}/coupon`), under the orders' keys; an offer prices the service lines itself.
 */
export const marketingRoutes =
  ({ db }: { db: Database }): FastifyPluginAsyncZod =>
  async (app) => {
    const svc = createCouponService({ db });
    const tags = ['coupons'];
    const guard: RouteGuard = { permissions: ['marketing.coupons'] };
    crudRoutes(app, { path: '/coupons', tags, guard, table: coupons, body: couponBody, item: couponSchema, service: svc });

    app.post(
      '/coupons/:id/toggle',
      { config: { ...guard, resources: { id: coupons } }, schema: { tags, summary: 'Switch a coupon on or off', params: idParam, response: { 200: written(couponSchema) } } },
      async (request) => ({ message: t('updated', request.locale), data: await svc.toggle(ctxOf(request), request.params.id) }),
    );

    // Offers (`marketing.offers`): a price cut on services while they run (offers.service.ts).
    const offerSvc = createOfferService({ db });
    const offerTags = ['offers'];
    const offerGuard: RouteGuard = { permissions: ['marketing.offers'] };
    const { list: _list, ...offerCrud } = offerSvc;
    crudRoutes(app, { path: '/offers', tags: offerTags, guard: offerGuard, table: offers, body: offerBody, item: offerSchema, service: offerCrud });
    app.get(
      '/offers',
      { config: offerGuard, schema: { tags: offerTags, summary: 'The offers, by status, running now or not, channel', querystring: offerListQuery, response: { 200: listOf(offerSchema) } } },
      async (request) => ({ data: await offerSvc.list(ctxOf(request), request.query) }),
    );
    app.get(
      '/offers/prices',
      {
        // The order and booking screens show the offered price: the booking desk's keys read it too.
        config: deskReadable(offerGuard),
        schema: { tags: offerTags, summary: 'The offered unit prices in the dashboard now, per service', response: { 200: listOf(offerPriceSchema) } },
      },
      async (request) => ({ data: await offerSvc.prices(ctxOf(request)) }),
    );
    app.post(
      '/offers/:id/toggle',
      {
        config: { ...offerGuard, resources: { id: offers } },
        schema: { tags: offerTags, summary: 'Switch an offer on or off (to `status` when given)', params: idParam, body: offerToggleBody, response: { 200: written(offerSchema) } },
      },
      async (request) => ({ message: t('updated', request.locale), data: await offerSvc.toggle(ctxOf(request), request.params.id, request.body?.status) }),
    );
  };
