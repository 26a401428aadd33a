import type { Charge, SubscriptionStatusLabel } from '@app/shared/schemas/subscription';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CHARGE_COLORS, STATUS_COLORS } from '../lib/subscription';

/** Where the business stands, one of the nine words of spec §4. */
export function StatusBadge({ label, size = 'lg' }: { label: SubscriptionStatusLabel; size?: BadgeProps['size'] }) {
  const { t } = useTranslation('subscription');
  return (
    <Badge color={STATUS_COLORS[label]} variant="light" size={size} style={{ minWidth: 'max-content' }} data-testid="subscription-status" data-status={label}>
      {t(`status.${label}`)}
    </Badge>
  );
}

/** A charge's status (paid, failed, awaiting review …). */
export function ChargeStatusBadge({ status }: { status: Charge['status'] }) {
  const { t } = useTranslation('subscription');
  return (
    <Badge color={CHARGE_COLORS[status]} variant="light" size="sm" style={{ minWidth: 'max-content' }} data-testid="charge-status" data-status={status}>
      {t(`charges.status.${status}`)}
    </Badge>
  );
}
