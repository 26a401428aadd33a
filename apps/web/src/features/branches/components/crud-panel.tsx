import { Button, Card, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { type Icon, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeleteMutation, DeleteConfirm } from '@/components/delete-confirm';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { type ListColumn, ListTable, RowAction, RowActions } from '@/components/list-table';

type CrudPanelProps<T extends { uuid: string }> = {
  /**
   * The panel's texts in the branches namespace: `<section>.title`, `.subtitle`, `.add` (also the
   * create modal's title), `.edit` (the edit modal's title), `.empty`, `.deleteTitle`, `.deleteBody`.
   */
  section: 'teams' | 'supervisors';
  testIds: { panel: string; add: string; table: string };
  query: { isPending: boolean; isError: boolean; data: T[] | undefined; refetch: () => unknown };
  remove: DeleteMutation;
  /** The name `<section>.deleteBody` quotes. */
  nameOf: (item: T) => string;
  emptyIcon: Icon;
  minWidth: number;
  columns: readonly ListColumn[];
  /** A row's cells before its edit and delete buttons. */
  cells: (item: T) => ReactNode;
  /** The create (`null`) or edit form, in a modal; `done` closes it. */
  form: (item: T | null, done: () => void) => ReactNode;
};

/** A settings tab that lists records in a table, creates and edits them in a modal, and deletes them after a confirmation. */
export function CrudPanel<T extends { uuid: string }>({ section, testIds, query, remove, nameOf, emptyIcon, minWidth, columns, cells, form }: CrudPanelProps<T>) {
  const { t } = useTranslation('branches');
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<T | null>(null);
  const closeForm = () => setEditing(null);

  return (
    <Stack gap="md" data-testid={testIds.panel}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2} fz="lg">
            {t(`${section}.title`)}
          </Title>
          <Text c="dimmed" fz="sm">
            {t(`${section}.subtitle`)}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid={testIds.add}>
          {t(`${section}.add`)}
        </Button>
      </Group>

      <Card withBorder padding={0}>
        <QueryList
          query={query}
          loading={<ListSkeleton rows={2} />}
          error={{ title: t('loadError'), retry: t('retry') }}
          empty={<ListEmpty icon={emptyIcon} title={t(`${section}.empty`)} />}
        >
          {(items) => (
            <ListTable minWidth={minWidth} columns={columns} actions={{ label: t('actions'), width: 96 }} data-testid={testIds.table}>
              {items.map((item) => (
                <Table.Tr key={item.uuid}>
                  {cells(item)}
                  <Table.Td>
                    <RowActions>
                      <RowAction label={t('edit')} icon={IconEdit} color="gray" onClick={() => setEditing(item)} />
                      <RowAction label={t('delete')} icon={IconTrash} color="red" onClick={() => setToDelete(item)} />
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
        message={t(`${section}.deleteBody`, { name: toDelete ? nameOf(toDelete) : '' })}
        confirmLabel={t('delete')}
      />
    </Stack>
  );
}
