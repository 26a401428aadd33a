import { SEARCH_DEBOUNCE_MS } from '@app/shared/constants';
import type { Product } from '@app/shared/schemas/catalogue';
import { Anchor, Avatar, Badge, Button, Card, Group, Pagination, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconEdit, IconPackage, IconPhoto, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeleteConfirm } from '@/components/delete-confirm';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { ListTable, RowAction, RowActions } from '@/components/list-table';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { type Page, useCategories, useDeleteProduct, useProducts } from '../api/catalogue';
import { ListHeader, useMoney } from '../components/common';
import { ImportButton } from '@/features/import/components/import-button';

const NEW = '/management/product/new';
const editPath = (p: Product) => `/management/product/${p.uuid}`;

/** `/management/products`: products with their main image, price and stock. */
export function ProductsPage() {
  const { t } = useTranslation('catalogue');
  const categories = useCategories();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const products = useProducts({ page, per_page: 25, search: search || undefined, category_id: categoryId ?? undefined });
  const remove = useDeleteProduct();
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const filtered = Boolean(search || categoryId);

  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      <ListHeader
        title={t('products.title')}
        subtitle={t('products.subtitle')}
        action={
          <Group gap="sm">
            <ImportButton entity="products" />
            <Button component={Link} to={NEW} leftSection={<IconPlus size={16} />} data-testid="product-add">
              {t('products.add')}
            </Button>
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={720}>
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('products.search')}
          aria-label={t('products.search')}
          value={searchText}
          onChange={(e) => {
            setSearchText(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          placeholder={t('fields.category')}
          aria-label={t('fields.category')}
          data={(categories.data ?? []).map((c) => ({ value: c.uuid, label: c.name }))}
          value={categoryId}
          onChange={(v) => {
            setCategoryId(v);
            setPage(1);
          }}
          clearable
          searchable
        />
      </SimpleGrid>
      <Card withBorder padding={0}>
        <QueryList
          query={products}
          loading={<ListSkeleton rows={4} />}
          error={{ title: t('loadError'), retry: t('retry') }}
          isEmpty={(p: Page<Product>) => p.data.length === 0}
          empty={
            <ListEmpty
              icon={IconPackage}
              title={filtered ? t('noMatches') : t('products.empty')}
              action={
                !filtered && (
                  <Button component={Link} to={NEW} variant="light" leftSection={<IconPlus size={16} />}>
                    {t('products.add')}
                  </Button>
                )
              }
            />
          }
        >
          {(p) => (
            <Stack gap={0} style={{ opacity: products.isPlaceholderData ? 0.6 : 1 }}>
              {isMobile ? <ProductList products={p.data} onDelete={setToDelete} /> : <ProductTable products={p.data} onDelete={setToDelete} />}
              {p.meta.last_page > 1 && (
                <Group justify="center" p="md">
                  <Pagination total={p.meta.last_page} value={page} onChange={setPage} size="sm" />
                </Group>
              )}
            </Stack>
          )}
        </QueryList>
      </Card>
      <DeleteConfirm
        item={toDelete}
        onClose={() => setToDelete(null)}
        remove={remove}
        title={t('products.deleteTitle')}
        message={t('products.deleteBody', { name: toDelete?.name ?? '' })}
        confirmLabel={t('delete')}
      />
    </Stack>
  );
}

type ListProps = { products: Product[]; onDelete: (p: Product) => void };

function Thumb({ product }: { product: Product }) {
  return (
    <Avatar src={product.images[0]?.url} radius="md" size={44} alt="">
      <IconPhoto size={20} />
    </Avatar>
  );
}

function Stock({ product }: { product: Product }) {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  if (product.unlimited_stock)
    return (
      <Badge variant="light" color="teal" tt="none">
        {t('fields.unlimitedStock')}
      </Badge>
    );
  return (
    <Badge variant="light" color={product.stock > 0 ? 'gray' : 'red'} tt="none">
      {t('products.inStock', { n: formatNumber(product.stock, locale) })}
    </Badge>
  );
}

function Actions({ product, onDelete }: { product: Product; onDelete: (p: Product) => void }) {
  const { t } = useTranslation('catalogue');
  return (
    <RowActions>
      <RowAction label={t('edit')} icon={IconEdit} color="gray" to={editPath(product)} />
      <RowAction label={t('delete')} icon={IconTrash} color="red" onClick={() => onDelete(product)} />
    </RowActions>
  );
}

function ProductTable({ products, onDelete }: ListProps) {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const money = useMoney();
  return (
    <ListTable
      minWidth={820}
      columns={[t('fields.name'), t('fields.category'), t('fields.price'), t('fields.stock'), { label: t('fields.combinations'), ta: 'center' }]}
      actions={{ label: t('actions'), width: 96 }}
      highlightOnHover
      data-testid="products-table"
    >
      {products.map((p) => (
        <Table.Tr key={p.uuid} data-testid={`product-row-${p.name}`}>
          <Table.Td>
            <Group gap="sm" wrap="nowrap">
              <Thumb product={p} />
              <Anchor component={Link} to={editPath(p)} fw={600}>
                {p.name}
              </Anchor>
            </Group>
          </Table.Td>
          <Table.Td>{p.category?.name ?? <Text c="dimmed">—</Text>}</Table.Td>
          <Table.Td>
            <Text fz="sm" span className="ltr-value">
              {money.format(p.price)}
            </Text>
          </Table.Td>
          <Table.Td>
            <Stock product={p} />
          </Table.Td>
          <Table.Td ta="center">{formatNumber(p.combinations.length, locale)}</Table.Td>
          <Table.Td>
            <Actions product={p} onDelete={onDelete} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

function ProductList({ products, onDelete }: ListProps) {
  const money = useMoney();
  return (
    <Stack gap={0} data-testid="products-table">
      {products.map((p, i) => (
        <Group key={p.uuid} justify="space-between" wrap="nowrap" p="md" style={i ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined} data-testid={`product-row-${p.name}`}>
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Thumb product={p} />
            <Stack gap={4} miw={0}>
              <Anchor component={Link} to={editPath(p)} fw={600} truncate>
                {p.name}
              </Anchor>
              <Group gap="xs">
                <Text fz="sm" className="ltr-value">
                  {money.format(p.price)}
                </Text>
                <Stock product={p} />
              </Group>
            </Stack>
          </Group>
          <Actions product={p} onDelete={onDelete} />
        </Group>
      ))}
    </Stack>
  );
}
