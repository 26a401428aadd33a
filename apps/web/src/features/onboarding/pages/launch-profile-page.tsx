import { Badge, Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPencil, IconRocket } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { authKeys } from '@/features/auth/api/auth-keys';
import { joinList } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useIndustries } from '../api/get-industries';
import { useOnboardingStatus } from '../api/get-onboarding-status';
import { STORE_DOMAIN } from './update-info-page';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Box fz="sm" fw={600}>
        {children || '—'}
      </Box>
    </Stack>
  );
}

/** Review of what onboarding recorded, then "Launch" into the dashboard. */
export function LaunchProfilePage() {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const status = useOnboardingStatus();
  const industries = useIndustries();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [launching, setLaunching] = useState(false);

  const launch = async () => {
    setLaunching(true);
    try {
      await queryClient.refetchQueries({ queryKey: authKeys.me() });
      navigate('/dashboard', { replace: true });
    } finally {
      setLaunching(false);
    }
  };

  const s = status.data;
  const dayNames = t('days', { returnObjects: true }) as string[];
  const industryNames = (s?.tenant_profile.industries ?? []).map((id) => industries.data?.find((i) => i.id === id)?.name ?? String(id));

  return (
    <Container size={760} px={0}>
        {!s ? (
          <PageLoader />
        ) : (
          <Paper withBorder shadow="sm" p={{ base: 'md', sm: 32 }}>
            <Stack align="center" ta="center" gap="xs" mb="xl">
              <ThemeIcon size={64} radius={32} variant="light">
                <IconRocket size={34} />
              </ThemeIcon>
              <Title order={1} fz={{ base: 22, sm: 28 }}>
                {t('launch.title')}
              </Title>
              <Text c="dimmed">{t('launch.subtitle')}</Text>
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
              <Row label={t('info.activityName')}>{s.tenant_info.activity_name}</Row>
              <Row label={t('info.storeName')}>{s.tenant_info.store_name}</Row>
              <Row label={t('info.storeUrl')}>
                {s.tenant_info.subdomain && (
                  <span className="ltr-value">
                    {s.tenant_info.subdomain}.{STORE_DOMAIN}
                  </span>
                )}
              </Row>
              <Row label={t('profile.industries')}>
                {industryNames.length > 0 && (
                  <Group gap={4}>
                    {industryNames.map((n) => (
                      <Badge key={n} variant="light">
                        {n}
                      </Badge>
                    ))}
                  </Group>
                )}
              </Row>
              <Row label={t('profile.systemType')}>{s.tenant_profile.system_type && t(`systemTypes.${s.tenant_profile.system_type}.title`)}</Row>
              <Row label={t('profile.serviceTypes')}>{joinList(s.tenant_profile.service_types.map((x) => t(`serviceTypes.${x}`)), locale)}</Row>
              <Row label={t('profile.features')}>{joinList(s.tenant_profile.features.map((x) => t(`features.${x}`)), locale)}</Row>
              <Row label={t('profile.ownerRole')}>{s.tenant_profile.owner_role && t(`ownerRoles.${s.tenant_profile.owner_role}`)}</Row>
              <Row label={t('profile.employees')}>
                {s.tenant_profile.number_of_employees && <span dir="ltr">{s.tenant_profile.number_of_employees}</span>}
              </Row>
              <Row label={t('complete.workingDays')}>{joinList(s.complete_profile.working_days.map((d) => dayNames[d] ?? ''), locale)}</Row>
              <Row label={t('launch.hours')}>
                {s.complete_profile.opens_at && (
                  <span dir="ltr">
                    {s.complete_profile.opens_at.slice(0, 5)} – {s.complete_profile.closes_at?.slice(0, 5)}
                  </span>
                )}
              </Row>
              <Row label={t('launch.counts')}>
                {t('complete.existing', { services: s.complete_profile.services_count, providers: s.complete_profile.providers_count })}
              </Row>
            </SimpleGrid>
            <Group justify="space-between" mt={40}>
              <Button component={Link} to="/onboarding/update-info" variant="default" leftSection={<IconPencil size={16} />}>
                {t('launch.edit')}
              </Button>
              <Button size="md" onClick={launch} loading={launching} leftSection={<IconRocket size={18} />} data-testid="launch">
                {t('launch.submit')}
              </Button>
            </Group>
          </Paper>
        )}
    </Container>
  );
}
