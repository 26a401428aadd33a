import { Alert, Box, Button, Card, Group, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconCalendarPlus, IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Money } from '@/components/money';
import { RowAction, RowActions } from '@/components/list-table';
import { isApiError } from '@/lib/api-client';
import { closeAfterWrite } from '@/lib/refusal';
import { useStaffNames } from '../api/options';
import { useAddItems, useRemoveItem } from '../api/orders';
import type { Order, OrderItem } from '../api/types';
import { toItemInput } from '../lib/order-form';
import { useOrderFormat } from '../lib/use-format';
import { AppointmentDialog } from './appointment-dialog';
import { BookingStatusBadge } from './badges';
import { ItemPicker } from './item-picker';

/** The order's lines with their appointments; add an item, remove one, re-add a deleted appointment. */
export function OrderItems({ order, editable }: { order: Order; editable: boolean }) {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  const names = useStaffNames();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<OrderItem | null>(null);
  const [booking, setBooking] = useState<OrderItem | null>(null);
  const remove = useRemoveItem(order.id);
  const money = (n: number) => fmt.money(n, order.currency);
  const amount = (n: number, negative = false) => <Money amount={n} currency={order.currency} negative={negative} />;
  const canBook = editable && !order.is_draft && order.customer_id !== null;
  const staffName = (id: string | null) => (id ? (names.data?.get(id) ?? '') : '');

  return (
    <Card withBorder padding={0} data-testid="order-items">
      <Group justify="space-between" p="md" pb="xs" wrap="wrap" gap="xs">
        <Text fw={700}>{t('items.title')}</Text>
        {editable && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)} data-testid="order-add-item">
            {t('items.addItem')}
          </Button>
        )}
      </Group>
      {editable && (
        <Group gap={6} px="md" pb="xs" wrap="nowrap" align="flex-start">
          <IconInfoCircle size={16} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0, marginBlockStart: 2 }} />
          <Text fz="xs" c="dimmed">
            {t('items.editHint')}
          </Text>
        </Group>
      )}
      {order.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" fz="sm">
          {t('items.none')}
        </Text>
      ) : (
        <>
          <Box visibleFrom="sm">
            <Table.ScrollContainer minWidth={680}>
              <Table verticalSpacing="sm" horizontalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('items.name')}</Table.Th>
                    <Table.Th ta="center">{t('items.quantity')}</Table.Th>
                    <Table.Th ta="end">{t('items.unitPrice')}</Table.Th>
                    <Table.Th ta="end">{t('items.discount')}</Table.Th>
                    <Table.Th ta="end">{t('items.tax')}</Table.Th>
                    <Table.Th ta="end">{t('items.total')}</Table.Th>
                    <Table.Th>{t('items.appointment')}</Table.Th>
                    <Table.Th w={44} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {order.items.map((item) => (
                    <Table.Tr key={item.id} data-testid={`order-item-${item.id}`}>
                      <Table.Td miw={150}>
                        <ItemName item={item} />
                      </Table.Td>
                      <Table.Td ta="center">{fmt.number(item.quantity)}</Table.Td>
                      <Table.Td ta="end" style={NOWRAP}>
                        {amount(item.unit_price)}
                      </Table.Td>
                      <Table.Td ta="end" style={NOWRAP}>
                        {item.discount_amount ? amount(item.discount_amount, true) : '—'}
                      </Table.Td>
                      <Table.Td ta="end" style={NOWRAP}>
                        <LineTax item={item} money={money} currency={order.currency} />
                      </Table.Td>
                      <Table.Td ta="end" style={NOWRAP}>
                        <Text fz="sm" fw={600}>
                          {amount(item.total)}
                        </Text>
                      </Table.Td>
                      <Table.Td miw={110}>
                        <Appointment item={item} staffName={staffName} canBook={canBook} onBook={() => setBooking(item)} />
                      </Table.Td>
                      <Table.Td>
                        {editable && (
                          <RowActions>
                            <RowAction label={t('items.remove')} icon={IconTrash} color="red" onClick={() => setRemoving(item)} data-testid={`item-remove-${item.id}`} />
                          </RowActions>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Box>
          <Stack gap={0} hiddenFrom="sm" data-testid="order-items-cards">
            {order.items.map((item) => (
              <Box key={item.id} px="md" py="sm" style={{ borderBlockStart: '1px solid var(--mantine-color-gray-2)' }}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <ItemName item={item} />
                  {editable && <RowAction label={t('items.remove')} icon={IconTrash} color="red" onClick={() => setRemoving(item)} />}
                </Group>
                <Group justify="space-between" wrap="nowrap" gap="xs" mt={6}>
                  <Text fz="xs" c="dimmed">
                    {fmt.number(item.quantity)} × {amount(item.unit_price)}
                    {item.discount_amount ? (
                      <>
                        {' · '}
                        {t('items.discount')} {amount(item.discount_amount, true)}
                      </>
                    ) : null}
                    {item.tax_amount ? (
                      <>
                        {' · '}
                        {t('items.tax')} {amount(item.tax_amount)}
                      </>
                    ) : null}
                  </Text>
                  <Text fz="sm" fw={700} style={NOWRAP}>
                    {amount(item.total)}
                  </Text>
                </Group>
                {item.type === 'service' && (
                  <Box mt={6}>
                    <Appointment item={item} staffName={staffName} canBook={canBook} onBook={() => setBooking(item)} />
                  </Box>
                )}
              </Box>
            ))}
          </Stack>
        </>
      )}

      <AddItemModal order={order} opened={adding} onClose={() => setAdding(false)} />
      <AppointmentDialog order={order} item={booking} onClose={() => setBooking(null)} />
      <ConfirmDialog
        opened={removing !== null}
        title={t('items.removeTitle')}
        message={removing ? t(removing.booking ? 'items.removeWithAppointment' : 'items.removeMessage', { name: removing.name }) : ''}
        confirmLabel={t('items.remove')}
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id, closeAfterWrite(() => setRemoving(null)))}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

function ItemName({ item }: { item: OrderItem }) {
  const { t } = useTranslation('orders');
  const options = item.options && Object.keys(item.options).length > 0 ? Object.entries(item.options).map(([k, v]) => `${k}: ${v}`) : [];
  return (
    <div style={{ minWidth: 0 }}>
      <Text fz="sm" fw={600}>
        {item.name}
      </Text>
      <Text fz="xs" c="dimmed">
        {[t(`itemType.${item.type}`), ...options].join(' · ')}
      </Text>
    </div>
  );
}

function LineTax({ item, money, currency }: { item: OrderItem; money: (n: number) => string; currency: string }) {
  const fmt = useOrderFormat();
  if (!item.taxes.length) return <Money amount={item.tax_amount} currency={currency} />;
  return (
    <Tooltip label={item.taxes.map((x) => `${x.name} ${fmt.number(x.rate_bps / 100)}%: ${money(x.amount)}`).join(' · ')}>
      <Text fz="sm" span style={{ textDecoration: 'underline dotted' }}>
        <Money amount={item.tax_amount} currency={currency} />
      </Text>
    </Tooltip>
  );
}

/** A service line's appointment (day, time, provider, status), or "no appointment" with the way to add one. */
function Appointment({ item, staffName, canBook, onBook }: { item: OrderItem; staffName: (id: string | null) => string; canBook: boolean; onBook: () => void }) {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  if (item.type !== 'service')
    return (
      <Text fz="xs" c="dimmed">
        —
      </Text>
    );
  if (item.booking)
    return (
      <Stack gap={2} data-testid={`item-booking-${item.id}`}>
        <Text fz="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {fmt.date(item.booking.start_time)}
        </Text>
        <Text fz="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {fmt.time(item.booking.start_time)}
        </Text>
        <Group gap={4} wrap="wrap">
          {staffName(item.booking.staff_id) && (
            <Text fz="xs" c="dimmed">
              {staffName(item.booking.staff_id)}
            </Text>
          )}
          <BookingStatusBadge status={item.booking.status} size="xs" />
        </Group>
      </Stack>
    );
  return (
    <Group gap={6} wrap="wrap">
      <Text fz="xs" c="orange.8">
        {t('items.noAppointment')}
      </Text>
      {canBook && (
        <Button size="compact-xs" variant="light" leftSection={<IconCalendarPlus size={12} />} onClick={onBook} data-testid={`item-book-${item.id}`}>
          {t('items.book')}
        </Button>
      )}
    </Group>
  );
}

function AddItemModal({ order, opened, onClose }: { order: Order; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const add = useAddItems(order.id);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>{t('items.addItem')}</Text>} size="lg" data-testid="add-item-modal">
      <Stack gap="sm">
        <ItemPicker
          loading={add.isPending}
          onAdd={(line) =>
            add.mutate([toItemInput(line)], {
              onSuccess: close,
              onError: (e) => {
                if (isApiError(e) && e.status === 422) setError(Object.values(e.fieldErrors)[0] ?? e.message);
              },
            })
          }
        />
        {error && (
          <Alert color="red" data-testid="add-item-error">
            {error}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
