import { COMMENT_STATUSES, type CommentStatus } from '@app/shared/schemas/reviews';
import { Badge, Box, Group, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import { IconEye, IconEyeOff, IconMessageReply, IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonName } from '@/components/bidi';
import { ListView, type ListViewColumn } from '@/components/list-view/list-view';
import { listBindings, oneOf, useListParams } from '@/components/list-view/use-list-params';
import { RowAction } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { DAY_FORMAT, formatDate, formatNumber } from '@/lib/format';
import { toastRejected } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { type Comment, useComments, usePublishComment, useReplyComment } from '../api/reviews';
import { MarketingTabs } from '../components/marketing-tabs';
import { ReplyModal } from '../components/reply-modal';

const FILTERS = ['status'] as const;
const STATUS_COLORS: Record<CommentStatus, string> = { pending: 'yellow', published: 'green', unpublished: 'gray' };

function CommentStatusBadge({ status, testId }: { status: CommentStatus; testId?: string }) {
  const { t } = useTranslation('reviews');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" style={{ minWidth: 'max-content' }} data-testid={testId}>
      {t(`comments.statuses.${status}`)}
    </Badge>
  );
}

/**
 * `/marketing/comments` (`comments`): what customers wrote on the store's services and products,
 * newest first, in tabs by status: published (shown in the store) or unpublished (hidden), with the
 * business's reply. Comments arrive from the public store, pending.
 */
export function CommentsPage() {
  const { t } = useTranslation('reviews');
  const locale = useLocale();
  const user = useCurrentUser();
  const list = useListParams(FILTERS);
  const status = oneOf(COMMENT_STATUSES, list.filters.status);
  const comments = useComments({ page: list.page, per_page: list.query.per_page, ...(status ? { status } : {}) });
  const publish = usePublishComment();
  const reply = useReplyComment();
  const [replying, setReplying] = useState<Comment | null>(null);
  const counts = comments.data?.meta.counts;
  const day = (iso: string) => formatDate(iso, locale, { ...DAY_FORMAT, timeZone: user.tenant.timezone });
  const busy = (c: Comment) => publish.isPending && publish.variables?.id === c.id;
  const act = (c: Comment, action: 'publish' | 'unpublish') => publish.mutate({ id: c.id, action }, { onError: toastRejected });

  const subject = (c: Comment) => (
    <Stack gap={0} miw={0}>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {c.subject_name ?? t('comments.subjectGone')}
      </Text>
      <Text fz="xs" c="dimmed">
        {t(`comments.subjects.${c.subject_type}`)}
      </Text>
    </Stack>
  );
  const words = (c: Comment) => (
    <Stack gap={4} maw={460} miw={0}>
      <Text fz="sm" dir="auto" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} data-testid={`comment-body-${c.id}`}>
        {c.body}
      </Text>
      {c.reply && (
        <Box ps="sm" style={{ borderInlineStart: '3px solid var(--mantine-color-blue-4)' }} data-testid={`comment-reply-${c.id}`}>
          <Text fz="xs" c="dimmed">
            {c.replied_by_name ? t('repliedBy', { name: c.replied_by_name }) : t('yourReply')}
          </Text>
          <Text fz="sm" dir="auto" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {c.reply}
          </Text>
        </Box>
      )}
    </Stack>
  );
  const by = (c: Comment) => (
    <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
      <PersonName name={c.by_name} />
    </Text>
  );

  const columns: ListViewColumn<Comment>[] = [
    { key: 'by', header: t('comments.columns.by'), cell: by },
    { key: 'subject', header: t('comments.columns.subject'), cell: subject },
    { key: 'comment', header: t('comments.columns.comment'), cell: words },
    { key: 'date', header: t('columns.date'), cell: (c) => <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>{day(c.created_at)}</Text>, visibleFrom: 'lg' },
    { key: 'status', header: t('columns.status'), cell: (c) => <CommentStatusBadge status={c.status} testId={`comment-status-${c.id}`} /> },
  ];

  const card = (c: Comment) => (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        {by(c)}
        <CommentStatusBadge status={c.status} testId={`comment-status-${c.id}`} />
      </Group>
      {subject(c)}
      {words(c)}
      <Text fz="xs" c="dimmed">
        {day(c.created_at)}
      </Text>
    </Stack>
  );

  const actions = (c: Comment) => (
    <>
      {c.status !== 'published' && (
        <RowAction label={t('comments.publish')} icon={IconEye} color="green" loading={busy(c)} disabled={busy(c)} onClick={() => act(c, 'publish')} data-testid={`comment-publish-${c.id}`} />
      )}
      {c.status !== 'unpublished' && (
        <RowAction label={t('comments.unpublish')} icon={IconEyeOff} color="gray" loading={busy(c)} disabled={busy(c)} onClick={() => act(c, 'unpublish')} data-testid={`comment-unpublish-${c.id}`} />
      )}
      <RowAction label={c.reply ? t('editReply') : t('reply.action')} icon={IconMessageReply} color="blue" onClick={() => setReplying(c)} data-testid={`comment-reply-open-${c.id}`} />
    </>
  );

  return (
    <Stack gap="lg" maw={1280} mx="auto" w="100%" data-testid="comments-page">
      <MarketingTabs />
      <PageHeader title={t('comments.title')} subtitle={t('comments.subtitle')} />
      <ScrollArea type="never" offsetScrollbars={false}>
        <Tabs value={status ?? 'all'} onChange={(v) => list.setFilter('status', v && v !== 'all' ? v : null)} variant="outline">
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {(['all', ...COMMENT_STATUSES] as const).map((value) => (
              <Tabs.Tab key={value} value={value} data-testid={`comments-tab-${value}`}>
                {t(`comments.tabs.${value}`)}
                {value !== 'all' && counts ? ` (${formatNumber(counts[value], locale)})` : ''}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      </ScrollArea>
      <ListView
        query={comments}
        columns={columns}
        card={card}
        rowKey={(c) => c.id}
        minWidth={900}
        testId="comments-list"
        itemTestId={(c) => `comment-row-${c.id}`}
        actionsWidth={120}
        actions={actions}
        {...listBindings(list)}
        errorTitle={t('comments.loadError')}
        emptyFiltered={t('comments.emptyFiltered')}
        empty={{ icon: IconMessages, title: t('comments.empty'), description: t('comments.emptyHint') }}
      />
      <ReplyModal
        opened={replying !== null}
        onClose={() => setReplying(null)}
        initial={replying?.reply ?? null}
        saving={reply.isPending}
        context={
          replying && (
            <Stack gap={4}>
              <Text fz="sm" fw={600}>
                <PersonName name={replying.by_name} />
              </Text>
              <Text fz="sm" dir="auto" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {replying.body}
              </Text>
            </Stack>
          )
        }
        onSave={(text) => replying && reply.mutate({ id: replying.id, reply: text }, { onSuccess: () => setReplying(null), onError: toastRejected })}
      />
    </Stack>
  );
}
