import type { UserType } from '@app/shared/constants';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const TYPE_COLORS: Record<UserType, string> = { user: 'brand', provider: 'grape', pos: 'orange' };

export function UserTypeBadge({ type }: { type: UserType }) {
  const { t } = useTranslation('users');
  return (
    <Badge variant="light" color={TYPE_COLORS[type]} size="sm">
      {t(`types.${type}`)}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: 'active' | 'inactive' }) {
  const { t } = useTranslation('users');
  return (
    <Badge variant="dot" color={status === 'active' ? 'teal' : 'gray'} size="sm">
      {t(`statuses.${status}`)}
    </Badge>
  );
}
