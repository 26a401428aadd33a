import type { Comment, CommentStatus, PublicReview, Review, ReviewStatus, SubmitReviewBody } from '@app/shared/schemas/reviews';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageMeta } from '@/components/list-view/list-view';
import { api, apiRequest } from '@/lib/api-client';
import { useWriteMutation, type WriteResult } from '@/lib/query';

export type { Comment, CommentStatus, PublicReview, Review, ReviewStatus };

export type ReviewQuery = { page: number; per_page: number; status?: ReviewStatus; rating?: number };
export type CommentQuery = { page: number; per_page: number; status?: CommentStatus };

export type ReviewPage = { data: Review[]; meta: PageMeta & { counts: Record<ReviewStatus, number> } };
export type CommentPage = { data: Comment[]; meta: PageMeta & { counts: Record<CommentStatus, number> } };

/** Query keys of the reviews and comments screens; a moderation refreshes its whole tree (the tabs' counts too) and the sidebar's counters. */
export const reviewKeys = {
  all: ['reviews'] as const,
  list: (q: ReviewQuery) => ['reviews', 'list', q] as const,
  comments: ['comments'] as const,
  commentList: (q: CommentQuery) => ['comments', 'list', q] as const,
  link: (token: string) => ['review-link', token] as const,
};
const UNREAD = ['unread-counts'] as const;

/** `GET reviews?status&rating&page&per_page` (`marketing.reviews`): newest first, with the counts per status. */
export const useReviews = (query: ReviewQuery) =>
  useQuery({ queryKey: reviewKeys.list(query), queryFn: ({ signal }) => api.get<ReviewPage>('reviews', query, signal), placeholderData: keepPreviousData });

/** `POST reviews/{id}/approve` (shown in the store) or `/reject` (hidden). */
export const useModerateReview = () =>
  useWriteMutation(
    ({ id, action }: { id: string; action: 'approve' | 'reject' }) => api.post<WriteResult & { data: Review }>(`reviews/${encodeURIComponent(id)}/${action}`),
    [reviewKeys.all, UNREAD],
  );

/** `PUT reviews/{id}/reply { reply }`: an empty reply removes it. */
export const useReplyReview = () =>
  useWriteMutation(({ id, reply }: { id: string; reply: string }) => api.put<WriteResult & { data: Review }>(`reviews/${encodeURIComponent(id)}/reply`, { reply }), [reviewKeys.all]);

/** `GET comments?status&page&per_page` (`comments`). */
export const useComments = (query: CommentQuery) =>
  useQuery({ queryKey: reviewKeys.commentList(query), queryFn: ({ signal }) => api.get<CommentPage>('comments', query, signal), placeholderData: keepPreviousData });

/** `POST comments/{id}/publish` / `unpublish`. */
export const usePublishComment = () =>
  useWriteMutation(
    ({ id, action }: { id: string; action: 'publish' | 'unpublish' }) => api.post<WriteResult & { data: Comment }>(`comments/${encodeURIComponent(id)}/${action}`),
    [reviewKeys.comments, UNREAD],
  );

/** `PUT comments/{id}/reply { reply }`: an empty reply removes it. */
export const useReplyComment = () =>
  useWriteMutation(({ id, reply }: { id: string; reply: string }) => api.put<WriteResult & { data: Comment }>(`comments/${encodeURIComponent(id)}/reply`, { reply }), [reviewKeys.comments]);

/**
 * The customer's review page (`/r/:token`, no sign-in): quiet calls, the page shows an invalid or
 * expired link itself instead of the signed-in app's toasts and redirects.
 */
export const usePublicReview = (token: string) =>
  useQuery({
    queryKey: reviewKeys.link(token),
    queryFn: ({ signal }) => apiRequest<{ data: PublicReview }>(`public/reviews/${encodeURIComponent(token)}`, { signal, quiet: true }).then((r) => r.data),
    enabled: token.length > 0,
    retry: false,
  });

/** `POST public/reviews/{token}`: the page then shows the thank-you state from the answer. */
export const useSubmitReview = (token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitReviewBody) =>
      apiRequest<{ message: string; data: PublicReview }>(`public/reviews/${encodeURIComponent(token)}`, { method: 'POST', body, quiet: true }).then((r) => r.data),
    onSuccess: (data) => queryClient.setQueryData(reviewKeys.link(token), data),
  });
};
