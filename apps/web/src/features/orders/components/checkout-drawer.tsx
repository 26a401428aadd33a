import type { RecordedPaymentMethod } from '@app/shared/schemas/transactions';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Divider,
  FileInput,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconCash, IconCircleCheck, IconPaperclip, IconPlus, IconPrinter, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSalesSettings } from '@/features/settings/api/settings';
import { usePaymentOptions } from '@/features/transactions/api/transactions';
import { RECEIPT_ACCEPT } from '@/features/transactions/lib/transaction';
import { isApiError, toast } from '@/lib/api-client';
import { minorToInput } from '@/lib/format';
import { toastRejected } from '@/lib/refusal';
import { useCheckout } from '../api/checkout';
import { useAddItems, useOrder, useUpdateDetails } from '../api/orders';
import type { Order } from '../api/types';
import {
  changeOf,
  type CheckoutError,
  checkoutRequest,
  currentTip,
  feesWithTip,
  newPaymentDraft,
  nextRowAmount,
  type PaymentDraft,
  planCheckout,
  TIP_PERCENTS,
  tipBase,
  tipFor,
  visitsToComplete,
} from '../lib/checkout';
import { parseMoney } from '../lib/money-input';
import { toItemInput } from '../lib/order-form';
import { canEdit } from '../lib/status';
import { useErrorText, useOrderFormat } from '../lib/use-format';
import { MoneyText } from './fees-editor';
import { ItemPicker } from './item-picker';
import { DiscountCard, TotalsCard } from './order-side';

/** The receipt page of an order, for a paper size and a language ("Print receipt", "Print 80 mm"). */
export const receiptPath = (orderId: string, size: 'a4' | '80mm', lang: string, print = true) => `/orders/${orderId}/receipt?size=${size}&lang=${lang}${print ? '&print=1' : ''}`;

type Props = {
  /** The order to check out (a booking's `order_id`); null: closed. */
  orderId: string | null;
  onClose: () => void;
};

/**
 * Checkout where the booking is: the order's lines, add a product, a tip, a discount, then payment —
 * cash with the amount received and the change, card, bank transfer, split across methods — and
 * "complete the visit"; afterwards the receipt, on A4 or an 80 mm roll. One request takes every
 * payment (`POST orders/:id/checkout`); the lines, tip and discount use the order's own endpoints.
 */
export function CheckoutDrawer({ orderId, onClose }: Props) {
  const { t } = useTranslation('orders');
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={orderId !== null}
      onClose={onClose}
      size="lg"
      fullScreen={narrow}
      title={<Text fw={700}>{t('checkout.title')}</Text>}
      data-testid="checkout"
      // Above the booking details drawer it is opened from (200), below the dropdowns (300).
      zIndex={250}
    >
      {orderId && <CheckoutBody orderId={orderId} onClose={onClose} />}
    </Modal>
  );
}

function CheckoutBody({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const order = useOrder(orderId);
  const [done, setDone] = useState<{ change: number; left: number } | null>(null);
  if (order.isPending)
    return (
      <Stack gap="sm">
        <Skeleton h={28} />
        <Skeleton h={120} />
        <Skeleton h={80} />
      </Stack>
    );
  if (order.isError || !order.data)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="checkout-error">
        <Group gap="sm">
          <Text fz="sm">{t('checkout.loadError')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void order.refetch()}>
            {t('states.retry')}
          </Button>
        </Group>
      </Alert>
    );
  if (done) return <CheckoutDone order={order.data} change={done.change} left={done.left} onClose={onClose} />;
  return <CheckoutForm order={order.data} onDone={setDone} />;
}

