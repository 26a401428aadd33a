import { REVIEW_RATING_MAX, REVIEW_STATUSES, type ReviewStatus } from '@app/shared/schemas/reviews';
import { Badge, Box, Group, Rating, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import { IconCheck, IconMessageReply, IconStar, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonName } from '@/components/bidi';
import { filterOf, SelectFilter } from '@/components/list-view/filter-fields';
import { ListView, type ListViewColumn } from '@/components/list-view/list-view';
import { listBindings, oneOf, useListParams } from '@/components/list-view/use-list-params';
import { RowAction } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { DAY_FORMAT, formatDate, formatNumber, joinList } from '@/lib/format';
import { toastRejected } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { type Review, useModerateReview, useReplyReview, useReviews } from '../api/reviews';
import { MarketingTabs } from '../components/marketing-tabs';
import { ReplyModal } from '../components/reply-modal';

const FILTERS = ['status', 'rating'] as const;
const RATINGS = ['5', '4', '3', '2', '1'] as const;
const STATUS_COLORS: Record<ReviewStatus, string> = { pending: 'yellow', approved: 'green', rejected: 'gray' };

/** A review's stars, read-only, with their number for screen readers and tests. */
export function Stars({ value, size = 'sm', testId }: { value: number; size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl'; testId?: string }) {
  const { t } = useTranslation('reviews');
  const locale = useLocale();
  return (
    <Box role="img" aria-label={t('stars', { value: formatNumber(value, locale), max: formatNumber(REVIEW_RATING_MAX, locale) })} data-testid={testId} data-rating={value}>
      <Rating value={value} count={REVIEW_RATING_MAX} readOnly size={size} aria-hidden />
    </Box>
  );
}

export function ReviewStatusBadge({ status, testId }: { status: ReviewStatus; testId?: string }) {
  const { t } = useTranslation('reviews');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" style={{ minWidth: 'max-content' }} data-testid={testId}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}

/**
 * `/marketing/reviews` (`marketing.reviews`): what customers said after their visits, newest first —
 * the stars, who, the provider and services, the visit's day, the words and the business's reply,
 * the status — in tabs by status (with their counts) and filtered by stars. Approve shows it in the
 * store, reject hides it (either can be changed later); the reply opens in a window. The same screen
 * answers at `/store/reviews` with the store's tabs (`tabs`) instead of the marketing ones.
 */
export function ReviewsPage({ tabs }: { tabs?: ReactNode } = {}) {
  const { t } = useTranslation('reviews');
  const locale = useLocale();
  const user = useCurrentUser();
  const list = useListParams(FILTERS);
  const status = oneOf(REVIEW_STATUSES, list.filters.status);
  const rating = oneOf(RATINGS, list.filters.rating);
  const reviews = useReviews({ page: list.page, per_page: list.query.per_page, ...(status ? { status } : {}), ...(rating ? { rating: Number(rating) } : {}) });
  const moderate = useModerateReview();
  const reply = useReplyReview();
  const [replying, setReplying] = useState<Review | null>(null);
  const counts = reviews.data?.meta.counts;
  const day = (iso: string) => formatDate(iso, locale, { ...DAY_FORMAT, timeZone: user.tenant.timezone });
  const act = (r: Review, action: 'approve' | 'reject') => moderate.mutate({ id: r.id, action }, { onError: toastRejected });
  const busy = (r: Review) => moderate.isPending && moderate.variables?.id === r.id;

  const who = (r: Review) => (
    <Stack gap={0} miw={0}>
      <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid={`review-customer-${r.id}`}>
        {r.by_name ? <PersonName name={r.by_name} /> : t('anonymous')}
      </Text>
      {r.order_number !== null && (
        <Text fz="xs" c="dimmed">
          {t('order', { number: r.order_number })}
        </Text>
      )}
    </Stack>
  );
  const words = (r: Review) => (
    <Stack gap={4} maw={420} miw={0}>
      {r.body ? (
        <Text fz="sm" dir="auto" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} data-testid={`review-body-${r.id}`}>
          {r.body}
        </Text>
      ) : (
        <Text fz="sm" c="dimmed" fs="italic">
          {t('noWords')}
        </Text>
      )}
      {r.reply && (
        <Box ps="sm" style={{ borderInlineStart: '3px solid var(--mantine-color-blue-4)' }} data-testid={`review-reply-${r.id}`}>
          <Text fz="xs" c="dimmed">
            {r.replied_by_name ? t('repliedBy', { name: r.replied_by_name }) : t('yourReply')}
          </Text>
          <Text fz="sm" dir="auto" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {r.reply}
          </Text>
        </Box>
      )}
    </Stack>
  );
  const visit = (r: Review) => (
    <Stack gap={0} miw={0}>
      <Text fz="sm">{r.services.length ? joinList(r.services, locale) : '—'}</Text>
      <Text fz="xs" c="dimmed">
        {[r.provider_name, r.visit_at ? day(r.visit_at) : null].filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  );

  const columns: ListViewColumn<Review>[] = [
    { key: 'rating', header: t('columns.rating'), cell: (r) => <Stars value={r.rating} testId={`review-rating-${r.id}`} /> },
    { key: 'customer', header: t('columns.customer'), cell: who },
    { key: 'visit', header: t('columns.visit'), cell: visit, visibleFrom: 'md' },
    { key: 'review', header: t('columns.review'), cell: words },
    { key: 'date', header: t('columns.date'), cell: (r) => <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>{day(r.created_at)}</Text>, visibleFrom: 'lg' },
    { key: 'status', header: t('columns.status'), cell: (r) => <ReviewStatusBadge status={r.status} testId={`review-status-${r.id}`} /> },
  ];

  /** On a phone: the stars and the status, who, the words and reply, then the visit. */
  const card = (r: Review) => (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stars value={r.rating} testId={`review-rating-${r.id}`} />
        <ReviewStatusBadge status={r.status} testId={`review-status-${r.id}`} />
      </Group>
      {who(r)}
      {words(r)}
      {visit(r)}
      <Text fz="xs" c="dimmed">
        {day(r.created_at)}
      </Text>
    </Stack>
  );

  const actions = (r: Review) => (
    <>
      {r.status !== 'approved' && (
        <RowAction label={t('approve')} icon={IconCheck} color="green" loading={busy(r) && moderate.variables?.action === 'approve'} disabled={busy(r)} onClick={() => act(r, 'approve')} data-testid={`review-approve-${r.id}`} />
      )}
      {r.status !== 'rejected' && (
        <RowAction label={t('reject')} icon={IconX} color="red" loading={busy(r) && moderate.variables?.action === 'reject'} disabled={busy(r)} onClick={() => act(r, 'reject')} data-testid={`review-reject-${r.id}`} />
      )}
      <RowAction label={r.reply ? t('editReply') : t('reply.action')} icon={IconMessageReply} color="blue" onClick={() => setReplying(r)} data-testid={`review-reply-open-${r.id}`} />
    </>
  );

  const tab = (value: ReviewStatus | 'all') => (
    <Tabs.Tab key={value} value={value} data-testid={`reviews-tab-${value}`}>
      {t(`tabs.${value}`)}
      {value !== 'all' && counts ? ` (${formatNumber(counts[value], locale)})` : ''}
    </Tabs.Tab>
  );

  return (
    <Stack gap="lg" maw={1280} mx="auto" w="100%" data-testid="reviews-page">
      {tabs ?? <MarketingTabs />}
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <ScrollArea type="never" offsetScrollbars={false}>
        <Tabs value={status ?? 'all'} onChange={(v) => list.setFilter('status', v && v !== 'all' ? v : null)} variant="outline">
          <Tabs.List style={{ flexWrap: 'nowrap' }}>{(['all', ...REVIEW_STATUSES] as const).map(tab)}</Tabs.List>
        </Tabs>
      </ScrollArea>
      <ListView
        query={reviews}
        columns={columns}
        card={card}
        rowKey={(r) => r.id}
        minWidth={980}
        testId="reviews-list"
        itemTestId={(r) => `review-row-${r.id}`}
        actionsWidth={120}
        actions={actions}
        filters={{
          active: rating ? 1 : 0,
          fields: [
            <SelectFilter
              key="rating"
              label={t('filters.rating')}
              data={RATINGS.map((n) => ({ value: n, label: t('filters.stars', { value: formatNumber(Number(n), locale) }) }))}
              {...filterOf(list, 'rating')}
              data-testid="reviews-filter-rating"
            />,
          ],
        }}
        {...listBindings(list)}
        errorTitle={t('loadError')}
        emptyFiltered={t('emptyFiltered')}
        empty={{ icon: IconStar, title: t('empty'), description: t('emptyHint') }}
      />
      <ReplyModal
        opened={replying !== null}
        onClose={() => setReplying(null)}
        initial={replying?.reply ?? null}
        saving={reply.isPending}
        context={
          replying && (
            <Stack gap={4}>
              <Group gap="xs">
                <Stars value={replying.rating} />
                <Text fz="sm" fw={600}>
                  {replying.by_name ? <PersonName name={replying.by_name} /> : t('anonymous')}
                </Text>
              </Group>
              {replying.body && (
                <Text fz="sm" dir="auto" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                  {replying.body}
                </Text>
              )}
            </Stack>
          )
        }
        onSave={(text) => replying && reply.mutate({ id: replying.id, reply: text }, { onSuccess: () => setReplying(null), onError: toastRejected })}
      />
    </Stack>
  );
}
