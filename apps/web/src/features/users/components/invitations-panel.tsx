import type { Invitation } from '@app/shared/schemas/access';
import { Badge, Button, Card, Group, Table, Text } from '@mantine/core';
import { IconMailForward, IconMailOpened, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, QueryList } from '@/components/list-states';
import { ListTable, RowAction, RowActions } from '@/components/list-table';
import { formatDateTime } from '@/lib/format';
import { closeAfterWrite, toastRejected } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { useDeleteInvitation, useInvitations, useResendInvitation } from '../api/invitations';
import { useRoles } from '../api/roles';
import { roleName } from '../lib/labels';
import { useCan } from '../lib/use-can';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { InviteUserModal } from './invite-user-modal';

const STATUS_COLORS: Record<Invitation['status'], string> = { sent: 'blue', accepted: 'teal', deleted: 'gray' };

/** Invitations sent: pending ones can be sent again (a new link) or withdrawn. */
export function InvitationsPanel() {
  const { t } = useTranslation('users');
  const locale = useLocale();
  const manage = useCan()(['settings.users']);
  const invitations = useInvitations();
  const roles = useRoles();
  const rolesById = new Map((roles.data ?? []).map((r) => [r.uuid, r]));
  const resend = useResendInvitation();
  const remove = useDeleteInvitation();
  const [deleting, setDeleting] = useState<Invitation | null>(null);
  const [inviting, setInviting] = useState(false);

  const roleLabel = (role: { uuid: string; name: string }) => {
    const known = rolesById.get(role.uuid);
    return known ? roleName(known, locale, known.is_default) : role.name;
  };

  const now = Date.now();
  const rows = (list: Invitation[]) => (
    <ListTable
      minWidth={820}
      columns={[t('columns.email'), t('columns.role'), t('columns.status'), t('invitations.sentAt'), t('invitations.expiresAt')]}
      actions={{ label: t('columns.actions'), width: 100 }}
      highlightOnHover
    >
      {list.map((inv) => {
        const expired = inv.status === 'sent' && new Date(inv.expires_at).getTime() < now;
        return (
          <Table.Tr key={inv.uuid} data-testid={`invitation-row-${inv.email}`}>
            <Table.Td>
              <Text fz="sm" fw={600} className="ltr-value">
                {inv.email}
              </Text>
              {inv.name && (
                <Text fz="xs" c="dimmed">
                  {inv.name}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text fz="sm">{inv.role ? roleLabel(inv.role) : '—'}</Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={expired ? 'orange' : STATUS_COLORS[inv.status]} size="sm">
                {expired ? t('invitations.statuses.expired') : t(`invitations.statuses.${inv.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text fz="sm">{formatDateTime(inv.created_at, locale)}</Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm" c={expired ? 'orange' : undefined}>
                {inv.status === 'sent' ? formatDateTime(inv.expires_at, locale) : '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              {manage && inv.status === 'sent' && (
                <RowActions>
                  <RowAction
                    label={t('invitations.resend')}
                    icon={IconMailForward}
                    loading={resend.isPending && resend.variables === inv.uuid}
                    onClick={() => resend.mutate(inv.uuid, { onError: toastRejected })}
                    data-testid={`invitation-resend-${inv.email}`}
                  />
                  <RowAction
                    label={t('actions.delete')}
                    icon={IconTrash}
                    color="red"
                    onClick={() => setDeleting(inv)}
                    data-testid={`invitation-delete-${inv.email}`}
                  />
                </RowActions>
              )}
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );

  return (
    <>
      {manage && (
        <Group justify="flex-end" mb="sm">
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setInviting(true)} data-testid="invite-user">
            {t('invite.open')}
          </Button>
        </Group>
      )}
      <Card withBorder padding={0}>
        <QueryList
          query={invitations}
          error={{ title: t('states.errorTitle'), body: t('states.errorBody'), retry: t('states.retry') }}
          empty={<ListEmpty icon={IconMailOpened} title={t('invitations.empty')} />}
        >
          {rows}
        </QueryList>
      </Card>
      {manage && <InviteUserModal opened={inviting} onClose={() => setInviting(false)} />}
      {deleting && (
        <ConfirmDialog
          opened
          onClose={() => setDeleting(null)}
          title={t('invitations.deleteTitle')}
          message={t('invitations.deleteBody', { email: deleting.email })}
          confirmLabel={t('actions.delete')}
          loading={remove.isPending}
          onConfirm={() => remove.mutate(deleting.uuid, closeAfterWrite(() => setDeleting(null)))}
        />
      )}
    </>
  );
}
