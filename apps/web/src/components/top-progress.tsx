import { useIsFetching } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDelayedFlag, useLoadingPending } from '@/lib/progress';

/** Data being loaded for the first time (a page opening, a new filter or page of a list). */
const firstLoad = { predicate: (q: { state: { status: string } }) => q.state.status === 'pending' };

/**
 * A thin bar along the top of the window while a page loads (its code or its data) for longer than
 * 200 ms. Background refreshes of data already on screen (polling, refetch after a save) do not
 * count: the page is not waiting for them. Indeterminate: we do not know how far along a request is.
 */
export function TopProgress() {
  const { t } = useTranslation();
  const fetching = useIsFetching(firstLoad) > 0;
  const loading = useLoadingPending();
  const shown = useDelayedFlag(fetching || loading);
  if (!shown) return null;
  return (
    <div className="top-progress" role="progressbar" aria-label={t('loading')} aria-busy="true" data-testid="top-progress">
      <div className="top-progress-bar" />
    </div>
  );
}
