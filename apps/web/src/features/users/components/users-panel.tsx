import { USER_STATUSES, USER_TYPES } from '@app/shared/constants';
import type { StaffUser } from '@app/shared/schemas/access';
import { ActionIcon, Avatar, Badge, Button, Group, Menu, Stack, Switch, Text, Tooltip } from '@mantine/core';
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
import { ConfirmDialog } from '@/components/confirm-dialog';
import { filterOf, SelectFilter } from '@/components/list-view/filter-fields';
import { type ListViewColumn, ListView } from '@/components/list-view/list-view';
import { listBindings, oneOf, searchOf, useListParams } from '@/components/list-view/use-list-params';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { closeAfterWrite, toastRejected } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { useRoles } from '../api/roles';
import { useConvertUser, useDeleteUser, useSetAppAccess, useSetUserActive, useUsers } from '../api/users';
import { roleName } from '../lib/labels';
import { useCan } from '../lib/use-can';
import { EditUserModal } from './edit-user-modal';
import { InviteUserModal } from './invite-user-modal';
import { PosUserModal } from './pos-user-modal';
import { TransferOwnershipModal } from './transfer-ownership-modal';
import { StatusBadge, UserTypeBadge } from './user-badges';

const FILTERS = ['status', 'type', 'role_id'] as const;

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
  const list = useListParams(FILTERS);
  const f = list.filters;
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const users = useUsers({ ...list.query, status: oneOf(USER_STATUSES, f.status), type: oneOf(USER_TYPES, f.type) });
  const roles = useRoles();
  const defaultRoles = new Set((roles.data ?? []).filter((r) => r.is_default).map((r) => r.uuid));
  const setActive = useSetUserActive();
  const convert = useConvertUser();
  const appAccess = useSetAppAccess();
  const remove = useDeleteUser();

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

  const columns: ListViewColumn<StaffUser>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      cell: (u) => (
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
      ),
    },
    {
      key: 'email',
      header: t('columns.email'),
      cell: (u) => (
        <Text fz="sm" className="ltr-value">
          {u.email}
        </Text>
      ),
    },
    {
      key: 'role',
      header: t('columns.role'),
      cell: (u) => <Text fz="sm">{u.is_owner ? t('ownerRole') : u.role ? roleName(u.role, locale, defaultRoles.has(u.role.uuid)) : '—'}</Text>,
    },
    { key: 'branches', header: t('columns.branches'), cell: (u) => <BranchList branches={u.branches} all={u.all_branches} /> },
    {
      key: 'type',
      header: t('columns.type'),
      cell: (u) => (
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
      ),
    },
    { key: 'status', header: t('columns.status'), card: 'aside', cell: (u) => <StatusBadge status={u.status} /> },
  ];

  const actions = (u: StaffUser) => {
    const allowed = rowActions(u);
    return (
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
            <Menu.Item leftSection={<IconPlayerPause size={16} />} onClick={() => setDialog({ kind: 'deactivate', user: u })} data-testid={`user-deactivate-${u.email}`}>
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
            <Menu.Item leftSection={<IconCrown size={16} />} onClick={() => setDialog({ kind: 'transfer', user: u })} data-testid={`user-transfer-${u.email}`}>
              {t('actions.transfer')}
            </Menu.Item>
          )}
          {allowed.delete && (
            <>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDialog({ kind: 'delete', user: u })} data-testid={`user-delete-${u.email}`}>
                {t('actions.delete')}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    );
  };

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
      <ListView
        query={users}
        columns={columns}
        rowKey={(u) => u.uuid}
        minWidth={980}
        testId="users"
        itemTestId={(u) => `user-row-${u.email}`}
        actions={manage ? actions : undefined}
        search={searchOf(list, t('filters.search'), 'users-search')}
        filters={{
          active: list.active,
          fields: [
            <SelectFilter
              key="status"
              label={t('filters.status')}
              data={USER_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
              {...filterOf(list, 'status')}
              data-testid="users-filter-status"
            />,
            <SelectFilter
              key="type"
              label={t('filters.type')}
              data={USER_TYPES.map((s) => ({ value: s, label: t(`types.${s}`) }))}
              {...filterOf(list, 'type')}
              data-testid="users-filter-type"
            />,
            <SelectFilter
              key="role"
              label={t('filters.role')}
              data={(roles.data ?? []).map((r) => ({ value: r.uuid, label: roleName(r, locale, r.is_default) }))}
              {...filterOf(list, 'role_id')}
              searchable
              data-testid="users-filter-role"
            />,
          ],
        }}
        {...listBindings(list)}
        errorTitle={t('states.errorTitle')}
        emptyFiltered={t('users.emptyFiltered')}
        empty={{ icon: IconUsers, title: t('users.empty') }}
      />

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
