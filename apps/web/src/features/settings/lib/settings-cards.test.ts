import { IconSettings } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { type CardRoute, SETTINGS_CARDS, type SettingsCard, visibleSettingsCards } from './settings-cards';

const card = (id: string): SettingsCard => ({ id, path: `/settings/${id}`, icon: IconSettings });
const cards = [card('users'), card('roles'), card('branches'), card('plugins'), card('syncedInvoices')];
const routes: CardRoute[] = [
  { path: '/settings/users', permissions: ['settings.users'] },
  { path: '/settings/roles', permissions: ['settings.roles'] },
  { path: '/settings/plugins', permissions: ['plugins'], plugin: 'pos' },
  { path: '/settings/syncedInvoices', permissions: [] },
];
const user = (permissions: string[], plugins: string[] = []) => ({ permissions, tenant: { plugins } });
const ids = (list: SettingsCard[]) => list.map((c) => c.id);

describe('settings hub cards', () => {
  it('shows only cards whose route exists in the route table', () => {
    expect(ids(visibleSettingsCards(cards, routes, user(['settings.users', 'settings.roles', 'settings.branches'])))).toEqual([
      'users',
      'roles',
      'syncedInvoices',
    ]);
  });

  it('hides cards the user holds no key for, and shows those needing none', () => {
    expect(ids(visibleSettingsCards(cards, routes, user(['settings.roles'])))).toEqual(['roles', 'syncedInvoices']);
    expect(ids(visibleSettingsCards(cards, routes, user([])))).toEqual(['syncedInvoices']);
  });

  it('hides cards whose plugin is not installed', () => {
    expect(ids(visibleSettingsCards(cards, routes, user(['plugins'])))).toEqual(['syncedInvoices']);
    expect(ids(visibleSettingsCards(cards, routes, user(['plugins'], ['pos'])))).toEqual(['plugins', 'syncedInvoices']);
  });

  it('has one entry for users and roles and one for apps and plugins', () => {
    const paths = SETTINGS_CARDS.map((c) => c.path);
    expect(paths).toContain('/settings/users-and-roles');
    expect(paths).toContain('/settings/apps-and-plugins');
    for (const duplicate of ['/settings/users', '/settings/roles', '/settings/plugins']) expect(paths).not.toContain(duplicate);
  });

  it('keeps the declared order and has unique ids and paths', () => {
    expect(new Set(SETTINGS_CARDS.map((c) => c.id)).size).toBe(SETTINGS_CARDS.length);
    expect(new Set(SETTINGS_CARDS.map((c) => c.path)).size).toBe(SETTINGS_CARDS.length);
    expect(SETTINGS_CARDS.every((c) => c.path.startsWith('/settings/') && c.path !== '/settings/panel')).toBe(true);
  });
});
