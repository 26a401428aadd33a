import { type Category, categoryBody } from '@app/shared/schemas/catalogue';
import { ActionIcon, Badge, Button, Card, Group, Modal, NumberInput, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconCategory, IconEdit, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteConfirm } from '@/components/delete-confirm';
import { FormFooter } from '@/components/form-footer';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useCategories, useDeleteCategory, useReorderCategories, useSaveCategory } from '../api/catalogue';
import { ListHeader } from '../components/common';
import { moveItem, numberOrUndefined } from '../lib/forms';
import { ImportButton } from '@/features/import/components/import-button';

type Editing = { category: Category | null } | null;

/** `/management/categories`: categories in their sort order; drag (or the arrows) to reorder. */
export function CategoriesPage() {
  const { t } = useTranslation('catalogue');
  const categories = useCategories();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<Category | null>(null);

  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <ListHeader
        title={t('categories.title')}
        subtitle={t('categories.subtitle')}
        action={
          <Group gap="sm">
            <ImportButton entity="categories" />
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ category: null })} data-testid="category-add">
              {t('categories.add')}
            </Button>
          </Group>
        }
      />
      <Card withBorder padding={0}>
        <QueryList
          query={categories}
          loading={<ListSkeleton rows={4} />}
          error={{ title: t('loadError'), retry: t('retry') }}
          empty={
            <ListEmpty
              icon={IconCategory}
              title={t('categories.empty')}
              action={
                <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing({ category: null })}>
                  {t('categories.add')}
                </Button>
              }
            />
          }
        >
          {(rows) => <SortableCategories categories={rows} onEdit={(c) => setEditing({ category: c })} onDelete={setToDelete} />}
        </QueryList>
      </Card>
      <CategoryModal editing={editing} onClose={() => setEditing(null)} />
      <DeleteConfirm
        item={toDelete}
        onClose={() => setToDelete(null)}
        remove={remove}
        title={t('categories.deleteTitle')}
        message={t('categories.deleteBody', { name: toDelete?.name ?? '' })}
        confirmLabel={t('delete')}
      />
    </Stack>
  );
}

/** The list in its order: native drag and drop, and up/down buttons for keyboards and touch. */
function SortableCategories({ categories, onEdit, onDelete }: { categories: Category[]; onEdit: (c: Category) => void; onDelete: (c: Category) => void }) {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const reorder = useReorderCategories();
  const [order, setOrder] = useState(categories);
  const [dragging, setDragging] = useState<number | null>(null);
  useEffect(() => setOrder(categories), [categories]);

  const commit = (next: Category[]) => {
    setOrder(next);
    reorder.mutate(
      next.map((c) => c.uuid),
      { onError: () => setOrder(categories) },
    );
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length) return;
    commit(moveItem(order, from, to));
  };

  return (
    <Stack gap={0} data-testid="categories-list">
      <Text fz="xs" c="dimmed" px="md" pt="sm">
        {t('categories.dragHint')}
      </Text>
      {order.map((c, i) => (
        <Group
          key={c.uuid}
          draggable
          onDragStart={(e) => {
            setDragging(i);
            e.dataTransfer.effectAllowed = 'move';
          }}
          onDragOver={(e) => {
            e.preventDefault();
            if (dragging === null || dragging === i) return;
            setOrder((o) => moveItem(o, dragging, i));
            setDragging(i);
          }}
          onDragEnd={() => {
            if (dragging !== null && order.some((x, idx) => x.uuid !== categories[idx]?.uuid)) commit(order);
            setDragging(null);
          }}
          onDrop={(e) => e.preventDefault()}
          justify="space-between"
          wrap="nowrap"
          px="md"
          py="sm"
          style={{
            borderTop: i ? '1px solid var(--mantine-color-gray-2)' : undefined,
            background: dragging === i ? 'var(--mantine-color-blue-0)' : undefined,
            cursor: 'grab',
          }}
          data-testid={`category-row-${c.name}`}
        >
          <Group gap="sm" wrap="nowrap" miw={0}>
            <IconGripVertical size={18} color="var(--mantine-color-gray-5)" aria-hidden />
            <Stack gap={2} miw={0}>
              <Text fw={600} truncate>
                {c.name}
              </Text>
              <Group gap={6} wrap="wrap">
                <Text fz="xs" c="dimmed" className="ltr-value">
                  {c.slug}
                </Text>
                <Badge size="sm" variant="light" color="gray" tt="none">
                  {t('categories.servicesCount', { count: c.services_count, n: formatNumber(c.services_count, locale) })}
                </Badge>
                <Badge size="sm" variant="light" color="gray" tt="none">
                  {t('categories.productsCount', { count: c.products_count, n: formatNumber(c.products_count, locale) })}
                </Badge>
              </Group>
            </Stack>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('categories.moveUp')}>
              <ActionIcon variant="subtle" color="gray" aria-label={t('categories.moveUp')} disabled={i === 0} onClick={() => move(i, i - 1)} data-testid={`category-up-${c.name}`}>
                <IconArrowUp size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('categories.moveDown')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('categories.moveDown')}
                disabled={i === order.length - 1}
                onClick={() => move(i, i + 1)}
                data-testid={`category-down-${c.name}`}
              >
                <IconArrowDown size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('edit')}>
              <ActionIcon variant="subtle" color="gray" aria-label={t('edit')} onClick={() => onEdit(c)} data-testid={`category-edit-${c.name}`}>
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('delete')}>
              <ActionIcon variant="subtle" color="red" aria-label={t('delete')} onClick={() => onDelete(c)} data-testid={`category-delete-${c.name}`}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

