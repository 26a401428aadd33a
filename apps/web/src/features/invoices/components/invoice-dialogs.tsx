import type { InvoiceTemplate } from '@app/shared/schemas/invoices';
import { Alert, Group, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Money } from '@/components/money';
import type { Order } from '@/features/orders/api/types';
import { isApiError } from '@/lib/api-client';
import { toastRejected } from '@/lib/refusal';
import { useCancelInvoice, useInvoiceReasons, useIssueInvoice, useRefundItems, useRefundOrder } from '../api/invoices';

/** A required choice of a reason list (invoice-refund or invoice-cancel), with a hint when the list is empty. */
function ReasonSelect(props: {
  reasons: { uuid: string; reason: string }[] | undefined;
  label: string;
  placeholder?: string;
  emptyHint: string;
  value: string | null;
  onChange: (v: string | null) => void;
  error: string | undefined;
  'data-testid': string;
}) {
  const { reasons, emptyHint, ...rest } = props;
  return (
    <Select
      {...rest}
      description={reasons && reasons.length === 0 ? emptyHint : undefined}
      required
      data={(reasons ?? []).map((r) => ({ value: r.uuid, label: r.reason }))}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A 422's field messages kept for the dialog's fields; anything else is a toast. */
function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onError = (e: unknown) => {
    if (isApiError(e) && e.status === 422 && Object.keys(e.fieldErrors).length) setErrors(e.fieldErrors);
    else toastRejected(e);
  };
  return { errors, setErrors, onError };
}

/**
 * Issue the order's invoice: simplified (B2C) by default, standard (B2B) with the buyer's VAT number
 * and billing details; a plain invoice when the business has no VAT number. Confirms first: an
 * invoiced order is locked.
 */
export function IssueInvoiceDialog({ order, sellerVat, opened, onClose }: { order: Order; sellerVat: boolean; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('invoices');
  const issue = useIssueInvoice(order.id);
  const [template, setTemplate] = useState<InvoiceTemplate>(sellerVat ? 'simplified' : 'trial');
  const [form, setForm] = useState({
    vat_id: '',
    billing_name: order.customer?.name ?? '',
    billing_country: 'SA',
    billing_address: '',
    billing_building_number: '',
    billing_district: '',
    billing_city: '',
    billing_postal_code: '',
  });
  const { errors, setErrors, onError } = useFieldErrors();
  const close = () => {
    setErrors({});
    onClose();
  };
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setForm((f) => ({ ...f, [key]: value }));
      setErrors((x) => ({ ...x, [key]: '' }));
    },
    error: errors[key] || undefined,
  });
  const templates: InvoiceTemplate[] = sellerVat ? ['simplified', 'standard'] : ['trial'];
  return (
    <ConfirmDialog
      opened={opened}
      title={t('issue.title', { number: order.number })}
      message={t('issue.message')}
      confirmLabel={t('issue.confirm')}
      cancelLabel={t('issue.back')}
      color="blue"
      loading={issue.isPending}
      onClose={close}
      onConfirm={() =>
        issue.mutate(template === 'standard' ? { template, ...form } : { template }, {
          onSuccess: close,
          onError,
        })
      }
    >
      <Stack gap="sm" data-testid="invoice-issue-form">
        {!sellerVat && (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} data-testid="invoice-no-seller-vat">
            {t('issue.noSellerVat')}
          </Alert>
        )}
        <div>
          <Text fz="sm" fw={500} mb={4}>
            {t('issue.template')}
          </Text>
          <SegmentedControl
            fullWidth
            value={template}
            onChange={(v) => setTemplate(v as InvoiceTemplate)}
            data={templates.map((x) => ({ value: x, label: t(`template.${x}`) }))}
            data-testid="invoice-template"
          />
          <Text fz="xs" c="dimmed" mt={4}>
            {t(`templateHint.${template}`)}
          </Text>
          {errors.template && (
            <Text fz="sm" c="red" mt={4}>
              {errors.template}
            </Text>
          )}
        </div>
        {template === 'standard' && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label={t('issue.vatId')} description={t('issue.vatIdHint')} required inputMode="numeric" dir="ltr" maxLength={15} {...field('vat_id')} data-testid="invoice-vat-id" />
            <TextInput label={t('issue.billingName')} required {...field('billing_name')} data-testid="invoice-billing-name" />
            <TextInput label={t('issue.billingCountry')} required maxLength={2} dir="ltr" {...field('billing_country')} data-testid="invoice-billing-country" />
            <TextInput label={t('issue.billingAddress')} required {...field('billing_address')} data-testid="invoice-billing-address" />
            {form.billing_country.trim().toUpperCase() === 'SA' && (
              <>
                <TextInput label={t('issue.buildingNumber')} required inputMode="numeric" dir="ltr" maxLength={4} {...field('billing_building_number')} data-testid="invoice-billing-building" />
                <TextInput label={t('issue.district')} required {...field('billing_district')} data-testid="invoice-billing-district" />
                <TextInput label={t('issue.city')} required {...field('billing_city')} data-testid="invoice-billing-city" />
                <TextInput label={t('issue.postalCode')} required inputMode="numeric" dir="ltr" maxLength={5} {...field('billing_postal_code')} data-testid="invoice-billing-postal" />
              </>
            )}
          </SimpleGrid>
        )}
      </Stack>
    </ConfirmDialog>
  );
}

