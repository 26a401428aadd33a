import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconEdit, IconFileText, IconLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Ltr } from '@/components/bidi';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RowAction } from '@/components/list-table';
import { ListView, type ListViewColumn } from '@/components/list-view/list-view';
import { PageHeader } from '@/components/page-header';
import { toastRejected } from '@/lib/refusal';
import { type StorePage, useCustomPages, useDeleteCustomPage } from '../api/custom-pages';
import { StoreTabs } from '../components/store-tabs';

/** `/store/custom-pages` (`marketing.pages`): the store's own pages (content or link), added, edited and deleted. */
export function CustomPagesPage() {
  const { t } = useTranslation('store');
  const pages = useCustomPages();
  const remove = useDeleteCustomPage();
  const [deleting, setDeleting] = useState<StorePage | null>(null);

  const columns: ListViewColumn<StorePage>[] = [
    {
      key: 'title',
      header: t('pages.columns.title'),
      card: 'title',
      cell: (p) => (
        <Text fz="sm" fw={600} lineClamp={2} data-testid={`page-title-${p.id}`}>
          {p.title}
        </Text>
      ),
    },
    {
      key: 'type',
      header: t('pages.columns.type'),
      cell: (p) => (
        <Badge variant="light" color={p.type === 'link' ? 'grape' : 'blue'} leftSection={p.type === 'link' ? <IconLink size={12} /> : <IconFileText size={12} />} data-testid={`page-type-${p.id}`}>
          {t(`pages.types.${p.type}`)}
        </Badge>
      ),
    },
    {
      key: 'slug',
      header: t('pages.columns.slug'),
      cell: (p) => (
        <Text fz="sm" ff="monospace">
          <Ltr>{`/${p.slug}`}</Ltr>
        </Text>
      ),
    },
    {
      key: 'published',
      header: t('pages.columns.published'),
      card: 'aside',
      cell: (p) => (
        <Badge color={p.published ? 'green' : 'gray'} variant="light" style={{ minWidth: 'max-content' }} data-testid={`page-published-${p.id}`}>
          {t(p.published ? 'pages.published' : 'pages.draft')}
        </Badge>
      ),
    },
  ];

  const add = (testId: string, label: string) => (
    <Button component={Link} to="/store/custom-pages/create" leftSection={<IconPlus size={16} />} data-testid={testId}>
      {label}
    </Button>
  );

  return (
    <Stack gap="lg" data-testid="custom-pages-page">
      <StoreTabs />
      <PageHeader title={t('pages.title')} subtitle={t('pages.subtitle')}>
        {add('pages-add', t('pages.add'))}
      </PageHeader>
      <ListView
        query={pages}
        columns={columns}
        rowKey={(p) => p.id}
        minWidth={640}
        testId="pages-list"
        itemTestId={(p) => `page-row-${p.id}`}
        actionsWidth={96}
        actions={(p) => (
          <>
            <RowAction label={t('pages.edit')} icon={IconEdit} color="gray" to={`/store/custom-pages/${p.id}`} data-testid={`page-edit-${p.id}`} />
            <RowAction label={t('pages.delete')} icon={IconTrash} color="red" onClick={() => setDeleting(p)} data-testid={`page-delete-${p.id}`} />
          </>
        )}
        errorTitle={t('pages.loadError')}
        empty={{ icon: IconFileText, title: t('pages.empty'), description: t('pages.emptyHint'), action: add('pages-add-first', t('pages.addFirst')) }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('pages.deleteTitle')}
        message={deleting ? <Trans t={t} i18nKey="pages.deleteBody" values={{ title: deleting.title }} components={{ b: <bdi /> }} /> : ''}
        confirmLabel={t('pages.delete')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null), onError: toastRejected })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
