import { Alert, Anchor, Button, Card, Group, Menu, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCheck,
  IconDots,
  IconFileDescription,
  IconHistory,
  IconLock,
  IconMapPin,
  IconNotes,
  IconPhoto,
  IconRestore,
  IconTrash,
  IconTrashX,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageLoader } from '@/components/page-loader';
import { useBranches } from '@/features/branches/api/branches';
import { isApiError } from '@/lib/api-client';
import { closeAfterWrite, toastRejected } from '@/lib/refusal';
import { orderKeys, useForceDeleteOrder, useOrder, useRestoreOrder, useTrashOrder, useUpdateOrder } from '../api/orders';
import type { Order } from '../api/types';
import { OrderFlags, OrderStatusBadge, PaymentStatusBadge } from '../components/badges';
import { DetailsCard, ImagesCard, LocationCard, NotesCard } from '../components/order-details';
import { OrderItems } from '../components/order-items';
import { OrderLog } from '../components/order-log';
import { OrderPayments } from '../components/order-payments';
import { CustomerCard, DiscountCard, TotalsCard } from '../components/order-side';
import { StatusMenu } from '../components/status-menu';
import { OrderInvoices } from '@/features/invoices/components/order-invoices';
import { OrderMessages } from '@/features/notifications/components/order-messages';
import { canEdit, canTrash } from '../lib/status';
import { useOrderFormat } from '../lib/use-format';
import classes from './order-page.module.css';

const LIST = '/orders';

/**
 * Whether the order's branch serves customers on its premises (an order without a branch belongs to
 * the main branch): travel fee, PIN and pickup time then stay out of the way unless the order uses them.
 */
function useOnSite(branchId: string | null): boolean {
  const branches = useBranches();
  const list = branches.data ?? [];
  const branch = list.find((b) => b.uuid === branchId) ?? (branchId ? undefined : list.find((b) => b.is_main));
  return branch?.type === 'on-site';
}

/** `/orders/:id`: the order with its items and appointments, payments, details, notes, location, images and log, and the messages sent about it. */
export function OrderPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('orders');
  const order = useOrder(id);
  const queryClient = useQueryClient();
  const loadedId = order.data?.id;
  // Opening an order marks it read: the sidebar's unread badge follows at once, not at its next poll.
  useEffect(() => {
    if (loadedId) void queryClient.invalidateQueries({ queryKey: orderKeys.unread });
  }, [loadedId, queryClient]);
  if (order.isPending) return <PageLoader />;
  if (order.isError || !order.data) {
    const missing = isApiError(order.error) && order.error.status === 404;
    return (
      <Stack maw={900} mx="auto" w="100%">
        <Alert color="red" variant="light" title={t(missing ? 'page.notFound' : 'states.errorTitle')} data-testid="order-load-error">
          <Group gap="sm" mt="xs">
            {!missing && (
              <Button size="xs" variant="light" color="red" onClick={() => void order.refetch()}>
                {t('states.retry')}
              </Button>
            )}
            <Anchor component={Link} to={LIST} fz="sm">
              {t('page.back')}
            </Anchor>
          </Group>
        </Alert>
      </Stack>
    );
  }
  return <OrderDetails order={order.data} />;
}

type Dialog = 'trash' | 'restore' | 'force' | 'place' | null;

