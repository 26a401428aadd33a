import type { Package } from '@app/shared/schemas/catalogue';
import { Anchor, Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBox, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeleteConfirm } from '@/components/delete-confirm';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { ListTable, RowAction, RowActions } from '@/components/list-table';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useDeletePackage, usePackages } from '../api/catalogue';
import { ListHeader, useMoney } from '../components/common';
import { ImportButton } from '@/features/import/components/import-button';

const NEW = '/management/packages/new';
const editPath = (p: Package) => `/management/packages/${p.uuid}`;

/** `/management/packages` (packages plugin): service packages with their price, validity and limit. */
export function PackagesPage() {
  const { t } = useTranslation('catalogue');
  const packages = usePackages();
  const remove = useDeletePackage();
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const [toDelete, setToDelete] = useState<Package | null>(null);
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <ListHeader
        title={t('packages.title')}
        subtitle={t('packages.subtitle')}
        action={
          <Group gap="sm">
            <ImportButton entity="packages" />
            <Button component={Link} to={NEW} leftSection={<IconPlus size={16} />} data-testid="package-add">
              {t('packages.add')}
            </Button>
          </Group>
        }
      />
      <Card withBorder padding={0}>
        <QueryList
          query={packages}
          loading={<ListSkeleton rows={3} />}
          error={{ title: t('loadError'), retry: t('retry') }}
          empty={
            <ListEmpty
              icon={IconBox}
              title={t('packages.empty')}
              action={
                <Button component={Link} to={NEW} variant="light" leftSection={<IconPlus size={16} />}>
                  {t('packages.add')}
                </Button>
              }
            />
          }
        >
          {(rows) => (isMobile ? <PackageList packages={rows} onDelete={setToDelete} /> : <PackageTable packages={rows} onDelete={setToDelete} />)}
        </QueryList>
      </Card>
      <DeleteConfirm
        item={toDelete}
        onClose={() => setToDelete(null)}
        remove={remove}
        title={t('packages.deleteTitle')}
        message={t('packages.deleteBody', { name: toDelete?.name ?? '' })}
        confirmLabel={t('delete')}
      />
    </Stack>
  );
}

type ListProps = { packages: Package[]; onDelete: (p: Package) => void };

function Actions({ pkg, onDelete }: { pkg: Package; onDelete: (p: Package) => void }) {
  const { t } = useTranslation('catalogue');
  return (
    <RowActions>
      <RowAction label={t('edit')} icon={IconEdit} color="gray" to={editPath(pkg)} />
      <RowAction label={t('delete')} icon={IconTrash} color="red" onClick={() => onDelete(pkg)} />
    </RowActions>
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
