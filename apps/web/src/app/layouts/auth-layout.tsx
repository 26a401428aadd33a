import { Box, Container, Group, Paper, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Brand } from '@/components/brand';
import { PageLoader } from '@/components/page-loader';
import { LanguageSwitch } from '../language-switch';

/** Sign-in area: a centred card, the brand above it and the language switch in the corner. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <Box className="auth-bg">
      <Group justify="space-between" px="md" py="sm">
        <Brand size="md" />
        <LanguageSwitch />
      </Group>
      <Container size={460} px="md" pb="xl" pt={{ base: 'md', sm: 40 }}>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 32 }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Paper>
        <Text ta="center" c="dimmed" fz="xs" mt="lg">
          {t('footer', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </Box>
  );
}
