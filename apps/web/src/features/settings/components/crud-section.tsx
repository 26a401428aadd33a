import { Button, Card, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { type Icon, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeleteMutation, DeleteConfirm } from '@/components/delete-confirm';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { type ListColumn, ListTable, RowAction, RowActions } from '@/components/list-table';

type CrudSectionProps<T extends { uuid: string }> = {
  /**
   * The section's texts in the settings namespace: `<section>.add` (also the create modal's title),
   * `.edit`, `.empty`, `.deleteTitle`, `.deleteBody` ({{name}}); `.title`/`.subtitle` when `heading`.
   */
  section: string;
  /** Shows the section's own title above the table (a page holding several sections). */
  heading?: boolean;
  testId: string;
  query: { isPending: boolean; isError: boolean; data: T[] | undefined; refetch: () => unknown };
  remove: DeleteMutation;
  nameOf: (item: T) => string;
  /** The delete confirmation's text when the default one does not say enough (a tax used by services). */
  deleteMessage?: (item: T) => string;
  emptyIcon: Icon;
  minWidth: number;
  columns: readonly ListColumn[];
  cells: (item: T) => ReactNode;
  form: (item: T | null, done: () => void) => ReactNode;
};

/** A list of settings records in a table: create and edit in a modal, delete after a confirmation. */
export function CrudSection<T extends { uuid: string }>(props: CrudSectionProps<T>) {
  const { section, heading, testId, query, remove, nameOf, deleteMessage, emptyIcon, minWidth, columns, cells, form } = props;
  const { t } = useTranslation('settings');
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<T | null>(null);
  const closeForm = () => setEditing(null);
  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid={`${testId}-add`}>
      {t(`${section}.add`)}
    </Button>
  );

  return (
    <Stack gap="md" data-testid={testId}>
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
        {addButton}
      </Group>
      <Card withBorder padding={0}>
        <QueryList
          query={query}
          loading={<ListSkeleton rows={3} />}
          error={{ title: t('common.loadError'), retry: t('common.retry') }}
          empty={<ListEmpty icon={emptyIcon} title={t(`${section}.empty`)} />}
        >
          {(items) => (
            <ListTable minWidth={minWidth} columns={columns} actions={{ label: t('common.actions'), width: 96 }} data-testid={`${testId}-table`}>
              {items.map((item) => (
                <Table.Tr key={item.uuid}>
                  {cells(item)}
                  <Table.Td>
                    <RowActions>
                      <RowAction label={t('common.edit')} icon={IconEdit} color="gray" onClick={() => setEditing(item)} />
                      <RowAction label={t('common.delete')} icon={IconTrash} color="red" onClick={() => setToDelete(item)} />
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
        confirmLabel={t('common.delete')}
      />
    </Stack>
  );
}
