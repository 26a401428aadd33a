import { type Locale, RTL_LOCALES } from '@app/shared/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import arAuth from '@/locales/ar/auth.json';
import arBranches from '@/locales/ar/branches.json';
import arCommon from '@/locales/ar/common.json';
import arDashboard from '@/locales/ar/dashboard.json';
import arOnboarding from '@/locales/ar/onboarding.json';
import arOutbox from '@/locales/ar/outbox.json';
import arPlugins from '@/locales/ar/plugins.json';
import arProfile from '@/locales/ar/profile.json';
import arSettings from '@/locales/ar/settings.json';
import arUsers from '@/locales/ar/users.json';
import enAuth from '@/locales/en/auth.json';
import enBranches from '@/locales/en/branches.json';
import enCommon from '@/locales/en/common.json';
import enDashboard from '@/locales/en/dashboard.json';
import enOnboarding from '@/locales/en/onboarding.json';
import enOutbox from '@/locales/en/outbox.json';
import enPlugins from '@/locales/en/plugins.json';
import enProfile from '@/locales/en/profile.json';
import enSettings from '@/locales/en/settings.json';
import enUsers from '@/locales/en/users.json';
import { getStoredLocale, setStoredLocale } from './storage';

/** Every locale file, by language and namespace; the key-parity test reads this too. */
export const resources = {
  ar: { common: arCommon, auth: arAuth, onboarding: arOnboarding, dashboard: arDashboard, profile: arProfile, outbox: arOutbox, branches: arBranches, plugins: arPlugins, users: arUsers, settings: arSettings },
  en: { common: enCommon, auth: enAuth, onboarding: enOnboarding, dashboard: enDashboard, profile: enProfile, outbox: enOutbox, branches: enBranches, plugins: enPlugins, users: enUsers, settings: enSettings },
} as const;

export const isRtl = (locale: Locale): boolean => RTL_LOCALES.includes(locale);

function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
}

void i18n.use(initReactI18next).init({
  resources,
  lng: getStoredLocale(),
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: Object.keys(resources.ar),
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyDocumentLocale(getStoredLocale());

export const currentLocale = (): Locale => (i18n.language === 'en' ? 'en' : 'ar');

/** Switches the UI language: storage, i18next and the document's dir/lang. */
export async function changeLocale(locale: Locale): Promise<void> {
  setStoredLocale(locale);
  applyDocumentLocale(locale);
  await i18n.changeLanguage(locale);
}

export { i18n };