function OrderDetails({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const trash = useTrashOrder();
  const restore = useRestoreOrder();
  const force = useForceDeleteOrder();
  const place = useUpdateOrder(order.id);
  const editable = canEdit(order);
  const trashed = Boolean(order.deleted_at);
  const onSite = useOnSite(order.branch_id);

  return (
    <Stack gap="md" maw={1280} mx="auto" w="100%" data-testid="order-page">
      <div>
        <Anchor component={Link} to={LIST} fz="sm" c="dimmed">
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowBackUp size={16} />
            {t('page.back')}
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mt={4}>
          <div>
            <Group gap="sm" wrap="wrap">
              <Title order={1} fz={{ base: 22, sm: 28 }} data-testid="order-title">
                {t('page.title', { number: order.number })}
              </Title>
              <OrderStatusBadge status={order.status} size="lg" data-testid="order-status" />
              <PaymentStatusBadge status={order.payment_status} size="lg" data-testid="order-payment-status" />
              <OrderFlags order={order} />
            </Group>
            <Text c="dimmed" fz="sm" mt={4}>
              {t('page.meta', { date: fmt.dateTime(order.date), source: t(`source.${order.source}`, { defaultValue: order.source }) })}
            </Text>
          </div>
          <Group gap="xs" wrap="wrap">
            {order.is_draft && !trashed && (
              <Button leftSection={<IconCheck size={16} />} onClick={() => setDialog('place')} data-testid="order-place">
                {t('page.place')}
              </Button>
            )}
            <StatusMenu order={order} />
            {trashed ? (
              <>
                <Button variant="light" color="green" leftSection={<IconRestore size={16} />} onClick={() => setDialog('restore')} data-testid="order-restore">
                  {t('page.restore')}
                </Button>
                <Button variant="subtle" color="red" leftSection={<IconTrashX size={16} />} onClick={() => setDialog('force')} data-testid="order-force-delete">
                  {t('page.forceDelete')}
                </Button>
              </>
            ) : (
              canTrash(order) && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button variant="default" px="xs" aria-label={t('page.more')} data-testid="order-more">
                      <IconDots size={18} />
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDialog('trash')} data-testid="order-trash">
                      {t('page.trash')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )
            )}
          </Group>
        </Group>
      </div>

      {trashed ? (
        <Alert color="red" variant="light" icon={<IconTrash size={18} />} data-testid="order-trashed-hint">
          {t('page.trashedHint')}
        </Alert>
      ) : order.is_draft ? (
        <Alert color="gray" variant="light" icon={<IconFileDescription size={18} />}>
          {t('page.draftHint')}
        </Alert>
      ) : (
        !editable && (
          <Alert color="yellow" variant="light" icon={<IconLock size={18} />}>
            {t('page.lockedHint', { status: t(`status.${order.status}`) })}
          </Alert>
        )
      )}

      <div className={classes.layout}>
        <div className={classes.main}>
          <Stack gap="md">
            <OrderItems order={order} editable={editable} />
            <OrderPayments order={order} />
            {!order.is_draft && <OrderInvoices order={order} />}
            <Tabs defaultValue="details" keepMounted={false}>
              <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
                <Tabs.Tab value="details" leftSection={<IconFileDescription size={16} />} data-testid="order-tab-details">
                  {t('tabs.details')}
                </Tabs.Tab>
                <Tabs.Tab value="notes" leftSection={<IconNotes size={16} />} data-testid="order-tab-notes">
                  {t('tabs.notes')}
                </Tabs.Tab>
                <Tabs.Tab value="location" leftSection={<IconMapPin size={16} />} data-testid="order-tab-location">
                  {t('tabs.location')}
                </Tabs.Tab>
                <Tabs.Tab value="images" leftSection={<IconPhoto size={16} />} data-testid="order-tab-images">
                  {t('tabs.images')}
                </Tabs.Tab>
                <Tabs.Tab value="log" leftSection={<IconHistory size={16} />} data-testid="order-tab-log">
                  {t('tabs.log')}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="details" pt="md">
                <DetailsCard key={JSON.stringify([order.fees, order.transport_fee, order.pin_code, order.receive_time])} order={order} editable={editable} onSite={onSite} />
              </Tabs.Panel>
              <Tabs.Panel value="notes" pt="md">
                <NotesCard key={order.notes ?? ''} order={order} editable={editable} />
              </Tabs.Panel>
              <Tabs.Panel value="location" pt="md">
                <LocationCard key={JSON.stringify(order.location)} order={order} editable={editable} />
              </Tabs.Panel>
              <Tabs.Panel value="images" pt="md">
                <ImagesCard order={order} editable={editable} />
              </Tabs.Panel>
              <Tabs.Panel value="log" pt="md">
                <OrderLog orderId={order.id} currency={order.currency} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        </div>
        <div className={classes.customer}>
          <CustomerCard order={order} editable={editable} />
        </div>
        <div className={classes.due}>
          <TotalsCard order={order} />
        </div>
        <div className={classes.side}>
          <Stack gap="md">
            <DiscountCard order={order} editable={editable} />
            <Card withBorder padding="md">
              <Stack gap={4}>
                <Info label={t('info.created')} value={fmt.dateTime(order.created_at)} />
                <Info label={t('info.updated')} value={fmt.dateTime(order.updated_at)} />
                <Info label={t('info.appointments')} value={fmt.number(order.bookings_count)} />
                <Info label={t('info.invoice')} value={t(`invoiceStatus.${order.invoice_status}`, { defaultValue: order.invoice_status })} />
              </Stack>
            </Card>
            <OrderMessages orderId={order.id} />
          </Stack>
        </div>
      </div>

      <ConfirmDialog
        opened={dialog === 'place'}
        title={t('page.placeTitle')}
        message={t('page.placeMessage')}
        confirmLabel={t('page.place')}
        color="blue"
        loading={place.isPending}
        onConfirm={() => place.mutate({ is_draft: false }, closeAfterWrite(close))}
        onClose={close}
      />
      <ConfirmDialog
        opened={dialog === 'trash'}
        title={t('page.trashTitle')}
        message={order.bookings_count > 0 ? t('page.trashWithAppointments', { count: order.bookings_count }) : t('page.trashMessage')}
        confirmLabel={t('page.trash')}
        loading={trash.isPending}
        onConfirm={() => trash.mutate(order.id, closeAfterWrite(close))}
        onClose={close}
      />
      <ConfirmDialog
        opened={dialog === 'restore'}
        title={t('page.restoreTitle')}
        message={t('page.restoreMessage')}
        confirmLabel={t('page.restore')}
        color="green"
        loading={restore.isPending}
        onConfirm={() => restore.mutate(order.id, closeAfterWrite(close))}
        onClose={close}
      />
      <ConfirmDialog
        opened={dialog === 'force'}
        title={t('page.forceTitle')}
        message={t('page.forceMessage', { number: order.number })}
        confirmLabel={t('page.forceDelete')}
        loading={force.isPending}
        onConfirm={() =>
          force.mutate(order.id, {
            onSuccess: () => {
              close();
              navigate(`${LIST}?tab=trash`);
            },
            onError: (e) => {
              close();
              toastRejected(e);
            },
          })
        }
        onClose={close}
      />
    </Stack>
  );
}

function Info({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="xs" fw={500} ta="end">
        {value}
      </Text>
    </Group>
  );
}
