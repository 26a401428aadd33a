import type { ImportEntity } from '@app/shared/schemas/import';
import { Button, type ButtonProps } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { importPath } from '../lib/import-flow';

/** A list page's way to its import screen: `<ImportButton entity="customers" />`. */
export function ImportButton({ entity, variant = 'default' }: { entity: ImportEntity; variant?: ButtonProps['variant'] }) {
  const { t } = useTranslation('import');
  return (
    <Button component={Link} to={importPath(entity)} variant={variant} leftSection={<IconFileImport size={16} />} title={t('buttonLabel')} data-testid={`import-${entity}`}>
      {t('button')}
    </Button>
  );
}
