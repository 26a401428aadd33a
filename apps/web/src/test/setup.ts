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

// Unmount what each test rendered (vitest runs without globals, so Testing Library cannot register
// this itself): a component left mounted keeps its timers (Mantine's focus return) running past the
// end of the file, when jsdom is gone.
afterEach(() => {
  cleanup();
});
