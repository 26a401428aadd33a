import { BOOKING_CANCEL_NOTE_MAX, type BookingStatus, requiresCancelReason } from '@app/shared/states/booking';
import { Alert, Anchor, Button, Divider, Drawer, Group, Select, SimpleGrid, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCash, IconExternalLink } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Money } from '@/components/money';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { isApiError, toast } from '@/lib/api-client';
import { formatClock, formatDate, formatList } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useBooking, useChangeBookingStatus } from '../api/bookings';
import { useCancelReasons } from '../api/options';
import type { Booking } from '@app/shared/schemas/bookings';
import { useBusinessClock } from '../api/use-business-clock';
import { addClock } from '../lib/booking-form';
import { nextStatuses } from '../lib/status';
import { CheckoutDrawer } from '@/features/orders/components/checkout-drawer';
import { canCheckout } from '../lib/checkout';
import { useEndSide } from './booking-drawer';
import { RecordedAfterBadge } from './recorded-after-badge';
import { BookingStatusBadge, PaymentStatusBadge } from './status-badge';

type Props = {
  bookingId: string | null;
  initial?: Booking | null;
  onClose: () => void;
  /** "Checkout" opens the checkout of the booking's order here, unless the page handles it itself. */
  onCheckout?: (booking: Booking) => void;
};

