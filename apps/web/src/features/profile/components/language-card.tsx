import { Card, SegmentedControl, Text, Title } from '@mantine/core';
import type { Locale } from '@app/shared/constants';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';
import { useUpdateLocale } from '../api/update-locale';

export function LanguageCard() {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const update = useUpdateLocale();
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb={4}>
        {t('language.title')}
      </Title>
      <Text c="dimmed" fz="sm" mb="md">
        {t('language.hint')}
      </Text>
      <SegmentedControl
        data-testid="profile-language"
        value={locale}
        onChange={(v) => update.mutate(v as Locale)}
        disabled={update.isPending}
        data={[
          { value: 'ar', label: t('common:language.ar') },
          { value: 'en', label: t('common:language.en') },
        ]}
      />
    </Card>
  );
}
