import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './vite.precompress';

const api = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

const FORM_CONTROLS =
  /node_modules[\\/]@mantine[\\/](core[\\/]esm[\\/](components[\\/](Input|InputBase|TextInput|PasswordInput|ActionIcon|Anchor)[\\/]|core[\\/]styles-api[\\/]use-resolved-styles-api[\\/])|hooks[\\/]esm[\\/]use-uncontrolled[\\/])/;

const CLOSE_BUTTON = /node_modules[\\/]@mantine[\\/](core[\\/]esm[\\/]components[\\/]CloseButton[\\/]|hooks[\\/]esm[\\/]use-id[\\/])/;

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': { target: api, changeOrigin: true }, '/uploads': { target: api, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    // Every browser the app supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The entry script and everything it imports, in one file (not a few dozen small ones).
            { name: 'index', tags: ['$initial'], priority: 20 },
            // Mantine's text and password inputs, with the buttons and hooks they use: one chunk that
            // every form shares (the sign-in page first) instead of a dozen small ones.
            { name: 'form-controls', test: FORM_CONTROLS, priority: 10 },
            // …but not the close button (and its id hook), which pages without a form (a payment link's
            // alert) use: on their own, so such a page does not fetch the form controls for it.
            { name: 'close-button', test: CLOSE_BUTTON, priority: 15 },
          ],
        },
      },
    },
  },
  test: { environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'], setupFiles: ['src/test/setup.ts'] },
});
