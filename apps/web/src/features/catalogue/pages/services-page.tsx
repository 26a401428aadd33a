import { SEARCH_DEBOUNCE_MS } from '@app/shared/constants';
import type { Service } from '@app/shared/schemas/catalogue';
import { Anchor, Badge, Group, Select, SimpleGrid, Stack, Table, Text, } from '@mantine/core';
import { useDebouncedValue, } from '@mantine/hooks';
import { IconClock, IconScissors, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable, } from '@/components/list-table';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatDuration, formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useDeleteService, useServices } from '../api/catalogue';
import { useMoney } from '../components/common';
import { CatalogueListPage, CategoryFilter, EditDeleteActions, SearchFilter } from '../components/list-page';

const NEW = '/management/services/new';
const editPath = (s: Service) => `/management/services/${s.uuid}`;
const PER_PAGE = 25;

/** `/management/services`: the business's services, filtered and paginated on the server. */
export function ServicesPage() {
  const { t } = useTranslation('catalogue');
  const user = useCurrentUser();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [branchId, setBranchId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const services = useServices({ page, per_page: PER_PAGE, search: search || undefined, category_id: categoryId ?? undefined, branch_id: branchId ?? undefined });
  const remove = useDeleteService();
  const filtered = Boolean(search || categoryId || branchId);

  return (
    <CatalogueListPage<Service>
      section="services"
      newPath={NEW}
      addTestId="service-add"
      importEntity="services"
      maw={1200}
      loadingRows={4}
      emptyIcon={IconScissors}
      filters={
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <SearchFilter
            label={t('services.search')}
            value={searchText}
            onChange={(v) => {
              setSearchText(v);
              setPage(1);
            }}
            testId="services-search"
          />
          <CategoryFilter
            value={categoryId}
            onChange={(v) => {
              setCategoryId(v);
              setPage(1);
            }}
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
      }
      filtered={filtered}
      query={services}
      pagination={{ page, onChange: setPage }}
      remove={remove}
      rows={(items, onDelete, isMobile) => (isMobile ? <ServiceList services={items} onDelete={onDelete} /> : <ServiceTable services={items} onDelete={onDelete} />)}
    />
  );
}

type ListProps = { services: Service[]; onDelete: (s: Service) => void };

function Actions({ service, onDelete }: { service: Service; onDelete: (s: Service) => void }) {
  return <EditDeleteActions to={editPath(service)} onDelete={() => onDelete(service)} deleteTestId={`service-delete-${service.uuid}`} />;
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
