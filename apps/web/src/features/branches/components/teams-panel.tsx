import type { Team } from '@app/shared/schemas/access';
import { teamBody } from '@app/shared/schemas/access';
import { ActionIcon, Alert, Badge, Button, Card, Group, Modal, MultiSelect, Skeleton, Stack, Table, Text, TextInput, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconEdit, IconInfoCircle, IconPlus, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/lib/api-client';
import { applyServerErrors, clearOnBlur, zodErrors } from '@/lib/form-errors';
import { useLocale } from '@/lib/use-locale';
import { type ProviderOption, useDeleteTeam, useProviderOptions, useSaveTeam, useTeams } from '../api/teams';
import { refusalMessage } from '../lib/refusal';

const SHOWN_PROVIDERS = 3;

/** Provider teams (spec §3): a title and the providers in it. Mounted as a tab of users and roles. */
export function TeamsPanel() {
  const { t } = useTranslation('branches');
  const teams = useTeams();
  const remove = useDeleteTeam();
  const [editing, setEditing] = useState<Team | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<Team | null>(null);

  return (
    <Stack gap="md" data-testid="teams-panel">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2} fz="lg">
            {t('teams.title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('teams.subtitle')}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="team-add">
          {t('teams.add')}
        </Button>
      </Group>

      <Card withBorder padding={0}>
        {teams.isPending ? (
          <Stack p="md" gap="sm">
            <Skeleton h={32} />
            <Skeleton h={32} />
          </Stack>
        ) : teams.isError ? (
          <Alert color="red" variant="light" m="md" title={t('loadError')}>
            <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void teams.refetch()}>
              {t('retry')}
            </Button>
          </Alert>
        ) : teams.data.length === 0 ? (
          <Stack align="center" gap="xs" py="xl" px="md">
            <IconUsersGroup size={36} stroke={1.4} color="var(--mantine-color-gray-5)" />
            <Text c="dimmed">{t('teams.empty')}</Text>
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="teams-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('teams.fields.title')}</Table.Th>
                  <Table.Th>{t('teams.fields.providers')}</Table.Th>
                  <Table.Th w={96}>
                    <VisuallyHidden>{t('actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {teams.data.map((team) => (
                  <Table.Tr key={team.uuid}>
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
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Tooltip label={t('edit')}>
                          <ActionIcon variant="subtle" color="gray" aria-label={t('edit')} onClick={() => setEditing(team)}>
                            <IconEdit size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('delete')}>
                          <ActionIcon variant="subtle" color="red" aria-label={t('delete')} onClick={() => setToDelete(team)}>
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

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={<Text fw={700}>{editing === 'new' ? t('teams.add') : t('teams.edit')}</Text>} centered>
        {editing !== null && <TeamForm team={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('teams.deleteTitle')}
        message={t('teams.deleteBody', { name: toDelete?.title ?? '' })}
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
    save.mutate({ arg: team?.uuid ?? null, body: teamBody.parse(v) }, { onSuccess: onDone, onError: (e) => applyServerErrors(form, e, ['title', 'provider_ids']) }),
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
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="team-save">
            {team ? t('form.save') : t('form.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
