import type { OrderStatus } from '@app/shared/states/order';
import { Button, Menu, Select, Textarea } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { toastRejected } from '@/lib/refusal';
import { useCancelReasons } from '../api/options';
import { useChangeStatus } from '../api/orders';
import type { Order } from '../api/types';
import { colorOf, confirmsStatus, ORDER_STATUS_COLORS, statusMenu } from '../lib/status';

/** "Change status": only the transitions the order's status allows; canceling asks first, with an optional reason. */
export function StatusMenu({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const change = useChangeStatus(order.id);
  const [canceling, setCanceling] = useState(false);
  const targets = statusMenu(order);
  if (targets.length === 0) return null;

  const pick = (to: OrderStatus) => {
    if (confirmsStatus(to)) setCanceling(true);
    else change.mutate({ status: to }, { onError: toastRejected });
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="light" rightSection={<IconChevronDown size={16} />} loading={change.isPending && !canceling} data-testid="order-status-menu">
            {t('statusMenu.label')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('statusMenu.to')}</Menu.Label>
          {targets.map((to) => (
            <Menu.Item key={to} color={to === 'canceled' ? 'red' : undefined} onClick={() => pick(to)} data-testid={`order-status-${to}`}>
              <span style={{ color: to === 'canceled' ? undefined : `var(--mantine-color-${colorOf(ORDER_STATUS_COLORS, to)}-7)` }}>{t(`status.${to}`)}</span>
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <CancelDialog opened={canceling} order={order} onClose={() => setCanceling(false)} />
    </>
  );
}

function CancelDialog({ opened, order, onClose }: { opened: boolean; order: Order; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const reasons = useCancelReasons();
  const change = useChangeStatus(order.id);
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const close = () => {
    setReason(null);
    setNote('');
    setErrors({});
    onClose();
  };
  return (
    <ConfirmDialog
      opened={opened}
      title={t('cancel.title', { number: order.number })}
      message={order.bookings_count > 0 ? t('cancel.messageWithAppointments', { count: order.bookings_count }) : t('cancel.message')}
      confirmLabel={t('cancel.confirm')}
      cancelLabel={t('cancel.keep')}
      loading={change.isPending}
      onClose={close}
      onConfirm={() =>
        change.mutate(
          { status: 'canceled', cancellation_reason_id: reason, note: note.trim() || null },
          {
            onSuccess: close,
            onError: (e) => {
              if (isApiError(e) && e.status === 422 && Object.keys(e.fieldErrors).length) setErrors(e.fieldErrors);
              else toastRejected(e);
            },
          },
        )
      }
    >
      <Select
        label={t('cancel.reason')}
        placeholder={t('cancel.reasonPlaceholder')}
        description={reasons.data && reasons.data.length === 0 ? t('cancel.noReasons') : undefined}
        disabled={reasons.data?.length === 0}
        data={(reasons.data ?? []).map((r) => ({ value: r.uuid, label: r.reason }))}
        value={reason}
        onChange={(v) => {
          setReason(v);
          setErrors({});
        }}
        clearable
        error={errors['cancellation_reason_id'] ?? errors['status']}
        comboboxProps={{ withinPortal: true }}
        data-testid="cancel-reason"
      />
      <Textarea label={t('cancel.note')} autosize minRows={2} maxRows={4} value={note} onChange={(e) => setNote(e.currentTarget.value)} error={errors['note']} data-testid="cancel-note" />
    </ConfirmDialog>
  );
}
