import { shrinkImages } from '@/lib/shrink-image';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES, PRODUCT_IMAGES_MAX, type Product, productBody, variantsBody } from '@app/shared/schemas/catalogue';
import { messageFor } from '@app/shared/validation';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconStar, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isApiError, toast } from '@/lib/api-client';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { closeAfterWrite } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { useCategories, useDeleteImage, useProduct, useSaveProduct, useSaveVariants, useSetMainImage, useUploadImages } from '../api/catalogue';
import { FormHeader, FormPageFooter, MoneyInput, RecordGate, useMoney, useRecordId } from '../components/common';
import {
  type CombinationRow,
  combinationLabel,
  emptyProductForm,
  formToProductBody,
  mergeCombinations,
  moneyToMinor,
  type OptionRow,
  PRODUCT_FORM_FIELDS,
  type ProductFormValues,
  productToForm,
} from '../lib/forms';
import { fromMinor } from '@app/shared/money';

const LIST = '/management/products';

/** `/management/product/new` creates a product; `/management/product/:id` edits it, its images, options and combinations. */
export function ProductPage() {
  const id = useRecordId();
  const product = useProduct(id);
  const { currency } = useMoney();
  return (
    <RecordGate id={id} query={product} back={LIST}>
      {(record) => (
        <Stack gap="lg" maw={960} mx="auto" w="100%">
          <ProductForm key={id ?? 'new'} id={id} initial={record ? productToForm(record, currency) : undefined} />
          {record && <ImagesCard product={record} />}
          {record && <VariantsCard key={JSON.stringify([record.options, record.combinations])} product={record} />}
        </Stack>
      )}
    </RecordGate>
  );
}

