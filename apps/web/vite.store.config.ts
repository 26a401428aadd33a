import { defineConfig } from 'vite';
import { precompress } from './vite.precompress';

/**
 * The public store's own script (src/store: plain TypeScript and DOM, no React): the booking steps and
 * the customer's booking page. Built after the dashboard (whose build empties dist) into dist/store,
 * which the API serves at /store-assets/; its manifest names the entry's file and CSS for the page.
 */
export default defineConfig({
  base: '/store-assets/',
  // The dashboard's public files (its icons, boot script, push worker) are not the store's.
  publicDir: false,
  plugins: [precompress()],
  build: {
    outDir: 'dist/store',
    emptyOutDir: true,
    manifest: true,
    modulePreload: { polyfill: false },
    target: 'es2020',
    rolldownOptions: { input: 'src/store/main.ts' },
  },
});
