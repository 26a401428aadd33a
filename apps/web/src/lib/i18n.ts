import { type Locale, RTL_LOCALES } from '@app/shared/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStoredLocale, setStoredLocale } from './storage';

/**
 * The locale files, one chunk per language (`locales/<lng>/index.ts` gathers its namespaces): only the
 * language in use is fetched before the first render, the other when the user switches to it (and
 * English, the fallback, once the page is up).
 */
const LANGUAGES: Record<Locale, () => Promise<{ bundles: Record<string, Record<string, unknown>> }>> = {
  ar: () => import('@/locales/ar/index'),
  en: () => import('@/locales/en/index'),
};

/** The namespaces: the locale files' names (the same in both languages; the parity test checks it). */
export const NAMESPACES = Object.keys(import.meta.glob('../locales/ar/*.json'))
  .map((p) => p.replace(/^.*\/([^/]+)\.json$/, '$1'))
  .sort();

const loading = new Map<Locale, Promise<void>>();

/** Fetches a language's locale files once and adds them to i18next. */
export function loadLanguage(locale: Locale): Promise<void> {
  let p = loading.get(locale);
  if (!p) {
    p = LANGUAGES[locale]().then(({ bundles }) => {
      for (const [ns, bundle] of Object.entries(bundles)) i18n.addResourceBundle(locale, ns, bundle, true, true);
    });
    p.catch(() => loading.delete(locale));
    loading.set(locale, p);
  }
  return p;
}

export const isRtl = (locale: Locale): boolean => RTL_LOCALES.includes(locale);

function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
}

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: getStoredLocale(),
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: NAMESPACES,
  interpolation: { escapeValue: false },
  returnNull: false,
  // A key the code asks for that no locale file has: recorded where the end-to-end suite reads it
  // (every screen is visited in both languages and must leave this list empty).
  saveMissing: true,
  missingKeyHandler: (_lngs, ns, key) => {
    const w = window as unknown as { __i18nMissing?: string[] };
    w.__i18nMissing ??= [];
    if (!w.__i18nMissing.includes(`${ns}:${key}`)) w.__i18nMissing.push(`${ns}:${key}`);
  },
});
applyDocumentLocale(getStoredLocale());

export const currentLocale = (): Locale => (i18n.language === 'en' ? 'en' : 'ar');

/** Switches the UI language: storage, i18next and the document's dir/lang. */
export async function changeLocale(locale: Locale): Promise<void> {
  await loadLanguage(locale);
  setStoredLocale(locale);
  applyDocumentLocale(locale);
  await i18n.changeLanguage(locale);
}

export { i18n };
