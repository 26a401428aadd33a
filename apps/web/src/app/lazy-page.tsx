import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A lazily loaded page whose module exports it by name (we use named exports only). */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

const RELOAD_KEY = 'chunk-reload-path';

/** True for the errors browsers raise when a lazily loaded chunk is gone (a new deploy). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically/i.test(message);
}

/**
 * After a failed dynamic import, reload once at the path the user was going to; a second failure at
 * the same path shows the error page instead of looping.
 */
export function reloadOnceAfterChunkError(path: string): boolean {
  try {
    if (sessionStorage.getItem(RELOAD_KEY) === path) return false;
    sessionStorage.setItem(RELOAD_KEY, path);
  } catch {
    return false;
  }
  window.location.assign(path);
  return true;
}

export function clearChunkReloadMark(): void {
  try {
    sessionStorage.removeItem(RELOAD_KEY);
  } catch {
    // ignore
  }
}
