import { Stack, Tabs } from '@mantine/core';
import { IconCrown, IconFileInvoice, IconListDetails } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SettingsPageHeader } from '@/features/settings/components/settings-page-header';
import { SUBSCRIPTIONS_PATH } from '@/lib/api-client';

export type SubscriptionTab = 'current-plan' | 'plans' | 'invoices';

const TABS = [
  { value: 'current-plan', icon: IconCrown },
  { value: 'plans', icon: IconListDetails },
  { value: 'invoices', icon: IconFileInvoice },
] as const;

/** The subscription pages' frame: the title, then the current plan, plans and invoices as tabs (each its own address). */
export function SubscriptionShell({ tab, children }: { tab: SubscriptionTab; children: ReactNode }) {
  const { t } = useTranslation('subscription');
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={1080} mx="auto" w="100%" data-testid="subscription-page">
      <SettingsPageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs value={tab} onChange={(v) => v && v !== tab && void navigate(`${SUBSCRIPTIONS_PATH}/${v}`)} keepMounted={false}>
        <Tabs.List>
          {TABS.map(({ value, icon: IconComp }) => (
            <Tabs.Tab key={value} value={value} leftSection={<IconComp size={16} />} px={{ base: 'xs', sm: 'md' }} data-testid={`subscription-tab-${value}`}>
              {t(`tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {children}
    </Stack>
  );
}
