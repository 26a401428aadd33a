import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A settings page's title with the way back to the settings hub above it. */
export function SettingsPageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  const { t } = useTranslation('users');
  return (
    <Stack gap={6}>
      <Breadcrumbs separator="/" fz="sm" separatorMargin={6}>
        <Anchor component={Link} to="/settings/panel" fz="sm" data-testid="settings-back">
          {t('panel.title')}
        </Anchor>
        <Text fz="sm" c="dimmed">
          {title}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {title}
          </Title>
          {subtitle && <Text c="dimmed">{subtitle}</Text>}
        </div>
        {actions}
      </Group>
    </Stack>
  );
}
