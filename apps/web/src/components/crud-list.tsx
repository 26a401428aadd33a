import { Button, Card, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { type Icon, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeleteMutation, DeleteConfirm } from '@/components/delete-confirm';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { type ListColumn, ListTable, RowAction, RowActions } from '@/components/list-table';

export type CrudListProps<T extends { uuid: string }> = {
  /** The translation namespace holding the texts. */
  ns: 'settings' | 'branches';
  /**
   * The section's texts in `ns`: `<section>.add` (also the create modal's title), `.edit`, `.empty`,
   * `.deleteTitle`, `.deleteBody` ({{name}}); `.title`/`.subtitle` when `heading`.
   */
  section: string;
  /** Where `ns` keeps the shared texts `loadError`, `retry`, `actions`, `edit`, `delete` (`''` or `'common.'`). */
  commonPrefix: string;
  /** Shows the section's own title above the table. */
  heading?: boolean;
  testIds: { panel: string; add: string; table: string };
  /** Placeholder rows while the list loads. */
  loadingRows: number;
  query: { isPending: boolean; isError: boolean; data: T[] | undefined; refetch: () => unknown };
  remove: DeleteMutation;
  /** The name `<section>.deleteBody` quotes. */
  nameOf: (item: T) => string;
  /** The delete confirmation's text when the default one does not say enough. */
  deleteMessage?: (item: T) => string;
  emptyIcon: Icon;
  minWidth: number;
  columns: readonly ListColumn[];
  /** A row's cells before its edit and delete buttons. */
  cells: (item: T) => ReactNode;
  /** The create (`null`) or edit form, in a modal; `done` closes it. */
  form: (item: T | null, done: () => void) => ReactNode;
};

/** Records listed in a table: create and edit in a modal, delete after a confirmation. */
export function CrudList<T extends { uuid: string }>(props: CrudListProps<T>) {
  const { ns, section, commonPrefix, heading, testIds, loadingRows, query, remove, nameOf, deleteMessage, emptyIcon, minWidth, columns, cells, form } =
    props;
  const { t } = useTranslation(ns);
  const common = (key: string) => t(`${commonPrefix}${key}`);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<T | null>(null);
  const closeForm = () => setEditing(null);

  return (
    <Stack gap="md" data-testid={testIds.panel}>
      <Group justify={heading ? 'space-between' : 'flex-end'} align="flex-end" wrap="wrap">
        {heading && (
          <div>
            <Title order={2} fz="lg">
              {t(`${section}.title`)}
            </Title>
            <Text c="dimmed" fz="sm">
              {t(`${section}.subtitle`)}
            </Text>
          </div>
        )}
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid={testIds.add}>
          {t(`${section}.add`)}
        </Button>
      </Group>
      <Card withBorder padding={0}>
        <QueryList
          query={query}
          loading={<ListSkeleton rows={loadingRows} />}
          error={{ title: common('loadError'), retry: common('retry') }}
          empty={<ListEmpty icon={emptyIcon} title={t(`${section}.empty`)} />}
        >
          {(items) => (
            <ListTable minWidth={minWidth} columns={columns} actions={{ label: common('actions'), width: 96 }} data-testid={testIds.table}>
              {items.map((item) => (
                <Table.Tr key={item.uuid}>
                  {cells(item)}
                  <Table.Td>
                    <RowActions>
                      <RowAction label={common('edit')} icon={IconEdit} color="gray" onClick={() => setEditing(item)} />
                      <RowAction label={common('delete')} icon={IconTrash} color="red" onClick={() => setToDelete(item)} />
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          )}
        </QueryList>
      </Card>
      <Modal opened={editing !== null} onClose={closeForm} title={<Text fw={700}>{t(editing === 'new' ? `${section}.add` : `${section}.edit`)}</Text>} centered>
        {editing !== null && form(editing === 'new' ? null : editing, closeForm)}
      </Modal>
      <DeleteConfirm
        item={toDelete}
        onClose={() => setToDelete(null)}
        remove={remove}
        title={t(`${section}.deleteTitle`)}
        message={toDelete ? (deleteMessage?.(toDelete) ?? t(`${section}.deleteBody`, { name: nameOf(toDelete) })) : ''}
        confirmLabel={common('delete')}
      />
    </Stack>
  );
}