function ProductForm({ id, initial }: { id: string | undefined; initial: ProductFormValues | undefined }) {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const navigate = useNavigate();
  const { currency } = useMoney();
  const categories = useCategories();
  const save = useSaveProduct();
  const form = useForm<ProductFormValues>({
    initialValues: initial ?? emptyProductForm(),
    validate: (v) => zodErrors(productBody, formToProductBody(v, currency), locale),
  });
  const props = (path: (typeof PRODUCT_FORM_FIELDS)[number]) => clearOnBlur(form, path, form.getInputProps(path));
  const submit = form.onSubmit((v) =>
    save.mutate(
      { id, body: productBody.parse(formToProductBody(v, currency)) },
      {
        onSuccess: (res) => {
          if (!id) navigate(`/management/product/${res.data.uuid}`, { replace: true });
        },
        onError: (e) => applyServerErrors(form, e, PRODUCT_FORM_FIELDS),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FormHeader back={LIST} title={id ? t('products.editTitle') : t('products.createTitle')} />
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t('fields.name')} required data-autofocus={!id || undefined} data-testid="product-name" {...props('name')} />
              <Select label={t('fields.category')} data={(categories.data ?? []).map((c) => ({ value: c.uuid, label: c.name }))} clearable searchable {...props('category_id')} />
            </SimpleGrid>
            <Textarea label={t('fields.description')} autosize minRows={2} maxRows={6} {...props('description')} />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <MoneyInput label={t('fields.price')} required data-testid="product-price" {...props('price')} />
              <NumberInput label={t('fields.stock')} min={0} allowDecimal={false} disabled={form.values.unlimited_stock} data-testid="product-stock" {...props('stock')} />
              <NumberInput label={t('fields.sortOrder')} min={0} allowDecimal={false} {...props('sort_order')} />
            </SimpleGrid>
            <Switch label={t('fields.unlimitedStock')} {...form.getInputProps('unlimited_stock', { type: 'checkbox' })} />
            <TextInput label={t('fields.slug')} description={t('slugHint')} styles={{ input: { direction: 'ltr' } }} maw={420} {...props('slug')} />
          </Stack>
        </Paper>
        <FormPageFooter back={LIST} editing={Boolean(id)} saving={save.isPending} testId="product-save" />
      </Stack>
    </form>
  );
}

/** Images: the main one first with its badge; upload checks type and size before sending (the server checks again). */
function ImagesCard({ product }: { product: Product }) {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const upload = useUploadImages(product.uuid);
  const setMain = useSetMainImage(product.uuid);
  const remove = useDeleteImage(product.uuid);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const full = product.images.length >= PRODUCT_IMAGES_MAX;

  const pick = async (picked: File[]) => {
    setError(null);
    if (picked.length === 0) return;
    const bad = picked.find((f) => !(PRODUCT_IMAGE_TYPES as readonly string[]).includes(f.type));
    if (bad) return setError(messageFor('file_type', locale));
    // Phone photos over the limit are redrawn smaller here; the server still checks what arrives.
    const files = await shrinkImages(picked, { maxBytes: PRODUCT_IMAGE_MAX_BYTES, types: PRODUCT_IMAGE_TYPES });
    if (files.some((f) => f.size > PRODUCT_IMAGE_MAX_BYTES)) return setError(messageFor('file_too_large', locale, { max: PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024 }));
    if (product.images.length + files.length > PRODUCT_IMAGES_MAX) return setError(messageFor('max_items', locale, { max: PRODUCT_IMAGES_MAX }));
    upload.mutate(files, { onError: (e) => isApiError(e) && e.status === 422 && setError(e.fieldErrors.images ?? e.message) });
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="product-images">
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
        <div>
          <Title order={2} fz="lg">
            {t('products.imagesTitle')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('products.imagesHint', { max: PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024, count: PRODUCT_IMAGES_MAX })}
          </Text>
        </div>
        <FileButton onChange={(f) => void pick(f)} accept={PRODUCT_IMAGE_TYPES.join(',')} multiple disabled={full}>
          {(p) => (
            <Button {...p} variant="light" leftSection={<IconUpload size={16} />} loading={upload.isPending} disabled={full} data-testid="product-upload">
              {t('products.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {error && (
        <Text c="red" fz="sm" mb="sm" data-testid="product-images-error">
          {error}
        </Text>
      )}
      {product.images.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('products.noImages')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="sm">
          {product.images.map((img) => (
            <Card key={img.uuid} withBorder padding={4} radius="md" data-testid={img.is_main ? 'product-image-main' : 'product-image'}>
              <Card.Section>
                <Image src={img.url} alt="" h={120} fit="cover" />
              </Card.Section>
              <Group justify="space-between" mt={4} wrap="nowrap" gap={4}>
                {img.is_main ? (
                  <Badge size="sm" color="yellow" variant="light" leftSection={<IconStar size={10} />} tt="none">
                    {t('products.main')}
                  </Badge>
                ) : (
                  <Button size="compact-xs" variant="subtle" onClick={() => setMain.mutate(img.uuid)} loading={setMain.isPending && setMain.variables === img.uuid}>
                    {t('products.makeMain')}
                  </Button>
                )}
                <Tooltip label={t('delete')}>
                  <ActionIcon variant="subtle" color="red" aria-label={t('delete')} onClick={() => setToDelete(img.uuid)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('products.deleteImageTitle')}
        message={t('products.deleteImageBody')}
        confirmLabel={t('delete')}
        loading={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete, closeAfterWrite(() => setToDelete(null)))}
        onClose={() => setToDelete(null)}
      />
    </Paper>
  );
}

/** Options (name, values) and the grid of their combinations with their own price and stock. */
function VariantsCard({ product }: { product: Product }) {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const { currency } = useMoney();
  const save = useSaveVariants(product.uuid);
  const defaultPrice = fromMinor(product.price, currency);
  const [options, setOptions] = useState<OptionRow[]>(product.options.map((o) => ({ name: o.name, values: o.values })));
  const [combos, setCombos] = useState<CombinationRow[]>(
    product.combinations.map((c) => ({ options: c.options, price: fromMinor(c.price, currency), stock: c.stock })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const changeOptions = (next: OptionRow[]) => {
    setOptions(next);
    setCombos((prev) => mergeCombinations(next, prev, defaultPrice));
    setErrors({});
  };
  const setCombo = (i: number, patch: Partial<CombinationRow>) => setCombos((prev) => prev.map((c, idx) => (idx === i ? { ...c, ...patch } : c)));

  const body = () => ({
    options: options.filter((o) => o.name.trim() || o.values.length).map((o) => ({ name: o.name.trim(), values: o.values.map((v) => v.trim()) })),
    combinations: combos.map((c) => ({ options: c.options, price: moneyToMinor(c.price, currency) as number, stock: c.stock === '' ? (undefined as unknown as number) : Number(c.stock) })),
  });

  const submit = () => {
    const b = body();
    const local = zodErrors(variantsBody, b, locale);
    setErrors(local);
    if (Object.keys(local).length) return;
    save.mutate(variantsBody.parse(b), {
      onError: (e) => {
        if (isApiError(e) && e.status === 422) {
          setErrors(e.fieldErrors);
          toast(Object.values(e.fieldErrors)[0] ?? e.message, 'red');
        }
      },
    });
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="product-variants">
      <Title order={2} fz="lg">
        {t('products.variantsTitle')}
      </Title>
      <Text c="dimmed" fz="sm" mb="md">
        {t('products.variantsHint')}
      </Text>
      <Stack gap="sm">
        {options.map((o, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: options have no id until saved; the row is its position.
          <Group key={i} align="flex-start" wrap="wrap" gap="sm" data-testid={`option-${i}`}>
            <TextInput
              label={t('products.optionName')}
              placeholder={t('products.optionNamePlaceholder')}
              value={o.name}
              onChange={(e) => changeOptions(options.map((x, idx) => (idx === i ? { ...x, name: e.currentTarget.value } : x)))}
              error={errors[`options.${i}.name`]}
              w={{ base: '100%', xs: 200 }}
              data-testid={`option-name-${i}`}
            />
            <TagsInput
              label={t('products.optionValues')}
              description={t('products.optionValuesHint')}
              value={o.values}
              onChange={(values) => changeOptions(options.map((x, idx) => (idx === i ? { ...x, values } : x)))}
              error={errors[`options.${i}.values`] ?? Object.entries(errors).find(([k]) => k.startsWith(`options.${i}.values.`))?.[1]}
              style={{ flex: 1 }}
              miw={220}
              data-testid={`option-values-${i}`}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={{ base: 0, xs: 28 }}
              aria-label={t('products.removeOption')}
              onClick={() => changeOptions(options.filter((_, idx) => idx !== i))}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => changeOptions([...options, { name: '', values: [] }])} disabled={options.length >= 5} data-testid="option-add">
            {t('products.addOption')}
          </Button>
        </Group>

        {combos.length > 0 ? (
          <Table.ScrollContainer minWidth={340}>
            <Table verticalSpacing="xs" data-testid="combinations-grid">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('products.combination')}</Table.Th>
                  <Table.Th w={140}>{t('fields.price')}</Table.Th>
                  <Table.Th w={100}>{t('fields.stock')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {combos.map((c, i) => {
                  const label = combinationLabel(c, options);
                  return (
                    <Table.Tr key={label} data-testid={`combination-${label}`}>
                      <Table.Td>
                        <Text fz="sm" fw={500}>
                          {label}
                        </Text>
                        {errors[`combinations.${i}.options`] && (
                          <Text c="red" fz="xs">
                            {errors[`combinations.${i}.options`]}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <MoneyInput aria-label={`${t('fields.price')} ${label}`} value={c.price} onChange={(v) => setCombo(i, { price: v })} error={errors[`combinations.${i}.price`]} size="xs" />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={`${t('fields.stock')} ${label}`}
                          value={c.stock}
                          onChange={(v) => setCombo(i, { stock: v })}
                          min={0}
                          allowDecimal={false}
                          allowNegative={false}
                          error={errors[`combinations.${i}.stock`]}
                          size="xs"
                          data-testid={`combination-stock-${i}`}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text c="dimmed" fz="sm">
            {t('products.noCombinations')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending} data-testid="variants-save">
            {t('products.saveVariants')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
