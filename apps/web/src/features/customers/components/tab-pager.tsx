import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import type { Meta } from '../api/customers';

/** Under a tab's list: "11–20 of 34" and the page buttons (only when there is more than one page). */
export function TabPager({ meta, onChange, testId }: { meta: Meta | undefined; onChange: (page: number) => void; testId: string }) {
  const { t } = useTranslation('customers');
  const locale = useLocale();
  if (!meta || meta.total === 0) return null;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text fz="sm" c="dimmed" data-testid={`${testId}-range`}>
        {t('pageOf', {
          from: formatNumber((meta.current_page - 1) * meta.per_page + 1, locale),
          to: formatNumber(Math.min(meta.current_page * meta.per_page, meta.total), locale),
          total: formatNumber(meta.total, locale),
        })}
      </Text>
      {meta.last_page > 1 && <Pagination total={meta.last_page} value={meta.current_page} onChange={onChange} size="sm" siblings={0} data-testid={testId} />}
    </Group>
  );
}
