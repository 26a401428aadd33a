import { Anchor, Box, Button, Container, Group, Paper, Stepper, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Brand } from '@/components/brand';
import { PageLoader } from '@/components/page-loader';
import { useLogout } from '@/features/auth/api/logout';
import { useSkipOnboarding } from '@/features/onboarding/api/save-onboarding';
import { LanguageSwitch } from '../language-switch';

const STEPS = ['update-info', 'update-profile', 'complete-profile'] as const;

/** Onboarding: no sidebar, a 1-2-3 stepper, and "skip for now" from step 2 on. */
export function OnboardingLayout() {
  const { t } = useTranslation('onboarding');
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const skip = useSkipOnboarding();
  const active = Math.max(0, STEPS.findIndex((s) => location.pathname.endsWith(s)));

  return (
    <Box className="auth-bg">
      <Group justify="space-between" px="md" py="sm" wrap="nowrap">
        <Brand size="md" />
        <Group gap={4} wrap="nowrap">
          <LanguageSwitch />
          <Button
            variant="subtle"
            color="gray"
            size="compact-md"
            leftSection={<IconLogout size={18} />}
            onClick={() => logout.mutate()}
            data-testid="sign-out"
          >
            <Text span visibleFrom="xs" inherit>
              {t('common:signOut')}
            </Text>
          </Button>
        </Group>
      </Group>
      <Container size={820} px="md" pb="xl">
        <Text fz={{ base: 22, sm: 28 }} fw={800} ta="center" mt="sm">
          {t('title')}
        </Text>
        <Text c="dimmed" ta="center" mb="lg">
          {t('subtitle')}
        </Text>
        <Stepper active={active} size="sm" mb="lg" allowNextStepsSelect={false} onStepClick={(i) => navigate(`/onboarding/${STEPS[i]}`)}>
          {STEPS.map((s) => (
            <Stepper.Step key={s} label={<Text visibleFrom="sm" fz="sm" fw={600}>{t(`steps.${s}`)}</Text>} />
          ))}
        </Stepper>
        <Text hiddenFrom="sm" fw={700} ta="center" mb="sm">
          {t('stepOf', { step: active + 1, total: STEPS.length })} · {t(`steps.${STEPS[active] ?? 'update-info'}`)}
        </Text>
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 32 }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Paper>
        {active >= 1 && (
          <Group justify="center" mt="md">
            <Anchor
              component="button"
              type="button"
              c="dimmed"
              data-testid="skip-onboarding"
              onClick={() => skip.mutate(undefined, { onSuccess: () => navigate('/dashboard') })}
            >
              {t('skip')}
            </Anchor>
          </Group>
        )}
      </Container>
    </Box>
  );
}
