import { describe, expect, it } from 'vitest';
import { findMainRoute, sidebarEntries } from '@/app/route-table';
import { panelTarget, STORE_PANEL_TABS, storeTarget } from './store-sections';
import { checkStoreImage } from './image-check';

const user = (permissions: string[]) => ({ permissions, tenant: { plugins: [] } });

describe('store routes', () => {
  it('/store opens the panel’s first tab the account may open, else its first other screen', () => {
    expect(storeTarget(['store.settings', 'store.gallery'])).toBe('/store/store-panel/general');
    expect(storeTarget(['store.appearance'])).toBe('/store/store-panel/appearance');
    expect(storeTarget(['store.website_management'])).toBe('/store/store-panel/general');
    expect(storeTarget(['marketing.pages'])).toBe('/store/custom-pages');
    expect(panelTarget(['marketing.pages'])).toBeNull();
  });

  it('declares each tab’s key, and the store (10) and store analytics (13) sidebar entries', () => {
    expect(findMainRoute('/store/store-panel/general')?.permissions).toEqual(['store.settings', 'store.website_management']);
    expect(findMainRoute('/store/store-panel/store-settings')?.permissions).toEqual(['store.settings']);
    expect(findMainRoute('/store/store-panel/appearance')?.permissions).toEqual(['store.appearance']);
    expect(findMainRoute('/store/store-panel/gallery')?.permissions).toEqual(['store.gallery']);
    expect(findMainRoute('/store/store-panel/contacts')?.permissions).toEqual(['store.contacts']);
    expect(findMainRoute('/store/custom-pages/create')?.permissions).toEqual(['marketing.pages']);
    expect(findMainRoute('/store/analytics')?.permissions).toEqual(['marketing.booking_page']);
    expect(findMainRoute('/store/reviews')?.permissions).toEqual(['marketing.reviews']);
    for (const tab of STORE_PANEL_TABS) expect(findMainRoute(tab.path)?.Page).toBe(findMainRoute('/store/store-panel/general')?.Page);

    const paths = (p: string[]) => sidebarEntries(user(p)).map((e) => e.path);
    expect(paths(['store.gallery'])).toEqual(['/dashboard', '/store']);
    expect(paths(['marketing.booking_page'])).toEqual(['/dashboard', '/store/analytics']);
    expect(paths(['orders'])).not.toContain('/store');
    const all = sidebarEntries(user(['transaction', 'store.settings', 'marketing.coupons', 'marketing.booking_page', 'settings.taxes'])).map((e) => e.sidebar.order);
    expect(all).toEqual([...all].sort((a, b) => a - b));
    expect(sidebarEntries(user(['store.settings'])).find((e) => e.path === '/store')?.sidebar.order).toBe(10);
    expect(sidebarEntries(user(['marketing.booking_page'])).find((e) => e.path === '/store/analytics')?.sidebar.order).toBe(13);
  });
});

describe('checkStoreImage', () => {
  const f = (type: string, bytes: number) => new File([new Uint8Array(bytes)], 'x', { type });
  const px = (width: number, height: number) => async () => ({ width, height });
  it('the logo: JPG/PNG, 500 KB, at most 500×500, square', async () => {
    expect(await checkStoreImage('logo', f('image/webp', 10), px(100, 100))).toBe('logoType');
    expect(await checkStoreImage('logo', f('image/png', 500 * 1024 + 1), px(100, 100))).toBe('logoTooLarge');
    expect(await checkStoreImage('logo', f('image/png', 500 * 1024), px(500, 500))).toBeNull();
    expect(await checkStoreImage('logo', f('image/png', 10), px(501, 501))).toBe('logoDimensions');
    expect(await checkStoreImage('logo', f('image/jpeg', 10), px(300, 200))).toBe('logoSquare');
    expect(await checkStoreImage('logo', f('image/jpeg', 10), async () => null)).toBe('unreadable');
  });
  it('the banner and gallery: 2 MB, JPG/PNG/WEBP, any shape', async () => {
    const never = async () => {
      throw new Error('not read');
    };
    expect(await checkStoreImage('banner', f('image/webp', 2 * 1024 * 1024), never)).toBeNull();
    expect(await checkStoreImage('banner', f('image/png', 2 * 1024 * 1024 + 1), never)).toBe('imageTooLarge');
    expect(await checkStoreImage('gallery', f('application/pdf', 10), never)).toBe('imageType');
  });
});
