import { Center, Loader } from '@mantine/core';

export function PageLoader({ full = false }: { full?: boolean }) {
  return (
    <Center h={full ? '100dvh' : 240} data-testid="page-loader">
      <Loader />
    </Center>
  );
}
