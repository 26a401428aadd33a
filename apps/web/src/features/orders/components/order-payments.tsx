import { Anchor, Box, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconCash, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListSkeleton } from '@/components/list-states';
import { Money } from '@/components/money';
import { PaymentLinkButton } from '@/features/transactions/components/payment-link-button';
import { RecordPaymentModal } from '@/features/transactions/components/record-payment-modal';
import { useOrderTransactions } from '../api/orders';
import type { Order } from '../api/types';
import { useOrderFormat } from '../lib/use-format';
import { TransactionStatusBadge } from './badges';
import { receiptPath } from './checkout-drawer';

/** The order's payments, "Record payment" and the payment link (both from the transactions feature). */
export function OrderPayments({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('orders');
  const fmt = useOrderFormat();
  const transactions = useOrderTransactions(order.id);
  const [recording, setRecording] = useState(false);
  const payable = !order.is_draft && !order.deleted_at && order.remaining_amount > 0 && order.status !== 'canceled';

  return (
    <Card withBorder padding={0} data-testid="order-payments">
      <Group justify="space-between" p="md" pb="xs" wrap="wrap" gap="xs">
        <Text fw={700}>{t('payments.title')}</Text>
        <Group gap="xs">
          {order.paid_amount > 0 && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPrinter size={14} />}
              component={Link}
              to={receiptPath(order.id, 'a4', i18n.language === 'en' ? 'en' : 'ar', false)}
              target="_blank"
              data-testid="order-receipt"
            >
              {t('payments.receipt')}
            </Button>
          )}
          <PaymentLinkButton orderId={order.id} disabled={!payable} />
          <Button size="xs" leftSection={<IconCash size={14} />} onClick={() => setRecording(true)} disabled={!payable} data-testid="order-record-payment">
            {t('payments.record')}
          </Button>
        </Group>
      </Group>
      {transactions.isPending ? (
        <ListSkeleton rows={2} />
      ) : transactions.isError ? (
        <Group p="md" gap="sm">
          <Text fz="sm" c="red">
            {t('payments.loadError')}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => void transactions.refetch()}>
            {t('states.retry')}
          </Button>
        </Group>
      ) : transactions.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" fz="sm" data-testid="order-payments-empty">
          {t('payments.none')}
        </Text>
      ) : (
        <>
          <Box visibleFrom="sm">
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('payments.number')}</Table.Th>
                  <Table.Th>{t('payments.date')}</Table.Th>
                  <Table.Th>{t('payments.method')}</Table.Th>
                  <Table.Th ta="end">{t('payments.amount')}</Table.Th>
                  <Table.Th>{t('payments.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {transactions.data.map((tx) => (
                  <Table.Tr key={tx.id} style={tx.deleted_at ? { opacity: 0.5 } : undefined}>
                    <Table.Td>
                      <Anchor component={Link} to={`/sales/transactions/${tx.id}`} fz="sm" fw={600} className="ltr-value">
                        #{tx.number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.dateTime(tx.date)}</Table.Td>
                    <Table.Td>
                      {t(`paymentMethod.${tx.payment_method}`, { defaultValue: tx.payment_method })}
                      {tx.kind === 'refund' && ` · ${t('payments.refund')}`}
                    </Table.Td>
                    <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                      <Text fz="sm" fw={600}>
                        <Money amount={tx.amount} currency={tx.currency} negative={tx.kind === 'refund'} />
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <TransactionStatusBadge status={tx.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          </Box>
          <Stack gap={0} hiddenFrom="sm">
            {transactions.data.map((tx) => (
              <Group key={tx.id} justify="space-between" wrap="nowrap" px="md" py="sm" style={{ borderBlockStart: '1px solid var(--mantine-color-gray-2)', opacity: tx.deleted_at ? 0.5 : 1 }}>
                <div>
                  <Anchor component={Link} to={`/sales/transactions/${tx.id}`} fz="sm" fw={600} className="ltr-value">
                    #{tx.number}
                  </Anchor>
                  <Text fz="xs" c="dimmed">
                    {fmt.dateTime(tx.date)} · {t(`paymentMethod.${tx.payment_method}`, { defaultValue: tx.payment_method })}
                    {tx.kind === 'refund' && ` · ${t('payments.refund')}`}
                  </Text>
                </div>
                <Stack gap={2} align="flex-end">
                  <Text fz="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                    <Money amount={tx.amount} currency={tx.currency} negative={tx.kind === 'refund'} />
                  </Text>
                  <TransactionStatusBadge status={tx.status} size="sm" />
                </Stack>
              </Group>
            ))}
          </Stack>
        </>
      )}
      <RecordPaymentModal orderId={order.id} remaining={order.remaining_amount} currency={order.currency} opened={recording} onClose={() => setRecording(false)} />
    </Card>
  );
}
