import type { Service } from '@app/shared/schemas/catalogue';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconClock, IconScissors, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { filterOf, SelectFilter } from '@/components/list-view/filter-fields';
import type { ListViewColumn } from '@/components/list-view/list-view';
import { listBindings, searchOf, useListParams } from '@/components/list-view/use-list-params';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatDuration, formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useDeleteService, useServices } from '../api/catalogue';
import { CatalogueListPage, CategoryFilter } from '../components/list-page';
import { Money } from '@/components/money';

const NEW = '/management/services/new';
const editPath = (s: Service) => `/management/services/${s.uuid}`;
const FILTERS = ['category_id', 'branch_id'] as const;

/** `/management/services`: the business's services, filtered and paginated on the server. */
export function ServicesPage() {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const user = useCurrentUser();
  const list = useListParams(FILTERS);
  const services = useServices(list.query);
  const remove = useDeleteService();

  const columns: ListViewColumn<Service>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      cell: (s) => (
        <Stack gap={4}>
          <Anchor component={Link} to={editPath(s)} fw={600}>
            {s.name}
          </Anchor>
          <Flags service={s} />
        </Stack>
      ),
    },
    { key: 'category', header: t('fields.category'), cell: (s) => s.category?.name ?? <Text c="dimmed">—</Text> },
    {
      key: 'price',
      header: t('fields.price'),
      cell: (s) => (
        <Text fz="sm" span >
          <Money amount={s.price} />
        </Text>
      ),
    },
    { key: 'duration', header: t('fields.duration'), cell: (s) => formatDuration(s.duration, locale) },
    { key: 'buffer', header: t('fields.bufferTime'), cell: (s) => (s.buffer_time ? formatDuration(s.buffer_time, locale) : <Text c="dimmed">—</Text>) },
    { key: 'providers', header: t('fields.providers'), align: 'center', cell: (s) => formatNumber(s.providers_count, locale) },
    { key: 'branch', header: t('fields.branch'), cell: (s) => s.branch?.name ?? <Text c="dimmed">{t('services.allBranches')}</Text> },
  ];

  return (
    <CatalogueListPage<Service>
      section="services"
      newPath={NEW}
      editPath={editPath}
      addTestId="service-add"
      deleteTestId={(s) => `service-delete-${s.uuid}`}
      importEntity="services"
      maw={1200}
      loadingRows={4}
      emptyIcon={IconScissors}
      query={services}
      columns={columns}
      card={(s) => <ServiceCard service={s} />}
      minWidth={900}
      testId="services"
      itemTestId={(s) => `service-row-${s.name}`}
      search={searchOf(list, t('services.search'), 'services-search')}
      filters={{
        active: list.active,
        fields: [
          <CategoryFilter key="category" {...filterOf(list, 'category_id')} />,
          <SelectFilter
            key="branch"
            label={t('fields.branch')}
            data={user.teams.map((b) => ({ value: b.uuid, label: b.name }))}
            {...filterOf(list, 'branch_id')}
          />,
        ],
      }}
      {...listBindings(list)}
      remove={remove}
    />
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

/** One service on a phone: its name (the way to its page), price, duration, providers, category and flags. */
function ServiceCard({ service: s }: { service: Service }) {
  const locale = useLocale();
  return (
    <Stack gap={4} miw={0}>
      <Anchor component={Link} to={editPath(s)} fw={600}>
        {s.name}
      </Anchor>
      <Group gap="sm" wrap="wrap">
        <Text fz="sm" fw={500} >
          <Money amount={s.price} />
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
  );
}
