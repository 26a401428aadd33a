import type { Package } from '@app/shared/schemas/catalogue';
import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconBox, } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable, } from '@/components/list-table';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useDeletePackage, usePackages } from '../api/catalogue';
import { useMoney } from '../components/common';
import { CatalogueListPage, EditDeleteActions, } from '../components/list-page';

const NEW = '/management/packages/new';
const editPath = (p: Package) => `/management/packages/${p.uuid}`;

/** `/management/packages` (packages plugin): service packages with their price, validity and limit. */
export function PackagesPage() {
  const packages = usePackages();
  const remove = useDeletePackage();
  return (
    <CatalogueListPage<Package>
      section="packages"
      newPath={NEW}
      addTestId="package-add"
      importEntity="packages"
      maw={1100}
      loadingRows={3}
      emptyIcon={IconBox}
      query={packages}
      remove={remove}
      rows={(items, onDelete, isMobile) => (isMobile ? <PackageList packages={items} onDelete={onDelete} /> : <PackageTable packages={items} onDelete={onDelete} />)}
    />
  );
}

type ListProps = { packages: Package[]; onDelete: (p: Package) => void };

function Actions({ pkg, onDelete }: { pkg: Package; onDelete: (p: Package) => void }) {
  return <EditDeleteActions to={editPath(pkg)} onDelete={() => onDelete(pkg)} />;
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

function PackageTable({ packages, onDelete }: ListProps) {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const money = useMoney();
  return (
    <ListTable
      minWidth={860}
      columns={[t('fields.name'), t('fields.services'), t('fields.price'), t('fields.validDays'), t('fields.maxAvailable')]}
      actions={{ label: t('actions'), width: 96 }}
      highlightOnHover
      data-testid="packages-table"
    >
      {packages.map((p) => (
        <Table.Tr key={p.uuid} data-testid={`package-row-${p.name}`}>
          <Table.Td>
            <Anchor component={Link} to={editPath(p)} fw={600}>
              {p.name}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <ServicesOf pkg={p} />
          </Table.Td>
          <Table.Td>
            <Text fz="sm" span className="ltr-value">
              {money.format(p.price)}
            </Text>
          </Table.Td>
          <Table.Td>{t('packages.days', { n: formatNumber(p.valid_days, locale), count: p.valid_days })}</Table.Td>
          <Table.Td>{p.max_available === null ? t('packages.unlimited') : formatNumber(p.max_available, locale)}</Table.Td>
          <Table.Td>
            <Actions pkg={p} onDelete={onDelete} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

function PackageList({ packages, onDelete }: ListProps) {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const money = useMoney();
  return (
    <Stack gap={0} data-testid="packages-table">
      {packages.map((p, i) => (
        <Group key={p.uuid} justify="space-between" align="flex-start" wrap="nowrap" p="md" style={i ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}>
          <Stack gap={4} miw={0}>
            <Anchor component={Link} to={editPath(p)} fw={600}>
              {p.name}
            </Anchor>
            <Text fz="sm" className="ltr-value">
              {money.format(p.price)}
            </Text>
            <Text fz="xs" c="dimmed">
              {t('packages.days', { n: formatNumber(p.valid_days, locale), count: p.valid_days })}
            </Text>
            <ServicesOf pkg={p} />
          </Stack>
          <Actions pkg={p} onDelete={onDelete} />
        </Group>
      ))}
    </Stack>
  );
}
