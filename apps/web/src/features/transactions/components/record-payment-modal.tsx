import type { RecordedPaymentMethod } from '@app/shared/schemas/transactions';
import { Alert, Anchor, Button, FileInput, Group, Modal, SegmentedControl, Select, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconPaperclip } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { formatMoney } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { usePaymentOptions, useRecordPayment } from '../api/transactions';
import { type PaymentFormValues, parseAmount, RECEIPT_ACCEPT, remainingText, validatePayment } from '../lib/transaction';

const FIELDS = ['payment_method', 'amount', 'reference_no', 'bank_account_id', 'notes', 'receipt'] as const;

export type RecordPaymentModalProps = {
  orderId: string;
  /** What is left to pay, in minor units: the amount starts there and may not exceed it. */
  remaining: number;
  currency: string;
  opened: boolean;
  onClose: () => void;
};

const emptyValues = (remaining: number, currency: string): PaymentFormValues => ({
  payment_method: null,
  amount: remainingText(remaining, currency),
  reference_no: '',
  bank_account_id: null,
  notes: '',
  receipt: null,
});

/**
 * Records a payment on an order: a method among those enabled in the settings, the amount (major
 * units, starting at what is left to pay), a reference, and for a bank transfer the account and the
 * receipt (jpeg, gif, png or pdf, 5 MB). Cash and card count at once; a bank transfer waits for review.
 */
export function RecordPaymentModal({ orderId, remaining, currency, opened, onClose }: RecordPaymentModalProps) {
  const { t } = useTranslation('sales');
  const locale = useLocale();
  const options = usePaymentOptions(opened);
  const record = useRecordPayment(orderId);
  const form = useForm<PaymentFormValues>({
    initialValues: emptyValues(remaining, currency),
    validate: (values) => {
      const errors = validatePayment(values, { currency, remaining });
      return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(`form.errors.${key}`, { max: formatMoney(remaining, locale, currency) })]));
    },
  });
  const methods = options.data?.methods ?? [];

  // A fresh form each time it opens, on the first enabled method.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when opened or when the options arrive
  useEffect(() => {
    if (!opened) return;
    form.setValues({ ...emptyValues(remaining, currency), payment_method: methods[0] ?? null });
    form.resetDirty();
    form.clearErrors();
  }, [opened, remaining, currency, options.data]);

  const props = (path: (typeof FIELDS)[number]) => clearOnBlur(form, path, form.getInputProps(path));
  const bank = form.values.payment_method === 'bank_transfer';
  const close = () => {
    if (!record.isPending) onClose();
  };

  const submit = form.onSubmit((values) => {
    const amount = parseAmount(values.amount, currency, remaining);
    if (!amount.ok || !values.payment_method) return;
    record.mutate(
      {
        payment_method: values.payment_method,
        amount: amount.value,
        reference_no: values.reference_no.trim() || null,
        bank_account_id: bank ? values.bank_account_id : null,
        notes: values.notes.trim() || null,
        receipt: bank ? values.receipt : null,
      },
      { onSuccess: onClose, onError: (e) => applyServerErrors(form, e, FIELDS) },
    );
  });

  let body: ReactNode;
  if (options.isPending) {
    body = (
      <Stack gap="sm" data-testid="payment-options-loading">
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  } else if (options.isError) {
    body = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('form.optionsError')}>
        <Button size="xs" variant="light" color="red" onClick={() => void options.refetch()}>
          {t('states.retry')}
        </Button>
      </Alert>
    );
  } else if (methods.length === 0) {
    body = (
      <Alert color="yellow" icon={<IconAlertCircle size={18} />} data-testid="payment-no-methods">
        <Stack gap={4}>
          <Text fz="sm">{t('form.noMethods')}</Text>
          <Anchor component={Link} to="/settings/payments" fz="sm" onClick={onClose}>
            {t('form.toSettings')}
          </Anchor>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <form onSubmit={submit} noValidate data-testid="record-payment-form">
        <Stack gap="md">
          <Text fz="sm" c="dimmed" data-testid="payment-remaining">
            {t('form.remaining', { amount: formatMoney(remaining, locale, currency) })}
          </Text>
          <Stack gap={4}>
            <Text fz="sm" fw={500}>
              {t('form.method')}
            </Text>
            <SegmentedControl
              fullWidth
              data={methods.map((m) => ({ value: m, label: t(`method.${m}`) }))}
              value={form.values.payment_method ?? ''}
              onChange={(v) => form.setFieldValue('payment_method', v as RecordedPaymentMethod)}
              data-testid="payment-method"
            />
            {form.errors.payment_method && (
              <Text fz="xs" c="red">
                {form.errors.payment_method}
              </Text>
            )}
          </Stack>
          <TextInput
            label={t('form.amount')}
            required
            inputMode="decimal"
            rightSection={<Text fz="xs">{currency}</Text>}
            rightSectionWidth={48}
            data-testid="payment-amount"
            {...props('amount')}
          />
          <TextInput label={t('form.reference')} maxLength={100} data-testid="payment-reference" {...props('reference_no')} />
          {bank && (
            <>
              <Select
                label={t('form.bankAccount')}
                placeholder={t('form.bankAccountPlaceholder')}
                data={(options.data?.bank_accounts ?? []).map((a) => ({ value: a.id, label: `${a.bank_name} — ${a.beneficiary_name}` }))}
                clearable
                nothingFoundMessage={t('form.noBankAccounts')}
                data-testid="payment-bank-account"
                {...props('bank_account_id')}
              />
              <FileInput
                label={t('form.receipt')}
                description={t('form.receiptHint')}
                placeholder={t('form.receiptPlaceholder')}
                accept={RECEIPT_ACCEPT}
                clearable
                required
                leftSection={<IconPaperclip size={16} />}
                data-testid="payment-receipt"
                {...props('receipt')}
              />
            </>
          )}
          <Textarea label={t('form.notes')} autosize minRows={2} maxLength={1000} data-testid="payment-notes" {...props('notes')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={record.isPending}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={record.isPending} data-testid="payment-submit">
              {t('form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>{t('form.title')}</Text>} centered size="md" data-testid="record-payment-modal">
      {body}
    </Modal>
  );
}