/** One booking: who, what, when, with whom, its status and the changes allowed from it, its order, its checkout. */
export function BookingDetailsDrawer({ bookingId, initial, onClose, onCheckout }: Props) {
  const { t } = useTranslation('bookings');
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const side = useEndSide();
  const booking = useBooking(bookingId, initial ?? undefined);
  const data = booking.data;
  return (
    <Drawer
      opened={bookingId !== null}
      onClose={onClose}
      position={side}
      size={narrow ? '100%' : 'md'}
      title={
        <Text fw={700} fz="lg">
          {data ? t('details.title', { number: data.booking_number }) : t('details.titleLoading')}
        </Text>
      }
      data-testid="booking-details"
    >
      {booking.isError && !data ? (
        <Alert color="red" variant="light">
          {t('details.error')}
        </Alert>
      ) : data ? (
        <Details booking={data} onCheckout={onCheckout} />
      ) : (
        <Stack gap="sm">
          <Skeleton h={24} />
          <Skeleton h={24} />
          <Skeleton h={24} />
        </Stack>
      )}
    </Drawer>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

const ACTION_COLORS: Partial<Record<BookingStatus, string>> = { confirmed: 'brand', completed: 'green', 'no-show': 'grape', rejected: 'red', cancelled: 'red' };

function Details({ booking: b, onCheckout }: { booking: Booking; onCheckout?: ((booking: Booking) => void) | undefined }) {
  const { t } = useTranslation('bookings');
  const locale = useLocale();
  const user = useCurrentUser();
  const clock = useBusinessClock();
  const change = useChangeBookingStatus();
  const reasons = useCancelReasons();
  const [asking, setAsking] = useState<BookingStatus | null>(null);
  const [checkout, setCheckout] = useState<string | null>(null);
  const next = nextStatuses(b.status);
  const reasonText = b.cancellation_reason_id ? reasons.data?.find((r) => r.uuid === b.cancellation_reason_id)?.reason : undefined;

  const move = (status: BookingStatus) => {
    if (requiresCancelReason(status) || status === 'rejected') setAsking(status);
    else change.mutate({ id: b.id, body: { status } }, { onError: (e) => showStray(e) });
  };

  return (
    <Stack gap="md" data-testid="booking-details-body" data-booking-id={b.id}>
      <Group gap="xs">
        <BookingStatusBadge status={b.status} size="md" />
        <PaymentStatusBadge status={b.payment_status} />
        {b.recorded_after && <RecordedAfterBadge />}
      </Group>
      <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
        <Row label={t('details.customer')}>
          {b.customer ? (
            <Stack gap={0}>
              {user.permissions.includes('customers') && b.customer_id ? (
                <Anchor component={Link} to={`/management/customers/${b.customer_id}`} fz="sm" fw={600}>
                  {b.customer.name}
                </Anchor>
              ) : (
                <Text fz="sm" fw={600}>
                  {b.customer.name}
                </Text>
              )}
              {b.customer.phone && (
                <Anchor href={`tel:${b.customer.phone}`} fz="xs" c="dimmed" className="ltr-value">
                  {b.customer.phone}
                </Anchor>
              )}
            </Stack>
          ) : (
            <Text fz="sm">—</Text>
          )}
        </Row>
        <Row label={t('details.service')}>
          <Text fz="sm">{b.service?.name ?? '—'}</Text>
        </Row>
        <Row label={t('details.when')}>
          <Text fz="sm" data-testid="booking-details-when">
            {formatDate(`${b.date}T12:00:00Z`, locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}
          </Text>
          <Text fz="sm">
            {formatClock(b.slot, locale, clock.timeFormat)} – {formatClock(addClock(b.slot, b.duration), locale, clock.timeFormat)}
          </Text>
        </Row>
        <Row label={t('details.staff')}>
          <Text fz="sm">{b.staff?.name ?? t('details.noStaff')}</Text>
        </Row>
        {b.crew.length > 0 && (
          <Row label={t('details.crew')}>
            <Text fz="sm" data-testid="booking-details-crew">
              {formatList(b.crew.map((c) => c.name), locale)}
            </Text>
          </Row>
        )}
        <Row label={t('details.price')}>
          <Text fz="sm">
            <Money amount={b.total_price} currency={clock.currency} />
          </Text>
        </Row>
        <Row label={t('details.source')}>
          <Text fz="sm">{t(`source.${b.source}`)}</Text>
        </Row>
      </SimpleGrid>
      {b.notes && (
        <Row label={t('details.notes')}>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {b.notes}
          </Text>
        </Row>
      )}
      {b.meeting_link && (
        <Row label={t('details.meetingLink')}>
          <Anchor href={b.meeting_link} target="_blank" rel="noopener noreferrer" fz="sm" className="ltr-value">
            {b.meeting_link}
          </Anchor>
        </Row>
      )}
      {b.transportation_fee_amount > 0 && (
        <Row label={t('details.transportFee')}>
          <Text fz="sm" data-testid="booking-details-transport">
            <Money amount={b.transportation_fee_amount} currency={clock.currency} />
          </Text>
        </Row>
      )}
      {b.status === 'cancelled' && (b.cancellation_reason_id || b.cancellation_note) && (
        <Row label={t('details.cancelReason')}>
          <Text fz="sm">{[reasonText, b.cancellation_note].filter(Boolean).join(' — ') || '—'}</Text>
        </Row>
      )}
      {b.order_id && (
        <Group gap="xs">
          {canCheckout(b, user.permissions) && (
            <Button leftSection={<IconCash size={16} />} onClick={() => (onCheckout ? onCheckout(b) : setCheckout(b.order_id))} data-testid="booking-checkout">
              {t('details.checkout')}
            </Button>
          )}
          <Button component={Link} to={`/orders/${b.order_id}`} variant="light" leftSection={<IconExternalLink size={16} />} data-testid="booking-order-link">
            {b.order_number ? t('details.openOrderNumber', { number: b.order_number }) : t('details.openOrder')}
          </Button>
        </Group>
      )}
      {checkout && <CheckoutDrawer orderId={checkout} onClose={() => setCheckout(null)} />}
      {next.length > 0 && (
        <>
          <Divider label={t('details.changeStatus')} labelPosition="center" />
          <Group gap="xs">
            {next.map((status) => (
              <Button
                key={status}
                size="xs"
                variant={status === 'cancelled' || status === 'rejected' ? 'light' : 'filled'}
                color={ACTION_COLORS[status] ?? 'gray'}
                loading={change.isPending && change.variables?.body.status === status}
                disabled={change.isPending}
                onClick={() => move(status)}
                data-testid={`booking-action-${status}`}
              >
                {t(`actions.${status}`)}
              </Button>
            ))}
          </Group>
        </>
      )}
      <CancelDialog booking={b} status={asking} onClose={() => setAsking(null)} />
    </Stack>
  );
}

/** A 422 on no field the screen shows (status_not_allowed …) as a toast; other failures toast already. */
function showStray(e: unknown) {
  if (isApiError(e) && e.status === 422) toast(Object.values(e.fieldErrors)[0] ?? e.message, 'red');
}

/** Cancelling asks for a reason from the booking-cancel list and an optional note; rejecting only asks to confirm. */
function CancelDialog({ booking, status, onClose }: { booking: Booking; status: BookingStatus | null; onClose: () => void }) {
  const { t } = useTranslation('bookings');
  const reasons = useCancelReasons();
  const change = useChangeBookingStatus();
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const cancelling = status !== null && requiresCancelReason(status);

  const close = () => {
    setReason(null);
    setNote('');
    setErrors({});
    onClose();
  };
  const confirm = () => {
    if (!status) return;
    if (cancelling && !reason) {
      setErrors({ cancellation_reason_id: t('drawer.required') });
      return;
    }
    change.mutate(
      { id: booking.id, body: { status, ...(cancelling && reason ? { cancellation_reason_id: reason } : {}), ...(cancelling && note.trim() ? { cancellation_note: note.trim() } : {}) } },
      {
        onSuccess: close,
        onError: (e) => {
          if (!isApiError(e) || e.status !== 422) return;
          const shown = ['cancellation_reason_id', 'cancellation_note'];
          setErrors(e.fieldErrors);
          if (!Object.keys(e.fieldErrors).some((k) => shown.includes(k))) showStray(e);
        },
      },
    );
  };

  return (
    <ConfirmDialog
      opened={status !== null}
      title={cancelling ? t('cancel.title', { number: booking.booking_number }) : t('reject.title', { number: booking.booking_number })}
      message={cancelling ? t('cancel.message') : t('reject.message')}
      confirmLabel={cancelling ? t('cancel.confirm') : t('reject.confirm')}
      cancelLabel={t('cancel.keep')}
      loading={change.isPending}
      onConfirm={confirm}
      onClose={close}
    >
      {cancelling ? (
        <Stack gap="sm">
          <Select
            label={t('cancel.reason')}
            required
            placeholder={reasons.data?.length ? t('cancel.reasonPlaceholder') : t('cancel.noReasons')}
            data={(reasons.data ?? []).map((r) => ({ value: r.uuid, label: r.reason }))}
            value={reason}
            onChange={(value) => {
              setReason(value);
              setErrors((x) => ({ ...x, cancellation_reason_id: '' }));
            }}
            error={errors.cancellation_reason_id || undefined}
            comboboxProps={{ withinPortal: true }}
            data-testid="cancel-reason"
          />
          <Textarea
            label={t('cancel.note')}
            autosize
            minRows={2}
            maxLength={BOOKING_CANCEL_NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={errors.cancellation_note || undefined}
            data-testid="cancel-note"
          />
        </Stack>
      ) : null}
    </ConfirmDialog>
  );
}
