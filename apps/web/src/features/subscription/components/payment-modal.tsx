import { PRODUCT_CHECKOUT_REDIRECT_MS } from '@app/shared/constants';
import { type CheckoutResult, couponQuery, type Product, productCheckoutBody } from '@app/shared/schemas/subscription';
import { messageFor } from '@app/shared/validation';
import {
  Alert,
  Button,
  CopyButton,
  FileInput,
  Group,
  Modal,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
  ActionIcon,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowBack, IconBuildingBank, IconCheck, IconCopy, IconCreditCard, IconInfoCircle, IconPaperclip, IconTicket, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Ltr } from '@/components/bidi';
import { Money } from '@/components/money';
import { isApiError, toast } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { zodErrors } from '@/lib/zod-errors';
import {
  type CheckoutPayment,
  checkCoupon,
  type PlanTarget,
  pageLocation,
  startCheckout,
  startProductCheckout,
  successPath,
  useBanks,
  useCheckoutSummary,
  useRefreshSubscription,
} from '../api/subscription';
import { RECEIPT_MAX_BYTES, RECEIPT_MAX_MB, RECEIPT_TYPES } from '../lib/subscription';
import { OrderSummary, SummaryLine } from './order-summary';

/** What the payment dialog pays for: a plan (a new one, an upgrade, a downgrade), the renewal of the current one, or a product. */
export type PaymentTarget = PlanTarget | { mode: 'product'; product: Product };

type Method = 'credit_card' | 'bank_transfer';
type TransferValues = { bank_id: string | null; beneficiary_name: string; receipt: File | null };
const TRANSFER_FIELDS = ['bank_id', 'beneficiary_name', 'receipt'] as const;

/**
 * The payment dialog (docs/subscription.md): the order summary, a coupon, and the way to pay — a card
 * (the browser goes to the gateway's page at once) or a bank transfer (the receipt is reviewed within
 * 24 hours). A downgrade charges nothing: it is scheduled for the period's end. Everything typed is
 * dropped when it closes.
 */
export function PaymentModal({ target, onClose }: { target: PaymentTarget | null; onClose: () => void }) {
  const { t } = useTranslation('subscription');
  const [busy, setBusy] = useState(false);
  // The content stays while the dialog fades out, then unmounts with its state (nothing is kept).
  const last = useRef<PaymentTarget | null>(target);
  // Each opening starts afresh, even one that comes while the last is still fading out.
  const opening = useRef({ count: 0, open: false });
  if (target && !opening.current.open) opening.current.count += 1;
  opening.current.open = target !== null;
  if (target) last.current = target;
  const shown = target ?? last.current;
  const session = opening.current.count;
  const close = () => {
    if (!busy) onClose();
  };
  let title = '';
  if (shown?.mode === 'product') title = t('payment.titleProduct', { product: shown.product.name });
  else if (shown) title = t(shown.mode === 'renew' ? 'payment.titleRenew' : 'payment.titleSubscribe', { plan: shown.planName });
  return (
    <Modal opened={target !== null} onClose={close} title={<Text fw={700}>{title}</Text>} centered size="lg" data-testid="payment-modal">
      {shown?.mode === 'product' ? (
        <ProductPayment key={`${session}-${shown.product.id}`} product={shown.product} onClose={onClose} setBusy={setBusy} />
      ) : shown ? (
        <PlanPayment key={`${session}-${shown.mode}-${shown.plan}-${shown.cycle}`} target={shown} onClose={onClose} setBusy={setBusy} />
      ) : null}
    </Modal>
  );
}

type BodyProps = { onClose: () => void; setBusy: (busy: boolean) => void };

