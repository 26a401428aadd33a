import { hasAnyPermission } from '@app/shared/permissions';
import { ActionIcon, AppShell, Badge, Box, Button, Group, Indicator, NavLink, ScrollArea, Tooltip } from '@mantine/core';
import { IconChevronsLeft, IconChevronsRight, IconCrown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { Brand } from '@/components/brand';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { useUnreadCounts } from '@/features/orders/api/orders';
import { PLANS_PATH, SUBSCRIPTIONS_PATH } from '@/lib/api-client';
import { sidebarEntries } from '../route-table';

/** The sidebar, built from the route table and filtered by the user's keys and plugins. */
export function Sidebar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const location = useLocation();
  const entries = sidebarEntries(user);
  // Unread counters (polled every minute) for the entries that show one.
  const unread = useUnreadCounts(entries.some((e) => e.sidebar.badge));
  // Spec §2: plans while the plan is the free trial (running or ended: no subscription status), else current-plan.
  const onTrialPlan = !user.tenant.subscription;
  const plansPath = onTrialPlan ? PLANS_PATH : `${SUBSCRIPTIONS_PATH}/current-plan`;
  const planLabel = onTrialPlan ? t('nav.subscribe') : t('nav.plans');
  const showPlans = hasAnyPermission(user.permissions, ['settings.subscriptions']);
  // The chevron points toward where the sidebar folds (the inline start edge); tooltips open on the
  // inline end side, which Mantine names physically (rtl-ok).
  const rtl = i18n.language !== 'en';
  const FoldIcon = collapsed === rtl ? IconChevronsLeft : IconChevronsRight;
  // The entry lit is the closest one: /store/analytics lights "store analytics", not "store" too.
  const activePath = entries
    .map((e) => e.path)
    .filter((p) => location.pathname === p || location.pathname.startsWith(p + '/'))
    .sort((a, b) => b.length - a.length)[0];

  return (
    <>
      <AppShell.Section p={collapsed ? 8 : 'md'} h={60} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Group h="100%" justify={collapsed ? 'center' : 'space-between'} wrap="nowrap">
          {!collapsed && <Brand size="md" />}
          <ActionIcon variant="subtle" color="gray" onClick={onToggle} visibleFrom="sm" aria-label={t(collapsed ? 'nav.expand' : 'nav.collapse')} data-testid="sidebar-toggle">
            <FoldIcon size={18} />
          </ActionIcon>
        </Group>
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} p={collapsed ? 6 : 'sm'}>
        {entries.map(({ path, sidebar }) => {
          const Icon = sidebar.icon;
          const label = t(sidebar.labelKey);
          const count = sidebar.badge ? (unread.data?.[sidebar.badge] ?? 0) : 0;
          // Spec §2: the WhatsApp entry's dot, green while the business's WhatsApp is linked.
          const dot = sidebar.dot === 'whatsapp' ? <WhatsappDot key="dot" connected={user.tenant.whatsapp_status === 'connected'} /> : null;
          const link = (
            <NavLink
              key={path}
              component={RouterNavLink}
              to={path}
              label={collapsed ? null : label}
              aria-label={count > 0 ? `${label} (${count})` : label}
              leftSection={
                <Indicator disabled={!collapsed || count === 0} size={8} color="red" offset={2}>
                  <Icon size={20} stroke={1.7} />
                </Indicator>
              }
              rightSection={
                dot ??
                (!collapsed && count > 0 ? (
                  <Badge size="sm" color="red" variant="filled" circle={count < 10} data-testid={`nav-badge-${path.slice(1)}`}>
                    {count > 99 ? '99+' : count}
                  </Badge>
                ) : null)
              }
              active={path === activePath}
              // The router's own highlight (aria-current) follows the same rule.
              end={path !== activePath}
              variant="light"
              styles={{ root: { borderRadius: 'var(--mantine-radius-md)', justifyContent: collapsed ? 'center' : undefined } }}
              data-testid={`nav-${path.slice(1)}`}
            />
          );
          return collapsed ? (
            <Tooltip key={path} label={label} position={rtl ? 'left' : 'right'}>
              {link}
            </Tooltip>
          ) : (
            link
          );
        })}
      </AppShell.Section>
      {showPlans && (
        <AppShell.Section p={collapsed ? 6 : 'sm'}>
          <Box>
            {collapsed ? (
              <Tooltip label={planLabel} position={rtl ? 'left' : 'right'}>
                <ActionIcon component={RouterNavLink} to={plansPath} size="lg" variant="light" mx="auto" display="flex" aria-label={planLabel}>
                  <IconCrown size={18} />
                </ActionIcon>
              </Tooltip>
            ) : (
              <Button component={RouterNavLink} to={plansPath} fullWidth variant="light" leftSection={<IconCrown size={18} />} data-testid="sidebar-plans">
                {planLabel}
              </Button>
            )}
          </Box>
        </AppShell.Section>
      )}
    </>
  );
}

/** The WhatsApp link's dot (spec §2): green when connected, grey when not; its meaning in its label. */
function WhatsappDot({ connected }: { connected: boolean }) {
  const { t } = useTranslation();
  const label = t(connected ? 'nav.whatsappConnected' : 'nav.whatsappDisconnected');
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      data-testid="nav-whatsapp-dot"
      data-connected={connected ? 'true' : 'false'}
      w={8}
      h={8}
      style={{ borderRadius: '50%', display: 'inline-block', flex: 'none', background: connected ? 'var(--mantine-color-green-6)' : 'var(--mantine-color-gray-5)' }}
    />
  );
}
