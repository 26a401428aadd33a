import { IconPuzzle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

export function NotFoundPluginPage() {
  const { t } = useTranslation();
  return <StatusPage icon={IconPuzzle} title={t('status.pluginTitle')} body={t('status.pluginBody')} testId="not-found-plugin-page" />;
}
