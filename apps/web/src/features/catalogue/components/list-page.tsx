import type { ImportEntity } from '@app/shared/schemas/import';
import { Button, Group, Stack } from '@mantine/core';
import { type Icon, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DeleteMutation, DeleteConfirm } from '@/components/delete-confirm';
import { RowAction } from '@/components/list-table';
import { SelectFilter } from '@/components/list-view/filter-fields';
import { ListView } from '@/components/list-view/list-view';
import { ImportButton } from '@/features/import/components/import-button';
import { useCategories } from '../api/catalogue';
import { ListHeader } from './common';

type Named = { uuid: string; name: string };

/** What the catalogue page passes on to its list as it is (columns, card, test ids, search, filters, pager). */
type ListProps<T> = Pick<
  ComponentProps<typeof ListView<T>>,
  'query' | 'columns' | 'card' | 'minWidth' | 'testId' | 'itemTestId' | 'search' | 'filters' | 'filtered' | 'onClear' | 'onPage'
>;

type CatalogueListPageProps<T extends Named> = ListProps<T> & {
  /** The texts under `<section>.` in the catalogue namespace: title, subtitle, add, empty, deleteTitle, deleteBody ({{name}}). */
  section: 'services' | 'products' | 'packages';
  /** The create page, for the add buttons. */
  newPath: string;
  /** An item's edit page. */
  editPath: (item: T) => string;
  addTestId: string;
  deleteTestId?: (item: T) => string;
  importEntity: ImportEntity;
  maw: number;
  loadingRows: number;
  emptyIcon: Icon;
  remove: DeleteMutation;
};

/** A catalogue list page: heading with import and add, the list (filters, table or cards, pager), and the delete confirmation. */
export function CatalogueListPage<T extends Named>(props: CatalogueListPageProps<T>) {
  const { section, newPath, editPath, addTestId, deleteTestId, importEntity, maw, loadingRows, emptyIcon, remove, ...list } = props;
  const { t } = useTranslation('catalogue');
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
      <ListView<T>
        {...list}
        rowKey={(item) => item.uuid}
        actions={(item) => (
          <>
            <RowAction label={t('edit')} icon={IconEdit} color="gray" to={editPath(item)} />
            <RowAction label={t('delete')} icon={IconTrash} color="red" onClick={() => setToDelete(item)} data-testid={deleteTestId?.(item)} />
          </>
        )}
        actionsWidth={96}
        loadingRows={loadingRows}
        errorTitle={t('loadError')}
        emptyFiltered={t('noMatches')}
        empty={{
          icon: emptyIcon,
          title: t(`${section}.empty`),
          action: (
            <Button component={Link} to={newPath} variant="light" leftSection={<IconPlus size={16} />}>
              {t(`${section}.add`)}
            </Button>
          ),
        }}
      />
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

/** A list's category filter, from the business's categories. */
export function CategoryFilter({ value, onChange }: { value: string; onChange: (value: string | null) => void }) {
  const { t } = useTranslation('catalogue');
  const categories = useCategories();
  return (
    <SelectFilter label={t('fields.category')} data={(categories.data ?? []).map((c) => ({ value: c.uuid, label: c.name }))} value={value} onChange={onChange} searchable />
  );
}
