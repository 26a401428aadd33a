import { SUPERVISOR_STATUSES } from '@app/shared/constants';
import { hasAnyPermission } from '@app/shared/permissions';
import { type Supervisor, supervisorBody } from '@app/shared/schemas/access';
import { Badge, SegmentedControl, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '@/components/form-footer';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatNumber } from '@/lib/format';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useDeleteSupervisor, useSaveSupervisor, useSupervisors, useTeams } from '../api/teams';
import { CrudPanel } from './crud-panel';

type Status = (typeof SUPERVISOR_STATUSES)[number];

/** Supervisors (spec §3): name, e-mail, the provider team they oversee, status, staff count. */
export function SupervisorsPanel() {
  const { t } = useTranslation('branches');
  const locale = useLocale();
  const supervisors = useSupervisors();
  const remove = useDeleteSupervisor();
  return (
    <CrudPanel
      section="supervisors"
      testIds={{ panel: 'supervisors-panel', add: 'supervisor-add', table: 'supervisors-table' }}
      query={supervisors}
      remove={remove}
      nameOf={(s) => s.name}
      emptyIcon={IconUserShield}
      minWidth={680}
      columns={[
        t('supervisors.fields.name'),
        t('supervisors.fields.email'),
        t('supervisors.fields.team'),
        t('supervisors.fields.status'),
        { label: t('supervisors.fields.staffCount'), ta: 'center' },
      ]}
      cells={(s) => (
        <>
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
        </>
      )}
      form={(supervisor, done) => <SupervisorForm supervisor={supervisor} onDone={done} />}
    />
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
      { id: supervisor?.uuid, body: supervisorBody.parse(toBody(v)) },
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
        <FormFooter
          cancelLabel={t('form.cancel')}
          onCancel={onDone}
          submitLabel={supervisor ? t('form.save') : t('form.add')}
          submitTestId="supervisor-save"
          loading={save.isPending}
        />
      </Stack>
    </form>
  );
}

function toBody(v: { name: string; email: string; team_id: string; status: Status }) {
  return { name: v.name, email: v.email, team_id: v.team_id === NO_TEAM ? null : v.team_id, status: v.status };
}
