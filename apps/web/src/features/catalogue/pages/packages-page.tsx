import type { Package } from '@app/shared/schemas/catalogue';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconBox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListViewColumn } from '@/components/list-view/list-view';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useDeletePackage, usePackages } from '../api/catalogue';
import { CatalogueListPage } from '../components/list-page';
import { Money } from '@/components/money';

const NEW = '/management/packages/new';
const editPath = (p: Package) => `/management/packages/${p.uuid}`;

/** `/management/packages` (packages plugin): service packages with their price, validity and limit. */
export function PackagesPage() {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const packages = usePackages();
  const remove = useDeletePackage();
  const days = (p: Package) => t('packages.days', { n: formatNumber(p.valid_days, locale), count: p.valid_days });

  const columns: ListViewColumn<Package>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      cell: (p) => (
        <Anchor component={Link} to={editPath(p)} fw={600}>
          {p.name}
        </Anchor>
      ),
    },
    { key: 'services', header: t('fields.services'), cell: (p) => <ServicesOf pkg={p} /> },
    {
      key: 'price',
      header: t('fields.price'),
      cell: (p) => (
        <Text fz="sm" span >
          <Money amount={p.price} />
        </Text>
      ),
    },
    { key: 'days', header: t('fields.validDays'), cell: days },
    { key: 'max', header: t('fields.maxAvailable'), cell: (p) => (p.max_available === null ? t('packages.unlimited') : formatNumber(p.max_available, locale)) },
  ];

  return (
    <CatalogueListPage<Package>
      section="packages"
      newPath={NEW}
      editPath={editPath}
      addTestId="package-add"
      importEntity="packages"
      maw={1100}
      loadingRows={3}
      emptyIcon={IconBox}
      query={packages}
      columns={columns}
      card={(p) => (
        <Stack gap={4} miw={0}>
          <Anchor component={Link} to={editPath(p)} fw={600}>
            {p.name}
          </Anchor>
          <Text fz="sm" >
            <Money amount={p.price} />
          </Text>
          <Text fz="xs" c="dimmed">
            {days(p)}
          </Text>
          <ServicesOf pkg={p} />
        </Stack>
      )}
      minWidth={860}
      testId="packages"
      itemTestId={(p) => `package-row-${p.name}`}
      remove={remove}
    />
  );
}

function ServicesOf({ pkg }: { pkg: Package }) {
  const locale = useLocale();
  return (
    <Group gap={4} wrap="wrap">
      {pkg.services.map((s) => (
        <Badge key={s.uuid} variant="light" color="gray" tt="none">
          {s.name} × {formatNumber(s.quantity, locale)}
        </Badge>
      ))}
    </Group>
  );
}
