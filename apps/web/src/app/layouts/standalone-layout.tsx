import { Box, Container, Group } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Brand } from '@/components/brand';
import { PageLoader } from '@/components/page-loader';
import { LanguageSwitch } from '../language-switch';

/** Full-width pages without sidebar: launch review and the dev outbox. */
export function StandaloneLayout() {
  return (
    <Box className="auth-bg">
      <Group justify="space-between" px="md" py="sm">
        <Brand size="md" />
        <LanguageSwitch />
      </Group>
      <Container size="lg" px="md" pb="xl">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
    </Box>
  );
}