/** Refund the order: the whole invoice with a credit note, what was paid back by method, a reason of the invoice-refund list. */
export function RefundDialog({ order, opened, onClose }: { order: Order; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('invoices');
  const { t: tSales } = useTranslation('sales');
  const items = useRefundItems(order.id, opened);
  const reasons = useInvoiceReasons('invoice-refund', opened);
  const refund = useRefundOrder(order.id);
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const { errors, setErrors, onError } = useFieldErrors();
  const close = () => {
    setReason(null);
    setNote('');
    setErrors({});
    onClose();
  };
  const data = items.data;
  const none = data && !data.invoice;
  return (
    <ConfirmDialog
      opened={opened}
      title={t('refund.title', { number: order.number })}
      message={data?.invoice ? t('refund.message', { invoice: data.invoice.number }) : undefined}
      confirmLabel={t('refund.confirm')}
      cancelLabel={t('refund.keep')}
      loading={refund.isPending || items.isPending}
      onClose={close}
      onConfirm={() => {
        if (none) return close();
        refund.mutate({ reason_id: reason ?? '', note: note.trim() || null }, { onSuccess: close, onError });
      }}
    >
      {none ? (
        <Alert color="gray" variant="light" title={t('refund.none')} data-testid="refund-none">
          {t('refund.noneHint')}
        </Alert>
      ) : (
        data && (
          <Stack gap="sm" data-testid="refund-form">
            <Text fz="sm" fw={600}>
              {t('refund.items')}
            </Text>
            <Table withTableBorder fz="sm" verticalSpacing={4}>
              <Table.Tbody>
                {data.items.map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: invoice lines have no id; the list never reorders
                  <Table.Tr key={i}>
                    <Table.Td>{line.name}</Table.Td>
                    <Table.Td ta="end">
                      <Money amount={line.total} currency={data.currency} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text fz="sm" fw={600}>
              {t('refund.back')}
            </Text>
            {data.payments.length === 0 ? (
              <Text fz="sm" c="dimmed">
                {t('refund.nothingPaid')}
              </Text>
            ) : (
              data.payments.map((p) => (
                <Group key={p.payment_method} justify="space-between" fz="sm" data-testid={`refund-method-${p.payment_method}`}>
                  <Text fz="sm">{tSales(`method.${p.payment_method}`)}</Text>
                  <Text fz="sm" fw={600}>
                    <Money amount={p.amount} currency={data.currency} />
                  </Text>
                </Group>
              ))
            )}
            <ReasonSelect
              reasons={reasons.data}
              label={t('refund.reason')}
              placeholder={t('refund.reasonPlaceholder')}
              emptyHint={t('refund.noReasons')}
              value={reason}
              onChange={(v) => {
                setReason(v);
                setErrors({});
              }}
              error={errors.reason_id ?? errors.invoice}
              data-testid="refund-reason"
            />
            <Textarea label={t('refund.note')} autosize minRows={2} maxRows={4} value={note} onChange={(e) => setNote(e.currentTarget.value)} error={errors.note} data-testid="refund-note" />
          </Stack>
        )
      )}
    </ConfirmDialog>
  );
}

/** Cancel an invoice with a reason of the invoice-cancel list: its credit note; the order is editable again. */
export function CancelInvoiceDialog({ invoice, opened, onClose }: { invoice: { id: string; number: number }; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('invoices');
  const reasons = useInvoiceReasons('invoice-cancel', opened);
  const cancel = useCancelInvoice(invoice.id);
  const [reason, setReason] = useState<string | null>(null);
  const { errors, setErrors, onError } = useFieldErrors();
  const close = () => {
    setReason(null);
    setErrors({});
    onClose();
  };
  return (
    <ConfirmDialog
      opened={opened}
      title={t('cancel.title', { number: invoice.number })}
      message={t('cancel.message')}
      confirmLabel={t('cancel.confirm')}
      cancelLabel={t('cancel.keep')}
      loading={cancel.isPending}
      onClose={close}
      onConfirm={() => cancel.mutate({ reason_id: reason ?? '' }, { onSuccess: close, onError })}
    >
      <ReasonSelect
        reasons={reasons.data}
        label={t('cancel.reason')}
        emptyHint={t('cancel.noReasons')}
        value={reason}
        onChange={(v) => {
          setReason(v);
          setErrors({});
        }}
        error={errors.reason_id ?? errors.invoice}
        data-testid="invoice-cancel-reason"
      />
    </ConfirmDialog>
  );
}
