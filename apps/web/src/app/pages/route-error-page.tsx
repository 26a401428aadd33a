import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useRouteError } from 'react-router';
import { isChunkLoadError, reloadOnceAfterChunkError } from '../lazy-page';

/** Catches render errors; a missing lazy chunk (after a deploy) reloads the target page once. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const location = useLocation();
  if (isChunkLoadError(error) && reloadOnceAfterChunkError(location.pathname + location.search)) return null;
  return (
    <Center mih="100dvh" px="md">
      <Stack align="center" ta="center" maw={460}>
        <Title order={2}>{t('status.errorTitle')}</Title>
        <Text c="dimmed">{t('errors.generic')}</Text>
        <Button onClick={() => window.location.reload()}>{t('status.reload')}</Button>
      </Stack>
    </Center>
  );
}
