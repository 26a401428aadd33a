import type { Invitation } from '@app/shared/schemas/access';
import { ActionIcon, Badge, Button, Card, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconMailForward, IconMailOpened, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useDeleteInvitation, useInvitations, useResendInvitation } from '../api/invitations';
import { useRoles } from '../api/roles';
import { roleName, toastRejected } from '../lib/labels';
import { useCan } from '../lib/use-can';
import { ConfirmModal } from './confirm-modal';
import { InviteUserModal } from './invite-user-modal';
import { ListEmpty, ListError, ListSkeleton } from './list-states';

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

  const body = () => {
    if (invitations.isPending) return <ListSkeleton />;
    if (invitations.isError) return <ListError onRetry={() => invitations.refetch()} />;
    if (invitations.data.length === 0) return <ListEmpty icon={IconMailOpened} title={t('invitations.empty')} />;
    const now = Date.now();
    return (
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.email')}</Table.Th>
              <Table.Th>{t('columns.role')}</Table.Th>
              <Table.Th>{t('columns.status')}</Table.Th>
              <Table.Th>{t('invitations.sentAt')}</Table.Th>
              <Table.Th>{t('invitations.expiresAt')}</Table.Th>
              <Table.Th w={100}>
                <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invitations.data.map((inv) => {
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
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label={t('invitations.resend')}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('invitations.resend')}
                            loading={resend.isPending && resend.variables === inv.uuid}
                            onClick={() => resend.mutate(inv.uuid, { onError: toastRejected })}
                            data-testid={`invitation-resend-${inv.email}`}
                          >
                            <IconMailForward size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('actions.delete')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('actions.delete')}
                            onClick={() => setDeleting(inv)}
                            data-testid={`invitation-delete-${inv.email}`}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    )}
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
      {manage && (
        <Group justify="flex-end" mb="sm">
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setInviting(true)} data-testid="invite-user">
            {t('invite.open')}
          </Button>
        </Group>
      )}
      <Card withBorder padding={0}>
        {body()}
      </Card>
      {manage && <InviteUserModal opened={inviting} onClose={() => setInviting(false)} />}
      {deleting && (
        <ConfirmModal
          opened
          onClose={() => setDeleting(null)}
          title={t('invitations.deleteTitle')}
          message={t('invitations.deleteBody', { email: deleting.email })}
          confirmLabel={t('actions.delete')}
          loading={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting.uuid, {
              onSuccess: () => setDeleting(null),
              onError: (e) => {
                toastRejected(e);
                setDeleting(null);
              },
            })
          }
        />
      )}
    </>
  );
}
