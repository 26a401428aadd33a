import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUpdateLocale } from '@/features/profile/api/update-locale';
import { currentLocale } from '@/lib/i18n';

/** En/Ar switch: shows the other language's name and switches to it. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const update = useUpdateLocale();
  const next = (i18n.language === 'en' ? 'ar' : 'en') as 'ar' | 'en';
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-md"
      leftSection={<IconLanguage size={18} />}
      data-testid="lang-switch"
      aria-label={t('language.switchTo', { language: t(`language.${next}`) })}
      lang={next}
      onClick={() => currentLocale() !== next && update.mutate(next)}
    >
      {t(`language.${next}`)}
    </Button>
  );
}
