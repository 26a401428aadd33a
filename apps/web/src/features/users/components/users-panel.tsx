import { SEARCH_DEBOUNCE_MS, USER_STATUSES, USER_TYPES } from '@app/shared/constants';
import type { StaffUser } from '@app/shared/schemas/access';
import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconArrowsExchange,
  IconCashRegister,
  IconCrown,
  IconDots,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '@/components/search-input';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { ListTable } from '@/components/list-table';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatNumber } from '@/lib/format';
import { closeAfterWrite, toastRejected } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { useRoles } from '../api/roles';
import { type UsersPage, useConvertUser, useDeleteUser, useSetAppAccess, useSetUserActive, useUsers } from '../api/users';
import { roleName } from '../lib/labels';
import { useCan } from '../lib/use-can';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EditUserModal } from './edit-user-modal';
import { InviteUserModal } from './invite-user-modal';
import { PosUserModal } from './pos-user-modal';
import { TransferOwnershipModal } from './transfer-ownership-modal';
import { StatusBadge, UserTypeBadge } from './user-badges';

const PER_PAGE = 25;

type Filters = { search: string; status: string | null; type: string | null; role_id: string | null };
const NO_FILTERS: Filters = { search: '', status: null, type: null, role_id: null };

type Dialog =
  | { kind: 'invite' | 'pos' }
  | { kind: 'edit' | 'activate' | 'deactivate' | 'toProvider' | 'toUser' | 'delete' | 'transfer'; user: StaffUser }
  | null;

