import type { ImportEntity } from '@app/shared/schemas/import';
import { Button, Card, Group, Pagination, Select, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type Icon, IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DeleteMutation, DeleteConfirm } from '@/components/delete-confirm';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { RowAction, RowActions } from '@/components/list-table';
import { ImportButton } from '@/features/import/components/import-button';
import { type Page, useCategories } from '../api/catalogue';
import { ListHeader } from './common';

type Named = { uuid: string; name: string };

type CatalogueListPageProps<T extends Named> = {
  /** The texts under `<section>.` in the catalogue namespace: title, subtitle, add, empty, deleteTitle, deleteBody ({{name}}). */
  section: 'services' | 'products' | 'packages';
  /** The create page, for the add buttons. */
  newPath: string;
  addTestId: string;
  importEntity: ImportEntity;
  maw: number;
  loadingRows: number;
  emptyIcon: Icon;
  /** The filters above the list, if any. */
  filters?: ReactNode;
  /** A filter is set: an empty list then says nothing matches, without the add button. */
  filtered?: boolean;
  /** A plain list, or a server page of it with the current page number. */
  query: { isPending: boolean; isError: boolean; isPlaceholderData?: boolean; data: T[] | Page<T> | undefined; refetch: () => unknown };
  pagination?: { page: number; onChange: (page: number) => void };
  remove: DeleteMutation;
  /** The rows: a table, or a list on a small screen; `onDelete` asks to delete a row. */
  rows: (items: T[], onDelete: (item: T) => void, isMobile: boolean) => ReactNode;
};

const itemsOf = <T,>(data: T[] | Page<T>) => (Array.isArray(data) ? data : data.data);

/** A catalogue list page: heading with import and add, optional filters, the list with pagination, and the delete confirmation. */
export function CatalogueListPage<T extends Named>(props: CatalogueListPageProps<T>) {
  const { section, newPath, addTestId, importEntity, maw, loadingRows, emptyIcon, filters, filtered = false, query, pagination, remove, rows } = props;
  const { t } = useTranslation('catalogue');
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const [toDelete, setToDelete] = useState<T | null>(null);

  return (
    <Stack gap="lg" maw={maw} mx="auto" w="100%">
      <ListHeader
        title={t(`${section}.title`)}
        subtitle={t(`${section}.subtitle`)}
        action={
          <Group gap="sm">
            <ImportButton entity={importEntity} />
            <Button component={Link} to={newPath} leftSection={<IconPlus size={16} />} data-testid={addTestId}>
              {t(`${section}.add`)}
            </Button>
          </Group>
        }
      />
      {filters}
      <Card withBorder padding={0}>
        <QueryList
          query={query}
          loading={<ListSkeleton rows={loadingRows} />}
          error={{ title: t('loadError'), retry: t('retry') }}
          isEmpty={(data: T[] | Page<T>) => itemsOf(data).length === 0}
          empty={
            <ListEmpty
              icon={emptyIcon}
              title={filtered ? t('noMatches') : t(`${section}.empty`)}
              action={
                !filtered && (
                  <Button component={Link} to={newPath} variant="light" leftSection={<IconPlus size={16} />}>
                    {t(`${section}.add`)}
                  </Button>
                )
              }
            />
          }
        >
          {(data) =>
            Array.isArray(data) ? (
              rows(data, setToDelete, isMobile)
            ) : (
              <Stack gap={0} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
                {rows(data.data, setToDelete, isMobile)}
                {pagination && data.meta.last_page > 1 && (
                  <Group justify="center" p="md">
                    <Pagination total={data.meta.last_page} value={pagination.page} onChange={pagination.onChange} size="sm" />
                  </Group>
                )}
              </Stack>
            )
          }
        </QueryList>
      </Card>
      <DeleteConfirm
        item={toDelete}
        onClose={() => setToDelete(null)}
        remove={remove}
        title={t(`${section}.deleteTitle`)}
        message={t(`${section}.deleteBody`, { name: toDelete?.name ?? '' })}
        confirmLabel={t('delete')}
      />
    </Stack>
  );
}

/** A catalogue row's actions: edit (its page) and delete. */
export function EditDeleteActions({ to, onDelete, deleteTestId }: { to: string; onDelete: () => void; deleteTestId?: string }) {
  const { t } = useTranslation('catalogue');
  return (
    <RowActions>
      <RowAction label={t('edit')} icon={IconEdit} color="gray" to={to} />
      <RowAction label={t('delete')} icon={IconTrash} color="red" onClick={onDelete} data-testid={deleteTestId} />
    </RowActions>
  );
}

/** A list's search box; typing also goes back to the first page (`onChange`). */
export function SearchFilter({ label, value, onChange, testId }: { label: string; value: string; onChange: (value: string) => void; testId?: string }) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data-testid={testId}
    />
  );
}

/** A list's category filter, from the business's categories. */
export function CategoryFilter({ value, onChange }: { value: string | null; onChange: (value: string | null) => void }) {
  const { t } = useTranslation('catalogue');
  const categories = useCategories();
  return (
    <Select
      placeholder={t('fields.category')}
      aria-label={t('fields.category')}
      data={(categories.data ?? []).map((c) => ({ value: c.uuid, label: c.name }))}
      value={value}
      onChange={onChange}
      clearable
      searchable
    />
  );
}
