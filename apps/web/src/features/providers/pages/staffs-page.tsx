import type { Provider } from '@app/shared/schemas/providers';
import { Alert, Badge, Button, Card, Drawer, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconPencil, IconPlus, IconTrash, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteConfirm } from '@/components/delete-confirm';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { ListTable, RowAction, RowActions } from '@/components/list-table';
import { useDeleteProvider, useProviders } from '../api/providers';
import { ProviderForm } from '../components/provider-form';
import { TimeOffSection } from '../components/time-off-section';
import { PageHeader } from '@/components/page-header';
import { ImportButton } from '@/features/import/components/import-button';

const SHOWN_SERVICES = 2;

/** `/management/staffs`: the providers, with a drawer to add or edit one (hours, services, time off). */
export function StaffsPage() {
  const { t } = useTranslation('providers');
  const providers = useProviders();
  const remove = useDeleteProvider();
  const [editing, setEditing] = useState<Provider | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Provider | null>(null);
  const narrow = useMediaQuery('(max-width: 48em)');
  const withoutServices = (providers.data ?? []).filter((p) => p.services_count === 0).length;
  const current = editing && editing !== 'new' ? (providers.data?.find((p) => p.uuid === editing.uuid) ?? editing) : null;

  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%">
      <PageHeader title={t('title')} subtitle={t('subtitle')}>
        <ImportButton entity="providers" />
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')} data-testid="provider-add">
          {t('add')}
        </Button>
      </PageHeader>

      {withoutServices > 0 && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={20} />} data-testid="providers-no-services-hint">
          {t('noServicesHint', { count: withoutServices })}
        </Alert>
      )}

      <Card withBorder padding={0}>
        <QueryList
          query={providers}
          loading={<ListSkeleton rows={4} />}
          error={{ title: t('states.errorTitle'), body: t('states.errorBody'), retry: t('states.retry') }}
          empty={
            <ListEmpty
              icon={IconUsers}
              title={t('states.empty')}
              description={t('states.emptyBody')}
              action={
                <Button variant="light" onClick={() => setEditing('new')}>
                  {t('add')}
                </Button>
              }
            />
          }
        >
          {(list) => (
            <ListTable
              minWidth={760}
              columns={[t('columns.name'), t('columns.branch'), t('columns.services'), t('columns.clients'), t('columns.assignment')]}
              actions={{ label: t('columns.actions'), width: 96 }}
              highlightOnHover
            >
              {list.map((p) => (
                <Table.Tr key={p.uuid} data-testid={`provider-row-${p.name}`}>
                  <Table.Td>
                    <Text fw={600} fz="sm">
                      {p.name}
                    </Text>
                    {p.label && (
                      <Text c="dimmed" fz="xs">
                        {p.label}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{p.branch?.name ?? t('allBranches')}</Text>
                  </Table.Td>
                  <Table.Td>
                    {p.services_count === 0 ? (
                      <Tooltip label={t('noServicesRow')}>
                        <Badge color="yellow" variant="light" leftSection={<IconAlertTriangle size={12} />} data-testid={`provider-no-services-${p.name}`}>
                          {t('noServices')}
                        </Badge>
                      </Tooltip>
                    ) : (
                      <Group gap={4}>
                        {p.services.slice(0, SHOWN_SERVICES).map((s) => (
                          <Badge key={s.uuid} variant="light" color="gray" tt="none">
                            {s.name}
                          </Badge>
                        ))}
                        {p.services_count > SHOWN_SERVICES && (
                          <Badge variant="outline" color="gray" size="sm">
                            +{p.services_count - SHOWN_SERVICES}
                          </Badge>
                        )}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{p.clients_in_same_time}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{t(`assignment.${p.assignment_type}`)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <RowActions>
                      <RowAction label={t('edit')} icon={IconPencil} onClick={() => setEditing(p)} data-testid={`provider-edit-${p.name}`} />
                      <RowAction label={t('delete')} icon={IconTrash} color="red" onClick={() => setDeleting(p)} data-testid={`provider-delete-${p.name}`} />
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          )}
        </QueryList>
      </Card>

      <Drawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="right"
        size={narrow ? '100%' : 'xl'}
        title={
          <Text fw={700} fz="lg">
            {editing === 'new' ? t('createTitle') : t('editTitle')}
          </Text>
        }
        data-testid="provider-drawer"
      >
        {editing !== null && (
          <Stack gap="xl">
            <ProviderForm key={current?.uuid ?? 'new'} provider={current} onDone={(saved) => setEditing(editing === 'new' ? saved : null)} onCancel={() => setEditing(null)} />
            {current && <TimeOffSection providerId={current.uuid} />}
          </Stack>
        )}
      </Drawer>

      <DeleteConfirm
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={remove}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
      />
    </Stack>
  );
}
