import { SEARCH_DEBOUNCE_MS } from '@app/shared/constants';
import type { Product } from '@app/shared/schemas/catalogue';
import { Anchor, Avatar, Badge, Group, SimpleGrid, Stack, Table, Text, } from '@mantine/core';
import { useDebouncedValue, } from '@mantine/hooks';
import { IconPackage, IconPhoto, } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable, } from '@/components/list-table';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useDeleteProduct, useProducts } from '../api/catalogue';
import { useMoney } from '../components/common';
import { CatalogueListPage, CategoryFilter, EditDeleteActions, SearchFilter } from '../components/list-page';

const NEW = '/management/product/new';
const editPath = (p: Product) => `/management/product/${p.uuid}`;

/** `/management/products`: products with their main image, price and stock. */
export function ProductsPage() {
  const { t } = useTranslation('catalogue');
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const products = useProducts({ page, per_page: 25, search: search || undefined, category_id: categoryId ?? undefined });
  const remove = useDeleteProduct();
  const filtered = Boolean(search || categoryId);

  return (
    <CatalogueListPage<Product>
      section="products"
      newPath={NEW}
      addTestId="product-add"
      importEntity="products"
      maw={1200}
      loadingRows={4}
      emptyIcon={IconPackage}
      filters={
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={720}>
          <SearchFilter
            label={t('products.search')}
            value={searchText}
            onChange={(v) => {
              setSearchText(v);
              setPage(1);
            }}
          />
          <CategoryFilter
            value={categoryId}
            onChange={(v) => {
              setCategoryId(v);
              setPage(1);
            }}
          />
        </SimpleGrid>
      }
      filtered={filtered}
      query={products}
      pagination={{ page, onChange: setPage }}
      remove={remove}
      rows={(items, onDelete, isMobile) => (isMobile ? <ProductList products={items} onDelete={onDelete} /> : <ProductTable products={items} onDelete={onDelete} />)}
    />
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
  return <EditDeleteActions to={editPath(product)} onDelete={() => onDelete(product)} />;
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
