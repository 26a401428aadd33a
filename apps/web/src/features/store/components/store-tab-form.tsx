import { Button, Card, Group, Stack, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A store panel tab that is one form saved at once (booking settings, contacts): its cards, then the
 * save bar. `testId` names the form (`<testId>-tab`) and its button (`<testId>-save`).
 */
export function StoreTabForm({ onSubmit, saving, testId, children }: { onSubmit: FormEventHandler<HTMLFormElement>; saving: boolean; testId: string; children: ReactNode }) {
  const { t } = useTranslation('store');
  return (
    <form onSubmit={onSubmit} noValidate data-testid={`${testId}-tab`}>
      <Stack gap="lg">
        {children}
        <Group justify="flex-end">
          <Button type="submit" loading={saving} data-testid={`${testId}-save`}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One card of a StoreTabForm: its title, then its fields. */
export function StoreTabCard({ title, gap = 'md', children }: { title: ReactNode; gap?: 'sm' | 'md'; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap={gap}>
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
