import { Group, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The product mark: a letter in the brand colour and, unless compact, the name. */
export function Brand({ compact = false, size = 'lg' }: { compact?: boolean; size?: 'md' | 'lg' | 'xl' }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap" aria-label={t('brand')}>
      <ThemeIcon size={size === 'xl' ? 44 : 34} radius="md" variant="gradient" gradient={{ from: 'brand.6', to: '#6DC8F9', deg: 135 }}>
        <Text fw={800} fz={size === 'xl' ? 22 : 18} c="white" lh={1}>
          {t('brandLetter')}
        </Text>
      </ThemeIcon>
      {!compact && (
        <Text fw={800} fz={size === 'xl' ? 28 : size === 'lg' ? 22 : 18} c="brand.7">
          {t('brand')}
        </Text>
      )}
    </Group>
  );
}
