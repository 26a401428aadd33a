import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isChunkLoadError, reloadOnceAfterChunkError } from '../lazy-page';

/** Shown for a render error; a missing lazy chunk (after a deploy) reloads the target page once. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
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

type BoundaryProps = { children: ReactNode; /** A new value (the next address) clears the error. */ resetKey: string };
type BoundaryState = { failed: boolean; error: unknown };

/** Catches what the pages throw while rendering (or loading their code) and shows the error page. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failed: true, error };
  }

  override componentDidUpdate(prev: BoundaryProps): void {
    if (this.state.failed && prev.resetKey !== this.props.resetKey) this.setState({ failed: false, error: null });
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
