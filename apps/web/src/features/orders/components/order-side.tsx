import { Anchor, Button, Card, Divider, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPencil, IconUser } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Ltr, PersonName } from '@/components/bidi';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Money } from '@/components/money';
import { isApiError } from '@/lib/api-client';
import { minorToInput } from '@/lib/format';
import { closeAfterWrite, toastRejected } from '@/lib/refusal';
import { useRemoveDiscount, useSetDiscount, useUpdateCustomer } from '../api/orders';
import type { Order } from '../api/types';
import { bpsToPercentText, type DiscountKind, discountBody } from '../lib/money-input';
import { useErrorText, useOrderFormat } from '../lib/use-format';
import { PaymentStatusBadge } from './badges';
import { type PickedCustomer, CustomerPicker } from './customer-picker';
import { MoneyText } from './fees-editor';
import { OrderCoupon } from './order-coupon';

export function CustomerCard({ order, editable }: { order: Order; editable: boolean }) {
  const { t } = useTranslation('orders');
  const [changing, setChanging] = useState(false);
  const c = order.customer;
  return (
    <Card withBorder padding="md" data-testid="order-customer-card">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={700}>{t('customer.title')}</Text>
        {editable && (
          <Button size="compact-xs" variant="subtle" leftSection={<IconPencil size={12} />} onClick={() => setChanging(true)} data-testid="order-change-customer">
            {c ? t('customer.change') : t('customer.choose')}
          </Button>
        )}
      </Group>
      {c ? (
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            <IconUser size={16} />
            <Anchor component={Link} to={`/management/customers/${c.id}`} fz="sm" fw={600}>
              <PersonName name={c.name} />
            </Anchor>
          </Group>
          {c.phone && (
            <Text fz="sm" c="dimmed">
              <Ltr>{c.phone}</Ltr>
            </Text>
          )}
          {c.email && (
            <Text fz="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              <Ltr>{c.email}</Ltr>
            </Text>
          )}
        </Stack>
      ) : (
        <Text fz="sm" c="dimmed">
          {t('customer.guestOrder')}
        </Text>
      )}
      <ChangeCustomerModal order={order} opened={changing} onClose={() => setChanging(false)} />
    </Card>
  );
}

