import type { ServiceMetric } from '@app/shared/schemas/catalogue';
import { Badge, Card, Group, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconChartBar, IconLayoutGrid, IconTable } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { formatDate, formatDuration, formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useServiceMetrics } from '../api/catalogue';
import { ListHeader, useMoney } from '../components/common';

type View = 'table' | 'cards';

/** `/management/service-metrics`: what the catalogue knows of each service, as a table or cards. */
export function ServiceMetricsPage() {
  const { t } = useTranslation('catalogue');
  const metrics = useServiceMetrics();
  const [view, setView] = useState<View>('table');
  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      <ListHeader
        title={t('metrics.title')}
        subtitle={t('metrics.subtitle')}
        action={
          <SegmentedControl
            value={view}
            onChange={(v) => setView(v as View)}
            data={[
              { value: 'table', label: <Group gap={6} wrap="nowrap"><IconTable size={16} />{t('metrics.table')}</Group> },
              { value: 'cards', label: <Group gap={6} wrap="nowrap"><IconLayoutGrid size={16} />{t('metrics.cards')}</Group> },
            ]}
            data-testid="metrics-view"
          />
        }
      />
      <Text fz="sm" c="dimmed">
        {t('metrics.note')}
      </Text>
      <QueryList
        query={metrics}
        loading={<ListSkeleton rows={4} />}
        error={{ title: t('loadError'), retry: t('retry') }}
        empty={
          <Card withBorder>
            <ListEmpty icon={IconChartBar} title={t('metrics.empty')} />
          </Card>
        }
      >
        {(rows) => (view === 'table' ? <MetricsTable rows={rows} /> : <MetricsCards rows={rows} />)}
      </QueryList>
    </Stack>
  );
}

function MetricsTable({ rows }: { rows: ServiceMetric[] }) {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const money = useMoney();
  return (
    <Card withBorder padding={0}>
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="metrics-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.name')}</Table.Th>
              <Table.Th>{t('fields.category')}</Table.Th>
              <Table.Th>{t('fields.price')}</Table.Th>
              <Table.Th>{t('fields.duration')}</Table.Th>
              <Table.Th>{t('fields.bufferTime')}</Table.Th>
              <Table.Th ta="center">{t('fields.providers')}</Table.Th>
              <Table.Th ta="center">{t('fields.taxRate')}</Table.Th>
              <Table.Th>{t('fields.createdAt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((m) => (
              <Table.Tr key={m.uuid}>
                <Table.Td fw={600}>{m.name}</Table.Td>
                <Table.Td>{m.category?.name ?? '—'}</Table.Td>
                <Table.Td className="ltr-value">{money.format(m.price)}</Table.Td>
                <Table.Td>{formatDuration(m.duration, locale)}</Table.Td>
                <Table.Td>{m.buffer_time ? formatDuration(m.buffer_time, locale) : '—'}</Table.Td>
                <Table.Td ta="center">{formatNumber(m.providers_count, locale)}</Table.Td>
                <Table.Td ta="center">{formatNumber(m.tax_rate, locale)}%</Table.Td>
                <Table.Td>{formatDate(m.created_at, locale)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function MetricsCards({ rows }: { rows: ServiceMetric[] }) {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const money = useMoney();
  const stat = (label: string, value: string) => (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={600}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="metrics-cards">
      {rows.map((m) => (
        <Card key={m.uuid} withBorder padding="md" radius="md">
          <Group justify="space-between" wrap="nowrap" mb="sm">
            <Text fw={700} truncate>
              {m.name}
            </Text>
            {m.category && (
              <Badge variant="light" tt="none">
                {m.category.name}
              </Badge>
            )}
          </Group>
          <SimpleGrid cols={2} spacing="sm">
            {stat(t('fields.price'), money.format(m.price))}
            {stat(t('fields.duration'), formatDuration(m.duration, locale))}
            {stat(t('fields.providers'), formatNumber(m.providers_count, locale))}
            {stat(t('fields.taxRate'), `${formatNumber(m.tax_rate, locale)}%`)}
          </SimpleGrid>
        </Card>
      ))}
    </SimpleGrid>
  );
}
