import { idParam } from '@app/shared/schemas/access';
import {
  blockTimeBody,
  blockTimeSchema,
  blockTimesQuery,
  bookingSchema,
  bookingsPage,
  bookingsQuery,
  calendarQuery,
  calendarResponse,
  changeBookingStatusBody,
  createBookingBody,
  createBookingResult,
  customerBookingsQuery,
  orderCreateBookingBody,
  slotsQuery,
  slotsResponse,
  updateBookingBody,
} from '@app/shared/schemas/bookings';
import { messageSchema } from '@app/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { blockTimes, bookings, orders } from '../../db/schema/sales';
import { t } from '../../i18n/messages';
import { ctxOf, listOf, one, sendJsonText, written } from '../../lib/http';
import type { RouteGuard } from '../../plugins/request-context';
import { createBookingService } from './bookings.service';

/**
 * Bookings, free slots, the calendar feed and block times (docs/bookings.md). Reading and writing
 * bookings: `calendar.all`, `calendar_only_staff` or `bookings` (an own-scope account — a provider,
 * or calendar_only_staff without calendar.all — only its own provider's bookings). Block times:
 * `calendar.all`.
 */
export const bookingRoutes =
  (deps: { db: Database; config: Pick<Config, 'appUrl'> }): FastifyPluginAsyncZod =>
  async (app) => {
    const svc = createBookingService(deps);
    const tags = ['bookings'];
    const all: RouteGuard = { permissions: ['calendar.all', 'calendar_only_staff', 'bookings'] };
    const byId: RouteGuard = { ...all, resources: { id: bookings } };
    // The order screen books its service items too (re-adding an appointment, picking a slot).
    const withOrders: RouteGuard = { permissions: ['calendar.all', 'calendar_only_staff', 'bookings', 'orders'] };
    const blocks: RouteGuard = { permissions: ['calendar.all'] };
    const blockById: RouteGuard = { ...blocks, resources: { id: blockTimes } };

    app.get(
      '/bookings/slots',
      {
        config: withOrders,
        schema: { tags, summary: 'Free slots of a visit (one or more services) per local day, for one provider or any', querystring: slotsQuery, response: { 200: slotsResponse } },
      },
      async (request) => svc.slots(ctxOf(request), request.query),
    );

    // The page's bookings are JSON text the database made (bookings.repository listBookings), written out as they come.
    app.get('/bookings', { config: all, schema: { tags, querystring: bookingsQuery, response: { 200: bookingsPage } } }, async (request, reply) =>
      sendJsonText(reply, await svc.list(ctxOf(request), request.query)),
    );

    app.get('/bookings/:id', { config: byId, schema: { tags, params: idParam, response: { 200: one(bookingSchema) } } }, async (request) => ({
      data: await svc.get(ctxOf(request), request.params.id),
    }));

    app.post(
      '/bookings',
      // A booking changes no account, business, role or token: the kept sign-in contexts stay (a burst of bookings is not a burst of token lookups).
      { config: { ...all, keepsSessions: true }, schema: { tags, summary: 'Book a visit: creates the order (or adds to order_id), its service items and one booking per service', body: createBookingBody, response: { 201: written(createBookingResult) } } },
      async (request, reply) => {
        const data = await svc.create(ctxOf(request), request.body);
        return reply.status(201).send({ message: t('created', request.locale), data });
      },
    );

    app.post(
      '/order/:id/createBooking',
      {
        config: { ...withOrders, resources: { id: orders } },
        schema: { tags, summary: "Re-add the appointment of one of the order's service items", params: idParam, body: orderCreateBookingBody, response: { 201: written(bookingSchema) } },
      },
      async (request, reply) => {
        const data = await svc.createForItem(ctxOf(request), request.params.id, request.body);
        return reply.status(201).send({ message: t('created', request.locale), data });
      },
    );

    app.put(
      '/bookings/:id',
      { config: byId, schema: { tags, summary: 'Reschedule, resize, reassign, or edit the details', params: idParam, body: updateBookingBody, response: { 200: written(bookingSchema) } } },
      async (request) => ({ message: t('updated', request.locale), data: await svc.update(ctxOf(request), request.params.id, request.body) }),
    );

    app.post(
      '/bookings/:id/change-status',
      { config: byId, schema: { tags, params: idParam, body: changeBookingStatusBody, response: { 200: written(bookingSchema) } } },
      async (request) => ({ message: t('updated', request.locale), data: await svc.changeStatus(ctxOf(request), request.params.id, request.body) }),
    );

    app.get(
      '/calendar/events',
      { config: all, schema: { tags, summary: 'Bookings, block times and staff columns overlapping [start, end)', querystring: calendarQuery, response: { 200: calendarResponse } } },
      // Written out here: the bookings come as the JSON text the database made (calendarBookingsJson).
      async (request, reply) => {
        const { bookingsJson, blocks, staff } = await svc.calendar(ctxOf(request), request.query);
        const body = `{"data":{"bookings":${bookingsJson},"blocks":${JSON.stringify(blocks)},"staff":${JSON.stringify(staff)}}}`;
        return sendJsonText(reply, body);
      },
    );

    // The customer page's bookings tab (spec §7 customers/{id}/bookings): the bookings list's keys and
    // scope (the `customers` key alone reads no bookings); another business's customer is a 404.
    app.get(
      '/customers/:id/bookings',
      {
        config: { ...all, resources: { id: customers } },
        schema: { tags, summary: "A customer's bookings, newest start first", params: idParam, querystring: customerBookingsQuery, response: { 200: bookingsPage } },
      },
      async (request, reply) => sendJsonText(reply, await svc.customerBookings(ctxOf(request), request.params.id, request.query)),
    );

    // ------------------------------------------------------------ block times
    app.get('/block-times', { config: blocks, schema: { tags, querystring: blockTimesQuery, response: { 200: listOf(blockTimeSchema) } } }, async (request) => ({
      data: await svc.listBlocks(ctxOf(request), request.query),
    }));

    app.get('/block-times/:id', { config: blockById, schema: { tags, params: idParam, response: { 200: one(blockTimeSchema) } } }, async (request) => ({
      data: await svc.getBlock(ctxOf(request), request.params.id),
    }));

    app.post('/block-times', { config: blocks, schema: { tags, body: blockTimeBody, response: { 201: written(blockTimeSchema) } } }, async (request, reply) => {
      const data = await svc.createBlock(ctxOf(request), request.body);
      return reply.status(201).send({ message: t('created', request.locale), data });
    });

    app.put('/block-times/:id', { config: blockById, schema: { tags, params: idParam, body: blockTimeBody, response: { 200: written(blockTimeSchema) } } }, async (request) => ({
      message: t('updated', request.locale),
      data: await svc.updateBlock(ctxOf(request), request.params.id, request.body),
    }));

    app.delete('/block-times/:id', { config: blockById, schema: { tags, params: idParam, response: { 200: messageSchema } } }, async (request) => {
      await svc.removeBlock(ctxOf(request), request.params.id);
      return { message: t('deleted', request.locale) };
    });
  };