type CategoryForm = { name: string; description: string; slug: string; sort_order: number | string };
const FIELDS = ['name', 'description', 'slug', 'sort_order'] as const;
const toBody = (v: CategoryForm) => ({ name: v.name, description: v.description.trim() || null, slug: v.slug.trim() || null, sort_order: numberOrUndefined(v.sort_order) ?? 0 });

function CategoryModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation('catalogue');
  return (
    <Modal opened={editing !== null} onClose={onClose} title={<Text fw={700}>{editing?.category ? t('categories.editTitle') : t('categories.createTitle')}</Text>} centered>
      {editing && <CategoryFormBody key={editing.category?.uuid ?? 'new'} category={editing.category} onClose={onClose} />}
    </Modal>
  );
}

function CategoryFormBody({ category, onClose }: { category: Category | null; onClose: () => void }) {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const save = useSaveCategory();
  const form = useForm<CategoryForm>({
    initialValues: category
      ? { name: category.name, description: category.description ?? '', slug: category.slug, sort_order: category.sort_order }
      : { name: '', description: '', slug: '', sort_order: 0 },
    validate: (v) => zodErrors(categoryBody, toBody(v), locale),
  });
  const props = (path: (typeof FIELDS)[number]) => clearOnBlur(form, path, form.getInputProps(path));
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        save.mutate({ id: category?.uuid, body: categoryBody.parse(toBody(v)) }, { onSuccess: onClose, onError: (e) => applyServerErrors(form, e, FIELDS) }),
      )}
    >
      <Stack gap="md">
        <TextInput label={t('fields.name')} required data-autofocus data-testid="category-name" {...props('name')} />
        <TextInput label={t('fields.slug')} description={t('slugHint')} styles={{ input: { direction: 'ltr' } }} data-testid="category-slug" {...props('slug')} />
        <Textarea label={t('fields.description')} autosize minRows={2} maxRows={5} {...props('description')} />
        <NumberInput label={t('fields.sortOrder')} min={0} allowDecimal={false} maw={160} {...props('sort_order')} />
        <FormFooter cancelLabel={t('cancel')} onCancel={onClose} submitLabel={category ? t('save') : t('create')} submitTestId="category-save" loading={save.isPending} />
      </Stack>
    </form>
  );
}
