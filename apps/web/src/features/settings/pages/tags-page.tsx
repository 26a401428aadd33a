import { type Tag, tagBody } from '@app/shared/schemas/settings';
import { Badge, ColorInput, Stack, Table, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTags } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '@/components/form-footer';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useDeleteTag, useSaveTag, useTags } from '../api/settings';
import { CrudSection } from '../components/crud-section';
import { SettingsPageHeader } from '../components/settings-page-header';

export const SWATCHES = ['#3B71FE', '#6DC8F9', '#16A34A', '#F59E0B', '#DC2626', '#9333EA', '#EA580C', '#6B7280'];

/** Customer tags: a name (unique in the business) and an optional colour. */
export function TagsPage() {
  const { t } = useTranslation('settings');
  const tags = useTags();
  const remove = useDeleteTag();
  return (
    <Stack gap="lg">
      <SettingsPageHeader title={t('tags.title')} subtitle={t('tags.subtitle')} />
      <CrudSection<Tag>
        section="tags"
        testId="tags"
        query={tags}
        remove={remove}
        nameOf={(tag) => tag.name}
        emptyIcon={IconTags}
        minWidth={320}
        columns={[t('tags.fields.name')]}
        cells={(tag) => (
          <Table.Td>
            <Badge variant="light" tt="none" size="lg" color={tag.color ?? 'gray'}>
              {tag.name}
            </Badge>
          </Table.Td>
        )}
        form={(tag, done) => <TagForm tag={tag} onDone={done} />}
      />
    </Stack>
  );
}

function TagForm({ tag, onDone }: { tag: Tag | null; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  const save = useSaveTag();
  const form = useForm({
    initialValues: { name: tag?.name ?? '', color: tag?.color ?? '' },
    validate: (v) => zodErrors(tagBody, { name: v.name, color: v.color || null }, locale),
  });
  const submit = form.onSubmit((v) =>
    save.mutate({ id: tag?.uuid, body: tagBody.parse({ name: v.name, color: v.color || null }) }, { onSuccess: onDone, onError: (e) => applyServerErrors(form, e, ['name', 'color']) }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('tags.fields.name')} required data-autofocus data-testid="tag-name" {...clearOnBlur(form, 'name', form.getInputProps('name'))} />
        <ColorInput label={t('tags.fields.color')} format="hex" swatches={SWATCHES} data-testid="tag-color" {...clearOnBlur(form, 'color', form.getInputProps('color'))} />
        <FormFooter cancelLabel={t('common.cancel')} onCancel={onDone} submitLabel={tag ? t('common.save') : t('common.add')} submitTestId="tag-save" loading={save.isPending} />
      </Stack>
    </form>
  );
}
