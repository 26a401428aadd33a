import { Stack, Text, Title } from '@mantine/core';

export function AuthHeader({ title, subtitle, center = false }: { title: string; subtitle?: string | undefined; center?: boolean }) {
  return (
    <Stack gap={4} mb="lg" ta={center ? 'center' : undefined}>
      <Title order={1} fz={{ base: 22, sm: 26 }}>
        {title}
      </Title>
      {subtitle && <Text c="dimmed">{subtitle}</Text>}
    </Stack>
  );
}
