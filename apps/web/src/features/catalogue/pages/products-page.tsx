import type { Product } from '@app/shared/schemas/catalogue';
import { Anchor, Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { IconPackage, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListViewColumn } from '@/components/list-view/list-view';
import { listBindings, searchOf, useListParams } from '@/components/list-view/use-list-params';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useDeleteProduct, useProducts } from '../api/catalogue';
import { CatalogueListPage, CategoryFilter } from '../components/list-page';
import { Money } from '@/components/money';
import { filterOf } from '@/components/list-view/filter-fields';

const NEW = '/management/product/new';
const editPath = (p: Product) => `/management/product/${p.uuid}`;
const FILTERS = ['category_id'] as const;

/** `/management/products`: products with their main image, price and stock. */
export function ProductsPage() {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const list = useListParams(FILTERS);
  const products = useProducts(list.query);
  const remove = useDeleteProduct();

  const columns: ListViewColumn<Product>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      cell: (p) => (
        <Group gap="sm" wrap="nowrap">
          <Thumb product={p} />
          <Anchor component={Link} to={editPath(p)} fw={600}>
            {p.name}
          </Anchor>
        </Group>
      ),
    },
    { key: 'category', header: t('fields.category'), cell: (p) => p.category?.name ?? <Text c="dimmed">—</Text> },
    {
      key: 'price',
      header: t('fields.price'),
      cell: (p) => (
        <Text fz="sm" span >
          <Money amount={p.price} />
        </Text>
      ),
    },
    { key: 'stock', header: t('fields.stock'), cell: (p) => <Stock product={p} /> },
    { key: 'combinations', header: t('fields.combinations'), align: 'center', cell: (p) => formatNumber(p.combinations.length, locale) },
  ];

  return (
    <CatalogueListPage<Product>
      section="products"
      newPath={NEW}
      editPath={editPath}
      addTestId="product-add"
      importEntity="products"
      maw={1200}
      loadingRows={4}
      emptyIcon={IconPackage}
      query={products}
      columns={columns}
      card={(p) => <ProductCard product={p} />}
      minWidth={820}
      testId="products"
      itemTestId={(p) => `product-row-${p.name}`}
      search={searchOf(list, t('products.search'))}
      filters={{
        active: list.active,
        fields: [<CategoryFilter key="category" {...filterOf(list, 'category_id')} />],
      }}
      {...listBindings(list)}
      remove={remove}
    />
  );
}

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

/** One product on a phone: its image, name (the way to its page), price and stock. */
function ProductCard({ product: p }: { product: Product }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Thumb product={p} />
      <Stack gap={4} miw={0}>
        <Anchor component={Link} to={editPath(p)} fw={600} truncate>
          {p.name}
        </Anchor>
        <Group gap="xs">
          <Text fz="sm" >
            <Money amount={p.price} />
          </Text>
          <Stock product={p} />
        </Group>
      </Stack>
    </Group>
  );
}
