import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A full message page (403, 404, missing plugin) with a way home. */
export function StatusPage({ icon: IconComp, code, title, body, testId }: { icon: Icon; code?: string; title: string; body: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" px="md" data-testid={testId}>
      <Stack align="center" gap="sm" maw={460} ta="center">
        <ThemeIcon size={72} radius={36} variant="light">
          <IconComp size={36} />
        </ThemeIcon>
        {code && (
          <Text fz={48} fw={800} c="brand.6" lh={1}>
            {code}
          </Text>
        )}
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        <Text c="dimmed">{body}</Text>
        <Button component={Link} to="/dashboard" mt="sm">
          {t('goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
