import { idParam } from '@app/shared/schemas/access';
import { couponBody, couponSchema } from '@app/shared/schemas/marketing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { coupons } from '../../db/schema/marketing';
import { t } from '../../i18n/messages';
import { crudRoutes, ctxOf, written } from '../../lib/http';
import type { RouteGuard } from '../../plugins/request-context';
import { createCouponService } from './coupons.service';

/**
 * Marketing (issue 18 §2; spec §2 /marketing): the business's coupons (`marketing.coupons`). Applying
 * one to an order is the order's route (`PUT orders/{id}/coupon`), under the orders' keys.
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
  };
