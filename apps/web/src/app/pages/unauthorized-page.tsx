import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  return <StatusPage icon={IconLock} code="401" title={t('status.unauthorizedTitle')} body={t('status.unauthorizedBody')} testId="unauthorized-page" />;
}
