import { SUPERVISOR_STATUSES } from '@app/shared/constants';
import { hasAnyPermission } from '@app/shared/permissions';
import { type Supervisor, supervisorBody } from '@app/shared/schemas/access';
import { ActionIcon, Alert, Badge, Button, Card, Group, Modal, SegmentedControl, Select, Skeleton, Stack, Table, Text, TextInput, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconEdit, IconPlus, IconTrash, IconUserShield } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { toast } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { applyServerErrors, clearOnBlur, zodErrors } from '@/lib/form-errors';
import { useLocale } from '@/lib/use-locale';
import { useDeleteSupervisor, useSaveSupervisor, useSupervisors, useTeams } from '../api/teams';
import { refusalMessage } from '../lib/refusal';

type Status = (typeof SUPERVISOR_STATUSES)[number];

/** Supervisors (spec §3): name, e-mail, the provider team they oversee, status, staff count. */
export function SupervisorsPanel() {
  const { t } = useTranslation('branches');
  const locale = useLocale();
  const supervisors = useSupervisors();
  const remove = useDeleteSupervisor();
  const [editing, setEditing] = useState<Supervisor | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<Supervisor | null>(null);

  return (
    <Stack gap="md" data-testid="supervisors-panel">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2} fz="lg">
            {t('supervisors.title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('supervisors.subtitle')}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="supervisor-add">
          {t('supervisors.add')}
        </Button>
      </Group>

      <Card withBorder padding={0}>
        {supervisors.isPending ? (
          <Stack p="md" gap="sm">
            <Skeleton h={32} />
            <Skeleton h={32} />
          </Stack>
        ) : supervisors.isError ? (
          <Alert color="red" variant="light" m="md" title={t('loadError')}>
            <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void supervisors.refetch()}>
              {t('retry')}
            </Button>
          </Alert>
        ) : supervisors.data.length === 0 ? (
          <Stack align="center" gap="xs" py="xl" px="md">
            <IconUserShield size={36} stroke={1.4} color="var(--mantine-color-gray-5)" />
            <Text c="dimmed">{t('supervisors.empty')}</Text>
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={680}>
            <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="supervisors-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('supervisors.fields.name')}</Table.Th>
                  <Table.Th>{t('supervisors.fields.email')}</Table.Th>
                  <Table.Th>{t('supervisors.fields.team')}</Table.Th>
                  <Table.Th>{t('supervisors.fields.status')}</Table.Th>
                  <Table.Th ta="center">{t('supervisors.fields.staffCount')}</Table.Th>
                  <Table.Th w={96}>
                    <VisuallyHidden>{t('actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {supervisors.data.map((s) => (
                  <Table.Tr key={s.uuid}>
                    <Table.Td fw={600}>{s.name}</Table.Td>
                    <Table.Td>
                      <Text fz="sm" className="ltr-value" span>
                        {s.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {s.team?.title ?? (
                        <Text c="dimmed" fz="sm" span>
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={s.status === 'active' ? 'teal' : 'gray'} size="md" tt="none">
                        {t(`supervisors.status.${s.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="center">{formatNumber(s.staff_count, locale)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Tooltip label={t('edit')}>
                          <ActionIcon variant="subtle" color="gray" aria-label={t('edit')} onClick={() => setEditing(s)}>
                            <IconEdit size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('delete')}>
                          <ActionIcon variant="subtle" color="red" aria-label={t('delete')} onClick={() => setToDelete(s)}>
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={<Text fw={700}>{editing === 'new' ? t('supervisors.add') : t('supervisors.edit')}</Text>}
        centered
      >
        {editing !== null && <SupervisorForm supervisor={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('supervisors.deleteTitle')}
        message={t('supervisors.deleteBody', { name: toDelete?.name ?? '' })}
        confirmLabel={t('delete')}
        loading={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(
            { arg: toDelete.uuid },
            {
              onSettled: () => setToDelete(null),
              onError: (e) => {
                const message = refusalMessage(e);
                if (message) toast(message, 'red');
              },
            },
          )
        }
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}

const NO_TEAM = 'none';

function SupervisorForm({ supervisor, onDone }: { supervisor: Supervisor | null; onDone: () => void }) {
  const { t } = useTranslation('branches');
  const locale = useLocale();
  const user = useCurrentUser();
  // Teams need the `providers` key; without it the field offers only the current team.
  const canListTeams = user.is_owner || hasAnyPermission(user.permissions, ['providers']);
  const teams = useTeams(canListTeams);
  const save = useSaveSupervisor();
  const form = useForm({
    initialValues: {
      name: supervisor?.name ?? '',
      email: supervisor?.email ?? '',
      team_id: supervisor?.team?.uuid ?? NO_TEAM,
      status: (supervisor?.status ?? 'active') as Status,
    },
    validate: (v) => zodErrors(supervisorBody, toBody(v), locale),
  });
  const teamOptions = new Map<string, string>((teams.data ?? []).map((x) => [x.uuid, x.title]));
  if (supervisor?.team && !teamOptions.has(supervisor.team.uuid)) teamOptions.set(supervisor.team.uuid, supervisor.team.title);

  const submit = form.onSubmit((v) =>
    save.mutate(
      { arg: supervisor?.uuid ?? null, body: supervisorBody.parse(toBody(v)) },
      { onSuccess: onDone, onError: (e) => applyServerErrors(form, e, ['name', 'email', 'team_id', 'status']) },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('supervisors.fields.name')} name="name" required data-autofocus data-testid="supervisor-name" {...clearOnBlur(form, 'name', form.getInputProps('name'))} />
        <TextInput
          label={t('supervisors.fields.email')}
          name="email"
          type="email"
          required
          styles={{ input: { direction: 'ltr' } }}
          data-testid="supervisor-email"
          {...clearOnBlur(form, 'email', form.getInputProps('email'))}
        />
        <Select
          label={t('supervisors.fields.team')}
          data={[{ value: NO_TEAM, label: t('supervisors.noTeam') }, ...[...teamOptions].map(([value, label]) => ({ value, label }))]}
          allowDeselect={false}
          disabled={teams.isFetching && !teams.data}
          data-testid="supervisor-team"
          {...form.getInputProps('team_id')}
        />
        <Stack gap={4}>
          <Text fz="sm" fw={500}>
            {t('supervisors.fields.status')}
          </Text>
          <SegmentedControl
            data={SUPERVISOR_STATUSES.map((s) => ({ value: s, label: t(`supervisors.status.${s}`) }))}
            value={form.values.status}
            onChange={(v) => form.setFieldValue('status', v as Status)}
          />
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="supervisor-save">
            {supervisor ? t('form.save') : t('form.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function toBody(v: { name: string; email: string; team_id: string; status: Status }) {
  return { name: v.name, email: v.email, team_id: v.team_id === NO_TEAM ? null : v.team_id, status: v.status };
}
