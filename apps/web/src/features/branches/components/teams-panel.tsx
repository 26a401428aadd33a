import type { Team } from '@app/shared/schemas/access';
import { teamBody } from '@app/shared/schemas/access';
import { Alert, Badge, Group, MultiSelect, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '@/components/form-footer';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { type ProviderOption, useDeleteTeam, useProviderOptions, useSaveTeam, useTeams } from '../api/teams';
import { CrudPanel } from './crud-panel';

const SHOWN_PROVIDERS = 3;

/** Provider teams (spec §3): a title and the providers in it. Mounted as a tab of users and roles. */
export function TeamsPanel() {
  const { t } = useTranslation('branches');
  const teams = useTeams();
  const remove = useDeleteTeam();
  return (
    <CrudPanel
      section="teams"
      testIds={{ panel: 'teams-panel', add: 'team-add', table: 'teams-table' }}
      query={teams}
      remove={remove}
      nameOf={(team) => team.title}
      emptyIcon={IconUsersGroup}
      minWidth={520}
      columns={[t('teams.fields.title'), t('teams.fields.providers')]}
      cells={(team) => (
        <>
          <Table.Td fw={600}>{team.title}</Table.Td>
          <Table.Td>
            {team.providers.length === 0 ? (
              <Text c="dimmed" fz="sm">
                {t('teams.noProviders')}
              </Text>
            ) : (
              <Group gap={4}>
                {team.providers.slice(0, SHOWN_PROVIDERS).map((p) => (
                  <Badge key={p.uuid} variant="light" color="gray" size="md" tt="none">
                    {p.name}
                  </Badge>
                ))}
                {team.providers.length > SHOWN_PROVIDERS && (
                  <Badge variant="outline" color="gray" size="sm">
                    +{team.providers.length - SHOWN_PROVIDERS}
                  </Badge>
                )}
              </Group>
            )}
          </Table.Td>
        </>
      )}
      form={(team, done) => <TeamForm team={team} onDone={done} />}
    />
  );
}

/** The providers field's choices: those the providers API lists plus the team's current ones. */
function providerChoices(options: ProviderOption[], team: Team | null) {
  const all = new Map(options.map((p) => [p.uuid, p.name]));
  for (const p of team?.providers ?? []) if (!all.has(p.uuid)) all.set(p.uuid, p.name);
  return [...all].map(([value, label]) => ({ value, label }));
}

function TeamForm({ team, onDone }: { team: Team | null; onDone: () => void }) {
  const { t } = useTranslation('branches');
  const locale = useLocale();
  const providers = useProviderOptions();
  const save = useSaveTeam();
  const form = useForm({
    initialValues: { title: team?.title ?? '', provider_ids: team?.providers.map((p) => p.uuid) ?? [] },
    validate: (v) => zodErrors(teamBody, v, locale),
  });
  const submit = form.onSubmit((v) =>
    save.mutate({ id: team?.uuid, body: teamBody.parse(v) }, { onSuccess: onDone, onError: (e) => applyServerErrors(form, e, ['title', 'provider_ids']) }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('teams.fields.title')} name="title" required data-autofocus data-testid="team-title" {...clearOnBlur(form, 'title', form.getInputProps('title'))} />
        {providers.isPending ? (
          <Skeleton h={60} />
        ) : providers.data ? (
          <MultiSelect
            label={t('teams.fields.providers')}
            data={providerChoices(providers.data, team)}
            searchable
            clearable
            nothingFoundMessage={t('teams.noProviderOptions')}
            data-testid="team-providers"
            {...form.getInputProps('provider_ids')}
          />
        ) : (
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} py="xs" data-testid="team-providers-hint">
            <Text fz="sm">{t('teams.providersLater')}</Text>
            {team && team.providers.length > 0 && (
              <Group gap={4} mt={6}>
                {team.providers.map((p) => (
                  <Badge key={p.uuid} variant="light" color="gray" size="md" tt="none">
                    {p.name}
                  </Badge>
                ))}
              </Group>
            )}
          </Alert>
        )}
        <FormFooter cancelLabel={t('form.cancel')} onCancel={onDone} submitLabel={team ? t('form.save') : t('form.add')} submitTestId="team-save" loading={save.isPending} />
      </Stack>
    </form>
  );
}
