import { SEARCH_DEBOUNCE_MS } from '@app/shared/constants';
import type { Service } from '@app/shared/schemas/catalogue';
import { Anchor, Badge, Button, Card, Group, Pagination, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconClock, IconEdit, IconPlus, IconScissors, IconSearch, IconTrash, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeleteConfirm } from '@/components/delete-confirm';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { ListTable, RowAction, RowActions } from '@/components/list-table';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatDuration, formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { type Page, useCategories, useDeleteService, useServices } from '../api/catalogue';
import { ListHeader, useMoney } from '../components/common';
import { ImportButton } from '@/features/import/components/import-button';

const NEW = '/management/services/new';
const editPath = (s: Service) => `/management/services/${s.uuid}`;
const PER_PAGE = 25;

/** `/management/services`: the business's services, filtered and paginated on the server. */
export function ServicesPage() {
  const { t } = useTranslation('catalogue');
  const user = useCurrentUser();
  const categories = useCategories();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [branchId, setBranchId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const services = useServices({ page, per_page: PER_PAGE, search: search || undefined, category_id: categoryId ?? undefined, branch_id: branchId ?? undefined });
  const remove = useDeleteService();
  const [toDelete, setToDelete] = useState<Service | null>(null);
  const filtered = Boolean(search || categoryId || branchId);

  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      <ListHeader
        title={t('services.title')}
        subtitle={t('services.subtitle')}
        action={
          <Group gap="sm">
            <ImportButton entity="services" />
            <Button component={Link} to={NEW} leftSection={<IconPlus size={16} />} data-testid="service-add">
              {t('services.add')}
            </Button>
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('services.search')}
          aria-label={t('services.search')}
          value={searchText}
          onChange={(e) => {
            setSearchText(e.currentTarget.value);
            setPage(1);
          }}
          data-testid="services-search"
        />
        <Select
          placeholder={t('fields.category')}
          aria-label={t('fields.category')}
          data={(categories.data ?? []).map((c) => ({ value: c.uuid, label: c.name }))}
          value={categoryId}
          onChange={(v) => {
            setCategoryId(v);
            setPage(1);
          }}
          clearable
          searchable
        />
        <Select
          placeholder={t('fields.branch')}
          aria-label={t('fields.branch')}
          data={user.teams.map((b) => ({ value: b.uuid, label: b.name }))}
          value={branchId}
          onChange={(v) => {
            setBranchId(v);
            setPage(1);
          }}
          clearable
        />
      </SimpleGrid>

      <Card withBorder padding={0}>
        <QueryList
          query={services}
          loading={<ListSkeleton rows={4} />}
          error={{ title: t('loadError'), retry: t('retry') }}
          isEmpty={(p: Page<Service>) => p.data.length === 0}
          empty={
            <ListEmpty
              icon={IconScissors}
              title={filtered ? t('noMatches') : t('services.empty')}
              action={
                !filtered && (
                  <Button component={Link} to={NEW} variant="light" leftSection={<IconPlus size={16} />}>
                    {t('services.add')}
                  </Button>
                )
              }
            />
          }
        >
          {(p) => (
            <Stack gap={0} style={{ opacity: services.isPlaceholderData ? 0.6 : 1 }}>
              {isMobile ? <ServiceList services={p.data} onDelete={setToDelete} /> : <ServiceTable services={p.data} onDelete={setToDelete} />}
              {p.meta.last_page > 1 && (
                <Group justify="center" p="md">
                  <Pagination total={p.meta.last_page} value={page} onChange={setPage} size="sm" />
                </Group>
              )}
            </Stack>
          )}
        </QueryList>
      </Card>

      <DeleteConfirm
        item={toDelete}
        onClose={() => setToDelete(null)}
        remove={remove}
        title={t('services.deleteTitle')}
        message={t('services.deleteBody', { name: toDelete?.name ?? '' })}
        confirmLabel={t('delete')}
      />
    </Stack>
  );
}

type ListProps = { services: Service[]; onDelete: (s: Service) => void };

