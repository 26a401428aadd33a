import { STORE_ANALYTICS_MAX_DAYS } from '@app/shared/schemas/store';
import { Box, Card, Group, ScrollArea, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import { ListError, ListSkeleton } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth/api/get-me';
import type { Locale } from '@app/shared/constants';
import { formatDay, formatNumber, intlTag, numberFormat } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { type StoreAnalytics, useStoreAnalytics } from '../api/analytics';
import { StoreTabs } from '../components/store-tabs';
import { daysBetween, lastDays, todayIn } from '../lib/analytics';

/** A conversion rate (bookings ÷ visits, 0.125) as "12.5%" in the UI language. */
export function percent(ratio: number, locale: Locale): string {
  return numberFormat(intlTag(locale), { style: 'percent', maximumFractionDigits: 1 }).format(ratio);
}

/**
 * `/store/analytics` (`marketing.booking_page`): the store's visits, bookings and conversion over a
 * range of days (the last 30 by default, at most 92), as totals, a bar chart and a table.
 */
export function StoreAnalyticsPage() {
  const { t } = useTranslation('store');
  const locale = useLocale();
  const user = useCurrentUser();
  const [range, setRange] = useState(() => lastDays(todayIn(user.tenant.timezone)));
  const span = range.from && range.to ? daysBetween(range.from, range.to) : 0;
  const rangeError = !range.from || !range.to ? t('analytics.rangeMissing') : span < 1 ? t('analytics.rangeOrder') : span > STORE_ANALYTICS_MAX_DAYS ? t('analytics.rangeTooLong', { max: formatNumber(STORE_ANALYTICS_MAX_DAYS, locale) }) : null;
  const analytics = useStoreAnalytics(rangeError ? '' : range.from, rangeError ? '' : range.to);

  return (
    <Stack gap="lg" data-testid="store-analytics-page">
      <StoreTabs />
      <PageHeader title={t('analytics.title')} subtitle={t('analytics.subtitle')} />
      <Card withBorder padding="md">
        <Group align="flex-start" gap="md" wrap="wrap">
          <DateField label={t('analytics.from')} value={range.from} onChange={(from) => setRange((r) => ({ ...r, from }))} clearable={false} w={200} data-testid="analytics-from" />
          <DateField label={t('analytics.to')} value={range.to} onChange={(to) => setRange((r) => ({ ...r, to }))} clearable={false} w={200} data-testid="analytics-to" />
        </Group>
        {rangeError && (
          <Text c="red" fz="sm" mt="xs" role="alert" data-testid="analytics-range-error">
            {rangeError}
          </Text>
        )}
      </Card>
      {rangeError ? null : analytics.isPending ? (
        <ListSkeleton rows={6} />
      ) : analytics.isError || !analytics.data ? (
        <ListError text={{ title: t('analytics.loadError'), retry: t('retry') }} onRetry={() => void analytics.refetch()} />
      ) : (
        <AnalyticsBody data={analytics.data} />
      )}
    </Stack>
  );
}

function AnalyticsBody({ data }: { data: StoreAnalytics }) {
  const { t } = useTranslation('store');
  const locale = useLocale();
  const totals = [
    { key: 'visits', value: formatNumber(data.totals.visits, locale) },
    { key: 'bookings', value: formatNumber(data.totals.bookings, locale) },
    { key: 'conversion', value: percent(data.totals.conversion, locale) },
  ];
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        {totals.map((x) => (
          <Card key={x.key} withBorder padding="md" data-testid={`analytics-total-${x.key}`}>
            <Text fz="sm" c="dimmed">
              {t(`analytics.${x.key}`)}
            </Text>
            <Text fz={28} fw={700} data-testid={`analytics-total-${x.key}-value`}>
              {x.value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} fz="lg">
              {t('analytics.chartTitle')}
            </Title>
            <Group gap="md">
              <Legend color="var(--mantine-color-brand-3)" label={t('analytics.visits')} />
              <Legend color="var(--mantine-color-brand-7)" label={t('analytics.bookings')} />
            </Group>
          </Group>
          <BarChart data={data} />
        </Stack>
      </Card>
      <Card withBorder padding={0}>
        <ScrollArea>
          <Table striped highlightOnHover miw={340} data-testid="analytics-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('analytics.day')}</Table.Th>
                <Table.Th ta="end">{t('analytics.visits')}</Table.Th>
                <Table.Th ta="end">{t('analytics.bookings')}</Table.Th>
                <Table.Th ta="end">{t('analytics.conversion')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.days.map((d) => (
                <Table.Tr key={d.date} data-testid={`analytics-row-${d.date}`}>
                  <Table.Td>{formatDay(d.date, locale)}</Table.Td>
                  <Table.Td ta="end">{formatNumber(d.visits, locale)}</Table.Td>
                  <Table.Td ta="end">{formatNumber(d.bookings, locale)}</Table.Td>
                  <Table.Td ta="end">{percent(d.conversion, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Card>
    </Stack>
  );
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box w={10} h={10} style={{ borderRadius: 2, background: color }} />
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}

/** One pair of bars a day (visits, bookings), scaled to the busiest day; plain boxes, no chart library. */
function BarChart({ data }: { data: StoreAnalytics }) {
  const { t } = useTranslation('store');
  const locale = useLocale();
  const max = Math.max(1, ...data.days.map((d) => Math.max(d.visits, d.bookings)));
  const height = 160;
  if (data.days.every((d) => d.visits === 0 && d.bookings === 0))
    return (
      <Text fz="sm" c="dimmed" ta="center" py="xl" data-testid="analytics-chart-empty">
        {t('analytics.noVisits')}
      </Text>
    );
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Box style={{ display: 'flex', alignItems: 'flex-end', gap: 4, height: height + 24, minWidth: data.days.length * 24 }} role="img" aria-label={t('analytics.chartTitle')} data-testid="analytics-chart">
        {data.days.map((d) => (
          <Tooltip
            key={d.date}
            label={`${formatDay(d.date, locale)} · ${t('analytics.visits')}: ${formatNumber(d.visits, locale)} · ${t('analytics.bookings')}: ${formatNumber(d.bookings, locale)}`}
            withinPortal
          >
            <Box style={{ flex: '1 1 0', minWidth: 20, display: 'flex', flexDirection: 'column', alignItems: 'stretch', height: '100%', justifyContent: 'flex-end' }} data-testid={`analytics-bar-${d.date}`}>
              <Box style={{ display: 'flex', alignItems: 'flex-end', gap: 1, height }}>
                <Box data-testid="bar-visits" style={{ flex: 1, height: `${(d.visits / max) * 100}%`, minHeight: d.visits ? 2 : 0, background: 'var(--mantine-color-brand-3)', borderStartStartRadius: 2, borderStartEndRadius: 2 }} />
                <Box data-testid="bar-bookings" style={{ flex: 1, height: `${(d.bookings / max) * 100}%`, minHeight: d.bookings ? 2 : 0, background: 'var(--mantine-color-brand-7)', borderStartStartRadius: 2, borderStartEndRadius: 2 }} />
              </Box>
              <Text fz={10} c="dimmed" ta="center" h={20} mt={4} style={{ whiteSpace: 'nowrap' }}>
                {formatNumber(Number(d.date.slice(8, 10)), locale)}
              </Text>
            </Box>
          </Tooltip>
        ))}
      </Box>
    </ScrollArea>
  );
}
