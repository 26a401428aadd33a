import { Center, Loader } from '@mantine/core';
import { useReportLoading } from '@/lib/progress';

/** A page (its code or its data) is loading: a spinner in its place, and the top progress bar after 200 ms. */
export function PageLoader({ full = false }: { full?: boolean }) {
  useReportLoading();
  return (
    <Center h={full ? '100dvh' : 240} data-testid="page-loader">
      <Loader />
    </Center>
  );
}
