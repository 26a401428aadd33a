import type { Invitation } from '@app/shared/schemas/access';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconMailForward, IconMailOpened, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '@/components/list-table';
import { type ListViewColumn, ListView } from '@/components/list-view/list-view';
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
  const expired = (inv: Invitation) => inv.status === 'sent' && new Date(inv.expires_at).getTime() < now;
  const columns: ListViewColumn<Invitation>[] = [
    {
      key: 'email',
      header: t('columns.email'),
      cell: (inv) => (
        <>
          <Text fz="sm" fw={600} className="ltr-value">
            {inv.email}
          </Text>
          {inv.name && (
            <Text fz="xs" c="dimmed">
              {inv.name}
            </Text>
          )}
        </>
      ),
    },
    { key: 'role', header: t('columns.role'), cell: (inv) => <Text fz="sm">{inv.role ? roleLabel(inv.role) : '—'}</Text> },
    {
      key: 'status',
      header: t('columns.status'),
      card: 'aside',
      cell: (inv) => (
        <Badge variant="light" color={expired(inv) ? 'orange' : STATUS_COLORS[inv.status]} size="sm">
          {expired(inv) ? t('invitations.statuses.expired') : t(`invitations.statuses.${inv.status}`)}
        </Badge>
      ),
    },
    { key: 'sent', header: t('invitations.sentAt'), cell: (inv) => <Text fz="sm">{formatDateTime(inv.created_at, locale)}</Text> },
    {
      key: 'expires',
      header: t('invitations.expiresAt'),
      cell: (inv) => (
        <Text fz="sm" c={expired(inv) ? 'orange' : undefined}>
          {inv.status === 'sent' ? formatDateTime(inv.expires_at, locale) : '—'}
        </Text>
      ),
    },
  ];

  const actions = (inv: Invitation) =>
    inv.status === 'sent' && (
      <>
        <RowAction
          label={t('invitations.resend')}
          icon={IconMailForward}
          loading={resend.isPending && resend.variables === inv.uuid}
          onClick={() => resend.mutate(inv.uuid, { onError: toastRejected })}
          data-testid={`invitation-resend-${inv.email}`}
        />
        <RowAction label={t('actions.delete')} icon={IconTrash} color="red" onClick={() => setDeleting(inv)} data-testid={`invitation-delete-${inv.email}`} />
      </>
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
      <ListView
        query={invitations}
        columns={columns}
        rowKey={(inv) => inv.uuid}
        minWidth={820}
        testId="invitations"
        itemTestId={(inv) => `invitation-row-${inv.email}`}
        actions={manage ? actions : undefined}
        actionsWidth={100}
        loadingRows={5}
        errorTitle={t('states.errorTitle')}
        empty={{ icon: IconMailOpened, title: t('invitations.empty') }}
      />
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
