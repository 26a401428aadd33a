import { idParam } from '@app/shared/schemas/access';
import { slotsResponse } from '@app/shared/schemas/bookings';
import { type ManageBooking, manageBookingSchema, manageCancelBody, manageRescheduleBody, manageSlotsQuery, waitlistBody, waitlistEntrySchema, waitlistJoinedSchema, waitlistQuery } from '@app/shared/schemas/store';
import { localDateOf } from '@app/shared/scheduling/zoned';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { waitlistEntries } from '../../db/schema/store';
import { t } from '../../i18n/messages';
import type { PaymentGateway } from '../../integrations/payment/payment.adapter';
import { paymentLinkSchema } from '@app/shared/schemas/transactions';
import { ctxOf, one, written } from '../../lib/http';
import type { RouteGuard } from '../../plugins/request-context';
import { storeVisitorRoute } from './store-lookup';
import { readBookingToken } from './store-links';
import { createStoreManageService } from './store-manage.service';
import { createWaitlistService, offerWaitlist, type WaitlistScope } from './waitlist.service';

/**
 * The customer's own booking page behind its signed link (see, move, cancel: public, rate-limited)
 * and the waitlist (joining from the store: public; the dashboard's list and removal: `bookings`).
 */
export const storeManageRoutes =
  ({ db, config, gateway }: { db: Database; config: Config; gateway: PaymentGateway }): FastifyPluginAsyncZod =>
  async (app) => {
    // A cancellation frees seats: the waitlist of that business's branch and day (the visits' one; the
    // branch's when they span days) is offered them at once (best effort, after commit, not awaited).
    const afterCancel = (token: string, view: ManageBooking) => {
      let scope: WaitlistScope;
      try {
        const days = new Set(view.visits.map((v) => localDateOf(Date.parse(v.start_time), view.time_zone)));
        scope = { tenantId: readBookingToken(token).tenantId, ...(view.branch_id ? { branchId: view.branch_id } : {}), ...(days.size === 1 ? { day: [...days][0]! } : {}) };
      } catch (err) {
        app.log.warn({ err }, 'waitlist pass after a cancellation');
        return;
      }
      offerWaitlist(db, undefined, app.log, scope).catch((err) => app.log.warn({ err }, 'waitlist pass after a cancellation'));
    };
    const svc = createStoreManageService({ db, config, gateway });
    const waitlist = createWaitlistService({ db });
    const tokenParam = z.object({ token: z.string().min(1).max(200) });
    const tags = ['store'];

    app.get(
      '/store/booking/:token',
      { config: storeVisitorRoute(60), schema: { tags, summary: "The customer's own booking (public, signed link)", params: tokenParam, response: { 200: one(manageBookingSchema) } } },
      async (request) => ({ data: await svc.view(request.params.token) }),
    );
    app.get(
      '/store/booking/:token/slots',
      { config: storeVisitorRoute(60), schema: { tags, summary: 'Free times to move the visit to (public, signed link)', params: tokenParam, querystring: manageSlotsQuery, response: { 200: slotsResponse } } },
      async (request) => svc.slots(request.params.token, request.query),
    );
    app.post(
      '/store/booking/:token/reschedule',
      {
        config: storeVisitorRoute(10),
        schema: { tags, summary: 'Move the whole visit to a new start (public, signed link)', params: tokenParam, body: manageRescheduleBody, response: { 200: written(manageBookingSchema) } },
      },
      async (request) => ({ message: t('visit_rescheduled', request.locale), data: await svc.reschedule(request.params.token, request.body) }),
    );
    app.post(
      '/store/booking/:token/cancel',
      { config: storeVisitorRoute(10), schema: { tags, summary: 'Cancel the visit (public, signed link)', params: tokenParam, body: manageCancelBody, response: { 200: written(manageBookingSchema) } } },
      async (request) => {
        const data = await svc.cancel(request.params.token, request.body);
        afterCancel(request.params.token, data);
        return { message: t('visit_cancelled', request.locale), data };
      },
    );

    app.post(
      '/store/booking/:token/pay',
      { config: storeVisitorRoute(10), schema: { tags, summary: 'A fresh payment link for what the visit still waits for (public, signed link)', params: tokenParam, response: { 200: one(paymentLinkSchema) } } },
      async (request) => ({ data: await svc.pay(request.params.token) }),
    );

    app.post(
      '/store/:subdomain/waitlist',
      {
        config: storeVisitorRoute(10),
        schema: {
          tags,
          summary: 'Join the waitlist of a full day (public; a repeat answers alike, with no second SMS)',
          params: z.object({ subdomain: z.string().min(1).max(63) }),
          body: waitlistBody,
          response: { 201: written(waitlistJoinedSchema) },
        },
      },
      // A first join and a repeat answer alike (201, no data of the entry): the answer tells nothing of whether a phone waits.
      async (request, reply) => {
        const { data } = await waitlist.join(request.params.subdomain, request.body);
        return reply.status(201).send({ message: t('waitlist_joined', request.locale), data });
      },
    );

    const desk: RouteGuard = { permissions: ['bookings'] };
    app.get(
      '/waitlist',
      { config: desk, schema: { tags, summary: 'The waitlist, by day and branch', querystring: waitlistQuery, response: { 200: z.object({ data: z.array(waitlistEntrySchema) }) } } },
      async (request) => ({ data: await waitlist.list(ctxOf(request), request.query) }),
    );
    app.delete(
      '/waitlist/:id',
      { config: { ...desk, resources: { id: waitlistEntries } }, schema: { tags, summary: 'Take an entry off the waitlist', params: idParam, response: { 200: written(waitlistEntrySchema) } } },
      async (request) => ({ message: t('waitlist_removed', request.locale), data: await waitlist.remove(ctxOf(request), request.params.id) }),
    );
  };