/** The business's accounts: a server-paginated, filtered table with the actions the caller may take. */
export function UsersPanel() {
  const { t } = useTranslation('users');
  const locale = useLocale();
  const me = useCurrentUser();
  const can = useCan();
  const manage = can(['settings.users']);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [search] = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const query = {
    page,
    per_page: PER_PAGE,
    search: search || undefined,
    status: (filters.status ?? undefined) as StaffUser['status'] | undefined,
    type: (filters.type ?? undefined) as StaffUser['type'] | undefined,
    role_id: filters.role_id ?? undefined,
  };
  const users = useUsers(query);
  const roles = useRoles();
  const defaultRoles = new Set((roles.data ?? []).filter((r) => r.is_default).map((r) => r.uuid));
  const setActive = useSetUserActive();
  const convert = useConvertUser();
  const appAccess = useSetAppAccess();
  const remove = useDeleteUser();
  const filtered = Boolean(search || filters.status || filters.type || filters.role_id);

  const setFilter = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };

  const after = closeAfterWrite(close);

  const rowActions = (u: StaffUser) => {
    const self = u.uuid === me.uuid;
    return {
      edit: true,
      activate: !u.is_owner && u.status === 'inactive',
      deactivate: !u.is_owner && !self && u.status === 'active',
      toProvider: !u.is_owner && !self && u.type === 'user',
      toUser: !u.is_owner && u.type === 'provider',
      transfer: me.is_owner && !u.is_owner && u.type === 'user' && u.status === 'active',
      delete: !u.is_owner && !self,
    };
  };

  const rows = (list: UsersPage) => (
    <ListTable
      minWidth={980}
      columns={[t('columns.name'), t('columns.email'), t('columns.role'), t('columns.branches'), t('columns.type'), t('columns.status')]}
      actions={{ label: t('columns.actions'), width: 56 }}
      highlightOnHover
      style={{ opacity: users.isPlaceholderData ? 0.6 : 1 }}
    >
      {list.data.map((u) => {
        const allowed = rowActions(u);
        return (
          <Table.Tr key={u.uuid} data-testid={`user-row-${u.email}`}>
            <Table.Td>
              <Group gap="sm" wrap="nowrap">
                <Avatar name={u.name} color="initials" radius="xl" size={32} />
                <Stack gap={2}>
                  <Text fz="sm" fw={600} lh={1.3}>
                    {u.name}
                  </Text>
                  <Group gap={4}>
                    {u.is_owner && (
                      <Badge size="xs" color="yellow" variant="light" leftSection={<IconCrown size={10} />}>
                        {t('owner')}
                      </Badge>
                    )}
                    {u.uuid === me.uuid && (
                      <Badge size="xs" color="gray" variant="light">
                        {t('you')}
                      </Badge>
                    )}
                  </Group>
                </Stack>
              </Group>
            </Table.Td>
            <Table.Td>
              <Text fz="sm" className="ltr-value">
                {u.email}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm">{u.is_owner ? t('ownerRole') : u.role ? roleName(u.role, locale, defaultRoles.has(u.role.uuid)) : '—'}</Text>
            </Table.Td>
            <Table.Td>
              <BranchList branches={u.branches} all={u.all_branches} />
            </Table.Td>
            <Table.Td>
              <Stack gap={4} align="flex-start">
                <UserTypeBadge type={u.type} />
                {u.type === 'provider' && (
                  <Switch
                    size="xs"
                    label={t('appAccess')}
                    checked={u.app_access}
                    disabled={!manage || appAccess.isPending}
                    onChange={(e) => appAccess.mutate({ id: u.uuid, enabled: e.currentTarget.checked }, { onError: toastRejected })}
                    data-testid={`user-app-access-${u.email}`}
                  />
                )}
              </Stack>
            </Table.Td>
            <Table.Td>
              <StatusBadge status={u.status} />
            </Table.Td>
            <Table.Td>
              {manage && (
                <Menu position="bottom-end" shadow="md" width={230} withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={t('columns.actions')} data-testid={`user-actions-${u.email}`}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setDialog({ kind: 'edit', user: u })} data-testid={`user-edit-${u.email}`}>
                      {t('actions.edit')}
                    </Menu.Item>
                    {allowed.activate && (
                      <Menu.Item
                        leftSection={<IconPlayerPlay size={16} />}
                        onClick={() => setActive.mutate({ id: u.uuid, active: true }, { onError: toastRejected })}
                        data-testid={`user-activate-${u.email}`}
                      >
                        {t('actions.activate')}
                      </Menu.Item>
                    )}
                    {allowed.deactivate && (
                      <Menu.Item
                        leftSection={<IconPlayerPause size={16} />}
                        onClick={() => setDialog({ kind: 'deactivate', user: u })}
                        data-testid={`user-deactivate-${u.email}`}
                      >
                        {t('actions.deactivate')}
                      </Menu.Item>
                    )}
                    {(allowed.toProvider || allowed.toUser) && (
                      <Menu.Item
                        leftSection={<IconArrowsExchange size={16} />}
                        onClick={() => setDialog({ kind: allowed.toProvider ? 'toProvider' : 'toUser', user: u })}
                        data-testid={`user-convert-${u.email}`}
                      >
                        {allowed.toProvider ? t('actions.toProvider') : t('actions.toUser')}
                      </Menu.Item>
                    )}
                    {allowed.transfer && (
                      <Menu.Item
                        leftSection={<IconCrown size={16} />}
                        onClick={() => setDialog({ kind: 'transfer', user: u })}
                        data-testid={`user-transfer-${u.email}`}
                      >
                        {t('actions.transfer')}
                      </Menu.Item>
                    )}
                    {allowed.delete && (
                      <>
                        <Menu.Divider />
                        <Menu.Item
                          color="red"
                          leftSection={<IconTrash size={16} />}
                          onClick={() => setDialog({ kind: 'delete', user: u })}
                          data-testid={`user-delete-${u.email}`}
                        >
                          {t('actions.delete')}
                        </Menu.Item>
                      </>
                    )}
                  </Menu.Dropdown>
                </Menu>
              )}
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );

  const meta = users.data?.meta;
  const from = meta && meta.total > 0 ? (meta.current_page - 1) * meta.per_page + 1 : 0;
  const to = meta ? Math.min(meta.current_page * meta.per_page, meta.total) : 0;

  return (
    <Stack gap="sm">
      {manage && (
        <Group justify="flex-end" gap="sm">
          {me.tenant.plugins.includes('pos') && (
            <Button variant="light" leftSection={<IconCashRegister size={18} />} onClick={() => setDialog({ kind: 'pos' })} data-testid="new-pos-user">
              {t('pos.open')}
            </Button>
          )}
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setDialog({ kind: 'invite' })} data-testid="invite-user">
            {t('invite.open')}
          </Button>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <SearchInput label={t('filters.search')} clearLabel={t('filters.clear')} value={filters.search} onChange={(v) => setFilter('search', v)} data-testid="users-search" />
        <Select
          placeholder={t('filters.status')}
          aria-label={t('filters.status')}
          data={USER_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          value={filters.status}
          onChange={(v) => setFilter('status', v)}
          clearable
          data-testid="users-filter-status"
        />
        <Select
          placeholder={t('filters.type')}
          aria-label={t('filters.type')}
          data={USER_TYPES.map((s) => ({ value: s, label: t(`types.${s}`) }))}
          value={filters.type}
          onChange={(v) => setFilter('type', v)}
          clearable
          data-testid="users-filter-type"
        />
        <Select
          placeholder={t('filters.role')}
          aria-label={t('filters.role')}
          data={(roles.data ?? []).map((r) => ({ value: r.uuid, label: roleName(r, locale, r.is_default) }))}
          value={filters.role_id}
          onChange={(v) => setFilter('role_id', v)}
          clearable
          searchable
          data-testid="users-filter-role"
        />
      </SimpleGrid>
      <Card withBorder padding={0}>
        <QueryList
          query={users}
          loading={<ListSkeleton rows={6} />}
          error={{ title: t('states.errorTitle'), body: t('states.errorBody'), retry: t('states.retry') }}
          isEmpty={(page) => page.data.length === 0}
          empty={
            <ListEmpty
              icon={IconUsers}
              title={filtered ? t('users.emptyFiltered') : t('users.empty')}
              action={
                filtered ? (
                  <Button variant="light" onClick={() => setFilters(NO_FILTERS)}>
                    {t('filters.clear')}
                  </Button>
                ) : undefined
              }
            />
          }
        >
          {rows}
        </QueryList>
      </Card>
      {meta && meta.total > 0 && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text fz="sm" c="dimmed" data-testid="users-range">
            {t('pagination.range', { from: formatNumber(from, locale), to: formatNumber(to, locale), total: formatNumber(meta.total, locale) })}
          </Text>
          {meta.last_page > 1 && <Pagination total={meta.last_page} value={page} onChange={setPage} size="sm" data-testid="users-pagination" />}
        </Group>
      )}

      <InviteUserModal opened={dialog?.kind === 'invite'} onClose={close} />
      {me.tenant.plugins.includes('pos') && <PosUserModal opened={dialog?.kind === 'pos'} onClose={close} />}
      {dialog?.kind === 'edit' && <EditUserModal key={dialog.user.uuid} user={dialog.user} onClose={close} />}
      {dialog?.kind === 'transfer' && <TransferOwnershipModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'deactivate' && (
        <ConfirmDialog
          opened
          onClose={close}
          title={t('confirm.deactivateTitle')}
          message={t('confirm.deactivateBody', { name: dialog.user.name })}
          confirmLabel={t('actions.deactivate')}
          loading={setActive.isPending}
          onConfirm={() => setActive.mutate({ id: dialog.user.uuid, active: false }, after)}
        />
      )}
      {(dialog?.kind === 'toProvider' || dialog?.kind === 'toUser') && (
        <ConfirmDialog
          opened
          onClose={close}
          title={dialog.kind === 'toProvider' ? t('confirm.toProviderTitle') : t('confirm.toUserTitle')}
          message={t(dialog.kind === 'toProvider' ? 'confirm.toProviderBody' : 'confirm.toUserBody', { name: dialog.user.name })}
          confirmLabel={dialog.kind === 'toProvider' ? t('actions.toProvider') : t('actions.toUser')}
          color="brand"
          loading={convert.isPending}
          onConfirm={() => convert.mutate({ id: dialog.user.uuid, to: dialog.kind === 'toProvider' ? 'provider' : 'user' }, after)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          opened
          onClose={close}
          title={t('confirm.deleteTitle')}
          message={t('confirm.deleteBody', { name: dialog.user.name })}
          confirmLabel={t('actions.delete')}
          loading={remove.isPending}
          onConfirm={() => remove.mutate(dialog.user.uuid, after)}
        />
      )}
    </Stack>
  );
}

/** Up to two branch names, then "+N" with the rest in a tooltip. */
function BranchList({ branches, all }: { branches: StaffUser['branches']; all: boolean }) {
  const { t } = useTranslation('users');
  const locale = useLocale();
  if (all)
    return (
      <Text fz="sm" c="dimmed">
        {t('allBranches')}
      </Text>
    );
  if (branches.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        {t('noBranches')}
      </Text>
    );
  const shown = branches.slice(0, 2);
  const rest = branches.slice(2);
  return (
    <Group gap={4}>
      {shown.map((b) => (
        <Badge key={b.uuid} variant="outline" color="gray" size="sm" radius="sm" fw={500} tt="none">
          {b.name}
        </Badge>
      ))}
      {rest.length > 0 && (
        <Tooltip label={rest.map((b) => b.name).join(locale === 'ar' ? '، ' : ', ')}>
          <Badge variant="light" color="gray" size="sm" radius="sm">
            +{rest.length}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
