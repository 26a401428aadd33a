import '@mantine/core/styles.css';
import './styles.css';
import { getToken } from '@/lib/storage';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { queryClient, AppProviders } from '@/app/providers';
import { areaOf } from '@/app/guard';
import { AppRoutes, navigateOutside, preloadPath, preloadSignedIn } from '@/app/router';
import { configureApiClient, ensureCsrf } from '@/lib/api-client';
import { loadNamespaces } from '@/lib/i18n';

configureApiClient({
  navigate: navigateOutside,
  onSessionCleared: () => queryClient.clear(),
});
void ensureCsrf();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');

/**
 * Starts the app once what the first page needs is in. Not a top-level await: the page chunks import
 * from this entry script, which must have finished running for them to load.
 */
async function start(root: HTMLElement): Promise<void> {
  const path = window.location.pathname;
  if (getToken()) {
    // A signed-in reload: the profile, the shell's and the page's code and texts load side by side,
    // and the first render waits for the code and texts (a page that suspended instead would be
    // revealed by React up to 300 ms late); the guard shows its loader until the profile is in.
    void import('@/features/auth/api/get-me').then((m) => queryClient.prefetchQuery(m.meQueryOptions()));
    await Promise.all([loadNamespaces(), preloadSignedIn(path)]).catch(() => undefined);
  } else {
    // Signed out (the sign-in page, a payment link): the page's code and texts, in the language in use,
    // before the first render, so it shows whole at once; a signed-in address shows the sign-in page
    // (the guard sends the visitor there). The signed-in app's code follows only once the visitor
    // starts signing in.
    const shown = path === '/' || areaOf(path) === 'main' ? '/login' : path;
    await preloadPath(shown).catch(() => undefined);
    if (shown === '/login') {
      document.addEventListener('focusin', () => void preloadSignedIn('/dashboard').catch(() => undefined), { once: true });
    }
  }
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

void start(root);
