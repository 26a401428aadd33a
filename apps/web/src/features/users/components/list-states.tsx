import { Alert, Button, EmptyState, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <Stack gap="xs" p="md" data-testid="list-loading">
      {Array.from({ length: rows }, (_, i) => `row-${i}`).map((id) => (
        <Skeleton key={id} h={36} />
      ))}
    </Stack>
  );
}

export function ListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('users');
  return (
    <Alert color="red" icon={<IconAlertCircle size={20} />} m="md" title={t('states.errorTitle')} data-testid="list-error">
      <Stack gap="xs" align="flex-start">
        {t('states.errorBody')}
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('states.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

export function ListEmpty({ icon: IconComp, title, description, action }: { icon: Icon; title: string; description?: string; action?: ReactNode }) {
  return (
    <EmptyState
      py="xl"
      px="md"
      variant="light"
      icon={<IconComp size={28} />}
      title={title}
      description={description}
      data-testid="list-empty"
    >
      {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  );
}
