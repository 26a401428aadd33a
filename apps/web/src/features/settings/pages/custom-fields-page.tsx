import { CUSTOM_FIELD_TARGETS, type CustomField, type CustomFieldTarget, customFieldBody, HTML_TAGS, type HtmlTag } from '@app/shared/schemas/settings';
import { Badge, Checkbox, Select, Stack, Table, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconForms } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '@/components/form-footer';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { joinList } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useCustomFields, useDeleteCustomField, useSaveCustomField } from '../api/settings';
import { CrudSection } from '../components/crud-section';
import { SettingsPageHeader } from '../components/settings-page-header';

/** Custom fields (spec §3): extra questions asked on bookings or kept on customers. */
export function CustomFieldsPage() {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  const fields = useCustomFields();
  const remove = useDeleteCustomField();
  return (
    <Stack gap="lg">
      <SettingsPageHeader title={t('customFields.title')} subtitle={t('customFields.subtitle')} />
      <CrudSection<CustomField>
        section="customFields"
        testId="custom-fields"
        query={fields}
        remove={remove}
        nameOf={(f) => f.label}
        emptyIcon={IconForms}
        minWidth={560}
        columns={[t('customFields.fields.label'), t('customFields.fields.htmlTag'), t('customFields.fields.appliesTo'), { label: t('customFields.fields.required'), visibleFrom: 'sm' }]}
        cells={(f) => (
          <>
            <Table.Td>
              <Text fw={600}>{f.label}</Text>
              <Text fz="xs" c="dimmed" dir="ltr" className="ltr-value">
                {f.name_en}
              </Text>
            </Table.Td>
            <Table.Td>
              {t(`customFields.tags.${f.html_tag}`)}
              {f.html_tag === 'select' && (
                <Text fz="xs" c="dimmed">
                  {joinList(f.options, locale)}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Badge variant="light" tt="none" color={f.applies_to === 'booking' ? 'blue' : 'teal'}>
                {t(`customFields.targets.${f.applies_to}`)}
              </Badge>
            </Table.Td>
            <Table.Td visibleFrom="sm">{f.is_required ? t('common.yes') : t('common.no')}</Table.Td>
          </>
        )}
        form={(f, done) => <CustomFieldForm field={f} onDone={done} />}
      />
    </Stack>
  );
}

type Values = { label: string; name_en: string; html_tag: HtmlTag; options: string[]; is_required: boolean; applies_to: CustomFieldTarget };

function CustomFieldForm({ field, onDone }: { field: CustomField | null; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  const save = useSaveCustomField();
  const form = useForm<Values>({
    initialValues: {
      label: field?.label ?? '',
      name_en: field?.name_en ?? '',
      html_tag: field?.html_tag ?? 'text',
      options: field?.options ?? [],
      is_required: field?.is_required ?? false,
      applies_to: field?.applies_to ?? 'customer',
    },
    validate: (v) => zodErrors(customFieldBody, v, locale),
  });
  const submit = form.onSubmit((v) =>
    save.mutate(
      { id: field?.uuid, body: v },
      { onSuccess: onDone, onError: (e) => applyServerErrors(form, e, ['label', 'name_en', 'html_tag', 'options', 'applies_to', 'is_required']) },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('customFields.fields.label')} required data-autofocus data-testid="field-label" {...clearOnBlur(form, 'label', form.getInputProps('label'))} />
        <TextInput label={t('customFields.fields.nameEn')} required dir="ltr" data-testid="field-name-en" {...clearOnBlur(form, 'name_en', form.getInputProps('name_en'))} />
        <Select
          label={t('customFields.fields.htmlTag')}
          required
          allowDeselect={false}
          data={HTML_TAGS.map((value) => ({ value, label: t(`customFields.tags.${value}`) }))}
          data-testid="field-html-tag"
          {...form.getInputProps('html_tag')}
        />
        {form.values.html_tag === 'select' && (
          <TagsInput
            label={t('customFields.fields.options')}
            description={t('customFields.optionsHint')}
            required
            data-testid="field-options"
            {...clearOnBlur(form, 'options', form.getInputProps('options'))}
          />
        )}
        <Select
          label={t('customFields.fields.appliesTo')}
          required
          allowDeselect={false}
          data={CUSTOM_FIELD_TARGETS.map((value) => ({ value, label: t(`customFields.targets.${value}`) }))}
          data-testid="field-applies-to"
          {...form.getInputProps('applies_to')}
        />
        <Checkbox label={t('customFields.fields.required')} data-testid="field-required" {...form.getInputProps('is_required', { type: 'checkbox' })} />
        <FormFooter cancelLabel={t('common.cancel')} onCancel={onDone} submitLabel={field ? t('common.save') : t('common.add')} submitTestId="field-save" loading={save.isPending} />
      </Stack>
    </form>
  );
}
