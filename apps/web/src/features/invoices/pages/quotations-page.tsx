import { QUOTATION_STATUSES, type Quotation, type QuotationStatus } from '@app/shared/schemas/invoices';
import { ActionIcon, Anchor, Badge, Button, Group, Modal, NumberInput, Select, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { IconCheck, IconFileDollar, IconPlus, IconPrinter, IconShoppingCartPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DateField } from '@/components/date-field';
import { RowAction } from '@/components/list-table';
import { type ListViewColumn, ListView } from '@/components/list-view/list-view';
import { listBindings, oneOf, useListParams } from '@/components/list-view/use-list-params';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { useProductChoices, useServiceChoices } from '@/features/orders/api/options';
import { CustomerPicker, type PickedCustomer } from '@/features/orders/components/customer-picker';
import { isApiError } from '@/lib/api-client';
import { formatDateTimeIn } from '@/lib/format';
import { closeAfterWrite, toastRejected } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { useConvertQuotation, useCreateQuotation, useDeleteQuotation, useQuotationStatus, useQuotations } from '../api/quotations';

const STATUS_COLORS: Record<QuotationStatus, string> = { pending: 'yellow', approved: 'green', rejected: 'gray' };

/** `/sales/quotations`: quotations by status; create, approve, reject, print, convert an approved one into an order. */
export function QuotationsPage() {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const list = useListParams(['status'] as const);
  const status = oneOf(QUOTATION_STATUSES, list.filters.status ?? '');
  const quotations = useQuotations({ ...list.query, ...(status ? { status } : {}) });
  const setStatus = useQuotationStatus();
  const convert = useConvertQuotation();
  const remove = useDeleteQuotation();
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<{ kind: 'convert' | 'delete'; q: Quotation } | null>(null);
  const close = () => setDialog(null);
  const dateTime = (iso: string) => formatDateTimeIn(iso, locale, user.tenant.time_format, user.tenant.timezone);

  const columns: ListViewColumn<Quotation>[] = [
    {
      key: 'number',
      header: t('quotations.columns.number'),
      card: 'title',
      cell: (q) => (
        <Text fz="sm" fw={600} className="ltr-value">
          #{q.number}
        </Text>
      ),
    },
    { key: 'customer', header: t('quotations.columns.customer'), cell: (q) => <Text fz="sm">{q.customer_name ?? '—'}</Text> },
    {
      key: 'total',
      header: t('quotations.columns.total'),
      cell: (q) => (
        <Text fz="sm" fw={600}>
          <Money amount={q.total} currency={q.currency} />
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('quotations.columns.status'),
      card: 'aside',
      cell: (q) => (
        <Badge variant="light" color={STATUS_COLORS[q.status]} data-testid={`quotation-status-${q.number}`}>
          {t(`quotations.status.${q.status}`)}
        </Badge>
      ),
    },
    {
      key: 'order',
      header: t('quotations.columns.order'),
      interactive: true,
      cell: (q) =>
        q.order_id ? (
          <Anchor component={Link} to={`/orders/${q.order_id}`} fz="sm" data-testid={`quotation-order-${q.number}`}>
            {t('quotations.actions.open')}
          </Anchor>
        ) : (
          '—'
        ),
    },
    { key: 'date', header: t('quotations.columns.date'), cell: (q) => <Text fz="sm">{dateTime(q.created_at)}</Text> },
  ];

  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%">
      <PageHeader title={t('quotations.title')} subtitle={t('quotations.subtitle')}>
        <Button component={Link} to="/sales/refunded-orders" variant="default">
          {t('list.title')}
        </Button>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="quotation-add">
          {t('quotations.add')}
        </Button>
      </PageHeader>
      <Tabs value={status ?? 'all'} onChange={(v) => list.patch({ status: v === 'all' ? null : v })}>
        <Tabs.List>
          <Tabs.Tab value="all">{t('quotations.tabs.all')}</Tabs.Tab>
          {QUOTATION_STATUSES.map((s) => (
            <Tabs.Tab key={s} value={s} data-testid={`quotations-tab-${s}`}>
              {t(`quotations.status.${s}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ListView
        query={quotations}
        columns={columns}
        rowKey={(q) => q.id}
        minWidth={820}
        testId="quotations"
        itemTestId={(q) => `quotation-row-${q.number}`}
        actions={(q) => (
          <>
            <RowAction label={t('quotations.actions.print')} icon={IconPrinter} onClick={() => navigate(`/print-quotation/${q.id}`)} data-testid={`quotation-print-${q.number}`} />
            {q.status === 'pending' && (
              <>
                <RowAction label={t('quotations.actions.approve')} icon={IconCheck} color="green" onClick={() => setStatus.mutate({ id: q.id, status: 'approved' }, { onError: toastRejected })} data-testid={`quotation-approve-${q.number}`} />
                <RowAction label={t('quotations.actions.reject')} icon={IconX} color="gray" onClick={() => setStatus.mutate({ id: q.id, status: 'rejected' }, { onError: toastRejected })} data-testid={`quotation-reject-${q.number}`} />
              </>
            )}
            {q.status === 'approved' && !q.order_id && (
              <RowAction label={t('quotations.actions.convert')} icon={IconShoppingCartPlus} color="blue" onClick={() => setDialog({ kind: 'convert', q })} data-testid={`quotation-convert-${q.number}`} />
            )}
            {!q.order_id && <RowAction label={t('quotations.actions.delete')} icon={IconTrash} color="red" onClick={() => setDialog({ kind: 'delete', q })} data-testid={`quotation-delete-${q.number}`} />}
          </>
        )}
        actionsWidth={140}
        {...listBindings(list)}
        errorTitle={t('quotations.errorTitle')}
        emptyFiltered={t('quotations.emptyFiltered')}
        empty={{ icon: IconFileDollar, title: t('quotations.empty'), description: t('quotations.emptyBody') }}
      />
      {creating && <QuotationModal onClose={() => setCreating(false)} />}
      <ConfirmDialog
        opened={dialog?.kind === 'convert'}
        title={t('quotations.confirm.convertTitle', { number: dialog?.q.number ?? '' })}
        message={t('quotations.confirm.convertBody')}
        confirmLabel={t('quotations.actions.convert')}
        color="blue"
        loading={convert.isPending}
        onClose={close}
        onConfirm={() =>
          dialog &&
          convert.mutate(dialog.q.id, {
            onSuccess: (res) => {
              close();
              navigate(`/orders/${res.data.id}`);
            },
            onError: toastRejected,
          })
        }
      />
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title={t('quotations.confirm.deleteTitle', { number: dialog?.q.number ?? '' })}
        message={t('quotations.confirm.deleteBody')}
        confirmLabel={t('quotations.actions.delete')}
        loading={remove.isPending}
        onClose={close}
        onConfirm={() => dialog && remove.mutate(dialog.q.id, closeAfterWrite(close))}
      />
    </Stack>
  );
}

type Line = { key: string; item: string | null; quantity: number };
let nextKey = 1;
const newLine = (): Line => ({ key: String(nextKey++), item: null, quantity: 1 });

/** A new quotation: a customer (or a name), lines of services and products with quantities, notes and a validity date. */
function QuotationModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('invoices');
  const services = useServiceChoices();
  const products = useProductChoices();
  const create = useCreateQuotation();
  const [customer, setCustomer] = useState<PickedCustomer | null>(null);
  const [name, setName] = useState('');
  const [lines, setLines] = useState<Line[]>([newLine()]);
  const [notes, setNotes] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const choices = [
    { group: t('quotations.group.service'), items: (services.data ?? []).map((s) => ({ value: `service:${s.uuid}`, label: s.name })) },
    { group: t('quotations.group.product'), items: (products.data ?? []).map((p) => ({ value: `product:${p.uuid}`, label: p.name })) },
  ].filter((g) => g.items.length);
  const save = () => {
    const items = lines
      .filter((l) => l.item)
      .map((l) => {
        const [type, id] = l.item!.split(':') as ['service' | 'product', string];
        return type === 'service' ? { type, service_id: id, quantity: l.quantity } : { type, product_id: id, quantity: l.quantity };
      });
    create.mutate(
      { customer_id: customer?.id ?? null, customer_name: customer ? null : name.trim() || null, items, notes: notes.trim() || null, valid_until: validUntil || null },
      {
        onSuccess: onClose,
        onError: (e) => {
          if (isApiError(e) && e.status === 422 && Object.keys(e.fieldErrors).length) setErrors(e.fieldErrors);
          else toastRejected(e);
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={<Text fw={700}>{t('quotations.form.title')}</Text>} size="lg" data-testid="quotation-modal">
      <Stack gap="sm">
        <CustomerPicker label={t('quotations.form.customer')} value={customer} onChange={setCustomer} data-testid="quotation-customer" />
        {!customer && <TextInput label={t('quotations.form.customerName')} description={t('quotations.form.customerHint')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.customer_name} data-testid="quotation-customer-name" />}
        <Text fz="sm" fw={600}>
          {t('quotations.form.items')}
        </Text>
        {choices.length === 0 && (
          <Text fz="sm" c="dimmed">
            {t('quotations.form.noChoices')}
          </Text>
        )}
        {lines.map((l, i) => (
          <Group key={l.key} gap="xs" align="flex-start" wrap="nowrap">
            <Select
              style={{ flex: 1 }}
              aria-label={t('quotations.form.item')}
              placeholder={t('quotations.form.item')}
              data={choices}
              searchable
              value={l.item}
              onChange={(v) => setLines((xs) => xs.map((x) => (x.key === l.key ? { ...x, item: v } : x)))}
              error={errors[`items.${i}.service_id`] ?? errors[`items.${i}.product_id`]}
              comboboxProps={{ withinPortal: true }}
              data-testid={`quotation-item-${i}`}
            />
            <NumberInput
              w={90}
              aria-label={t('quotations.form.quantity')}
              min={1}
              max={1000}
              allowDecimal={false}
              value={l.quantity}
              onChange={(v) => setLines((xs) => xs.map((x) => (x.key === l.key ? { ...x, quantity: Math.max(1, Number(v) || 1) } : x)))}
              data-testid={`quotation-qty-${i}`}
            />
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('quotations.form.removeLine')} disabled={lines.length === 1} onClick={() => setLines((xs) => xs.filter((x) => x.key !== l.key))}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {errors.items && (
          <Text fz="sm" c="red">
            {errors.items}
          </Text>
        )}
        <Group>
          <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={() => setLines((xs) => [...xs, newLine()])} disabled={lines.length >= 50} data-testid="quotation-add-line">
            {t('quotations.form.addLine')}
          </Button>
        </Group>
        <DateField label={t('quotations.form.validUntil')} value={validUntil} onChange={setValidUntil} data-testid="quotation-valid-until" />
        <Textarea label={t('quotations.form.notes')} autosize minRows={2} maxRows={5} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} data-testid="quotation-notes" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('quotations.form.cancel')}
          </Button>
          <Button onClick={save} loading={create.isPending} data-testid="quotation-save">
            {t('quotations.form.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
