import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { loadLanguage } from '@/lib/i18n';
import { getStoredLocale, getToken } from '@/lib/storage';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient, AppProviders } from '@/app/providers';
import { preloadPath, router } from '@/app/router';
import { configureApiClient, ensureCsrf } from '@/lib/api-client';

configureApiClient({
  navigate: (to) => router.navigate(to, { replace: true }),
  onSessionCleared: () => queryClient.clear(),
});
void ensureCsrf();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
// The language in use is fetched before the first render (its texts are in one small chunk); English,
// the fallback, follows once the page is up.
// A signed-in reload: the shell's and the page's code start loading now, alongside the texts. Signed
// out (the sign-in page), the dashboard's code is fetched once the page has settled.
if (getToken()) preloadPath(window.location.pathname);
else window.setTimeout(() => preloadPath('/dashboard'), 2000);
const locale = getStoredLocale();
await loadLanguage(locale).catch(() => undefined);
if (locale !== 'en') window.setTimeout(() => void loadLanguage('en').catch(() => undefined), 1500);
createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