function PlanPayment({ target, onClose, setBusy }: BodyProps & { target: PlanTarget }) {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const navigate = useNavigate();
  const refresh = useRefreshSubscription();
  const summary = useCheckoutSummary(target.plan, target.cycle, true);
  const [applied, setApplied] = useState<CheckoutResult | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [method, setMethod] = useState<Method>('credit_card');
  const [leaving, setLeaving] = useState(false);
  const coupon = useMutation({ mutationFn: (c: string) => checkCoupon(target.plan, target.cycle, c) });
  const pay = useMutation({ mutationFn: (p: CheckoutPayment) => startCheckout(target, p) });
  const required = messageFor('required', locale);
  const form = useForm<TransferValues>({
    initialValues: { bank_id: null, beneficiary_name: '', receipt: null },
    validate: {
      bank_id: (v) => (v ? null : required),
      beneficiary_name: (v) => (v.trim() ? null : required),
      receipt: (f) => receiptError(f, locale),
    },
  });
  const transfer = method === 'bank_transfer';
  const banks = useBanks(transfer);
  const result = applied ?? summary.data;
  const downgrade = result?.kind === 'downgrade';
  const processing = coupon.isPending || pay.isPending || leaving;

  useEffect(() => setBusy(pay.isPending || leaving), [pay.isPending, leaving, setBusy]);
  useEffect(() => () => setBusy(false), [setBusy]);

  // One bank: chosen already.
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the banks arrive
  useEffect(() => {
    if (banks.data?.length === 1 && !form.values.bank_id) form.setFieldValue('bank_id', banks.data[0]?.id ?? null);
  }, [banks.data]);

  const validateCode = (raw: string): string | null => {
    if (raw.trim() === '') return null;
    if (/\s/.test(raw)) return messageFor('coupon_code', locale);
    return zodErrors(couponQuery, { coupon: raw }, locale)['coupon'] ?? null;
  };

  const apply = () => {
    const error = validateCode(code);
    if (error || code.trim() === '') {
      setCodeError(error);
      return;
    }
    setCodeError(null);
    coupon.mutate(code.trim(), {
      onSuccess: (r) => setApplied(r),
      onError: (e) => {
        if (isApiError(e) && e.status === 422) setCodeError(e.fieldErrors['coupon'] ?? e.message);
      },
    });
  };

  const removeCoupon = () => {
    setApplied(null);
    setCode('');
    setCodeError(null);
    coupon.reset();
  };

  const onError = (e: unknown) => {
    if (!isApiError(e) || e.status !== 422) return;
    const { coupon: couponError, plan_limit: planLimit, ...rest } = e.fieldErrors;
    if (couponError) setCodeError(couponError);
    const mapped = Object.fromEntries(Object.entries(rest).filter(([field]) => (TRANSFER_FIELDS as readonly string[]).includes(field)));
    if (transfer) form.setErrors(mapped);
    const stray = Object.entries(rest).filter(([field]) => !transfer || !(TRANSFER_FIELDS as readonly string[]).includes(field));
    // A plan limit is toasted by the API client; anything else not under a field is toasted here.
    if (!couponError && !planLimit && (stray.length > 0 || Object.keys(mapped).length === 0)) toast(stray[0]?.[1] ?? e.message, 'red');
  };

  const submit = () => {
    const couponCode = downgrade ? null : (applied?.coupon?.code ?? null);
    let payment: CheckoutPayment;
    if (downgrade || !transfer) payment = { payment_method: 'credit_card', coupon: couponCode };
    else {
      if (form.validate().hasErrors) return;
      const v = form.values;
      if (!v.bank_id || !v.receipt) return;
      payment = { payment_method: 'bank_transfer', coupon: couponCode, bank_id: v.bank_id, beneficiary_name: v.beneficiary_name.trim(), receipt: v.receipt };
    }
    pay.mutate(payment, {
      onSuccess: (res) => {
        const d = res.data;
        // A card: straight to the gateway's page, nothing in between.
        if (d.url) {
          setLeaving(true);
          pageLocation.assign(d.url);
          return;
        }
        if (d.status === 'scheduled') {
          toast(res.message);
          onClose();
          void refresh();
          return;
        }
        if (d.status === 'awaiting_review' || d.status === 'paid') {
          void refresh();
          onClose();
          void navigate(successPath(d));
          return;
        }
        toast(t('payment.noUrl'), 'red');
      },
      onError,
    });
  };

  let summaryBlock: ReactNode;
  if (summary.isPending) summaryBlock = <Skeleton h={180} data-testid="checkout-summary-loading" />;
  else if (!result)
    summaryBlock = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="checkout-summary-error">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{summary.error?.message || t('payment.summaryFailed')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void summary.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  else summaryBlock = <OrderSummary result={result} />;

  let submitLabel = t('payment.payNow', { amount: result ? formatMoney(result.total_amount, locale, result.currency) : '' });
  if (downgrade) submitLabel = t('payment.scheduleChange');
  else if (transfer) submitLabel = t('payment.sendReceipt');

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        {summaryBlock}
      </Paper>
      {result && downgrade && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="checkout-downgrade">
          {t('payment.downgradeNotice', { date: formatDate(result.period_start, locale) })}
        </Alert>
      )}
      {result && !downgrade && (
        <>
          <CouponField
            code={code}
            error={codeError}
            applied={applied?.coupon?.code ?? null}
            applying={coupon.isPending}
            disabled={processing}
            onChange={(v) => {
              setCode(v);
              setCodeError(validateCode(v));
            }}
            onApply={apply}
            onRemove={removeCoupon}
          />
          {transfer ? (
            <TransferForm form={form} banks={banks} onBack={() => setMethod('credit_card')} disabled={processing} />
          ) : (
            <MethodChoice value={method} onChange={setMethod} />
          )}
        </>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={pay.isPending || leaving}>
          {t('payment.cancel')}
        </Button>
        <Button
          onClick={submit}
          loading={pay.isPending || leaving}
          disabled={!result || coupon.isPending}
          leftSection={transfer && !downgrade ? <IconBuildingBank size={18} /> : downgrade ? null : <IconCreditCard size={18} />}
          data-testid="checkout-submit"
        >
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}

function receiptError(file: File | null, locale: 'ar' | 'en'): string | null {
  if (!file) return messageFor('required', locale);
  if (!(RECEIPT_TYPES as readonly string[]).includes(file.type)) return messageFor('file_type', locale);
  if (file.size > RECEIPT_MAX_BYTES) return messageFor('file_too_large', locale, { max: RECEIPT_MAX_MB });
  return null;
}

function CouponField(props: {
  code: string;
  error: string | null;
  applied: string | null;
  applying: boolean;
  disabled: boolean;
  onChange: (v: string) => void;
  onApply: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('subscription');
  if (props.applied) {
    return (
      <Group justify="space-between" gap="sm" wrap="nowrap" data-testid="coupon-applied">
        <Group gap={6} wrap="nowrap" miw={0}>
          <IconTicket size={18} style={{ flexShrink: 0 }} />
          <Text fz="sm" truncate>
            {t('coupon.applied')} <Ltr>{props.applied}</Ltr>
          </Text>
        </Group>
        <Button variant="subtle" size="xs" color="red" leftSection={<IconX size={14} />} onClick={props.onRemove} disabled={props.disabled} data-testid="coupon-remove">
          {t('coupon.remove')}
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        label={t('coupon.label')}
        placeholder={t('coupon.placeholder')}
        value={props.code}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (props.code.trim() && !props.disabled) props.onApply();
          }
        }}
        error={props.error}
        maxLength={40}
        autoComplete="off"
        dir="ltr"
        style={{ flex: 1, minWidth: 0 }}
        leftSection={<IconTicket size={16} />}
        data-testid="coupon-input"
      />
      <Button variant="light" mt={25} onClick={props.onApply} loading={props.applying} disabled={props.code.trim() === '' || props.disabled} data-testid="coupon-apply">
        {t('coupon.apply')}
      </Button>
    </Group>
  );
}

function MethodChoice({ value, onChange }: { value: Method; onChange: (m: Method) => void }) {
  const { t } = useTranslation('subscription');
  const card = (m: Method, icon: ReactNode, testId: string) => (
    <Radio.Card value={m} className="choice-card" p="md" radius="md" data-testid={testId}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator />
        <div>
          <Group gap={6} wrap="nowrap">
            {icon}
            <Text fw={700}>{t(`method.${m}`)}</Text>
          </Group>
          <Text fz="sm" c="dimmed">
            {t(`method.${m}Hint`)}
          </Text>
        </div>
      </Group>
    </Radio.Card>
  );
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={500}>
        {t('method.label')}
      </Text>
      <Radio.Group value={value} onChange={(v) => onChange(v as Method)}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {card('credit_card', <IconCreditCard size={18} />, 'method-card')}
          {card('bank_transfer', <IconBuildingBank size={18} />, 'method-transfer')}
        </SimpleGrid>
      </Radio.Group>
    </Stack>
  );
}

