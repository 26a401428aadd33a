import { type StatusLabel, statusLabelBody } from '@app/shared/schemas/settings';
import { Badge, Card, ColorInput, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconEdit, IconRestore, IconTag } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormFooter } from '@/components/form-footer';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { ListTable, RowAction, RowActions } from '@/components/list-table';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { closeAfterWrite } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { useResetStatusLabel, useSaveStatusLabel, useStatusLabels } from '../api/settings';
import { SettingsPageHeader } from '../components/settings-page-header';
import { SWATCHES } from './tags-page';

/** The business's own names and colours for the booking statuses (spec §4), in both languages. */
export function StatusLabelsPage() {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  const labels = useStatusLabels();
  const reset = useResetStatusLabel();
  const [editing, setEditing] = useState<StatusLabel | null>(null);
  const [toReset, setToReset] = useState<StatusLabel | null>(null);
  return (
    <Stack gap="lg">
      <SettingsPageHeader title={t('statusLabels.title')} subtitle={t('statusLabels.subtitle')} />
      <Card withBorder padding={0}>
        <QueryList
          query={labels}
          loading={<ListSkeleton rows={4} />}
          error={{ title: t('common.loadError'), retry: t('common.retry') }}
          empty={<ListEmpty icon={IconTag} title={t('statusLabels.title')} />}
        >
          {(items) => (
            <ListTable
              minWidth={300}
              columns={[t('statusLabels.fields.status'), { label: t('statusLabels.fields.labelAr'), visibleFrom: 'sm' }, { label: t('statusLabels.fields.labelEn'), visibleFrom: 'sm' }]}
              actions={{ label: t('common.actions'), width: 96 }}
              data-testid="status-labels-table"
            >
              {items.map((s) => (
                <Table.Tr key={s.status} data-testid={`status-${s.status}`}>
                  <Table.Td>
                    <Badge variant="filled" tt="none" color={s.color} size="lg" maw="none">
                      {locale === 'ar' ? s.label_ar : s.label_en}
                    </Badge>
                    {!s.is_default && (
                      <Text fz="xs" c="dimmed" mt={4}>
                        {t('statusLabels.customized')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{s.label_ar}</Table.Td>
                  <Table.Td visibleFrom="sm" dir="ltr" className="ltr-value">
                    {s.label_en}
                  </Table.Td>
                  <Table.Td>
                    <RowActions>
                      <RowAction label={t('common.edit')} icon={IconEdit} color="gray" onClick={() => setEditing(s)} />
                      {!s.is_default && <RowAction label={t('statusLabels.reset')} icon={IconRestore} color="gray" onClick={() => setToReset(s)} />}
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          )}
        </QueryList>
      </Card>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={<Text fw={700}>{t('statusLabels.edit')}</Text>} centered>
        {editing && <StatusLabelForm label={editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        opened={toReset !== null}
        title={t('statusLabels.resetTitle')}
        message={t('statusLabels.resetBody')}
        confirmLabel={t('statusLabels.reset')}
        color="blue"
        loading={reset.isPending}
        onConfirm={() => toReset && reset.mutate(toReset.status, closeAfterWrite(() => setToReset(null)))}
        onClose={() => setToReset(null)}
      />
    </Stack>
  );
}

function StatusLabelForm({ label, onDone }: { label: StatusLabel; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  const save = useSaveStatusLabel();
  const form = useForm({
    initialValues: { label_ar: label.label_ar, label_en: label.label_en, color: label.color },
    validate: (v) => zodErrors(statusLabelBody, v, locale),
  });
  const submit = form.onSubmit((v) =>
    save.mutate({ status: label.status, body: statusLabelBody.parse(v) }, { onSuccess: onDone, onError: (e) => applyServerErrors(form, e, ['label_ar', 'label_en', 'color']) }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('statusLabels.fields.labelAr')} required dir="rtl" data-autofocus data-testid="label-ar" {...clearOnBlur(form, 'label_ar', form.getInputProps('label_ar'))} />
        <TextInput label={t('statusLabels.fields.labelEn')} required dir="ltr" data-testid="label-en" {...clearOnBlur(form, 'label_en', form.getInputProps('label_en'))} />
        <ColorInput label={t('statusLabels.fields.color')} required format="hex" swatches={SWATCHES} data-testid="label-color" {...clearOnBlur(form, 'color', form.getInputProps('color'))} />
        <Group>
          <Badge variant="filled" tt="none" color={form.values.color || 'gray'} size="lg">
            {(locale === 'ar' ? form.values.label_ar : form.values.label_en) || '—'}
          </Badge>
        </Group>
        <FormFooter cancelLabel={t('common.cancel')} onCancel={onDone} submitLabel={t('common.save')} submitTestId="label-save" loading={save.isPending} />
      </Stack>
    </form>
  );
}

