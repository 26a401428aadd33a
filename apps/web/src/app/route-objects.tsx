import type { RouteObject } from 'react-router';
import type { LazyPage } from './lazy-page';

/** What a route carries for the app besides its element (React Router's `handle`). */
export type RouteHandle = {
  /** Fetches the route's code and locale namespaces (a lazily loaded page or layout). */
  preload?: () => Promise<unknown>;
};

/** A route that renders a lazily loaded page at `path`. */
export function pageRoute(path: string, Page: LazyPage): RouteObject {
  return { path, element: <Page />, handle: { preload: Page.preload } satisfies RouteHandle };
}

/** A pathless layout route around `children`, its layout loaded lazily. */
export function layoutRoute(Layout: LazyPage, children: RouteObject[], path?: string): RouteObject {
  return { ...(path ? { path } : {}), element: <Layout />, handle: { preload: Layout.preload } satisfies RouteHandle, children };
}

export const handleOf = (handle: unknown): RouteHandle => (handle && typeof handle === 'object' ? (handle as RouteHandle) : {});
