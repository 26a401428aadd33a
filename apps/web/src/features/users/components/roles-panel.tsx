import type { Role } from '@app/shared/schemas/access';
import { ActionIcon, Badge, Button, Card, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye, IconPencil, IconPlus, IconShieldLock, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useDeleteRole, useRoles } from '../api/roles';
import { roleName, toastRejected } from '../lib/labels';
import { useCan } from '../lib/use-can';
import { ConfirmModal } from './confirm-modal';
import { ListEmpty, ListError, ListSkeleton } from './list-states';
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

  const body = () => {
    if (roles.isPending) return <ListSkeleton />;
    if (roles.isError) return <ListError onRetry={() => roles.refetch()} />;
    if (roles.data.length === 0) return <ListEmpty icon={IconShieldLock} title={t('roles.empty')} />;
    return (
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('roles.columns.name')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('roles.columns.permissions')}</Table.Th>
              <Table.Th>{t('roles.columns.users')}</Table.Th>
              <Table.Th w={96}>
                <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {roles.data.map((role) => {
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
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {role.is_default || !manage ? (
                        <Tooltip label={t('actions.view')}>
                          <ActionIcon variant="subtle" color="gray" aria-label={t('actions.view')} onClick={() => setDialog({ kind: 'view', role })}>
                            <IconEye size={18} />
                          </ActionIcon>
                        </Tooltip>
                      ) : (
                        <>
                          <Tooltip label={t('actions.edit')}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={t('actions.edit')}
                              onClick={() => setDialog({ kind: 'edit', role })}
                              data-testid={`role-edit-${role.slug}`}
                            >
                              <IconPencil size={18} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('actions.delete')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('actions.delete')}
                              onClick={() => setDialog({ kind: 'delete', role })}
                              data-testid={`role-delete-${role.slug}`}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        </>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  };

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
        {body()}
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
        <ConfirmModal
          opened
          onClose={close}
          title={t('roles.deleteTitle')}
          message={t('roles.deleteBody', { name: dialog.role.name })}
          confirmLabel={t('actions.delete')}
          loading={remove.isPending}
          onConfirm={() => remove.mutate(dialog.role.uuid, {
                onSuccess: close,
                onError: (e) => {
                  toastRejected(e);
                  close();
                },
              })}
        />
      )}
    </>
  );
}
