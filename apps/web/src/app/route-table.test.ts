import { PERMISSION_KEYS } from '@app/shared/permissions';
import { describe, expect, it } from 'vitest';
import { marketingTarget } from '@/features/marketing/pages/marketing-redirect';
import { NOTIFICATION_SECTIONS } from '@/features/notifications/components/notifications-tabs';
import { notificationsTarget } from '@/features/notifications/pages/notifications-redirect';
import { SETTINGS_CARDS, visibleSettingsCards } from '@/features/settings/lib/settings-cards';
import { findMainRoute, MAIN_ROUTES, pagesToPreload, sidebarEntries } from './route-table';

const user = (permissions: readonly string[], plugins: string[] = []) => ({ permissions, tenant: { plugins } });
const paths = (u: ReturnType<typeof user>) => sidebarEntries(u).map((e) => e.path);

describe('management routes', () => {
  it('shows the management entry (order 8) to a holder of any management key, before settings', () => {
    expect(paths(user(['customers']))).toEqual(['/dashboard', '/management']);
    expect(paths(user(['type-expenses']))).toContain('/management');
    expect(paths(user(['bookings']))).not.toContain('/management');
    const all = paths(user(PERMISSION_KEYS));
    expect(all.indexOf('/management')).toBeLessThan(all.indexOf('/settings'));
  });

  it('declares the API keys on the staff and customer pages', () => {
    expect(findMainRoute('/management/staffs')?.permissions).toEqual(['providers']);
    expect(findMainRoute('/management/customers')?.permissions).toEqual(['customers']);
    expect(findMainRoute('/management/customers/0b6e1c1e-0000-4000-8000-000000000000')?.permissions).toEqual(['customers']);
  });
});

describe('booking routes', () => {
  it('shows the calendar (order 2) and the bookings list (order 3) right after the dashboard', () => {
    expect(paths(user(['bookings'])).slice(0, 3)).toEqual(['/dashboard', '/calendar', '/bookings']);
    expect(paths(user(['calendar_only_staff']))).toContain('/calendar');
    expect(paths(user(['calendar_only_staff']))).not.toContain('/bookings');
    expect(paths(user(['calendar.all']))).toEqual(expect.arrayContaining(['/calendar', '/bookings']));
    expect(paths(user(['customers']))).not.toContain('/calendar');
  });
});

describe('order routes', () => {
  it('shows orders (order 4, with the unread badge) to holders of the orders key, after bookings', () => {
    expect(paths(user(['orders']))).toEqual(['/dashboard', '/orders']);
    expect(paths(user(['customers']))).not.toContain('/orders');
    const all = paths(user(PERMISSION_KEYS));
    expect(all.indexOf('/orders')).toBe(all.indexOf('/bookings') + 1);
    expect(sidebarEntries(user(['orders'])).find((e) => e.path === '/orders')?.sidebar.badge).toBe('orders');
    expect(findMainRoute('/orders/0b6e1c1e-0000-4000-8000-000000000000')?.permissions).toEqual(['orders']);
  });
});

describe('settings routes', () => {
  it('shows the settings entry (order 15) to a holder of any settings.* key only', () => {
    expect(paths(user(['bookings', 'orders']))).not.toContain('/settings');
    expect(paths(user(['settings.roles']))).toEqual(['/dashboard', '/settings']);
    expect(paths(user(['settings.taxes']))).toContain('/settings');
    expect(paths(user(PERMISSION_KEYS)).at(-1)).toBe('/settings');
  });

  it('declares the API keys on the users and roles pages; the hub needs none', () => {
    expect(findMainRoute('/settings/users')?.permissions).toEqual(['settings.users']);
    expect(findMainRoute('/settings/roles')?.permissions).toEqual(['settings.roles']);
    expect(findMainRoute('/settings/panel')?.permissions).toEqual([]);
    expect(findMainRoute('/settings/users-and-roles')?.permissions).toEqual(['settings.users', 'settings.roles']);
  });

  it('the hub lists the built pages the user may open', () => {
    const owner = visibleSettingsCards(SETTINGS_CARDS, MAIN_ROUTES, user(PERMISSION_KEYS)).map((c) => c.id);
    expect(owner).toEqual(expect.arrayContaining(['usersAndRoles', 'appsAndPlugins']));
    // One card for users and roles, one for apps and plugins: no second way to the same screen.
    expect(owner.filter((id) => ['users', 'roles', 'plugins'].includes(id))).toEqual([]);
    const rolesOnly = visibleSettingsCards(SETTINGS_CARDS, MAIN_ROUTES, user(['settings.roles'])).map((c) => c.id);
    expect(rolesOnly).toEqual(['usersAndRoles']);
    expect(visibleSettingsCards(SETTINGS_CARDS, MAIN_ROUTES, user(['bookings', 'customers']))).toEqual([]);
  });
});

describe('subscription routes', () => {
  it('declares the current plan, plans, invoices and the local gateway with settings.subscriptions, and the hub links them', () => {
    for (const path of [
      '/settings/subscriptions',
      '/settings/subscriptions/plans',
      '/settings/subscriptions/current-plan',
      '/settings/subscriptions/invoices',
      '/settings/subscriptions/invoices/0b6e1c1e-0000-4000-8000-000000000000',
      '/subscription-checkout/0b6e1c1e-0000-4000-8000-000000000000',
    ]) {
      expect(findMainRoute(path)?.permissions, path).toEqual(['settings.subscriptions']);
    }
    expect(findMainRoute('/settings/subscriptions')?.Page).toBe(findMainRoute('/settings/subscriptions/current-plan')?.Page);
    // The printable invoice and the gateway's page have no shell.
    expect(findMainRoute('/settings/subscriptions/invoices/x')?.bare).toBe(true);
    expect(findMainRoute('/subscription-checkout/x')?.bare).toBe(true);
    expect(findMainRoute('/settings/subscriptions/invoices')?.bare).toBeUndefined();
    expect(visibleSettingsCards(SETTINGS_CARDS, MAIN_ROUTES, user(['settings.subscriptions'])).map((c) => c.id)).toEqual(['subscription']);
    expect(visibleSettingsCards(SETTINGS_CARDS, MAIN_ROUTES, user(['settings.taxes'])).map((c) => c.id)).not.toContain('subscription');
  });
});

