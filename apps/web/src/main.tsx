import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import '@/lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient, AppProviders } from '@/app/providers';
import { router } from '@/app/router';
import { configureApiClient, ensureCsrf } from '@/lib/api-client';

configureApiClient({
  navigate: (to) => router.navigate(to, { replace: true }),
  onSessionCleared: () => queryClient.clear(),
});
void ensureCsrf();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
