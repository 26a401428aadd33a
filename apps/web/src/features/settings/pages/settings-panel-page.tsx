import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconSettingsOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAIN_ROUTES } from '@/app/route-table';
import { ListEmpty } from '@/components/list-states';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { useLocale } from '@/lib/use-locale';
import { SETTINGS_CARDS, visibleSettingsCards } from '../lib/settings-cards';

/** The settings hub: one card per settings page the user may open. */
export function SettingsPanelPage() {
  const { t } = useTranslation('users');
  const user = useCurrentUser();
  const locale = useLocale();
  const cards = visibleSettingsCards(SETTINGS_CARDS, MAIN_ROUTES, user);
  // The chevron points the way reading goes: left in Arabic, right in English.
  const Chevron = locale === 'ar' ? IconChevronLeft : IconChevronRight;

  return (
    <Stack gap="lg" data-testid="settings-panel">
      <div>
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          {t('panel.title')}
        </Title>
        <Text c="dimmed">{t('panel.subtitle')}</Text>
      </div>
      {cards.length === 0 ? (
        <Card withBorder>
          <ListEmpty icon={IconSettingsOff} title={t('panel.empty')} />
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
          {cards.map(({ id, path, icon: IconComp }) => (
            <Card
              key={id}
              withBorder
              padding="lg"
              component={Link}
              to={path}
              className="settings-card"
              data-testid={`settings-card-${path.slice('/settings/'.length)}`}
            >
              <Group wrap="nowrap" align="flex-start" gap="md">
                <ThemeIcon size={44} radius="md" variant="light">
                  <IconComp size={24} />
                </ThemeIcon>
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={700}>{t(`panel.cards.${id}.title`)}</Text>
                  <Text fz="sm" c="dimmed">
                    {t(`panel.cards.${id}.description`)}
                  </Text>
                </Stack>
                <Chevron size={18} color="var(--mantine-color-gray-5)" style={{ flexShrink: 0, alignSelf: 'center' }} />
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