function ChangeCustomerModal({ order, opened, onClose }: { order: Order; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const [picked, setPicked] = useState<PickedCustomer | null>(null);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateCustomer(order.id);
  const close = () => {
    setPicked(null);
    setError(undefined);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>{t('customer.changeTitle')}</Text>} data-testid="change-customer-modal">
      <Stack gap="md">
        <CustomerPicker label={t('customer.new')} value={picked} onChange={setPicked} error={error} data-testid="change-customer-picker" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button
            disabled={!picked}
            loading={update.isPending}
            data-testid="change-customer-save"
            onClick={() =>
              picked &&
              update.mutate(picked.id, {
                onSuccess: close,
                onError: (e) => {
                  if (isApiError(e) && e.status === 422) setError(Object.values(e.fieldErrors)[0] ?? e.message);
                },
              })
            }
          >
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Line({ label, value, strong = false, color, testId }: { label: string; value: ReactNode; strong?: boolean; color?: string; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text fz="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text fz={strong ? 'md' : 'sm'} fw={strong ? 800 : 500} c={color} style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** Subtotal, discount, taxes (per tax and in total), fees, transport, total, paid, remaining: the server's figures. */
export function TotalsCard({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  const money = (n: number) => <Money amount={n} currency={order.currency} />;
  const taxes = new Map<string, { name: string; rate: number; amount: number }>();
  for (const item of order.items)
    for (const tax of item.taxes) {
      const key = `${tax.tax_id ?? tax.name}:${tax.rate_bps}`;
      const prev = taxes.get(key);
      taxes.set(key, { name: tax.name, rate: tax.rate_bps, amount: (prev?.amount ?? 0) + tax.amount });
    }
  return (
    <Card withBorder padding="md" data-testid="order-totals">
      <Group justify="space-between" mb="xs">
        <Text fw={700}>{t('totals.title')}</Text>
        <PaymentStatusBadge status={order.payment_status} />
      </Group>
      <Stack gap={6}>
        <Line label={t('totals.subtotal')} value={money(order.subtotal)} />
        {order.discount && order.discount.amount > 0 && (
          <Line
            label={order.discount.type === 'percentage' ? t('totals.discountPercent', { rate: fmt.number(order.discount.value / 100) }) : t('totals.discount')}
            value={<Money amount={order.discount.amount} currency={order.currency} negative />}
            color="green.8"
          />
        )}
        {[...taxes.values()].map((tax) => (
          <Line key={`${tax.name}-${tax.rate}`} label={t('totals.taxLine', { name: tax.name, rate: fmt.number(tax.rate / 100) })} value={money(tax.amount)} />
        ))}
        <Line label={t('totals.tax')} value={money(order.tax_amount)} />
        {order.fees.map((fee, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fees have no id
          <Line key={i} label={fee.tip ? t('totals.tip') : fee.title} value={money(fee.value)} />
        ))}
        {order.transport_fee > 0 && <Line label={t('details.transportFee')} value={money(order.transport_fee)} />}
        <Divider />
        <Line label={t('totals.total')} value={money(order.total)} strong testId="order-total" />
        <Line label={t('totals.paid')} value={money(order.paid_amount)} color="green.8" testId="order-paid" />
        <Line label={t('totals.remaining')} value={money(order.remaining_amount)} color={order.remaining_amount > 0 ? 'red.7' : undefined} strong testId="order-remaining" />
      </Stack>
    </Card>
  );
}

/**
 * The order's discount: a fixed amount or a percentage (`PUT discount`), or none (`DELETE undiscount`);
 * or a coupon's (`OrderCoupon`), which only removing the coupon changes (the two never combine).
 */
export function DiscountCard({ order, editable }: { order: Order; editable: boolean }) {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  const errorText = useErrorText();
  const set = useSetDiscount(order.id);
  const remove = useRemoveDiscount(order.id);
  const current = order.discount;
  const [editing, setEditing] = useState(false);
  const [type, setType] = useState<DiscountKind>(current?.type ?? 'fixed');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const byCoupon = order.coupon_applied;
  const showCoupon = !editing && (editable || Boolean(order.coupon_code));

  const start = () => {
    setType(current?.type ?? 'fixed');
    setValue(current ? (current.type === 'fixed' ? minorToInput(current.value, order.currency) : bpsToPercentText(current.value)) : '');
    setError(undefined);
    setEditing(true);
  };
  const save = () => {
    const body = discountBody(type, value, order.currency);
    if (!body.ok) return setError(errorText(body.error));
    set.mutate(body.body, {
      onSuccess: () => setEditing(false),
      onError: (e) => {
        if (isApiError(e) && e.status === 422) setError(e.fieldErrors['value'] ?? e.fieldErrors['type'] ?? Object.values(e.fieldErrors)[0] ?? e.message);
        else toastRejected(e);
      },
    });
  };

  return (
    <Card withBorder padding="md" data-testid="order-discount">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={700}>{t('discount.title')}</Text>
        {editable && !editing && !byCoupon && (
          <Group gap={4}>
            <Button size="compact-xs" variant="subtle" onClick={start} data-testid="order-discount-edit">
              {current ? t('discount.edit') : t('discount.add')}
            </Button>
            {current && (
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirmRemove(true)} data-testid="order-discount-remove">
                {t('discount.remove')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {editing ? (
        <Stack gap="xs">
          <SegmentedControl
            size="xs"
            data={[
              { value: 'fixed', label: t('discount.fixed') },
              { value: 'percentage', label: t('discount.percentage') },
            ]}
            value={type}
            onChange={(v) => {
              setType(v as DiscountKind);
              setError(undefined);
            }}
          />
          <MoneyText
            currency={type === 'fixed' ? order.currency : '%'}
            aria-label={t('discount.value')}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            data-testid="order-discount-input"
          />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setEditing(false)}>
              {t('actions.cancel')}
            </Button>
            <Button size="xs" onClick={save} loading={set.isPending} data-testid="order-discount-save">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text fz="sm" c={current ? undefined : 'dimmed'}>
          {current
            ? current.type === 'percentage'
              ? t('discount.showPercent', { rate: fmt.number(current.value / 100), amount: fmt.money(current.amount, order.currency) })
              : t('discount.showFixed', { amount: fmt.money(current.amount, order.currency) })
            : t('discount.noneYet')}
        </Text>
      )}
      {byCoupon && editable && !editing && (
        <Text fz="xs" c="dimmed" mt={4}>
          {t('coupon.fromCoupon')}
        </Text>
      )}
      {showCoupon && (
        <>
          <Divider my="sm" />
          <OrderCoupon order={order} editable={editable} />
        </>
      )}
      <ConfirmDialog
        opened={confirmRemove}
        title={t('discount.removeTitle')}
        message={t('discount.removeMessage')}
        confirmLabel={t('discount.remove')}
        loading={remove.isPending}
        onConfirm={() => remove.mutate(undefined, closeAfterWrite(() => setConfirmRemove(false)))}
        onClose={() => setConfirmRemove(false)}
      />
    </Card>
  );
}
