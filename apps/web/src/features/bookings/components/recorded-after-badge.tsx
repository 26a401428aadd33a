import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "Entered after the fact": a visit recorded after it happened (`recorded_after`). */
export function RecordedAfterBadge({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation('bookings');
  return (
    <Tooltip label={t('recordedAfter.hint')}>
      <Badge size={size} variant="outline" color="gray" tt="none" data-testid="booking-recorded-after">
        {t('recordedAfter.badge')}
      </Badge>
    </Tooltip>
  );
}
