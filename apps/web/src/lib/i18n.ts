import { type Locale, RTL_LOCALES } from '@app/shared/constants';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStoredLocale, setStoredLocale } from './storage';

/**
 * The locale files, one chunk each (`locales/<lng>/<namespace>.json`): a page fetches the namespaces
 * it uses, in the language in use, before it renders (the route tables declare them); the other
 * language's files only when the user switches to it.
 */
const FILES = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' });

const nameOf = (file: string) => file.replace(/^.*\/([^/]+)\.json$/, '$1');

/** The namespaces: the locale files' names (the same in both languages; the parity test checks it). */
export const NAMESPACES: readonly string[] = [...new Set(Object.keys(FILES).map(nameOf))].sort();

/** Every page's texts include these (the app's frame: buttons, states, errors, the language switch). */
export const BASE_NAMESPACES = ['common'] as const;

function readFile(lng: string, ns: string): Promise<Record<string, unknown>> {
  const load = FILES[`../locales/${lng}/${ns}.json`];
  return load ? load() : Promise.reject(new Error(`no locale file ${lng}/${ns}.json`));
}

/**
 * i18next reads a namespace from its locale file's chunk. A component asking for a namespace that is
 * not in yet (`useTranslation('x')`) suspends until it is, so no key ever shows raw; the route tables
 * load a page's namespaces with its code, so that wait normally never happens.
 */
const localeFiles: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read: (lng, ns, done) => {
    readFile(lng, ns).then(
      (texts) => done(null, texts),
      (err: unknown) => done(err instanceof Error ? err : String(err), false),
    );
  },
};

export const isRtl = (locale: Locale): boolean => RTL_LOCALES.includes(locale);

function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
}

const ready = i18n
  .use(localeFiles)
  .use(initReactI18next)
  .init({
    lng: getStoredLocale(),
    // No fallback language: both languages have every key (a unit test fails otherwise), so the
    // texts of the language in use are all a page needs; a fallback would fetch English too.
    fallbackLng: false,
    supportedLngs: ['ar', 'en'],
    defaultNS: 'common',
    ns: [...BASE_NAMESPACES],
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

/** Fetches namespaces (with the base ones) in the language in use, each once; resolves when they are in. */
export async function loadNamespaces(namespaces: readonly string[] = []): Promise<void> {
  await ready;
  const wanted = [...new Set([...BASE_NAMESPACES, ...namespaces])];
  if (wanted.every((ns) => i18n.hasResourceBundle(i18n.language, ns))) return;
  await i18n.loadNamespaces(wanted);
}

/**
 * Texts in a language other than the screen's, without switching (a receipt printed in English from
 * the Arabic screen), each file once.
 */
export async function loadTexts(lng: Locale, namespaces: readonly string[]): Promise<void> {
  await ready;
  await Promise.all(
    namespaces
      .filter((ns) => !i18n.hasResourceBundle(lng, ns))
      .map(async (ns) => {
        i18n.addResourceBundle(lng, ns, await readFile(lng, ns), true, true);
      }),
  );
}

export const currentLocale = (): Locale => (i18n.language === 'en' ? 'en' : 'ar');

/**
 * Switches the UI language: the new language's files for every namespace in use (the page on screen
 * and those fetched ahead) come first, then storage, i18next and the document's dir/lang together.
 */
export async function changeLocale(locale: Locale): Promise<void> {
  const inUse = NAMESPACES.filter((ns) => i18n.hasResourceBundle(i18n.language, ns));
  await loadTexts(locale, inUse);
  setStoredLocale(locale);
  applyDocumentLocale(locale);
  await i18n.changeLanguage(locale);
}

export { i18n };
