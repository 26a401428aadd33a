import type { InvoiceListItem } from '@app/shared/schemas/invoices';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconCash, IconFileDollar, IconReceiptRefund } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ListViewColumn, ListView } from '@/components/list-view/list-view';
import { listBindings, searchOf, useListParams } from '@/components/list-view/use-list-params';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatDateTimeIn } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useRefunds } from '../api/invoices';

/** `/sales/refunded-orders`: the credit notes (refunded orders and cancelled invoices), newest first. */
export function RefundedOrdersPage() {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  const user = useCurrentUser();
  const list = useListParams([] as const);
  const refunds = useRefunds(list.query);
  const dateTime = (iso: string) => formatDateTimeIn(iso, locale, user.tenant.time_format, user.tenant.timezone);

  const columns: ListViewColumn<InvoiceListItem>[] = [
    {
      key: 'number',
      header: t('list.number'),
      card: 'title',
      cell: (d) => (
        <Text fz="sm" fw={600} className="ltr-value">
          #{d.number}
        </Text>
      ),
    },
    {
      key: 'invoice',
      header: t('list.invoice'),
      cell: (d) => (d.original_invoice ? <span className="ltr-value">#{d.original_invoice.number}</span> : '—'),
    },
    {
      key: 'order',
      header: t('list.order'),
      interactive: true,
      cell: (d) =>
        d.order_number !== null ? (
          <Anchor component={Link} to={`/orders/${d.order_id}`} fz="sm" className="ltr-value">
            #{d.order_number}
          </Anchor>
        ) : (
          '—'
        ),
    },
    { key: 'customer', header: t('list.customer'), cell: (d) => <Text fz="sm">{d.customer_name ?? '—'}</Text> },
    {
      key: 'amount',
      header: t('list.amount'),
      cell: (d) => (
        <Text fz="sm" fw={600}>
          <Money amount={d.total} currency={d.currency} />
        </Text>
      ),
    },
    { key: 'returned', header: t('list.returned'), cell: (d) => <Money amount={d.paid_amount} currency={d.currency} /> },
    {
      key: 'reason',
      header: t('list.reason'),
      card: 'aside',
      cell: (d) => (
        <Text fz="sm" truncate maw={220}>
          {d.reason ?? '—'}
        </Text>
      ),
    },
    { key: 'date', header: t('list.date'), cell: (d) => <Text fz="sm">{dateTime(d.created_at)}</Text> },
  ];

  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%">
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')}>
        <Button component={Link} to="/sales/transactions" variant="default" leftSection={<IconCash size={16} />} data-testid="refunds-to-transactions">
          {t('list.transactions')}
        </Button>
        <Button component={Link} to="/sales/quotations" variant="default" leftSection={<IconFileDollar size={16} />} data-testid="refunds-to-quotations">
          {t('quotations.title')}
        </Button>
      </PageHeader>
      <ListView
        query={refunds}
        columns={columns}
        rowKey={(d) => d.id}
        minWidth={900}
        testId="refunds"
        itemTestId={(d) => `refund-row-${d.number}`}
        itemLink={(d) => `/preview-invoices/${d.id}`}
        openLabel={t('list.open')}
        search={searchOf(list, t('list.search'), 'refunds-search')}
        {...listBindings(list)}
        errorTitle={t('list.errorTitle')}
        emptyFiltered={t('list.emptyFiltered')}
        empty={{ icon: IconReceiptRefund, title: t('list.empty'), description: t('list.emptyBody') }}
      />
    </Stack>
  );
}
