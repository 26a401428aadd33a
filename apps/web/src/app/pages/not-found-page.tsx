import { IconMapSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

export function NotFoundPage() {
  const { t } = useTranslation();
  return <StatusPage icon={IconMapSearch} code="404" title={t('status.notFoundTitle')} body={t('status.notFoundBody')} testId="not-found-page" />;
}
