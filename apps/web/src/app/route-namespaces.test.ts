import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '@/lib/i18n';

/**
 * A page fetches the locale namespaces its route declares (with its layout's and `common`) before it
 * renders. This reads the source: every namespace a page's code (its module and everything it
 * imports) translates with must be declared, so no page shows a raw key or waits on a namespace it
 * did not say it needs.
 */
const SOURCES = import.meta.glob<string>(['/src/**/*.ts', '/src/**/*.tsx', '!/src/**/*.test.*'], { query: '?raw', import: 'default', eager: true });

/** `@/x/y` and `./y` → the glob's key of the file (`/src/x/y.tsx`). */
function resolve(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith('@/')) base = `/src/${spec.slice(2)}`;
  else if (spec.startsWith('.')) {
    const parts = from.split('/').slice(0, -1);
    for (const part of spec.split('/')) {
      if (part === '..') parts.pop();
      else if (part !== '.') parts.push(part);
    }
    base = parts.join('/');
  } else return undefined;
  return [base, `${base}.ts`, `${base}.tsx`].find((f) => f in SOURCES && /\.tsx?$/.test(f));
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g;
const NS = new Set(NAMESPACES);

/** The namespaces one file translates with. */
function namespacesIn(source: string): Set<string> {
  const found = new Set<string>();
  for (const [, args = ''] of source.matchAll(/useTranslation\(([^)]*)\)/g)) {
    if (args.trim() === '') found.add('common');
    for (const [, ns = ''] of args.matchAll(/'([a-z-]+)'/g)) found.add(ns);
  }
  for (const [, ns = ''] of source.matchAll(/['`"]([a-z-]+):[a-zA-Z_$]/g)) if (NS.has(ns)) found.add(ns);
  for (const [, ns = ''] of source.matchAll(/getFixedT\([^,]+,\s*'([a-z-]+)'/g)) found.add(ns);
  return found;
}

/** The route tables' lazily loaded pages stop the walk: each declares its own. */
const TABLES = ['/src/app/router.tsx', '/src/app/main-routes.tsx', '/src/app/route-table.tsx'];

/** What a module and everything it imports (its lazily loaded parts too) translate with. */
function usedBy(file: string): Set<string> {
  const seen = new Set<string>();
  const used = new Set<string>();
  const walk = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    const source = SOURCES[f] ?? '';
    for (const ns of namespacesIn(source)) used.add(ns);
    for (const [, staticSpec, dynamicSpec] of source.matchAll(IMPORT)) {
      if (dynamicSpec && TABLES.includes(f)) continue;
      const next = resolve(f, staticSpec ?? dynamicSpec ?? '');
      if (next && !next.endsWith('lib/i18n.ts')) walk(next);
    }
  };
  walk(file);
  return used;
}

type Declared = { file: string; module: string; name: string; namespaces: string[] };

/** Every `lazyPage(() => import('…'), 'Name', [namespaces])` (or `page(…)`) of the route tables. */
const declared: Declared[] = TABLES.flatMap((file) =>
  [...(SOURCES[file] ?? '').matchAll(/(?:lazyPage|page)\(\(\) => import\('([^']+)'\), '(\w+)'(?:, \[([^\]]*)\])?\)/g)].map(([, spec = '', name = '', list = '']) => ({
    file,
    module: resolve(file, spec) ?? spec,
    name,
    namespaces: [...list.matchAll(/'([a-z-]+)'/g)].map((m) => m[1] ?? ''),
  })),
);

const byName = (name: string) => declared.find((d) => d.name === name);

/** The layout a page renders in, whose namespaces it may rely on. */
function layoutOf(d: Declared): Declared | undefined {
  if (d.file === '/src/app/route-table.tsx') return byName(d.name === 'ReceiptPage' ? 'PrintLayout' : 'AppShellLayout');
  if (d.module.includes('/features/onboarding/') && d.name !== 'LaunchProfilePage') return byName('OnboardingLayout');
  // The signed-in area (its router, whose route table names the sidebar's labels) and its status pages
  // render with the shell.
  if (['MainRoutes', 'NotFoundPage', 'NotFoundPluginPage', 'UnauthorizedPage'].includes(d.name)) return byName('AppShellLayout');
  return undefined;
}

describe('route namespaces', () => {
  it('finds the route tables’ pages', () => {
    expect(declared.length).toBeGreaterThan(60);
    expect(declared.every((d) => d.module in SOURCES)).toBe(true);
  });

  it('declare only namespaces that exist', () => {
    for (const d of declared) expect(d.namespaces.filter((ns) => !NS.has(ns)), d.name).toEqual([]);
  });

  for (const d of declared) {
    it(`${d.name} declares every namespace its code translates with`, () => {
      const allowed = new Set(['common', ...d.namespaces, ...(layoutOf(d)?.namespaces ?? [])]);
      expect([...usedBy(d.module)].filter((ns) => !allowed.has(ns)).sort()).toEqual([]);
    });
  }
});
