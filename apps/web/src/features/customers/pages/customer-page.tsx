import { hasAnyPermission, type PermissionKey } from '@app/shared/permissions';
import type { Customer } from '@app/shared/schemas/customers';
import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconBan, IconCalendarEvent, IconCircleCheck, IconFileText, IconNotes, IconPaperclip, IconPencil, IconReceipt, IconTrash, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Ltr } from '@/components/bidi';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageLoader } from '@/components/page-loader';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { isApiError } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { closeAfterWrite } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { type CustomFieldDef, useBlockCustomer, useCustomer, useCustomerFields, useDeleteCustomer } from '../api/customers';
import { AttachmentsTab } from '../components/attachments-tab';
import { BookingsTab } from '../components/bookings-tab';
import { CustomerFormModal } from '../components/customer-form-modal';
import { NotesTab } from '../components/notes-tab';
import { OrdersTab } from '../components/orders-tab';
import { customerName } from '../lib/customer-form';

const LIST = '/management/customers';
/** The keys of the API's tabs (`GET customers/:id/bookings`, `…/orders`): those of the bookings and orders lists. */
const BOOKING_KEYS: readonly PermissionKey[] = ['calendar.all', 'calendar_only_staff', 'bookings'];
const ORDER_KEYS: readonly PermissionKey[] = ['orders'];

/**
 * `/management/customers/:id`: details with edit, block/unblock, notes, attachments, bookings and orders
 * (those two tabs only for holders of the bookings / orders lists' keys).
 */
