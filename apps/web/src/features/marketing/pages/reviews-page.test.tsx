import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { areaOf, decideRoute } from '@/app/guard';
import { findMainRoute } from '@/app/route-table';
import type { Comment, PublicReview, Review } from '@/features/marketing/api/reviews';
import { me, renderPage, stubApi } from '@/features/subscription/test-support';
import { changeLocale } from '@/lib/i18n';
import { CommentsPage } from './comments-page';
import { PublicReviewPage } from './public-review-page';
import { ReviewsPage } from './reviews-page';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const review = (over: Partial<Review> = {}): Review => ({
  id: 'r1',
  order_id: 'o1',
  order_number: 1042,
  customer_id: 'c1',
  by_name: 'نورة القحطاني',
  provider_id: 'p1',
  provider_name: 'Sara',
  services: ['Haircut', 'Blow dry'],
  visit_at: '2026-11-20T10:00:00.000Z',
  rating: 5,
  body: 'Lovely visit',
  status: 'pending',
  reply: null,
  replied_by: null,
  replied_by_name: null,
  replied_at: null,
  moderated_at: null,
  created_at: '2026-11-21T09:00:00.000Z',
  ...over,
});

const comment = (over: Partial<Comment> = {}): Comment => ({
  id: 'm1',
  subject_type: 'service',
  subject_id: 's1',
  subject_name: 'Haircut',
  customer_id: null,
  by_name: 'Omar',
  body: 'Open in the evening?',
  status: 'pending',
  reply: null,
  replied_by: null,
  replied_by_name: null,
  replied_at: null,
  created_at: '2026-11-21T09:00:00.000Z',
  ...over,
});

const visit = (over: Partial<PublicReview> = {}): PublicReview => ({
  business: { name: 'Lamsa Salon', logo: null },
  order_number: 1042,
  visit_date: '2026-11-20',
  services: ['Haircut'],
  providers: ['Sara'],
  locale: 'ar',
  reviewed: false,
  rating: null,
  expires_at: '2026-12-20T10:00:00.000Z',
  ...over,
});

/** The picker's star: its label (a click on it chooses; its radio is for the keyboard). */
const starLabel = (container: HTMLElement, n: number) => {
  const input = container.querySelector(`[data-testid="public-review-stars"] input[value="${n}"]`) as HTMLInputElement;
  expect(input.getAttribute('aria-label')).toBe(`${n} of 5 stars`);
  return container.querySelector(`label[for="${input.id}"]`) as HTMLElement;
};

const meta = (total: number, counts: Record<string, number>) => ({ current_page: 1, per_page: 25, total, last_page: 1, counts });

let api: ReturnType<typeof stubApi>;
beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  show.mockClear();
  api = stubApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the routes', () => {
  it('declare the keys; the review link is open signed in or not, outside the dashboard', () => {
    expect(findMainRoute('/marketing/reviews')?.permissions).toEqual(['marketing.reviews']);
    expect(findMainRoute('/marketing/comments')?.permissions).toEqual(['comments']);
    expect(areaOf('/r/AbC_12-x')).toBe('open');
    expect(decideRoute({ pathname: '/r/AbC_12-x', loggedIn: false, user: undefined, userFailed: false })).toEqual({ kind: 'allow' });
    expect(findMainRoute('/r/abc')).toBeUndefined();
  });
});

