import type { InvoiceListItem } from '@app/shared/schemas/invoices';
import { Anchor, Badge, Button, Card, Group, Menu, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowsExchange, IconCloudUpload, IconDots, IconFileInvoice, IconPrinter, IconReceiptRefund, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '@/components/money';
import type { Order } from '@/features/orders/api/types';
import { useSalesSettings } from '@/features/settings/api/settings';
import { useOrderInvoices } from '../api/invoices';
import { useSubmitToZatca, useSyncToAccounting, useWafeqStatus } from '../api/zatca';
import { toastRejected } from '@/lib/refusal';
import { CancelInvoiceDialog, IssueInvoiceDialog, RefundDialog } from './invoice-dialogs';

/** Orders in these statuses can be invoiced (the order state machine's moves into `invoiced`). */
const INVOICEABLE = ['confirmed', 'completed', 'no-show'];

export const ZATCA_COLORS: Record<string, string> = {
  'not-submitted': 'gray',
  pending: 'yellow',
  reported: 'teal',
  cleared: 'green',
  rejected: 'red',
  'not-required': 'gray',
};

/**
 * The order page's invoices card: its invoices and credit notes (view, print), and the actions the
 * order allows: issue the invoice, refund it, cancel it.
 */
export function OrderInvoices({ order }: { order: Order }) {
  const { t } = useTranslation('invoices');
  const docs = useOrderInvoices(order.id);
  const wafeq = useWafeqStatus();
  const sync = useSyncToAccounting();
  const zatca = useSubmitToZatca();
  const sales = useSalesSettings();
  const [dialog, setDialog] = useState<'issue' | 'refund' | { cancel: InvoiceListItem } | null>(null);
  const live = docs.data?.find((d) => d.type === 'tax' && d.status === 'approved') ?? null;
  const canIssue = !order.is_draft && !order.deleted_at && order.invoice_status !== 'invoiced' && INVOICEABLE.includes(order.status);
  const canRefund = Boolean(live) && order.status === 'invoiced';

  return (
    <Card withBorder padding="md" data-testid="order-invoices">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} fz="md">
          {t('card.title')}
        </Title>
        <Group gap="xs">
          {canIssue && (
            <Button size="xs" leftSection={<IconFileInvoice size={16} />} onClick={() => setDialog('issue')} data-testid="invoice-issue">
              {t('card.issue')}
            </Button>
          )}
          {canRefund && (
            <Button size="xs" variant="light" color="orange" leftSection={<IconReceiptRefund size={16} />} onClick={() => setDialog('refund')} data-testid="invoice-refund">
              {t('card.refund')}
            </Button>
          )}
        </Group>
      </Group>
      {docs.isPending ? (
        <Skeleton h={40} />
      ) : !docs.data?.length ? (
        <Text fz="sm" c="dimmed" data-testid="order-invoices-empty">
          {t('card.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {docs.data.map((d) => (
            <Group key={d.id} justify="space-between" wrap="nowrap" gap="sm" data-testid={`order-invoice-${d.number}`}>
              <div style={{ minWidth: 0 }}>
                <Group gap={6} wrap="wrap">
                  <Anchor component={Link} to={`/preview-invoices/${d.id}`} fw={600} fz="sm" data-testid={`invoice-open-${d.number}`}>
                    {t(`type.${d.type}`)} <span className="ltr-value">#{d.number}</span>
                  </Anchor>
                  {d.type === 'tax' && (
                    <Badge size="sm" variant="light" color={d.status === 'approved' ? 'blue' : 'gray'}>
                      {t(`status.${d.status}`)}
                    </Badge>
                  )}
                  <Badge size="sm" variant="dot" color={ZATCA_COLORS[d.zatca_status] ?? 'gray'} data-testid={`invoice-zatca-${d.number}`}>
                    {t(`zatca.${d.zatca_status}`)}
                  </Badge>
                  {wafeq.data?.installed && (
                    <Badge size="sm" variant="dot" color={d.accounting_status === 'synced' ? 'green' : d.accounting_status === 'failed' ? 'red' : 'gray'} data-testid={`invoice-accounting-status-${d.number}`}>
                      {t(`sync.accounting.${d.accounting_status}`)}
                    </Badge>
                  )}
                </Group>
                <Text fz="xs" c="dimmed">
                  {d.type === 'refund' && d.original_invoice ? t('card.creditNoteOf', { number: d.original_invoice.number }) : t(`template.${d.template}`)}
                </Text>
              </div>
              <Group gap={4} wrap="nowrap">
                <Text fz="sm" fw={600}>
                  <Money amount={d.total} currency={d.currency} negative={d.type === 'refund'} />
                </Text>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button variant="subtle" size="xs" px={6} aria-label={t('card.preview')} data-testid={`invoice-menu-${d.number}`}>
                      <IconDots size={16} />
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item component={Link} to={`/preview-invoices/${d.id}`} leftSection={<IconFileInvoice size={16} />}>
                      {t('card.preview')}
                    </Menu.Item>
                    <Menu.Item component={Link} to={`/print-invoice/${d.id}`} leftSection={<IconPrinter size={16} />} data-testid={`invoice-print-${d.number}`}>
                      {t('card.print')}
                    </Menu.Item>
                    {wafeq.data?.installed && d.accounting_status !== 'synced' && (
                      <Menu.Item leftSection={<IconArrowsExchange size={16} />} onClick={() => sync.mutate(d.id, { onError: toastRejected })} data-testid={`invoice-accounting-${d.number}`}>
                        {t('sync.send')}
                      </Menu.Item>
                    )}
                    {d.template !== 'trial' && !['reported', 'cleared', 'not-required'].includes(d.zatca_status) && (
                      <Menu.Item leftSection={<IconCloudUpload size={16} />} onClick={() => zatca.mutate(d.id, { onError: toastRejected })} data-testid={`invoice-zatca-send-${d.number}`}>
                        {t('sync.zatcaSend')}
                      </Menu.Item>
                    )}
                    {d.type === 'tax' && d.status === 'approved' && order.status === 'invoiced' && (
                      <Menu.Item color="red" leftSection={<IconX size={16} />} onClick={() => setDialog({ cancel: d })} data-testid={`invoice-cancel-${d.number}`}>
                        {t('card.cancel')}
                      </Menu.Item>
                    )}
                  </Menu.Dropdown>
                </Menu>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {dialog === 'issue' && <IssueInvoiceDialog key={String(Boolean(sales.data?.vat_number))} order={order} sellerVat={Boolean(sales.data?.vat_number)} opened onClose={() => setDialog(null)} />}
      {dialog === 'refund' && <RefundDialog order={order} opened onClose={() => setDialog(null)} />}
      {dialog && typeof dialog === 'object' && <CancelInvoiceDialog invoice={dialog.cancel} opened onClose={() => setDialog(null)} />}
    </Card>
  );
}
