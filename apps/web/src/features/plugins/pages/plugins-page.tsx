import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PluginCards } from '../components/plugin-cards';

function PluginsLayout({ titleKey, subtitleKey }: { titleKey: string; subtitleKey: string }) {
  const { t } = useTranslation('plugins');
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <div>
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          {t(titleKey)}
        </Title>
        <Text c="dimmed">{t(subtitleKey)}</Text>
      </div>
      <PluginCards />
    </Stack>
  );
}

/** `/settings/plugins`. */
export function PluginsPage() {
  return <PluginsLayout titleKey="title" subtitleKey="subtitle" />;
}

/** `/settings/apps-and-plugins`: the same cards under the apps heading. */
export function AppsAndPluginsPage() {
  return <PluginsLayout titleKey="appsTitle" subtitleKey="appsSubtitle" />;
}
