import { Alert, Button, EmptyState, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows = 5, testId = 'list-loading' }: { rows?: number; testId?: string }) {
  return (
    <Stack gap="xs" p="md" data-testid={testId}>
      {Array.from({ length: rows }, (_, i) => `row-${i}`).map((id) => (
        <Skeleton key={id} h={36} />
      ))}
    </Stack>
  );
}

export type ListErrorText = { title: string; body?: string; retry: string };

/** A list that could not be loaded, with the way to try again. */
export function ListError({ text, onRetry }: { text: ListErrorText; onRetry: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={20} />} m="md" title={text.title} data-testid="list-error">
      <Stack gap="xs" align="flex-start">
        {text.body}
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {text.retry}
        </Button>
      </Stack>
    </Alert>
  );
}

export function ListEmpty({ icon: IconComp, title, description, action }: { icon: Icon; title: string; description?: string; action?: ReactNode }) {
  return (
    <EmptyState py="xl" px="md" variant="light" icon={<IconComp size={28} />} title={title} description={description} data-testid="list-empty">
      {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  );
}

type ListQuery<T> = { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => unknown };

const noItems = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * What a list card shows for its query: placeholder rows while it loads, the error with a retry, the
 * empty state, or the list itself (`children`, given the data).
 */
export function QueryList<T>({
  query,
  loading = <ListSkeleton />,
  error,
  empty,
  isEmpty = noItems,
  children,
}: {
  query: ListQuery<T>;
  loading?: ReactNode;
  error: ListErrorText;
  empty: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError || query.data === undefined) return <ListError text={error} onRetry={() => void query.refetch()} />;
  if (isEmpty(query.data)) return empty;
  return children(query.data);
}
