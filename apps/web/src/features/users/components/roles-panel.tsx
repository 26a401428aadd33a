import type { Role } from '@app/shared/schemas/access';
import { Badge, Button, Card, Group, Table, Text } from '@mantine/core';
import { IconEye, IconPencil, IconPlus, IconShieldLock, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, QueryList } from '@/components/list-states';
import { ListTable, RowAction, RowActions } from '@/components/list-table';
import { formatNumber } from '@/lib/format';
import { closeAfterWrite } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { useDeleteRole, useRoles } from '../api/roles';
import { roleName } from '../lib/labels';
import { useCan } from '../lib/use-can';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RoleFormModal } from './role-form-modal';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'view' | 'delete'; role: Role } | null;

/** The business's roles: default ones are fixed (view only), its own can be edited and deleted. */
export function RolesPanel() {
  const { t } = useTranslation('users');
  const locale = useLocale();
  const can = useCan();
  const manage = can(['settings.roles']);
  const roles = useRoles();
  const remove = useDeleteRole();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const rows = (list: Role[]) => (
    <ListTable
      minWidth={320}
      columns={[t('roles.columns.name'), { label: t('roles.columns.permissions'), visibleFrom: 'sm' }, t('roles.columns.users')]}
      actions={{ label: t('columns.actions'), width: 96 }}
      horizontalSpacing="sm"
      highlightOnHover
    >
      {list.map((role) => {
        const name = roleName(role, locale, role.is_default);
        return (
          <Table.Tr key={role.uuid} data-testid={`role-row-${role.slug}`}>
            <Table.Td>
              <Group gap={6} wrap="wrap">
                <Text fw={600} fz="sm">
                  {name}
                </Text>
                {role.is_default && (
                  <Badge variant="light" color="gray" size="sm" style={{ flexShrink: 0 }}>
                    {t('roles.default')}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td visibleFrom="sm">
              <Text fz="sm" c="dimmed">
                {formatNumber(role.permissions.length, locale)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm">{formatNumber(role.users_count, locale)}</Text>
            </Table.Td>
            <Table.Td>
              <RowActions>
                {role.is_default || !manage ? (
                  <RowAction label={t('actions.view')} icon={IconEye} color="gray" onClick={() => setDialog({ kind: 'view', role })} />
                ) : (
                  <>
                    <RowAction
                      label={t('actions.edit')}
                      icon={IconPencil}
                      onClick={() => setDialog({ kind: 'edit', role })}
                      data-testid={`role-edit-${role.slug}`}
                    />
                    <RowAction
                      label={t('actions.delete')}
                      icon={IconTrash}
                      color="red"
                      onClick={() => setDialog({ kind: 'delete', role })}
                      data-testid={`role-delete-${role.slug}`}
                    />
                  </>
                )}
              </RowActions>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );

  return (
    <>
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm" wrap="wrap">
        <Text c="dimmed" fz="sm" maw={560}>
          {t('roles.intro')}
        </Text>
        {manage && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'create' })} data-testid="role-create">
            {t('roles.create')}
          </Button>
        )}
      </Group>
      <Card withBorder padding={0}>
        <QueryList
          query={roles}
          error={{ title: t('states.errorTitle'), body: t('states.errorBody'), retry: t('states.retry') }}
          empty={<ListEmpty icon={IconShieldLock} title={t('roles.empty')} />}
        >
          {rows}
        </QueryList>
      </Card>

      {dialog && dialog.kind !== 'delete' && (
        <RoleFormModal
          key={dialog.kind === 'create' ? 'new' : dialog.role.uuid}
          opened
          onClose={close}
          role={dialog.kind === 'create' ? undefined : dialog.role}
          readOnly={dialog.kind === 'view'}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          opened
          onClose={close}
          title={t('roles.deleteTitle')}
          message={t('roles.deleteBody', { name: dialog.role.name })}
          confirmLabel={t('actions.delete')}
          loading={remove.isPending}
          onConfirm={() => remove.mutate(dialog.role.uuid, closeAfterWrite(close))}
        />
      )}
    </>
  );
}
