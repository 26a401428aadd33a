import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { TopProgress } from '@/components/top-progress';
import { isApiError } from '@/lib/api-client';
import { i18n, isRtl } from '@/lib/i18n';
import { getStoredLocale } from '@/lib/storage';
import { theme } from './theme';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; a network blip may.
      retry: (count, error) => count < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

/** Keeps Mantine's direction in step with the language. */
function DirectionSync() {
  const { setDirection } = useDirection();
  useEffect(() => {
    const onChange = (lng: string) => setDirection(isRtl(lng === 'en' ? 'en' : 'ar') ? 'rtl' : 'ltr');
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [setDirection]);
  return null;
}

const NotificationsHost = lazy(() => import('./notifications-host').then((m) => ({ default: m.NotificationsHost })));

/**
 * The toasts' container, fetched with the first toast (a toast shown before it is in waits in
 * Mantine's store and appears with it): most visits to the sign-in page never show one.
 */
function LazyNotifications() {
  const pending = useNotifications().notifications.length > 0;
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (pending) setWanted(true);
  }, [pending]);
  if (!wanted && !pending) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={isRtl(getStoredLocale()) ? 'rtl' : 'ltr'} detectDirection={false}>
        <DirectionSync />
        <MantineProvider theme={theme} defaultColorScheme="light">
          <LazyNotifications />
          <QueryClientProvider client={queryClient}>
            <TopProgress />
            {children}
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
