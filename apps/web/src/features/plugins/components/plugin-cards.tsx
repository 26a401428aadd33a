import type { PluginSlug } from '@app/shared/constants';
import type { Plugin } from '@app/shared/schemas/access';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconCashRegister, IconDownload, IconMapPin, IconPackage, IconPercentage, IconPuzzle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toastRejected } from '@/lib/refusal';
import { usePlugins, useTogglePlugin } from '../api/plugins';

const ICONS: Record<PluginSlug, Icon> = { pos: IconCashRegister, commission: IconPercentage, packages: IconPackage, boundaries: IconMapPin };

/** The installable plugins as cards: install at once, uninstall after a confirmation. */
export function PluginCards() {
  const { t } = useTranslation('plugins');
  const plugins = usePlugins();
  const toggle = useTogglePlugin();
  const [toRemove, setToRemove] = useState<Plugin | null>(null);
  const busy = toggle.isPending ? toggle.variables?.slug : undefined;

  const run = (plugin: Plugin, install: boolean) =>
    toggle.mutate(
      { slug: plugin.slug, install },
      {
        onSettled: () => setToRemove(null),
        onError: (e) => {
          // 422: already installed / not installed; the list is refreshed to match the server.
          if (toastRejected(e)) void plugins.refetch();
        },
      },
    );

  const name = (p: Plugin) => t(`items.${p.slug}.name`, { defaultValue: p.name });

  if (plugins.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={180} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (plugins.isError) {
    return (
      <Alert color="red" variant="light" title={t('loadError')}>
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void plugins.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="plugin-cards">
        {plugins.data.map((p) => {
          const PluginIcon = ICONS[p.slug] ?? IconPuzzle;
          return (
            <Card key={p.slug} withBorder padding="lg" radius="md" data-testid={`plugin-card-${p.slug}`}>
              <Stack gap="sm" h="100%">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={44} radius="md" variant="light" color={p.installed ? 'brand' : 'gray'}>
                    <PluginIcon size={24} stroke={1.6} />
                  </ThemeIcon>
                  <Badge tt="none" variant={p.installed ? 'light' : 'outline'} color={p.installed ? 'teal' : 'gray'} data-testid={`plugin-status-${p.slug}`}>
                    {p.installed ? t('installed') : t('notInstalled')}
                  </Badge>
                </Group>
                <div>
                  <Text fw={700}>{name(p)}</Text>
                  <Text c="dimmed" fz="sm" mt={4}>
                    {t(`items.${p.slug}.description`, { defaultValue: p.description })}
                  </Text>
                </div>
                <Group mt="auto" pt="xs">
                  {p.installed ? (
                    <Button
                      variant="light"
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      loading={busy === p.slug}
                      disabled={toggle.isPending && busy !== p.slug}
                      onClick={() => setToRemove(p)}
                      data-testid={`plugin-uninstall-${p.slug}`}
                    >
                      {t('uninstall')}
                    </Button>
                  ) : (
                    <Button
                      leftSection={<IconDownload size={16} />}
                      loading={busy === p.slug}
                      disabled={toggle.isPending && busy !== p.slug}
                      onClick={() => run(p, true)}
                      data-testid={`plugin-install-${p.slug}`}
                    >
                      {t('install')}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      <ConfirmDialog
        opened={toRemove !== null}
        title={t('uninstallTitle', { name: toRemove ? name(toRemove) : '' })}
        message={t('uninstallBody')}
        confirmLabel={t('uninstall')}
        loading={toggle.isPending}
        onConfirm={() => toRemove && run(toRemove, false)}
        onClose={() => setToRemove(null)}
      />
    </>
  );
}
