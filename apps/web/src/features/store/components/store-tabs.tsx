import { hasAnyPermission } from '@app/shared/permissions';
import { ScrollArea, Tabs } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { findMainRoute } from '@/app/route-table';
import { SectionTabs } from '@/components/section-tabs';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { panelTarget, STORE_PANEL_TABS, STORE_SECTIONS } from '../lib/store-sections';

/**
 * Tabs between the store's screens the account may open (the panel, reviews, analytics, custom
 * pages); a screen's tab stays lit on its sub-pages (a panel tab, a custom page's form).
 */
export function StoreTabs() {
  const { t } = useTranslation('store');
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const sections = STORE_SECTIONS.filter((s) => findMainRoute(s.path) && hasAnyPermission(user.permissions, s.permissions));
  const active = sections.find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`))?.key ?? null;
  // On a phone the row scrolls: the lit tab is brought into view.
  const list = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: again when another tab lights up
  useEffect(() => {
    list.current?.querySelector<HTMLElement>('[data-active]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  if (sections.length < 2) return null;
  const go = (key: string | null) => {
    const s = sections.find((x) => x.key === key);
    if (s) navigate(s.key === 'panel' ? (panelTarget(user.permissions) ?? s.path) : s.path);
  };
  return (
    <ScrollArea type="never" offsetScrollbars={false}>
      <Tabs value={active} onChange={go} variant="pills" radius="md">
        <Tabs.List ref={list} style={{ flexWrap: 'nowrap' }}>
          {sections.map((s) => (
            <Tabs.Tab key={s.key} value={s.key} data-testid={`store-section-${s.key}`}>
              {t(`sections.${s.key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </ScrollArea>
  );
}

/** The store panel's own tabs (general, store settings, appearance, gallery, contacts) the account may open. */
export function PanelTabs() {
  const { t } = useTranslation('store');
  const user = useCurrentUser();
  const tabs = STORE_PANEL_TABS.filter((tab) => hasAnyPermission(user.permissions, tab.permissions));
  return <SectionTabs sections={tabs} label={(key) => t(`tabs.${key}`)} testPrefix="store-tab" />;
}
