import { Alert, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, IconCalendarEvent, IconScissors, IconUsers, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatDate, formatHijri, formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useDashboard } from '../api/get-dashboard';

function StatCard({ icon: IconComp, label, value, color, testId }: { icon: Icon; label: string; value: number | undefined; color: string; testId: string }) {
  const locale = useLocale();
  return (
    <Card withBorder padding="lg" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4}>
          <Text c="dimmed" fz="sm" fw={600}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton h={34} w={60} />
          ) : (
            <Text fz={32} fw={800} lh={1.1}>
              {formatNumber(value, locale)}
            </Text>
          )}
        </Stack>
        <ThemeIcon size={48} radius="md" variant="light" color={color}>
          <IconComp size={26} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const user = useCurrentUser();
  const summary = useDashboard();
  const today = new Date();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} fz={{ base: 22, sm: 28 }} data-testid="dashboard-greeting">
            {t('greeting', { name: user.name })}
          </Title>
          <Group gap="xs" mt={4}>
            <Text c="dimmed">{user.tenant.name ? t('business', { name: user.tenant.name }) : t('noBusinessName')}</Text>
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
        <Alert color="red">{t('loadError')}</Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <StatCard icon={IconScissors} label={t('stats.services')} value={summary.data?.services_count} color="brand" testId="stat-services" />
          <StatCard icon={IconUsers} label={t('stats.providers')} value={summary.data?.providers_count} color="teal" testId="stat-providers" />
          <StatCard icon={IconBuildingStore} label={t('stats.branches')} value={summary.data?.branches_count} color="grape" testId="stat-branches" />
        </SimpleGrid>
      )}
    </Stack>
  );
}
