import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list page's heading: its title and subtitle, and its actions (`children`) at the end. */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <div>
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          {title}
        </Title>
        <Text c="dimmed" fz="sm">
          {subtitle}
        </Text>
      </div>
      <Group gap="sm">{children}</Group>
    </Group>
  );
}