type TransferFormProps = {
  form: UseFormReturnType<TransferValues>;
  banks: ReturnType<typeof useBanks>;
  onBack: () => void;
  disabled: boolean;
};

function TransferForm({ form, banks, onBack, disabled }: TransferFormProps) {
  const { t } = useTranslation('subscription');
  const bank = banks.data?.find((b) => b.id === form.values.bank_id);
  return (
    <Stack gap="sm" data-testid="transfer-form">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <IconBuildingBank size={18} />
          <Text fw={700}>{t('method.bank_transfer')}</Text>
        </Group>
        <Button variant="subtle" size="xs" leftSection={<IconArrowBack size={14} />} onClick={onBack} disabled={disabled} data-testid="transfer-back">
          {t('transfer.back')}
        </Button>
      </Group>
      <Text fz="sm" c="dimmed">
        {t('transfer.hint')}
      </Text>
      {banks.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {t('transfer.banksFailed')}
        </Alert>
      ) : (
        <Select
          label={t('transfer.bank')}
          placeholder={t('transfer.bankPlaceholder')}
          data={(banks.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
          disabled={banks.isPending || disabled}
          required
          allowDeselect={false}
          nothingFoundMessage={t('transfer.noBanks')}
          data-testid="transfer-bank"
          {...form.getInputProps('bank_id')}
        />
      )}
      {bank && (
        <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-gray-0)" data-testid="transfer-bank-details">
          <Stack gap={6}>
            <CopyLine label={t('transfer.beneficiary')} value={bank.beneficiary_name} testId="bank-beneficiary" />
            <CopyLine label={t('transfer.iban')} value={bank.iban} shown={groupsOfFour(bank.iban)} ltr testId="bank-iban" />
            {bank.account_number && <CopyLine label={t('transfer.accountNumber')} value={bank.account_number} ltr testId="bank-account" />}
          </Stack>
        </Paper>
      )}
      <TextInput
        label={t('transfer.senderName')}
        description={t('transfer.senderNameHint')}
        required
        maxLength={120}
        disabled={disabled}
        data-testid="transfer-beneficiary"
        {...form.getInputProps('beneficiary_name')}
      />
      <FileInput
        label={t('transfer.receipt')}
        description={t('transfer.receiptHint', { max: RECEIPT_MAX_MB })}
        placeholder={t('transfer.receiptPlaceholder')}
        accept={RECEIPT_TYPES.join(',')}
        required
        clearable
        disabled={disabled}
        leftSection={<IconPaperclip size={16} />}
        data-testid="transfer-receipt"
        {...form.getInputProps('receipt')}
      />
    </Stack>
  );
}