function CheckoutForm({ order, onDone }: { order: Order; onDone: (r: { change: number; left: number }) => void }) {
  const { t, i18n } = useTranslation('orders');
  const fmt = useOrderFormat();
  const errorText = useErrorText();
  const money = (n: number) => fmt.money(n, order.currency);
  const editable = canEdit(order) && !order.is_draft;
  const options = usePaymentOptions();
  const settings = useSalesSettings();
  const checkout = useCheckout(order.id);
  const methods = options.data?.methods ?? [];
  const due = order.remaining_amount;
  const [rows, setRows] = useState<PaymentDraft[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Appointments "complete the visit" moves: confirmed ones of today and before (as the server does).
  const confirmed = visitsToComplete(order.items, fmt.timezone);
  const [completeVisit, setCompleteVisit] = useState<boolean | null>(null);
  const complete = confirmed > 0 && (completeVisit ?? settings.data?.complete_visit_on_checkout ?? true);

  // The first row starts with the first enabled method for what is due; it follows the due amount
  // while it is the only row and untouched (a tip or discount changes what is due).
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!methods.length || touched) return;
    setRows(due > 0 ? [newPaymentDraft(methods[0]!, minorToInput(due, order.currency))] : []);
  }, [methods, due, order.currency, touched]);

  const message = (code: CheckoutError | string) => {
    if (code === 'over_due' || code === 'exceeds') return t('checkout.errors.overDue', { due: money(due) });
    if (code === 'tendered_below') return t('checkout.errors.tenderedBelow');
    if (code === 'nothing_due') return t('checkout.errors.nothingDue');
    if (code === 'positive') return t('checkout.errors.positive');
    if (code.startsWith('receipt_')) return t(`checkout.errors.${code}`);
    return errorText(code);
  };
  const plan = planCheckout(rows, { due, currency: order.currency, completeVisit: complete });
  const update = (key: string, patch: Partial<PaymentDraft>) => {
    setTouched(true);
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    setErrors({});
  };
  const addRow = () => {
    setTouched(true);
    const used = new Set(rows.map((r) => r.method));
    const method = methods.find((m) => !used.has(m)) ?? methods[0] ?? 'cash';
    setRows((list) => [...list, newPaymentDraft(method, nextRowAmount(due, list, order.currency))]);
  };
  const removeRow = (key: string) => {
    setTouched(true);
    setRows((list) => list.filter((r) => r.key !== key));
    setErrors({});
  };

  const submit = () => {
    if (!plan.ok) {
      setErrors(Object.fromEntries(Object.entries(plan.errors).map(([k, code]) => [k, message(code)])));
      return;
    }
    const sent = plan;
    checkout.mutate(checkoutRequest(sent.body, sent.receipts), {
      onSuccess: (res) => onDone({ change: res.data.change_due, left: res.data.remaining_amount }),
      onError: (e) => {
        if (!isApiError(e) || e.status !== 422) return;
        setErrors(e.fieldErrors);
        const shown = Object.keys(e.fieldErrors).some((k) => k === 'payments' || k.startsWith('payments.'));
        if (!shown) toast(Object.values(e.fieldErrors)[0] ?? e.message, 'red');
      },
    });
  };

  const nothingToDo = rows.length === 0 && !complete;
  const rowError = (i: number, field: string) => errors[`payments.${i}.${field}`];

  return (
    <Stack gap="md" data-testid="checkout-form" data-order-id={order.id}>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0}>
          <Anchor component={Link} to={`/orders/${order.id}`} fw={700} className="ltr-value">
            #{order.number}
          </Anchor>
          <Text fz="sm" c="dimmed">
            {order.customer?.name ?? t('customer.guest')}
          </Text>
        </Stack>
        <Text fz="xl" fw={800} data-testid="checkout-due">
          {money(due)}
        </Text>
      </Group>

      <Lines order={order} editable={editable} />
      {editable && <TipEditor order={order} />}
      {editable && <DiscountCard order={order} editable={editable} />}
      <TotalsCard order={order} />

      <Card withBorder padding="md">
        <Text fw={700} mb="xs">
          {t('checkout.payment')}
        </Text>
        {options.isPending ? (
          <Skeleton h={36} />
        ) : methods.length === 0 ? (
          <Alert color="yellow" icon={<IconAlertCircle size={18} />}>
            {t('checkout.noMethods')}
          </Alert>
        ) : due === 0 ? (
          <Text fz="sm" c="green.8" data-testid="checkout-paid">
            {t('checkout.fullyPaid')}
          </Text>
        ) : (
          <Stack gap="sm">
            {rows.map((row, i) => (
              <PaymentRow
                key={row.key}
                index={i}
                row={row}
                methods={methods}
                bankAccounts={options.data?.bank_accounts ?? []}
                currency={order.currency}
                removable={rows.length > 1}
                error={(f) => rowError(i, f)}
                onChange={(patch) => update(row.key, patch)}
                onRemove={() => removeRow(row.key)}
              />
            ))}
            {rows.length < 5 && (
              <Group>
                <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={addRow} data-testid="checkout-add-method">
                  {t('checkout.addMethod')}
                </Button>
              </Group>
            )}
            <Group justify="space-between" gap="xs">
              <Text fz="sm" c="dimmed">
                {t('checkout.taking', { amount: money(plan.total) })}
              </Text>
              {plan.left > 0 && plan.total > 0 && (
                <Text fz="sm" c="orange.8" data-testid="checkout-left">
                  {t('checkout.leftAfter', { amount: money(plan.left) })}
                </Text>
              )}
            </Group>
            {errors.payments && (
              <Text fz="sm" c="red" data-testid="checkout-payments-error">
                {errors.payments}
              </Text>
            )}
          </Stack>
        )}
      </Card>

      {confirmed > 0 && (
        <Checkbox
          label={t('checkout.completeVisit')}
          description={t('checkout.completeVisitHint')}
          checked={complete}
          onChange={(e) => setCompleteVisit(e.currentTarget.checked)}
          data-testid="checkout-complete-visit"
        />
      )}

      <Group justify="space-between">
        <Button variant="default" component={Link} to={receiptPath(order.id, 'a4', i18n.language === 'en' ? 'en' : 'ar', false)} target="_blank" disabled={order.paid_amount <= 0}>
          {t('checkout.receipt')}
        </Button>
        <Button leftSection={<IconCash size={18} />} onClick={submit} loading={checkout.isPending} disabled={nothingToDo || methods.length === 0} data-testid="checkout-submit">
          {rows.length ? t('checkout.take', { amount: money(plan.total) }) : t('checkout.completeOnly')}
        </Button>
      </Group>
    </Stack>
  );
}

