import { DEFAULT_LOCALE, type Locale, LOCALES, STORAGE_KEYS } from '@app/shared/constants';

/** Local storage with the keys of `STORAGE_KEYS`; every read tolerates a blocked storage. */
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the app still works for this tab.
  }
}

export const getToken = (): string | null => read(STORAGE_KEYS.token);
export const setToken = (token: string | null): void => write(STORAGE_KEYS.token, token);

export function getStoredLocale(): Locale {
  const value = read(STORAGE_KEYS.locale);
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : DEFAULT_LOCALE;
}
export const setStoredLocale = (locale: Locale): void => write(STORAGE_KEYS.locale, locale);

export const getSidebarCollapsed = (): boolean => read(STORAGE_KEYS.sidebar) === 'true';
export const setSidebarCollapsed = (collapsed: boolean): void => write(STORAGE_KEYS.sidebar, String(collapsed));

/** Sign-out on this device: the token goes; the chosen language stays. */
export function clearSession(): void {
  setToken(null);
}
