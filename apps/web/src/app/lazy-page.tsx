import { type ComponentType, createElement, lazy } from 'react';
import { loadNamespaces } from '@/lib/i18n';

/** A page loaded on first use, whose code and texts can also be fetched ahead (`preload`). */
export type LazyPage = ComponentType & {
  preload: () => Promise<unknown>;
  /** The locale namespaces it uses besides `common` (fetched with its code). */
  namespaces: readonly string[];
};

/**
 * A lazily loaded page whose module exports it by name (we use named exports only), with the locale
 * namespaces it uses: its code and its texts (in the language in use) are fetched side by side, and
 * it renders once both are in, so it never shows a raw key. Once in (shown once, or `preload`ed
 * while the user looks at another page), it renders at once: no Suspense fallback, so React's
 * hold-back before revealing a fallback's content (about 300 ms) never applies to a page the browser
 * already has.
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, namespaces: readonly string[] = []): LazyPage {
  let loaded: ComponentType | null = null;
  let pending: Promise<{ default: ComponentType }> | null = null;
  const preload = () => {
    pending ??= Promise.all([load(), loadNamespaces(namespaces)]).then(
      ([m]) => {
        loaded = m[name];
        return { default: m[name] };
      },
      (err: unknown) => {
        // A failed fetch (offline, a new deploy) is tried again on the next use.
        pending = null;
        throw err;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);
  const Page = (props: object) => createElement(loaded ?? Lazy, props);
  return Object.assign(Page, { preload, namespaces });
}

/**
 * Fetches pages' code one after another while the browser is idle, so moving to them later shows
 * them without waiting for their code. Failures are ignored (the page loads on use as before).
 */
export function preloadWhenIdle(pages: readonly LazyPage[]): () => void {
  let cancelled = false;
  const idle = (fn: () => void) =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(fn, { timeout: 2000 }) : window.setTimeout(fn, 200);
  const next = (i: number) => {
    if (cancelled || i >= pages.length) return;
    idle(() => {
      if (cancelled) return;
      void pages[i]
        ?.preload()
        .catch(() => undefined)
        .finally(() => next(i + 1));
    });
  };
  next(0);
  return () => {
    cancelled = true;
  };
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
