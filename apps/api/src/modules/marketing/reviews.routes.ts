import { idParam } from '@app/shared/schemas/access';
import {
  commentListQuery,
  commentPage,
  commentSchema,
  publicReviewSchema,
  replyBody,
  reviewListQuery,
  reviewPage,
  reviewSchema,
  reviewTokenParam,
  submitReviewBody,
} from '@app/shared/schemas/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { comments, reviews } from '../../db/schema/marketing';
import { t } from '../../i18n/messages';
import { ctxOf, one, written } from '../../lib/http';
import type { RouteGuard } from '../../plugins/request-context';
import { createReviewService } from './reviews.service';

/**
 * Reviews and comments (issue 18 §3; spec §3, §4): the customer's review page behind the signed link
 * (public, rate-limited), the reviews' moderation and reply (`marketing.reviews`), and the comments'
 * (`comments`).
 */
export const reviewRoutes =
  ({ db }: { db: Database }): FastifyPluginAsyncZod =>
  async (app) => {
    const svc = createReviewService({ db });

    // ------------------------------------------------------------ the public review page (no sign-in)
    const publicRoute = (max: number): RouteGuard & { rateLimit: { max: number; timeWindow: string } } => ({
      auth: 'public',
      globalParams: true,
      rateLimit: { max, timeWindow: '1 minute' },
    });

    app.get(
      '/public/reviews/:token',
      {
        config: publicRoute(60),
        schema: { tags: ['reviews'], summary: 'The visit a review link is for, and whether it is reviewed (public)', params: reviewTokenParam, response: { 200: one(publicReviewSchema) } },
      },
      async (request) => ({ data: await svc.publicView(request.params.token) }),
    );

    app.post(
      '/public/reviews/:token',
      {
        config: publicRoute(10),
        schema: { tags: ['reviews'], summary: "The customer's review of the visit, pending moderation (public; one per order)", params: reviewTokenParam, body: submitReviewBody, response: { 201: written(publicReviewSchema) } },
      },
      async (request, reply) => reply.status(201).send({ message: t('review_received', request.locale), data: await svc.submit(request.params.token, request.body) }),
    );

    // ------------------------------------------------------------ reviews (marketing.reviews)
    const moderators: RouteGuard = { permissions: ['marketing.reviews'] };
    const onReview: RouteGuard = { ...moderators, resources: { id: reviews } };
    const tags = ['reviews'];

    app.get(
      '/reviews',
      { config: moderators, schema: { tags, summary: 'The reviews, newest first, by status and stars', querystring: reviewListQuery, response: { 200: reviewPage } } },
      async (request) => svc.list(ctxOf(request), request.query),
    );
    app.post(
      '/reviews/:id/approve',
      { config: onReview, schema: { tags, summary: 'Approve a review (shown in the store)', params: idParam, response: { 200: written(reviewSchema) } } },
      async (request) => ({ message: t('review_approved', request.locale), data: await svc.approve(ctxOf(request), request.params.id) }),
    );
    app.post(
      '/reviews/:id/reject',
      { config: onReview, schema: { tags, summary: 'Reject a review (hidden)', params: idParam, response: { 200: written(reviewSchema) } } },
      async (request) => ({ message: t('review_rejected', request.locale), data: await svc.reject(ctxOf(request), request.params.id) }),
    );
    app.put(
      '/reviews/:id/reply',
      { config: onReview, schema: { tags, summary: "The business's reply (empty removes it)", params: idParam, body: replyBody, response: { 200: written(reviewSchema) } } },
      async (request) => {
        const data = await svc.reply(ctxOf(request), request.params.id, request.body.reply);
        return { message: t(data.reply ? 'reply_saved' : 'reply_removed', request.locale), data };
      },
    );

    // ------------------------------------------------------------ comments (comments)
    const commenters: RouteGuard = { permissions: ['comments'] };
    const onComment: RouteGuard = { ...commenters, resources: { id: comments } };
    const commentTags = ['comments'];

    app.get(
      '/comments',
      { config: commenters, schema: { tags: commentTags, summary: 'The comments on services and products, newest first', querystring: commentListQuery, response: { 200: commentPage } } },
      async (request) => svc.listComments(ctxOf(request), request.query),
    );
    app.post(
      '/comments/:id/publish',
      { config: onComment, schema: { tags: commentTags, summary: 'Publish a comment', params: idParam, response: { 200: written(commentSchema) } } },
      async (request) => ({ message: t('comment_published', request.locale), data: await svc.publish(ctxOf(request), request.params.id) }),
    );
    app.post(
      '/comments/:id/unpublish',
      { config: onComment, schema: { tags: commentTags, summary: 'Unpublish a comment (hidden)', params: idParam, response: { 200: written(commentSchema) } } },
      async (request) => ({ message: t('comment_unpublished', request.locale), data: await svc.unpublish(ctxOf(request), request.params.id) }),
    );
    app.put(
      '/comments/:id/reply',
      { config: onComment, schema: { tags: commentTags, summary: "The business's reply (empty removes it)", params: idParam, body: replyBody, response: { 200: written(commentSchema) } } },
      async (request) => {
        const data = await svc.replyComment(ctxOf(request), request.params.id, request.body.reply);
        return { message: t(data.reply ? 'reply_saved' : 'reply_removed', request.locale), data };
      },
    );
  };
