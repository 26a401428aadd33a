import type { Branch } from '@app/shared/schemas/access';
import { ActionIcon, Alert, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore, IconClock, IconEdit, IconPlus, IconTrash, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useBranches, useDeleteBranch } from '../api/branches';
import { refusalMessage } from '../lib/refusal';

const NEW = '/settings/branches/new';
const editPath = (b: Branch) => `/settings/branches/${b.uuid}`;

/** `/settings/branches`: the business's branches; the main branch cannot be deleted. */
export function BranchesPage() {
  const { t } = useTranslation('branches');
  const branches = useBranches();
  const remove = useDeleteBranch();
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const [toDelete, setToDelete] = useState<Branch | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.uuid, {
      onSettled: () => setToDelete(null),
      onError: (e) => {
        // 422 branch_in_use and the like: the server says why.
        const message = refusalMessage(e);
        if (message) toast(message, 'red');
      },
    });
  };

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
        {branches.isPending ? (
          <Stack p="md" gap="sm" data-testid="branches-loading">
            <Skeleton h={36} />
            <Skeleton h={36} />
            <Skeleton h={36} />
          </Stack>
        ) : branches.isError ? (
          <Alert color="red" variant="light" m="md" title={t('loadError')}>
            <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void branches.refetch()}>
              {t('retry')}
            </Button>
          </Alert>
        ) : branches.data.length === 0 ? (
          <Stack align="center" gap="xs" py="xl" px="md">
            <IconBuildingStore size={40} stroke={1.4} color="var(--mantine-color-gray-5)" />
            <Text fw={600}>{t('empty')}</Text>
            <Button component={Link} to={NEW} variant="light" leftSection={<IconPlus size={16} />}>
              {t('add')}
            </Button>
          </Stack>
        ) : isMobile ? (
          <BranchList branches={branches.data} onDelete={setToDelete} />
        ) : (
          <BranchTable branches={branches.data} onDelete={setToDelete} />
        )}
      </Card>

      <ConfirmDialog
        opened={toDelete !== null}
        title={t('deleteTitle')}
        message={t('deleteBody', { name: toDelete?.name ?? '' })}
        confirmLabel={t('delete')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}

type ListProps = { branches: Branch[]; onDelete: (b: Branch) => void };

function BranchActions({ branch, onDelete }: { branch: Branch; onDelete: (b: Branch) => void }) {
  const { t } = useTranslation('branches');
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('edit')}>
        <ActionIcon component={Link} to={editPath(branch)} variant="subtle" color="gray" aria-label={t('edit')} data-testid={`branch-edit-${branch.uuid}`}>
          <IconEdit size={18} />
        </ActionIcon>
      </Tooltip>
      {!branch.is_main && (
        <Tooltip label={t('delete')}>
          <ActionIcon variant="subtle" color="red" aria-label={t('delete')} onClick={() => onDelete(branch)} data-testid={`branch-delete-${branch.uuid}`}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
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
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="branches-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.name')}</Table.Th>
            <Table.Th>{t('fields.type')}</Table.Th>
            <Table.Th>{t('fields.address')}</Table.Th>
            <Table.Th>{t('fields.timezone')}</Table.Th>
            <Table.Th ta="center">{t('fields.users')}</Table.Th>
            <Table.Th w={96}>
              <VisuallyHidden>{t('actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
