import { slotsResponse } from '@app/shared/schemas/bookings';
import { messageSchema } from '@app/shared/schemas/common';
import {
  STORE_HOLD_MINUTES,
  storeBookingRequest,
  storeBookingResult,
  storeHoldBody,
  storeHoldSchema,
  storeHoldTokenParam,
  storeOtpBody,
  storeOtpSentSchema,
  storeOtpVerifyBody,
  storePhoneProofSchema,
  storeSlotsQuery,
  storeSubdomainParam,
} from '@app/shared/schemas/store';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { t } from '../../i18n/messages';
import type { PaymentGateway } from '../../integrations/payment/payment.adapter';
import { written } from '../../lib/http';
import { storeVisitorRoute } from './store-lookup';
import { createStoreBookingService } from './store-booking.service';

/**
 * Booking on the public store (issue 19; docs/decisions.md "Booking on the store"): the store's
 * browser script asks for free slots, holds a seat, confirms the phone and books. Public (no sign-in):
 * the business is the store's subdomain; every route has a per-address rate limit.
 */
export const storeBookingRoutes =
  (deps: { db: Database; config: Config; gateway: PaymentGateway }): FastifyPluginAsyncZod =>
  async (app) => {
    const svc = createStoreBookingService(deps);
    const tags = ['store'];

    app.get(
      '/store/:subdomain/slots',
      {
        config: storeVisitorRoute(120),
        schema: { tags, summary: "Free slots of the store's services within its booking window (public)", params: storeSubdomainParam, querystring: storeSlotsQuery, response: { 200: slotsResponse } },
      },
      async (request) => svc.slots(request.params.subdomain, request.query),
    );

    app.post(
      '/store/:subdomain/holds',
      {
        config: storeVisitorRoute(20),
        schema: {
          tags,
          summary: `Hold a seat for ${STORE_HOLD_MINUTES} minutes while the visitor fills in their details (public; replace_token releases their previous hold)`,
          params: storeSubdomainParam,
          body: storeHoldBody,
          response: { 201: written(storeHoldSchema) },
        },
      },
      async (request, reply) => {
        const data = await svc.hold(request.params.subdomain, request.body, request.ip);
        return reply.status(201).send({ message: t('hold_created', request.locale, { minutes: STORE_HOLD_MINUTES }), data });
      },
    );

    app.delete(
      '/store/:subdomain/holds/:token',
      { config: storeVisitorRoute(30), schema: { tags, summary: 'Release a held seat (public; an unknown token is already free)', params: storeHoldTokenParam, response: { 200: messageSchema } } },
      async (request) => {
        await svc.release(request.params.subdomain, request.params.token);
        return { message: t('hold_released', request.locale) };
      },
    );

    app.post(
      '/store/:subdomain/otp',
      { config: storeVisitorRoute(5), schema: { tags, summary: "Send a code to the visitor's phone (public)", params: storeSubdomainParam, body: storeOtpBody, response: { 200: written(storeOtpSentSchema) } } },
      async (request) => ({ message: t('otp_sent', request.locale), data: await svc.sendCode(request.params.subdomain, request.body, request.locale) }),
    );

    app.post(
      '/store/:subdomain/otp/verify',
      {
        config: storeVisitorRoute(10),
        schema: { tags, summary: 'Check the code: answers the phone proof the booking carries (public)', params: storeSubdomainParam, body: storeOtpVerifyBody, response: { 200: written(storePhoneProofSchema) } },
      },
      async (request) => ({ message: t('phone_confirmed', request.locale), data: await svc.verifyCode(request.params.subdomain, request.body) }),
    );

    app.post(
      '/store/:subdomain/bookings',
      {
        config: storeVisitorRoute(10),
        schema: {
          tags,
          summary: 'Book the held seat: the customer by phone, the coupon, the deposit link when one is due (public)',
          params: storeSubdomainParam,
          body: storeBookingRequest,
          response: { 201: written(storeBookingResult) },
        },
      },
      async (request, reply) => {
        const data = await svc.book(request.params.subdomain, request.body, request.body.locale ?? request.locale);
        return reply.status(201).send({ message: t('store_booked', request.locale), data });
      },
    );
  };