export function CustomerPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('customers');
  const customer = useCustomer(id);
  if (customer.isPending) return <PageLoader />;
  if (customer.isError || !customer.data) {
    const missing = isApiError(customer.error) && customer.error.status === 404;
    return (
      <Stack maw={900} mx="auto" w="100%">
        <Alert color="red" variant="light" title={t(missing ? 'page.notFound' : 'states.errorTitle')}>
          <Group gap="sm" mt="xs">
            {!missing && (
              <Button size="xs" variant="light" color="red" onClick={() => void customer.refetch()}>
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
  return <CustomerDetails customer={customer.data} />;
}

function CustomerDetails({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  const locale = useLocale();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'edit' | 'block' | 'delete' | null>(null);
  const close = () => setDialog(null);
  const block = useBlockCustomer(customer.uuid);
  const remove = useDeleteCustomer();
  const fields = useCustomerFields();
  const { permissions } = useCurrentUser();
  const canBookings = hasAnyPermission(permissions, BOOKING_KEYS);
  const canOrders = hasAnyPermission(permissions, ORDER_KEYS);

  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%">
      <div>
        <Anchor component={Link} to={LIST} fz="sm" c="dimmed">
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowBackUp size={16} />
            {t('page.back')}
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mt={4}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} fz={{ base: 22, sm: 28 }} data-testid="customer-title">
              {customerName(customer)}
            </Title>
            {customer.blocked && (
              <Badge color="red" variant="filled" leftSection={<IconBan size={12} />} data-testid="customer-blocked-badge">
                {t('blocked')}
              </Badge>
            )}
            {customer.marketing_opt_out && (
              <Badge color="gray" variant="light" data-testid="customer-opted-out-badge">
                {t('fields.marketingOptOut')}
              </Badge>
            )}
          </Group>
          <Group gap="xs" wrap="wrap">
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setDialog('edit')} data-testid="customer-edit">
              {t('page.edit')}
            </Button>
            <Button
              variant="light"
              color={customer.blocked ? 'green' : 'orange'}
              leftSection={customer.blocked ? <IconCircleCheck size={16} /> : <IconBan size={16} />}
              onClick={() => setDialog('block')}
              data-testid="customer-block"
            >
              {customer.blocked ? t('page.unblock') : t('page.block')}
            </Button>
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDialog('delete')} data-testid="customer-delete">
              {t('page.delete')}
            </Button>
          </Group>
        </Group>
      </div>

      {customer.blocked && (
        <Alert color="red" variant="light" icon={<IconBan size={18} />}>
          {t('page.blockedHint', { date: customer.blocked_at ? formatDate(customer.blocked_at, locale) : '' })}
        </Alert>
      )}

      <Tabs defaultValue="details" keepMounted={false}>
        {/* Wraps to a second row on a phone: five tabs never hide behind a sideways scroll. */}
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          <Tabs.Tab value="details" leftSection={<IconUser size={16} />}>
            {t('tabs.details')}
          </Tabs.Tab>
          <Tabs.Tab value="notes" leftSection={<IconNotes size={16} />} data-testid="tab-notes">
            {t('tabs.notes')}
          </Tabs.Tab>
          <Tabs.Tab value="attachments" leftSection={<IconPaperclip size={16} />} data-testid="tab-attachments">
            {t('tabs.attachments')}
          </Tabs.Tab>
          {canBookings && (
            <Tabs.Tab value="bookings" leftSection={<IconCalendarEvent size={16} />} data-testid="tab-bookings">
              {t('tabs.bookings')}
            </Tabs.Tab>
          )}
          {canOrders && (
            <Tabs.Tab value="orders" leftSection={<IconReceipt size={16} />} data-testid="tab-orders">
              {t('tabs.orders')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          <DetailsCard customer={customer} defs={fields.data ?? []} />
        </Tabs.Panel>
        <Tabs.Panel value="notes" pt="md">
          <NotesTab customerId={customer.uuid} />
        </Tabs.Panel>
        <Tabs.Panel value="attachments" pt="md">
          <AttachmentsTab customerId={customer.uuid} />
        </Tabs.Panel>
        {canBookings && (
          <Tabs.Panel value="bookings" pt="md">
            <BookingsTab customerId={customer.uuid} />
          </Tabs.Panel>
        )}
        {canOrders && (
          <Tabs.Panel value="orders" pt="md">
            <OrdersTab customerId={customer.uuid} />
          </Tabs.Panel>
        )}
      </Tabs>

      <CustomerFormModal opened={dialog === 'edit'} onClose={close} customer={customer} />
      <ConfirmDialog
        opened={dialog === 'block'}
        title={customer.blocked ? t('page.unblockTitle') : t('page.blockTitle')}
        message={customer.blocked ? t('page.unblockMessage') : t('page.blockMessage')}
        confirmLabel={customer.blocked ? t('page.unblock') : t('page.block')}
        color={customer.blocked ? 'green' : 'orange'}
        loading={block.isPending}
        onConfirm={() => block.mutate(!customer.blocked, closeAfterWrite(close))}
        onClose={close}
      />
      <ConfirmDialog
        opened={dialog === 'delete'}
        title={t('page.deleteTitle')}
        message={t('page.deleteMessage', { name: customerName(customer) })}
        confirmLabel={t('page.delete')}
        loading={remove.isPending}
        onConfirm={() => remove.mutate(customer.uuid, { onSuccess: () => navigate(LIST), ...closeAfterWrite(close) })}
        onClose={close}
      />
    </Stack>
  );
}

function Row({ label, children, ltr = false }: { label: string; children: React.ReactNode; ltr?: boolean }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={500} style={{ wordBreak: 'break-word' }}>
        {ltr ? <Ltr>{children}</Ltr> : children}
      </Text>
    </div>
  );
}

function DetailsCard({ customer, defs }: { customer: Customer; defs: CustomFieldDef[] }) {
  const { t } = useTranslation('customers');
  const locale = useLocale();
  const shownFields = defs.filter((d) => customer.custom_fields[d.uuid] !== undefined && customer.custom_fields[d.uuid] !== null);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <Row label={t('fields.phone')} ltr>
          {customer.phone ?? '—'}
        </Row>
        <Row label={t('fields.email')} ltr>
          {customer.email ?? '—'}
        </Row>
        <Row label={t('fields.address')}>{customer.address ?? '—'}</Row>
        <Row label={t('fields.tags')}>
          {customer.tags.length ? (
            <Group gap={4} component="span">
              {customer.tags.map((tag) => (
                <Badge key={tag.uuid} variant="light" color="gray" tt="none">
                  {tag.name}
                </Badge>
              ))}
            </Group>
          ) : (
            '—'
          )}
        </Row>
        <Row label={t('columns.created')}>{formatDateTime(customer.created_at, locale)}</Row>
        {shownFields.map((d) => (
          <Row key={d.uuid} label={locale === 'en' && d.name_en ? d.name_en : d.label}>
            {String(customer.custom_fields[d.uuid])}
          </Row>
        ))}
      </SimpleGrid>
      {customer.note && (
        <Stack gap={4} mt="md">
          <Group gap={4}>
            <IconFileText size={14} />
            <Text fz="xs" c="dimmed">
              {t('fields.note')}
            </Text>
          </Group>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {customer.note}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
