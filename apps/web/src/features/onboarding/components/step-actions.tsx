import { Button, Group, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '@/lib/use-locale';

/** Back and continue; arrows point along the reading direction. */
export function StepActions({ back, loading, submitLabel }: { back?: string; loading: boolean; submitLabel?: string }) {
  const { t } = useTranslation('onboarding');
  const rtl = useLocale() === 'ar';
  const Forward = rtl ? IconArrowLeft : IconArrowRight;
  const Backward = rtl ? IconArrowRight : IconArrowLeft;
  return (
    <Group justify="space-between" mt="xl" wrap="nowrap">
      {back ? (
        <Button component={Link} to={back} variant="default" leftSection={<Backward size={18} />} aria-label={t('back')} px={{ base: 'sm', xs: 'lg' }}>
          {/* On phones the arrow alone says "back"; the label needs the room for the main button. */}
          <Text span inherit visibleFrom="xs">
            {t('back')}
          </Text>
        </Button>
      ) : (
        <span />
      )}
      <Button type="submit" loading={loading} rightSection={<Forward size={18} />} data-testid="step-submit">
        {submitLabel ?? t('next')}
      </Button>
    </Group>
  );
}