function PaymentRow({
  index,
  row,
  methods,
  bankAccounts,
  currency,
  removable,
  error,
  onChange,
  onRemove,
}: {
  index: number;
  row: PaymentDraft;
  methods: readonly RecordedPaymentMethod[];
  bankAccounts: readonly { id: string; bank_name: string; beneficiary_name: string }[];
  currency: string;
  removable: boolean;
  error: (field: string) => string | undefined;
  onChange: (patch: Partial<PaymentDraft>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  const amount = parseMoney(row.amount, currency);
  const tendered = parseMoney(row.tendered, currency);
  const change = amount.ok && tendered.ok ? changeOf(amount.value, tendered.value) : 0;
  const n = index + 1;
  return (
    <Stack gap={6} p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }} data-testid={`checkout-payment-${index}`}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Select
          aria-label={t('checkout.methodN', { n })}
          data={methods.map((m) => ({ value: m, label: t(`paymentMethod.${m}`) }))}
          value={row.method}
          onChange={(v) => v && onChange({ method: v as RecordedPaymentMethod, tendered: '', receipt: null })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          style={{ flex: 1 }}
          data-testid={`checkout-method-${index}`}
        />
        <MoneyText
          aria-label={t('checkout.amountN', { n })}
          currency={currency}
          value={row.amount}
          onChange={(e) => onChange({ amount: e.currentTarget.value })}
          error={error('amount')}
          style={{ flex: 1 }}
          data-testid={`checkout-amount-${index}`}
        />
        {removable && (
          <ActionIcon variant="subtle" color="red" mt={6} aria-label={t('checkout.removeMethod')} onClick={onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
        )}
      </Group>
      {row.method === 'cash' && (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <MoneyText
            label={t('checkout.received')}
            currency={currency}
            value={row.tendered}
            onChange={(e) => onChange({ tendered: e.currentTarget.value })}
            error={error('tendered_amount')}
            style={{ flex: 1 }}
            data-testid={`checkout-received-${index}`}
          />
          <Stack gap={0} style={{ flex: 1 }} mt={4}>
            <Text fz="xs" c="dimmed">
              {t('checkout.change')}
            </Text>
            <Text fw={800} fz="lg" c={change > 0 ? 'green.8' : undefined} data-testid={`checkout-change-${index}`}>
              {fmt.money(change, currency)}
            </Text>
          </Stack>
        </Group>
      )}
      {row.method === 'card' && (
        <TextInput label={t('checkout.reference')} maxLength={100} value={row.reference} onChange={(e) => onChange({ reference: e.currentTarget.value })} data-testid={`checkout-reference-${index}`} />
      )}
      {row.method === 'bank_transfer' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Select
            label={t('checkout.bankAccount')}
            data={bankAccounts.map((a) => ({ value: a.id, label: `${a.bank_name} — ${a.beneficiary_name}` }))}
            value={row.bank_account_id}
            onChange={(v) => onChange({ bank_account_id: v })}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <FileInput
            label={t('checkout.transferReceipt')}
            accept={RECEIPT_ACCEPT}
            clearable
            required
            leftSection={<IconPaperclip size={16} />}
            value={row.receipt}
            onChange={(f) => onChange({ receipt: f })}
            error={error('receipt')}
            data-testid={`checkout-receipt-${index}`}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** The lines, and "Add product" (the order screen's item picker, `POST orders/:id/items`). */
function Lines({ order, editable }: { order: Order; editable: boolean }) {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  const add = useAddItems(order.id);
  const [adding, setAdding] = useState(false);
  return (
    <Card withBorder padding="md" data-testid="checkout-lines">
      <Group justify="space-between" mb="xs">
        <Text fw={700}>{t('items.title')}</Text>
        {editable && (
          <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding((v) => !v)} data-testid="checkout-add-product">
            {t('checkout.addProduct')}
          </Button>
        )}
      </Group>
      <Stack gap={6}>
        {order.items.map((item) => (
          <Group key={item.id} justify="space-between" wrap="nowrap" gap="sm">
            <Text fz="sm">
              {item.name} <Text span c="dimmed" fz="xs">× {fmt.number(item.quantity)}</Text>
            </Text>
            <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {fmt.money(item.total, order.currency)}
            </Text>
          </Group>
        ))}
      </Stack>
      {adding && (
        <>
          <Divider my="sm" />
          <ItemPicker
            loading={add.isPending}
            addLabel={t('checkout.addToOrder')}
            onAdd={(line) => add.mutate([toItemInput(line)], { onSuccess: () => setAdding(false), onError: toastRejected })}
          />
        </>
      )}
    </Card>
  );
}

/** The tip: quick percentages of the visit's value (lines after discount), a custom amount, or none. */
function TipEditor({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  const errorText = useErrorText();
  const save = useUpdateDetails(order.id);
  const tip = currentTip(order.fees);
  const base = tipBase(order);
  const [custom, setCustom] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const apply = (amount: number | null) =>
    save.mutate(
      { fees: feesWithTip(order.fees, amount, t('totals.tip')) },
      {
        onSuccess: () => {
          setCustom(null);
          setError(undefined);
        },
        onError: (e) => {
          if (!toastRejected(e) && isApiError(e)) setError(e.message);
        },
      },
    );
  const applyCustom = () => {
    const parsed = parseMoney(custom ?? '', order.currency);
    if (!parsed.ok) return setError(errorText(parsed.error));
    apply(parsed.value);
  };
  return (
    <Card withBorder padding="md" data-testid="checkout-tip">
      <Group justify="space-between" mb="xs">
        <Text fw={700}>{t('checkout.tip')}</Text>
        <Text fz="sm" fw={600} data-testid="checkout-tip-amount">
          {tip > 0 ? fmt.money(tip, order.currency) : t('checkout.noTip')}
        </Text>
      </Group>
      <Group gap="xs">
        {TIP_PERCENTS.map((p) => {
          const amount = tipFor(base, p);
          return (
            <Button key={p} size="xs" variant={tip > 0 && tip === amount ? 'filled' : 'light'} disabled={save.isPending || amount === 0} onClick={() => apply(amount)} data-testid={`checkout-tip-${p}`}>
              {fmt.number(p)}%
            </Button>
          );
        })}
        <Button size="xs" variant={custom !== null ? 'filled' : 'light'} onClick={() => setCustom(tip > 0 ? minorToInput(tip, order.currency) : '')} data-testid="checkout-tip-custom">
          {t('checkout.tipCustom')}
        </Button>
        {tip > 0 && (
          <Button size="xs" variant="subtle" color="red" onClick={() => apply(null)} disabled={save.isPending} data-testid="checkout-tip-remove">
            {t('checkout.tipRemove')}
          </Button>
        )}
      </Group>
      {custom !== null && (
        <Group gap="xs" mt="xs" align="flex-start" wrap="nowrap">
          <MoneyText aria-label={t('checkout.tipAmount')} currency={order.currency} value={custom} onChange={(e) => setCustom(e.currentTarget.value)} error={error} style={{ flex: 1 }} data-testid="checkout-tip-input" />
          <Button onClick={applyCustom} loading={save.isPending} data-testid="checkout-tip-apply">
            {t('checkout.apply')}
          </Button>
        </Group>
      )}
    </Card>
  );
}

function CheckoutDone({ order, change, left, onClose }: { order: Order; change: number; left: number; onClose: () => void }) {
  const { t, i18n } = useTranslation('orders');
  const fmt = useOrderFormat();
  const lang = i18n.language === 'en' ? 'en' : 'ar';
  const line = (label: string, value: ReactNode, testId?: string) => (
    <Group justify="space-between">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap="md" data-testid="checkout-done">
      <Alert color="green" icon={<IconCircleCheck size={20} />} title={t('checkout.doneTitle')}>
        {left > 0 ? t('checkout.doneLeft', { amount: fmt.money(left, order.currency) }) : t('checkout.doneBody')}
      </Alert>
      {change > 0 && line(t('checkout.changeToGive'), <Text span fz="xl" fw={800} c="green.8">{fmt.money(change, order.currency)}</Text>, 'checkout-done-change')}
      {line(t('totals.total'), fmt.money(order.total, order.currency))}
      {line(t('totals.paid'), fmt.money(order.paid_amount, order.currency))}
      <Group grow>
        <Button component="a" href={receiptPath(order.id, 'a4', lang)} target="_blank" rel="noopener" leftSection={<IconPrinter size={18} />} disabled={order.paid_amount <= 0} data-testid="checkout-print-a4">
          {t('checkout.printA4')}
        </Button>
        <Button component="a" href={receiptPath(order.id, '80mm', lang)} target="_blank" rel="noopener" variant="light" leftSection={<IconPrinter size={18} />} disabled={order.paid_amount <= 0} data-testid="checkout-print-80mm">
          {t('checkout.print80')}
        </Button>
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-testid="checkout-close">
          {t('checkout.close')}
        </Button>
      </Group>
    </Stack>
  );
}