describe('ReviewsPage', () => {
  const render = () => renderPage(<ReviewsPage />, { path: '/marketing/reviews', user: me({ permissions: ['marketing.reviews'] }) });

  it('lists the reviews: stars, customer, visit, words and reply, status; tabs with counts', async () => {
    api.routes['GET /api/v1/reviews'] = () => ({
      status: 200,
      json: { data: [review(), review({ id: 'r2', by_name: '', rating: 2, body: null, status: 'approved', reply: 'Sorry, we will do better', replied_by_name: 'Owner' })], meta: meta(2, { pending: 1, approved: 1, rejected: 0 }) },
    });
    render();
    const row = await screen.findByTestId('review-row-r1');
    expect(within(row).getByTestId('review-rating-r1').getAttribute('aria-label')).toBe('5 of 5 stars');
    expect(within(row).getByTestId('review-customer-r1').textContent).toContain('نورة القحطاني');
    expect(row.textContent).toContain('Order #1042');
    expect(row.textContent).toContain('Haircut, Blow dry');
    expect(within(row).getByTestId('review-body-r1').textContent).toBe('Lovely visit');
    expect(within(row).getByTestId('review-status-r1').textContent).toBe('Pending');
    const other = screen.getByTestId('review-row-r2');
    expect(within(other).getByTestId('review-customer-r2').textContent).toBe('A customer');
    expect(other.textContent).toContain('Stars only, no words');
    expect(within(other).getByTestId('review-reply-r2').textContent).toContain('Reply by Owner');
    expect(within(other).queryByTestId('review-approve-r2')).toBeNull();
    expect(screen.getByTestId('reviews-tab-pending').textContent).toBe('Pending (1)');
    expect(screen.getByTestId('reviews-tab-approved').textContent).toBe('Approved (1)');
  });

  it('filters by tab and stars through the query', async () => {
    api.routes['GET /api/v1/reviews'] = () => ({ status: 200, json: { data: [review()], meta: meta(1, { pending: 1, approved: 0, rejected: 0 }) } });
    render();
    await screen.findByTestId('review-row-r1');
    fireEvent.click(screen.getByTestId('reviews-tab-approved'));
    await waitFor(() => expect(api.called('GET /api/v1/reviews').some((c) => c.query.get('status') === 'approved')).toBe(true));
    expect(screen.getByTestId('location').textContent).toContain('status=approved');
  });

  it('approves and rejects with the server message as a toast', async () => {
    api.routes['GET /api/v1/reviews'] = () => ({ status: 200, json: { data: [review()], meta: meta(1, { pending: 1, approved: 0, rejected: 0 }) } });
    api.routes['POST /api/v1/reviews/r1/approve'] = () => ({ status: 200, json: { message: 'The review was approved', data: review({ status: 'approved' }) } });
    api.routes['POST /api/v1/reviews/r1/reject'] = () => ({ status: 200, json: { message: 'The review was rejected and hidden', data: review({ status: 'rejected' }) } });
    render();
    fireEvent.click(await screen.findByTestId('review-approve-r1'));
    await waitFor(() => expect(api.called('POST /api/v1/reviews/r1/approve')).toHaveLength(1));
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'The review was approved' })));
    fireEvent.click(screen.getByTestId('review-reject-r1'));
    await waitFor(() => expect(api.called('POST /api/v1/reviews/r1/reject')).toHaveLength(1));
  });

  it('replies in a window, and removes a reply after a confirmation', async () => {
    let current = review();
    api.routes['GET /api/v1/reviews'] = () => ({ status: 200, json: { data: [current], meta: meta(1, { pending: 1, approved: 0, rejected: 0 }) } });
    api.routes['PUT /api/v1/reviews/r1/reply'] = (call) => {
      const text = (call.body as { reply: string }).reply;
      current = review({ reply: text || null, replied_by_name: text ? 'Owner' : null });
      return { status: 200, json: { message: text ? 'The reply was saved' : 'The reply was removed', data: current } };
    };
    render();
    fireEvent.click(await screen.findByTestId('review-reply-open-r1'));
    const text = await screen.findByTestId('reply-text');
    // What is answered sits above the box (and in the row behind the window).
    expect(screen.getAllByText('Lovely visit')).toHaveLength(2);
    expect((screen.getByTestId('reply-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(text, { target: { value: '  Thank you!  ' } });
    fireEvent.click(screen.getByTestId('reply-save'));
    await waitFor(() => expect(api.called('PUT /api/v1/reviews/r1/reply')[0]?.body).toEqual({ reply: 'Thank you!' }));
    expect(await screen.findByTestId('review-reply-r1')).toBeTruthy();

    fireEvent.click(screen.getByTestId('review-reply-open-r1'));
    fireEvent.click(await screen.findByTestId('reply-remove'));
    fireEvent.click(await screen.findByTestId('reply-remove-ok'));
    await waitFor(() => expect(api.called('PUT /api/v1/reviews/r1/reply')[1]?.body).toEqual({ reply: '' }));
  });

  it('invites to set up the review request when there are no reviews', async () => {
    api.routes['GET /api/v1/reviews'] = () => ({ status: 200, json: { data: [], meta: meta(0, { pending: 0, approved: 0, rejected: 0 }) } });
    render();
    expect((await screen.findByTestId('list-empty')).textContent).toContain('No reviews yet');
  });
});

describe('CommentsPage', () => {
  it('lists comments on services and products; publishes, unpublishes and replies', async () => {
    api.routes['GET /api/v1/comments'] = () => ({
      status: 200,
      json: { data: [comment(), comment({ id: 'm2', subject_type: 'product', subject_name: null, status: 'published', reply: 'Yes', replied_by_name: 'Owner' })], meta: meta(2, { pending: 1, published: 1, unpublished: 0 }) },
    });
    api.routes['POST /api/v1/comments/m1/publish'] = () => ({ status: 200, json: { message: 'The comment was published', data: comment({ status: 'published' }) } });
    api.routes['POST /api/v1/comments/m2/unpublish'] = () => ({ status: 200, json: { message: 'The comment was unpublished', data: comment({ id: 'm2', status: 'unpublished' }) } });
    renderPage(<CommentsPage />, { path: '/marketing/comments', user: me({ permissions: ['comments'] }) });
    const row = await screen.findByTestId('comment-row-m1');
    expect(row.textContent).toContain('Haircut');
    expect(row.textContent).toContain('Service');
    expect(within(row).getByTestId('comment-status-m1').textContent).toBe('Pending');
    const other = screen.getByTestId('comment-row-m2');
    expect(other.textContent).toContain('No longer available');
    expect(within(other).getByTestId('comment-reply-m2').textContent).toContain('Yes');
    expect(screen.getByTestId('comments-tab-published').textContent).toBe('Published (1)');
    fireEvent.click(within(row).getByTestId('comment-publish-m1'));
    await waitFor(() => expect(api.called('POST /api/v1/comments/m1/publish')).toHaveLength(1));
    fireEvent.click(within(other).getByTestId('comment-unpublish-m2'));
    await waitFor(() => expect(api.called('POST /api/v1/comments/m2/unpublish')).toHaveLength(1));
  });
});

describe('PublicReviewPage (/r/:token)', () => {
  const render = () => renderPage(<PublicReviewPage />, { path: '/r/tok_1', route: '/r/:token', user: undefined });

  it('shows the visit, asks for stars before sending, then thanks', async () => {
    api.routes['GET /api/v1/public/reviews/tok_1'] = () => ({ status: 200, json: { data: visit() } });
    api.routes['POST /api/v1/public/reviews/tok_1'] = () => ({ status: 201, json: { message: 'Thank you for your review', data: visit({ reviewed: true, rating: 4 }) } });
    api.routes['GET /api/v1/csrf-cookie'] = () => ({ status: 204 });
    const { container } = render();
    expect((await screen.findByTestId('public-review-business')).textContent).toBe('Lamsa Salon');
    expect([...screen.getByTestId('public-review-visit').children].map((line) => line.textContent)).toEqual(['Your visit on 20 Nov 2026', 'Haircut', 'with Sara']);
    fireEvent.click(screen.getByTestId('public-review-submit'));
    expect((await screen.findByTestId('public-review-stars-hint')).textContent).toBe('Choose from 1 to 5 stars.');
    expect(api.called('POST /api/v1/public/reviews/tok_1')).toHaveLength(0);
    fireEvent.click(starLabel(container, 4));
    expect(screen.getByTestId('public-review-stars-hint').textContent).toBe('Very good');
    fireEvent.change(screen.getByTestId('public-review-body'), { target: { value: 'Great haircut' } });
    fireEvent.click(screen.getByTestId('public-review-submit'));
    await waitFor(() => expect(api.called('POST /api/v1/public/reviews/tok_1')[0]?.body).toEqual({ rating: 4, body: 'Great haircut' }));
    expect((await screen.findByTestId('public-review-thanks')).textContent).toContain('Thank you for your review!');
  });

  it('shows a visit already reviewed with its stars', async () => {
    api.routes['GET /api/v1/public/reviews/tok_1'] = () => ({ status: 200, json: { data: visit({ reviewed: true, rating: 5 }) } });
    render();
    expect((await screen.findByTestId('public-review-done')).textContent).toContain('You have already reviewed this visit');
    expect(screen.queryByTestId('public-review-submit')).toBeNull();
  });

  it('says when the link has expired, and when it is not valid', async () => {
    api.routes['GET /api/v1/public/reviews/tok_1'] = () => ({ status: 410, json: { message: 'This review link has expired', code: 'review_link_expired' } });
    const first = render();
    expect((await screen.findByTestId('public-review-expired')).textContent).toContain('This review link has expired');
    first.unmount();
    api.routes['GET /api/v1/public/reviews/tok_1'] = () => ({ status: 404, json: { message: 'This review link is not valid', code: 'review_link_invalid' } });
    render();
    expect((await screen.findByTestId('public-review-invalid')).textContent).toContain('This review link is not valid');
    expect(show).not.toHaveBeenCalled();
  });
});
