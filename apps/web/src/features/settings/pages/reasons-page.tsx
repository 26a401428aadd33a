import { REASON_TYPES, type Reason, type ReasonType, reasonBody } from '@app/shared/schemas/settings';
import { Badge, Select, Stack, Table, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMessageCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '@/components/form-footer';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useDeleteReason, useReasons, useSaveReason } from '../api/settings';
import { CrudSection } from '../components/crud-section';
import { SettingsPageHeader } from '../components/settings-page-header';

const TYPE_COLORS: Record<ReasonType, string> = { 'booking-cancel': 'blue', 'invoice-refund': 'orange', 'invoice-cancel': 'red' };

/** Reasons offered when cancelling a booking, or refunding or cancelling an invoice. */
export function ReasonsPage() {
  const { t } = useTranslation('settings');
  const reasons = useReasons();
  const remove = useDeleteReason();
  return (
    <Stack gap="lg">
      <SettingsPageHeader title={t('reasons.title')} subtitle={t('reasons.subtitle')} />
      <CrudSection<Reason>
        section="reasons"
        testId="reasons"
        query={reasons}
        remove={remove}
        nameOf={(r) => r.reason}
        emptyIcon={IconMessageCircleX}
        minWidth={420}
        columns={[t('reasons.fields.reason'), t('reasons.fields.type')]}
        cells={(r) => (
          <>
            <Table.Td fw={600}>{r.reason}</Table.Td>
            <Table.Td>
              <Badge variant="light" tt="none" color={TYPE_COLORS[r.type]}>
                {t(`reasons.types.${r.type}`)}
              </Badge>
            </Table.Td>
          </>
        )}
        form={(r, done) => <ReasonForm reason={r} onDone={done} />}
      />
    </Stack>
  );
}

function ReasonForm({ reason, onDone }: { reason: Reason | null; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  const save = useSaveReason();
  const form = useForm({
    initialValues: { type: reason?.type ?? ('booking-cancel' as ReasonType), reason: reason?.reason ?? '', sort_order: reason?.sort_order ?? 0 },
    validate: (v) => zodErrors(reasonBody, v, locale),
  });
  const submit = form.onSubmit((v) =>
    save.mutate({ id: reason?.uuid, body: reasonBody.parse(v) }, { onSuccess: onDone, onError: (e) => applyServerErrors(form, e, ['type', 'reason']) }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label={t('reasons.fields.type')}
          required
          allowDeselect={false}
          data={REASON_TYPES.map((value) => ({ value, label: t(`reasons.types.${value}`) }))}
          data-testid="reason-type"
          {...form.getInputProps('type')}
        />
        <TextInput label={t('reasons.fields.reason')} required data-autofocus data-testid="reason-text" {...clearOnBlur(form, 'reason', form.getInputProps('reason'))} />
        <FormFooter cancelLabel={t('common.cancel')} onCancel={onDone} submitLabel={reason ? t('common.save') : t('common.add')} submitTestId="reason-save" loading={save.isPending} />
      </Stack>
    </form>
  );
}