function Actions({ service, onDelete }: { service: Service; onDelete: (s: Service) => void }) {
  const { t } = useTranslation('catalogue');
  return (
    <RowActions>
      <RowAction label={t('edit')} icon={IconEdit} color="gray" to={editPath(service)} />
      <RowAction label={t('delete')} icon={IconTrash} color="red" onClick={() => onDelete(service)} data-testid={`service-delete-${service.uuid}`} />
    </RowActions>
  );
}

function Flags({ service }: { service: Service }) {
  const { t } = useTranslation('catalogue');
  return (
    <Group gap={4} wrap="wrap">
      {!service.is_public && (
        <Badge size="sm" variant="light" color="gray" tt="none">
          {t('services.private')}
        </Badge>
      )}
      {!service.display_on_booking_page && (
        <Badge size="sm" variant="light" color="orange" tt="none">
          {t('services.hiddenFromBooking')}
        </Badge>
      )}
      {service.deposit_enabled && (
        <Badge size="sm" variant="light" color="teal" tt="none">
          {t('fields.deposit')}
        </Badge>
      )}
    </Group>
  );
}

function ServiceTable({ services, onDelete }: ListProps) {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const money = useMoney();
  return (
    <ListTable
      minWidth={900}
      columns={[t('fields.name'), t('fields.category'), t('fields.price'), t('fields.duration'), t('fields.bufferTime'), { label: t('fields.providers'), ta: 'center' }, t('fields.branch')]}
      actions={{ label: t('actions'), width: 96 }}
      highlightOnHover
      data-testid="services-table"
    >
      {services.map((s) => (
        <Table.Tr key={s.uuid} data-testid={`service-row-${s.name}`}>
          <Table.Td>
            <Stack gap={4}>
              <Anchor component={Link} to={editPath(s)} fw={600}>
                {s.name}
              </Anchor>
              <Flags service={s} />
            </Stack>
          </Table.Td>
          <Table.Td>{s.category?.name ?? <Text c="dimmed">—</Text>}</Table.Td>
          <Table.Td>
            <Text fz="sm" span className="ltr-value">
              {money.format(s.price)}
            </Text>
          </Table.Td>
          <Table.Td>{formatDuration(s.duration, locale)}</Table.Td>
          <Table.Td>{s.buffer_time ? formatDuration(s.buffer_time, locale) : <Text c="dimmed">—</Text>}</Table.Td>
          <Table.Td ta="center">{formatNumber(s.providers_count, locale)}</Table.Td>
          <Table.Td>{s.branch?.name ?? <Text c="dimmed">{t('services.allBranches')}</Text>}</Table.Td>
          <Table.Td>
            <Actions service={s} onDelete={onDelete} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

function ServiceList({ services, onDelete }: ListProps) {
  const locale = useLocale();
  const money = useMoney();
  return (
    <Stack gap={0} data-testid="services-table">
      {services.map((s, i) => (
        <Group
          key={s.uuid}
          justify="space-between"
          align="flex-start"
          wrap="nowrap"
          p="md"
          style={i ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
          data-testid={`service-row-${s.name}`}
        >
          <Stack gap={4} miw={0}>
            <Anchor component={Link} to={editPath(s)} fw={600}>
              {s.name}
            </Anchor>
            <Group gap="sm" wrap="wrap">
              <Text fz="sm" fw={500} className="ltr-value">
                {money.format(s.price)}
              </Text>
              <Group gap={4} wrap="nowrap">
                <IconClock size={14} color="var(--mantine-color-dimmed)" />
                <Text fz="xs" c="dimmed">
                  {formatDuration(s.duration, locale)}
                </Text>
              </Group>
              <Group gap={4} wrap="nowrap">
                <IconUsers size={14} color="var(--mantine-color-dimmed)" />
                <Text fz="xs" c="dimmed">
                  {formatNumber(s.providers_count, locale)}
                </Text>
              </Group>
            </Group>
            {s.category && (
              <Text fz="xs" c="dimmed">
                {s.category.name}
              </Text>
            )}
            <Flags service={s} />
          </Stack>
          <Actions service={s} onDelete={onDelete} />
        </Group>
      ))}
    </Stack>
  );
}
