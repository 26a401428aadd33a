import type { Branch } from '@app/shared/schemas/access';
import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore, IconClock, IconEdit, IconPlus, IconTrash, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeleteConfirm } from '@/components/delete-confirm';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { ListTable, RowAction, RowActions } from '@/components/list-table';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useBranches, useDeleteBranch } from '../api/branches';

const NEW = '/settings/branches/new';
const editPath = (b: Branch) => `/settings/branches/${b.uuid}`;

/** `/settings/branches`: the business's branches; the main branch cannot be deleted. */
export function BranchesPage() {
  const { t } = useTranslation('branches');
  const branches = useBranches();
  const remove = useDeleteBranch();
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const [toDelete, setToDelete] = useState<Branch | null>(null);

  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {t('title')}
          </Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </div>
        <Button component={Link} to={NEW} leftSection={<IconPlus size={16} />} data-testid="branch-add">
          {t('add')}
        </Button>
      </Group>

      <Card withBorder padding={0}>
        <QueryList
          query={branches}
          loading={<ListSkeleton rows={3} testId="branches-loading" />}
          error={{ title: t('loadError'), retry: t('retry') }}
          empty={
            <ListEmpty
              icon={IconBuildingStore}
              title={t('empty')}
              action={
                <Button component={Link} to={NEW} variant="light" leftSection={<IconPlus size={16} />}>
                  {t('add')}
                </Button>
              }
            />
          }
        >
          {(rows) => (isMobile ? <BranchList branches={rows} onDelete={setToDelete} /> : <BranchTable branches={rows} onDelete={setToDelete} />)}
        </QueryList>
      </Card>

      {/* 422 branch_in_use and the like: the server says why. */}
      <DeleteConfirm
        item={toDelete}
        onClose={() => setToDelete(null)}
        remove={remove}
        title={t('deleteTitle')}
        message={t('deleteBody', { name: toDelete?.name ?? '' })}
        confirmLabel={t('delete')}
      />
    </Stack>
  );
}

type ListProps = { branches: Branch[]; onDelete: (b: Branch) => void };

function BranchActions({ branch, onDelete }: { branch: Branch; onDelete: (b: Branch) => void }) {
  const { t } = useTranslation('branches');
  return (
    <RowActions>
      <RowAction label={t('edit')} icon={IconEdit} color="gray" to={editPath(branch)} data-testid={`branch-edit-${branch.uuid}`} />
      {!branch.is_main && (
        <RowAction label={t('delete')} icon={IconTrash} color="red" onClick={() => onDelete(branch)} data-testid={`branch-delete-${branch.uuid}`} />
      )}
    </RowActions>
  );
}

function BranchName({ branch }: { branch: Branch }) {
  const { t } = useTranslation('branches');
  return (
    <Group gap="xs" wrap="wrap" miw={0}>
      <Anchor component={Link} to={editPath(branch)} fw={600}>
        {branch.name}
      </Anchor>
      {branch.is_main && (
        <Badge size="md" variant="light" tt="none" data-testid="branch-main-badge">
          {t('main')}
        </Badge>
      )}
    </Group>
  );
}

function BranchTable({ branches, onDelete }: ListProps) {
  const { t } = useTranslation('branches');
  const locale = useLocale();
  return (
    <ListTable
      minWidth={760}
      columns={[t('fields.name'), t('fields.type'), t('fields.address'), t('fields.timezone'), { label: t('fields.users'), ta: 'center' }]}
      actions={{ label: t('actions'), width: 96 }}
      highlightOnHover
      data-testid="branches-table"
    >
      {branches.map((b) => (
        <Table.Tr key={b.uuid} data-testid={`branch-row-${b.uuid}`}>
          <Table.Td>
            <BranchName branch={b} />
          </Table.Td>
          <Table.Td>
            <Badge variant="outline" color="gray" size="md" tt="none">
              {t(`types.${b.type}`)}
            </Badge>
          </Table.Td>
          <Table.Td maw={240}>
            <Text fz="sm" truncate c={b.address ? undefined : 'dimmed'}>
              {b.address || '—'}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text fz="sm" className="ltr-value" span>
              {b.timezone}
            </Text>
          </Table.Td>
          <Table.Td ta="center">{formatNumber(b.users_count, locale)}</Table.Td>
          <Table.Td>
            <BranchActions branch={b} onDelete={onDelete} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** Phones: one block per branch instead of a wide table. */
function BranchList({ branches, onDelete }: ListProps) {
  const { t } = useTranslation('branches');
  const locale = useLocale();
  return (
    <Stack gap={0} data-testid="branches-table">
      {branches.map((b, i) => (
        <Group
          key={b.uuid}
          justify="space-between"
          align="flex-start"
          wrap="nowrap"
          p="md"
          style={i ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
          data-testid={`branch-row-${b.uuid}`}
        >
          <Stack gap={4} miw={0}>
            <BranchName branch={b} />
            <Group gap="xs" wrap="wrap">
              <Badge variant="outline" color="gray" size="md" tt="none">
                {t(`types.${b.type}`)}
              </Badge>
              <Group gap={4} wrap="nowrap">
                <IconClock size={14} color="var(--mantine-color-dimmed)" />
                <Text fz="xs" c="dimmed" className="ltr-value" span>
                  {b.timezone}
                </Text>
              </Group>
              <Group gap={4} wrap="nowrap">
                <IconUsers size={14} color="var(--mantine-color-dimmed)" />
                <Text fz="xs" c="dimmed" span>
                  {formatNumber(b.users_count, locale)}
                </Text>
              </Group>
            </Group>
            {b.address && (
              <Text fz="xs" c="dimmed" lineClamp={2}>
                {b.address}
              </Text>
            )}
          </Stack>
          <BranchActions branch={b} onDelete={onDelete} />
        </Group>
      ))}
    </Stack>
  );
}
