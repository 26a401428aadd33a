import type { Provider } from '@app/shared/schemas/providers';
import { Alert, Badge, Button, ColorSwatch, Drawer, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconPencil, IconPlus, IconTrash, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteConfirm } from '@/components/delete-confirm';
import { RowAction } from '@/components/list-table';
import { type ListViewColumn, ListView } from '@/components/list-view/list-view';
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

  const columns: ListViewColumn<Provider>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      cell: (p) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={p.color} size={14} withShadow={false} style={{ flexShrink: 0 }} />
          <div>
            <Text fw={600} fz="sm">
              {p.name}
            </Text>
            {p.label && (
              <Text c="dimmed" fz="xs">
                {p.label}
              </Text>
            )}
          </div>
        </Group>
      ),
    },
    { key: 'branch', header: t('columns.branch'), cell: (p) => <Text fz="sm">{p.branch?.name ?? t('allBranches')}</Text> },
    {
      key: 'services',
      header: t('columns.services'),
      cell: (p) =>
        p.services_count === 0 ? (
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
        ),
    },
    { key: 'clients', header: t('columns.clients'), cell: (p) => <Text fz="sm">{p.clients_in_same_time}</Text> },
    { key: 'assignment', header: t('columns.assignment'), cell: (p) => <Text fz="sm">{t(`assignment.${p.assignment_type}`)}</Text> },
  ];

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

      <ListView
        query={providers}
        columns={columns}
        rowKey={(p) => p.uuid}
        minWidth={760}
        testId="providers"
        itemTestId={(p) => `provider-row-${p.name}`}
        actions={(p) => (
          <>
            <RowAction label={t('edit')} icon={IconPencil} onClick={() => setEditing(p)} data-testid={`provider-edit-${p.name}`} />
            <RowAction label={t('delete')} icon={IconTrash} color="red" onClick={() => setDeleting(p)} data-testid={`provider-delete-${p.name}`} />
          </>
        )}
        actionsWidth={96}
        loadingRows={4}
        errorTitle={t('states.errorTitle')}
        empty={{
          icon: IconUsers,
          title: t('states.empty'),
          description: t('states.emptyBody'),
          action: (
            <Button variant="light" onClick={() => setEditing('new')}>
              {t('add')}
            </Button>
          ),
        }}
      />

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
