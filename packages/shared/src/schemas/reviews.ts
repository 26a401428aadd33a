import { z } from 'zod';
import { optionalText, pageQuery, paginationMeta } from './common';

/**
 * Reviews and comments (issue 18 §3; spec §3 Review, Comment; §4). A customer reviews a completed
 * visit through the signed link sent after it (`/r/<token>`); the business moderates it (pending →
 * approved | rejected, hidden) and may reply. Comments are words on a service or a product, left in
 * the public store; they are published or unpublished, with a reply.
 */

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const COMMENT_STATUSES = ['pending', 'published', 'unpublished'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

export const COMMENT_SUBJECTS = ['service', 'product'] as const;
export type CommentSubject = (typeof COMMENT_SUBJECTS)[number];

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
/** A review's and a comment's words, and a reply, at most this long. */
export const REVIEW_BODY_MAX = 1000;
/** A review link is good for this many days after the visit was completed. */
export const REVIEW_LINK_DAYS = 30;

// ------------------------------------------------------------------ the public review page

export const reviewTokenParam = z.object({ token: z.string().min(1).max(200) });

/** `GET public/reviews/{token}`: only what the visitor may see about their visit. */
export const publicReviewSchema = z.object({
  business: z.object({ name: z.string(), logo: z.string().nullable() }),
  order_number: z.number(),
  /** The visit's day in the business's time zone (YYYY-MM-DD), or null for an order without appointments. */
  visit_date: z.string().nullable(),
  services: z.array(z.string()),
  providers: z.array(z.string()),
  /** The business's language, the page's default when the visitor has not chosen one. */
  locale: z.enum(['ar', 'en']),
  /** Already reviewed: the page shows its thank-you state with the stars given. */
  reviewed: z.boolean(),
  rating: z.number().nullable(),
  expires_at: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** `POST public/reviews/{token}`: 1–5 whole stars and optional words. */
export const submitReviewBody = z.object({
  rating: z.number('number').int('integer').min(REVIEW_RATING_MIN, 'gte').max(REVIEW_RATING_MAX, 'lte'),
  body: optionalText(REVIEW_BODY_MAX).nullable().optional(),
});
export type SubmitReviewBody = z.input<typeof submitReviewBody>;

// ------------------------------------------------------------------ the dashboard

export const reviewSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  order_number: z.number().nullable(),
  customer_id: z.string().nullable(),
  /** The customer's name when they reviewed (empty: a walk-in without a name). */
  by_name: z.string(),
  provider_id: z.string().nullable(),
  provider_name: z.string().nullable(),
  services: z.array(z.string()),
  /** The visit's first appointment (UTC), null for an order without appointments. */
  visit_at: z.string().nullable(),
  rating: z.number(),
  body: z.string().nullable(),
  status: z.enum(REVIEW_STATUSES),
  reply: z.string().nullable(),
  replied_by: z.string().nullable(),
  replied_by_name: z.string().nullable(),
  replied_at: z.string().nullable(),
  moderated_at: z.string().nullable(),
  created_at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListQuery = pageQuery.omit({ search: true }).extend({
  status: z.enum(REVIEW_STATUSES, 'invalid').optional(),
  rating: z.coerce.number().int('integer').min(REVIEW_RATING_MIN, 'gte').max(REVIEW_RATING_MAX, 'lte').optional(),
});
export type ReviewListQuery = z.input<typeof reviewListQuery>;

/** Per status, for the tabs. */
export const reviewCounts = z.object({ pending: z.number(), approved: z.number(), rejected: z.number() });

export const reviewPage = z.object({ data: z.array(reviewSchema), meta: paginationMeta.extend({ counts: reviewCounts }) });

/** `PUT reviews/{id}/reply`, `PUT comments/{id}/reply`: empty text removes the reply. */
export const replyBody = z.object({ reply: optionalText(REVIEW_BODY_MAX).nullable().default(null) });
export type ReplyBody = z.input<typeof replyBody>;

export const commentSchema = z.object({
  id: z.string(),
  subject_type: z.enum(COMMENT_SUBJECTS),
  subject_id: z.string(),
  /** The service's or product's name (null once it is deleted). */
  subject_name: z.string().nullable(),
  customer_id: z.string().nullable(),
  by_name: z.string(),
  body: z.string(),
  status: z.enum(COMMENT_STATUSES),
  reply: z.string().nullable(),
  replied_by: z.string().nullable(),
  replied_by_name: z.string().nullable(),
  replied_at: z.string().nullable(),
  created_at: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentListQuery = pageQuery.omit({ search: true }).extend({ status: z.enum(COMMENT_STATUSES, 'invalid').optional() });
export type CommentListQuery = z.input<typeof commentListQuery>;

export const commentCounts = z.object({ pending: z.number(), published: z.number(), unpublished: z.number() });
export const commentPage = z.object({ data: z.array(commentSchema), meta: paginationMeta.extend({ counts: commentCounts }) });

/** What the public store (next issue) sends to leave a comment; it starts pending. */
export const addCommentBody = z.object({
  subject_type: z.enum(COMMENT_SUBJECTS, 'invalid'),
  subject_id: z.uuid('invalid'),
  by_name: z.string().trim().min(1, { error: 'required', abort: true }).max(120),
  body: z.string().trim().min(1, { error: 'required', abort: true }).max(REVIEW_BODY_MAX),
});
export type AddCommentBody = z.input<typeof addCommentBody>;

/** An approved review as the public store shows it: no customer id, no order. */
export const publishedReviewSchema = z.object({
  id: z.string(),
  by_name: z.string(),
  rating: z.number(),
  body: z.string().nullable(),
  reply: z.string().nullable(),
  services: z.array(z.string()),
  provider_name: z.string().nullable(),
  created_at: z.string(),
});
export type PublishedReview = z.infer<typeof publishedReviewSchema>;
