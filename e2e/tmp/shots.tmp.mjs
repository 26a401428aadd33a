import { chromium } from '@playwright/test';
const BASE = 'http://localhost:3300';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const shots = process.argv.slice(2);
for (const lang of ['ar', 'en']) {
  for (const width of [1440, 360]) {
    const ctx = await browser.newContext({ viewport: { width, height: width === 360 ? 780 : 900 }, locale: lang === 'ar' ? 'ar-SA' : 'en-US', timezoneId: 'Asia/Riyadh' });
    const page = await ctx.newPage();
    await page.goto(`${BASE}/login`);
    await page.locator('input[name="email"]').fill('owner@demo.khidma.test');
    await page.locator('input[name="password"]').fill('Demo@12345');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/dashboard/);
    if (lang === 'en') { await page.evaluate(() => localStorage.setItem('selected-locale', 'en')); }
    for (const s of shots) {
      const [name, path, action] = s.split('|');
      await page.goto(`${BASE}${path}`);
      await page.waitForTimeout(1500);
      if (action === 'newbooking') { await page.getByTestId('calendar-new-booking').click().catch(async () => { await page.locator('button:has(svg.tabler-icon-calendar-plus)').first().click(); }); await page.waitForTimeout(1200); }
      if (action === 'branchhours') { }
      await page.screenshot({ path: `/tmp/shots/${name}-${lang}-${width}.png`, fullPage: action !== 'newbooking' });
    }
    await ctx.close();
  }
}
await browser.close();
