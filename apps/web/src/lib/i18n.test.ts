import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './i18n';

/** Every locale file of a language, by namespace (the app fetches them one by one). */
function bundles(files: Record<string, Record<string, unknown>>): Record<string, Record<string, unknown>> {
  return Object.fromEntries(Object.entries(files).map(([path, texts]) => [path.replace(/^.*\/([^/]+)\.json$/, '$1'), texts]));
}
const ar = bundles(import.meta.glob<Record<string, unknown>>('../locales/ar/*.json', { eager: true, import: 'default' }));
const en = bundles(import.meta.glob<Record<string, unknown>>('../locales/en/*.json', { eager: true, import: 'default' }));
const resources = { ar, en } as const;

const PLURAL = /_(zero|one|two|few|many|other)$/;
const AR_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];
const EN_FORMS = ['one', 'other'];

/** Every leaf key of a locale file, dotted (arrays by index). */
function leaves(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

/** Keys with plural suffixes folded to their base, so "x_one"/"x_few" compare as "x". */
const baseKeys = (keys: string[]) => new Set(keys.map((k) => k.replace(PLURAL, '')));

describe('locale files', () => {
  it('has the same namespaces in both languages, and i18next knows each', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
    expect(NAMESPACES).toEqual(Object.keys(ar).sort());
  });

  const namespaces = new Set([...Object.keys(resources.ar), ...Object.keys(resources.en)]);

  for (const ns of namespaces) {
    it(`${ns}: Arabic and English have the same keys`, () => {
      const ar = (resources.ar as Record<string, unknown>)[ns];
      const en = (resources.en as Record<string, unknown>)[ns];
      expect(ar, `ar/${ns}.json is missing`).toBeDefined();
      expect(en, `en/${ns}.json is missing`).toBeDefined();
      const arKeys = baseKeys(leaves(ar));
      const enKeys = baseKeys(leaves(en));
      expect([...arKeys].filter((k) => !enKeys.has(k)), `keys missing in en/${ns}.json`).toEqual([]);
      expect([...enKeys].filter((k) => !arKeys.has(k)), `keys missing in ar/${ns}.json`).toEqual([]);
    });

    it(`${ns}: plural keys have every form (Arabic six, English two)`, () => {
      for (const [lng, forms] of [
        ['ar', AR_FORMS],
        ['en', EN_FORMS],
      ] as const) {
        const keys = leaves((resources[lng] as Record<string, unknown>)[ns]);
        const plurals = new Set(keys.filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
        for (const base of plurals) {
          for (const form of forms) expect(keys, `${lng}/${ns}.json lacks ${base}_${form}`).toContain(`${base}_${form}`);
        }
      }
    });

    it(`${ns}: no empty strings`, () => {
      for (const lng of ['ar', 'en'] as const) {
        const file = (resources[lng] as Record<string, unknown>)[ns];
        const empty = leaves(file).filter((k) => {
          const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)?.[p], file);
          return typeof v === 'string' && v.trim() === '';
        });
        expect(empty, `${lng}/${ns}.json has empty values`).toEqual([]);
      }
    });
  }
});
