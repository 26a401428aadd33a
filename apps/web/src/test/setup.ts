import { loadTexts, NAMESPACES } from '@/lib/i18n';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lacks matchMedia, which Mantine reads.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// Nor FontFaceSet, which Mantine's autosize textarea listens to.
if (!(document as { fonts?: unknown }).fonts) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

// Nor ResizeObserver, which Mantine's select dropdowns and segmented control use.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

// Unmount what each test rendered (vitest runs without globals, so Testing Library cannot register
// this itself): a component left mounted keeps its timers (Mantine's focus return) running past the
// end of the file, when jsdom is gone.
afterEach(() => {
  cleanup();
});

// Both languages' texts, every namespace: what a page has once its own are in (the app fetches them
// per page and language).
await Promise.all([loadTexts('ar', NAMESPACES), loadTexts('en', NAMESPACES)]);