/** An IBAN as banks print it: "SA03 8000 0000 …" (copied without the spaces). */
const groupsOfFour = (iban: string) => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/** A bank detail to copy into a banking app (the IBAN left to right in either language). */
function CopyLine({ label, value, shown = value, ltr, testId }: { label: string; value: string; shown?: string; ltr?: boolean; testId: string }) {
  const { t } = useTranslation('subscription');
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <div style={{ minWidth: 0 }}>
        <Text fz="xs" c="dimmed">
          {label}
        </Text>
        <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
          {ltr ? <Ltr>{shown}</Ltr> : shown}
        </Text>
      </div>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('transfer.copied') : t('transfer.copy')}>
            <ActionIcon variant="subtle" color={copied ? 'green' : 'gray'} onClick={copy} aria-label={`${t('transfer.copy')}: ${label}`}>
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** A product (a cashier device): a quantity, paid by card at the gateway. */
function ProductPayment({ product, onClose, setBusy }: BodyProps & { product: Product }) {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const [quantity, setQuantity] = useState<number | string>(1);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const buy = useMutation({ mutationFn: (q: number) => startProductCheckout(product, q) });
  useEffect(() => setBusy(buy.isPending || leaving), [buy.isPending, leaving, setBusy]);
  useEffect(() => () => setBusy(false), [setBusy]);
  const count = typeof quantity === 'number' ? quantity : Number(quantity);
  const valid = Number.isInteger(count) && count >= 1;

  const submit = () => {
    const issue = zodErrors(productCheckoutBody, { payment_method: 'credit_card', quantity }, locale)['quantity'];
    if (issue) {
      setError(issue);
      return;
    }
    setError(null);
    buy.mutate(count, {
      onSuccess: (res) => {
        const url = res.data.url;
        if (url) {
          // Spec §7: the server's message shows, and the payment page opens a second later.
          setLeaving(true);
          toast(res.message);
          window.setTimeout(() => pageLocation.assign(url), PRODUCT_CHECKOUT_REDIRECT_MS);
        } else toast(t('payment.noUrl'), 'red');
      },
      onError: (e) => {
        if (isApiError(e) && e.status === 422 && e.fieldErrors['quantity']) setError(e.fieldErrors['quantity']);
      },
    });
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap={6} data-testid="product-summary">
          <Text fw={700}>{product.name}</Text>
          {product.description && (
            <Text fz="sm" c="dimmed">
              {product.description}
            </Text>
          )}
          <SummaryLine label={t('summary.unitAmount')}>
            <Money amount={product.price} currency={product.currency} />
          </SummaryLine>
          <SummaryLine label={t('summary.subtotal')} strong testId="checkout-total">
            <Money amount={product.price * (valid ? count : 1)} currency={product.currency} />
          </SummaryLine>
          <Text fz="xs" c="dimmed">
            {t('plans.excludeVat')}
          </Text>
        </Stack>
      </Paper>
      <NumberInput
        label={t('summary.quantity')}
        min={1}
        max={100}
        allowDecimal={false}
        allowNegative={false}
        value={quantity}
        onChange={setQuantity}
        error={error}
        w={{ base: '100%', xs: 160 }}
        data-testid="product-quantity"
      />
      <Group gap={6} wrap="nowrap">
        <IconCreditCard size={18} />
        <Text fz="sm">{t('method.cardOnly')}</Text>
      </Group>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={buy.isPending || leaving}>
          {t('payment.cancel')}
        </Button>
        <Button onClick={submit} loading={buy.isPending || leaving} leftSection={<IconCreditCard size={18} />} data-testid="checkout-submit">
          {t('payment.payNow', { amount: formatMoney(product.price * (valid ? count : 1), locale, product.currency) })}
        </Button>
      </Group>
    </Stack>
  );
}
