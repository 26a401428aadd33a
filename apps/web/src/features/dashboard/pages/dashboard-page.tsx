import { Alert, Anchor, Badge, Button, Card, Grid, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingStore,
  IconCalendarDue,
  IconCalendarEvent,
  IconCalendarTime,
  IconCash,
  IconChartBar,
  IconChartPie,
  IconReceipt,
  IconScissors,
  IconStar,
  IconUserPlus,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PersonName } from '@/components/bidi';
import { Money } from '@/components/money';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatDate, formatHijri, formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { type Dashboard, useDashboard } from '../api/get-dashboard';
import { BookingList, Empty, LatestOrders, OrderSources, SalesChart, Section, TopServices } from '../components/sections';

/**
 * A headline figure. The amount has the card's whole width under the label and icon, and its size
 * follows the card's width (a container query): it stays on one line, however narrow the column.
 */
function StatCard({ icon: IconComp, label, value, hint, color, testId }: { icon: Icon; label: string; value: ReactNode | undefined; hint?: ReactNode; color: string; testId: string }) {
  return (
    <Card withBorder padding="lg" data-testid={testId} style={{ containerType: 'inline-size' }}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Text c="dimmed" fz="sm" fw={600} mt={4}>
          {label}
        </Text>
        <ThemeIcon size={40} radius="md" variant="light" color={color} style={{ flexShrink: 0 }}>
          <IconComp size={22} />
        </ThemeIcon>
      </Group>
      {value === undefined ? (
        <Skeleton h={34} w={80} mt={4} />
      ) : (
        <Text fw={800} lh={1.15} mt={4} style={{ fontSize: 'clamp(1.125rem, 9cqi, 1.75rem)' }}>
          {value}
        </Text>
      )}
      {hint && (
        <Text fz="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** What older servers (or a section the account may not see) leave out reads as empty. */
function withDefaults(d: Partial<Dashboard> | undefined, currency: string, zone: string) {
  return {
    currency: d?.currency ?? currency,
    timeZone: d?.time_zone ?? zone,
    today: d?.today_appointments ?? [],
    todayCount: d?.today_count ?? d?.today_appointments?.length ?? 0,
    next: d?.next_bookings ?? [],
    orders: d?.latest_orders ?? [],
    services: d?.top_services ?? [],
    sources: d?.order_sources ?? [],
    sales: d?.sales ?? { today: 0, week: 0, month: 0, series: [] },
    customers: d?.customers ?? { total: 0, new_this_month: 0 },
  };
}

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const user = useCurrentUser();
  const summary = useDashboard();
  const today = new Date();
  const d = summary.data;
  const v = withDefaults(d, user.tenant.currency, user.tenant.timezone);
  const money = (n: number) => <Money amount={n} currency={v.currency} />;
  const canOrders = user.permissions.includes('orders');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} fz={{ base: 22, sm: 28 }} data-testid="dashboard-greeting">
            <Trans t={t} i18nKey="greeting" values={{ name: user.name }} components={{ name: <PersonName /> }} />
          </Title>
          <Group gap="xs" mt={4}>
            <Text c="dimmed">
              {user.tenant.name ? <Trans t={t} i18nKey="business" values={{ name: user.tenant.name }} components={{ name: <PersonName /> }} /> : t('noBusinessName')}
            </Text>
            {user.current_branch && (
              <Badge variant="light" color="gray" tt="none" data-testid="dashboard-branch">
                {user.current_branch.name}
              </Badge>
            )}
            {user.tenant.onTrial && (
              <Badge variant="light" color="orange" data-testid="trial-days">
                {t('trialDays', { count: user.tenant.trial_days_left })}
              </Badge>
            )}
          </Group>
        </div>
        <Group gap={8} c="dimmed" wrap="nowrap">
          <IconCalendarEvent size={18} />
          <Text fz="sm">
            {formatDate(today, locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
            <Text span c="dimmed" fz="xs" ms={6}>
              ({formatHijri(today, locale)})
            </Text>
          </Text>
        </Group>
      </Group>

      {summary.isError ? (
        <Alert color="red" title={t('loadError')} data-testid="dashboard-error">
          <Button size="xs" variant="light" color="red" onClick={() => void summary.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
            <StatCard icon={IconCash} label={t('sales.today')} value={d && money(v.sales.today)} color="green" testId="stat-sales-today" />
            <StatCard icon={IconChartBar} label={t('sales.week')} value={d && money(v.sales.week)} color="teal" testId="stat-sales-week" />
            <StatCard icon={IconCash} label={t('sales.month')} value={d && money(v.sales.month)} color="brand" testId="stat-sales-month" />
            <StatCard
              icon={IconUsers}
              label={t('customers.total')}
              value={d && formatNumber(v.customers.total, locale)}
              hint={d && t('customers.newThisMonth', { count: v.customers.new_this_month, n: formatNumber(v.customers.new_this_month, locale) })}
              color="grape"
              testId="stat-customers"
            />
          </SimpleGrid>

          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Section title={t('sales.seriesTitle')} icon={IconChartBar} testId="dashboard-sales">
                {!d ? (
                  <Skeleton h={160} />
                ) : v.sales.series.length ? (
                  <SalesChart series={v.sales.series} currency={v.currency} />
                ) : (
                  <Empty>{t('empty.sales')}</Empty>
                )}
              </Section>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Section title={t('sections.sources')} icon={IconChartPie} testId="dashboard-sources">
                {d ? <OrderSources sources={v.sources} /> : <Skeleton h={120} />}
              </Section>
            </Grid.Col>
          </Grid>

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Section
              title={t('sections.today')}
              icon={IconCalendarDue}
              testId="dashboard-today"
              action={
                d && v.todayCount > 0 ? (
                  <Badge variant="light" tt="none" data-testid="dashboard-today-count">
                    {formatNumber(v.todayCount, locale)}
                  </Badge>
                ) : undefined
              }
            >
              {d ? <BookingList bookings={v.today} timeZone={v.timeZone} withDate={false} empty={t('empty.today')} /> : <Skeleton h={120} />}
              {d && v.todayCount > v.today.length && (
                <Anchor component={Link} to="/calendar" fz="sm" display="block" pt={8} data-testid="dashboard-today-all">
                  {t('todayAll', { n: formatNumber(v.todayCount, locale) })}
                </Anchor>
              )}
            </Section>
            <Section title={t('sections.next')} icon={IconCalendarTime} testId="dashboard-next">
              {d ? <BookingList bookings={v.next} timeZone={v.timeZone} withDate empty={t('empty.next')} /> : <Skeleton h={120} />}
            </Section>
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Section
              title={t('sections.orders')}
              icon={IconReceipt}
              testId="dashboard-orders"
              action={
                canOrders ? (
                  <Anchor component={Link} to="/orders" fz="sm">
                    {t('viewAll')}
                  </Anchor>
                ) : undefined
              }
            >
              {d ? <LatestOrders orders={v.orders} timeZone={v.timeZone} /> : <Skeleton h={120} />}
            </Section>
            <Section title={t('sections.services')} icon={IconStar} testId="dashboard-services">
              {d ? <TopServices services={v.services} currency={v.currency} /> : <Skeleton h={120} />}
            </Section>
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <StatCard icon={IconScissors} label={t('stats.services')} value={d && formatNumber(d.services_count, locale)} color="brand" testId="stat-services" />
            <StatCard icon={IconUserPlus} label={t('stats.providers')} value={d && formatNumber(d.providers_count, locale)} color="teal" testId="stat-providers" />
            <StatCard icon={IconBuildingStore} label={t('stats.branches')} value={d && formatNumber(d.branches_count, locale)} color="grape" testId="stat-branches" />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
