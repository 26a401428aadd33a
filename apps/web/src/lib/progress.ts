import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * What is loading right now, app-wide: a page's code or data (`PageLoader` on screen) or any query
 * fetching. The top progress bar reads it; a tiny store rather than a context, so a loader anywhere
 * can report itself without a provider.
 */
let pending = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** Marks one piece of work as loading; call the returned function when it ends (safe to call twice). */
export function beginLoading(): () => void {
  pending += 1;
  emit();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending -= 1;
    emit();
  };
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => pending > 0;

/** True while anything registered with `beginLoading` is in progress. */
export const useLoadingPending = (): boolean => useSyncExternalStore(subscribe, snapshot, snapshot);

/** Registers the calling component as loading while it is mounted (a page's loading state). */
export function useReportLoading(active = true): void {
  useEffect(() => (active ? beginLoading() : undefined), [active]);
}

/** Work shorter than this shows no bar: a flash on every fast click reads as flicker, not progress. */
export const PROGRESS_DELAY_MS = 200;

/**
 * `busy`, but only once it has lasted `delay` ms; it drops at once when the work ends. The bar appears
 * for slow loads only and never lingers.
 */
export function useDelayedFlag(busy: boolean, delay: number = PROGRESS_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [busy, delay]);
  return busy && shown;
}
