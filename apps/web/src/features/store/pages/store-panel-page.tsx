import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ListError, ListSkeleton } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useStoreSettings } from '../api/store-settings';
import { AppearanceTab } from '../components/appearance-tab';
import { BookingTab } from '../components/booking-tab';
import { ContactsTab } from '../components/contacts-tab';
import { GalleryTab } from '../components/gallery-tab';
import { GeneralTab } from '../components/general-tab';
import { PanelTabs, StoreTabs } from '../components/store-tabs';

/** Which panel tab the address names (`/store/store-panel/<tab>`). */
export function panelTabOf(pathname: string): string {
  return pathname.replace(/\/+$/, '').split('/')[3] ?? 'general';
}

/**
 * `/store/store-panel/<tab>`: the store's own settings, one tab per key (spec §2): general and store
 * settings (`store.settings`), appearance, gallery, contacts; the custom domain on the general tab.
 */
export function StorePanelPage() {
  const { t } = useTranslation('store');
  const { pathname } = useLocation();
  const tab = panelTabOf(pathname);
  const settings = useStoreSettings();

  let body: React.ReactNode;
  if (tab === 'gallery') body = <GalleryTab />;
  else if (settings.isPending) body = <ListSkeleton rows={6} />;
  else if (settings.isError || !settings.data) body = <ListError text={{ title: t('loadError'), retry: t('retry') }} onRetry={() => void settings.refetch()} />;
  else if (tab === 'store-settings') body = <BookingTab settings={settings.data} />;
  else if (tab === 'appearance') body = <AppearanceTab settings={settings.data} />;
  else if (tab === 'contacts') body = <ContactsTab settings={settings.data} />;
  else body = <GeneralTab settings={settings.data} />;

  return (
    <Stack gap="lg" data-testid="store-panel-page">
      <StoreTabs />
      <PageHeader title={t('panel.title')} subtitle={t('panel.subtitle')} />
      <PanelTabs />
      {body}
    </Stack>
  );
}