describe('the operator route', () => {
  it('needs no key but is the operator’s: fetched ahead for the operator only', () => {
    const route = findMainRoute('/operator');
    expect(route).toMatchObject({ permissions: [], operator: true });
    expect(pagesToPreload({ ...user(PERMISSION_KEYS), can_imp: false })).not.toContain(route?.Page);
    expect(pagesToPreload({ ...user([]), can_imp: true, is_imp: true })).not.toContain(route?.Page);
    expect(pagesToPreload({ ...user([]), can_imp: true, is_imp: false })).toContain(route?.Page);
  });
});

describe('marketing routes', () => {
  it('shows the marketing entry (order 11) to a holder of the coupons key, after sales and before settings', () => {
    expect(paths(user(['marketing.coupons']))).toEqual(['/dashboard', '/marketing']);
    expect(paths(user(['orders']))).not.toContain('/marketing');
    const all = paths(user(PERMISSION_KEYS));
    expect(all.indexOf('/marketing')).toBeGreaterThan(all.indexOf('/sales'));
    expect(all.indexOf('/marketing')).toBeLessThan(all.indexOf('/settings'));
  });

  it('declares the API key on the coupons page', () => {
    expect(findMainRoute('/marketing/coupons')?.permissions).toEqual(['marketing.coupons']);
  });

  it('/marketing opens the reviews (spec §2), else the first marketing screen the user may open', () => {
    const built = (paths: string[]) => (p: string) => paths.includes(p);
    expect(marketingTarget(['marketing.coupons', 'marketing.reviews'], built(['/marketing/coupons']))).toBe('/marketing/coupons');
    expect(marketingTarget(['marketing.coupons', 'marketing.reviews'], built(['/marketing/reviews', '/marketing/coupons']))).toBe('/marketing/reviews');
    expect(marketingTarget(['marketing.coupons'], built(['/marketing/reviews', '/marketing/coupons']))).toBe('/marketing/coupons');
    expect(marketingTarget(['marketing.coupons'], (p) => Boolean(findMainRoute(p)))).toBe('/marketing/coupons');
    expect(marketingTarget(['marketing.reviews', 'marketing.coupons'], (p) => Boolean(findMainRoute(p)))).toBe('/marketing/reviews');
    expect(marketingTarget(['comments'], (p) => Boolean(findMainRoute(p)))).toBe('/marketing/comments');
  });

  it('declares the API keys on the reviews and comments pages, and shows the marketing entry to their holders', () => {
    expect(findMainRoute('/marketing/reviews')?.permissions).toEqual(['marketing.reviews']);
    expect(findMainRoute('/marketing/comments')?.permissions).toEqual(['comments']);
    expect(paths(user(['marketing.reviews']))).toContain('/marketing');
    expect(paths(user(['comments']))).toContain('/marketing');
  });
});

describe('notification routes', () => {
  it('shows the notifications entry (order 5) to a holder of either key, right after orders', () => {
    expect(paths(user(['notifications']))).toEqual(['/dashboard', '/notifications']);
    expect(paths(user(['settings.notifications']))).toEqual(['/dashboard', '/notifications', '/settings']);
    expect(paths(user(['orders', 'bookings']))).not.toContain('/notifications');
    const all = paths(user(PERMISSION_KEYS));
    expect(all.indexOf('/notifications')).toBe(all.indexOf('/orders') + 1);
    expect(sidebarEntries(user(['notifications'])).find((e) => e.path === '/notifications')?.sidebar.order).toBe(5);
  });

  it('declares the API keys: the log `notifications`, the templates `settings.notifications`', () => {
    expect(findMainRoute('/notifications/log')?.permissions).toEqual(['notifications']);
    expect(findMainRoute('/notifications/settings')?.permissions).toEqual(['settings.notifications']);
    for (const s of NOTIFICATION_SECTIONS) expect(findMainRoute(s.path)?.permissions, s.path).toEqual([...s.permission]);
  });

  it('/notifications opens the WhatsApp screen (spec §2) for a holder of either key', () => {
    expect(notificationsTarget(['notifications', 'settings.notifications'])).toBe('/notifications/whatsapp');
    expect(notificationsTarget(['settings.notifications'])).toBe('/notifications/whatsapp');
    expect(notificationsTarget(['notifications'])).toBe('/notifications/whatsapp');
    expect(findMainRoute('/notifications/whatsapp')?.permissions).toEqual(['notifications', 'settings.notifications']);
  });

  it('the settings hub links the templates (its address opens them under /notifications)', () => {
    const card = visibleSettingsCards(SETTINGS_CARDS, MAIN_ROUTES, user(['settings.notifications']));
    expect(card.map((c) => c.id)).toEqual(['notifications']);
    expect(findMainRoute(card[0]?.path ?? '')?.permissions).toEqual(['settings.notifications']);
    expect(visibleSettingsCards(SETTINGS_CARDS, MAIN_ROUTES, user(['notifications'])).map((c) => c.id)).not.toContain('notifications');
  });
});
