import type { Locale } from '@app/shared/constants';
import { useTranslation } from 'react-i18next';

/** The UI language as a `Locale`; re-renders on a switch. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'ar';
}
