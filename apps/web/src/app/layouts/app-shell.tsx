import { AppShell, Burger, Overlay } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { getSidebarCollapsed, setSidebarCollapsed } from '@/lib/storage';
import { preloadWhenIdle } from '../lazy-page';
import { pagesToPreload, showsTopBar } from '../route-table';
import { Banners } from './banners';
import { isManagementList, ManagementNav } from './management-nav';
import { PageBoundary } from './page-boundary';
import { SectionHeader } from './section-header';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

const WIDE = 224;
const NARROW = 56;
const DRAWER = 280;

/** Signed-in pages: sidebar (collapsible, a drawer on phones), top bar and banners. */
export function AppShellLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const location = useLocation();
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const [mobileOpen, mobile] = useDisclosure(false);
  const [collapsed, setCollapsed] = useState(getSidebarCollapsed);
  const withSidebar = user.profile_completed && user.phone_verified;
  const topBar = showsTopBar(location.pathname);
  const narrow = collapsed && !isMobile;

  // The code of the pages this user may open is fetched while the browser is idle, so a click in the
  // sidebar shows its page without waiting for it (bench/ui measures this).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per signed-in account and its keys
  useEffect(() => preloadWhenIdle(pagesToPreload(user)), [user.uuid, user.permissions.join(','), user.tenant.plugins.join(',')]);

  // Following a link in the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => mobile.close(), [location.pathname]);

  const toggleCollapsed = () => {
    setCollapsed((c) => {
      setSidebarCollapsed(!c);
      return !c;
    });
  };

  return (
    <AppShell
      layout="alt"
      header={{ height: 60 }}
      navbar={
        withSidebar
          ? { width: { base: DRAWER, sm: narrow ? NARROW : WIDE }, breakpoint: 'sm', collapsed: { mobile: !mobileOpen } }
          : undefined
      }
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        {topBar ? (
          <TopBar burger={withSidebar ? <Burger opened={mobileOpen} onClick={mobile.toggle} hiddenFrom="sm" size="sm" aria-label="menu" /> : null} />
        ) : (
          <SectionHeader
            title={t(location.pathname.startsWith('/profile') ? 'topBar.profile' : 'nav.settings')}
            burger={withSidebar ? <Burger opened={mobileOpen} onClick={mobile.toggle} hiddenFrom="sm" size="sm" aria-label="menu" /> : null}
          />
        )}
      </AppShell.Header>
      {withSidebar && (
        <AppShell.Navbar maw={DRAWER}>
          <Sidebar collapsed={narrow} onToggle={toggleCollapsed} />
        </AppShell.Navbar>
      )}
      {withSidebar && isMobile && mobileOpen && <Overlay fixed zIndex={99} backgroundOpacity={0.35} onClick={mobile.close} />}
      <AppShell.Main bg="var(--app-bg)">
        <Banners />
        {isManagementList(location.pathname) && <ManagementNav />}
        <PageBoundary />
      </AppShell.Main>
    </AppShell>
  );
}
