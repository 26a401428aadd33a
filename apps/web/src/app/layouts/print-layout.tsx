import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/page-loader';

/** Printable pages (a receipt): no sidebar, no top bar; the page itself says what prints. */
export function PrintLayout() {
  return (
    <Suspense fallback={<PageLoader full />}>
      <Outlet />
    </Suspense>
  );
}
