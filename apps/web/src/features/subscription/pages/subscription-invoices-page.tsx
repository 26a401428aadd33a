import type { SubscriptionInvoice } from '@app/shared/schemas/subscription';
import { Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Ltr } from '@/components/bidi';
import { ListView, type ListViewColumn } from '@/components/list-view/list-view';
import { Money } from '@/components/money';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useSubscriptionInvoices } from '../api/subscription';
import { SubscriptionShell } from '../components/subscription-shell';

/** `/settings/subscriptions/invoices`: the platform's tax invoices to the business, newest first; each opens its printable page. */
export function SubscriptionInvoicesPage() {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const invoices = useSubscriptionInvoices(page);
  const day = (iso: string) => formatDate(iso, locale);

  const columns: ListViewColumn<SubscriptionInvoice>[] = [
    { key: 'number', header: t('invoices.number'), cell: (i) => <Ltr>{i.number}</Ltr>, card: 'title' },
    { key: 'date', header: t('invoices.date'), cell: (i) => day(i.issued_at) },
    {
      key: 'period',
      header: t('invoices.period'),
      cell: (i) => (i.period_start && i.period_end ? t('invoices.periodRange', { from: day(i.period_start), to: day(i.period_end) }) : '—'),
      visibleFrom: 'md',
    },
    {
      key: 'description',
      header: t('invoices.description'),
      cell: (i) => (
        <Text fz="sm" lineClamp={2}>
          {i.description}
        </Text>
      ),
    },
    { key: 'total', header: t('invoices.total'), cell: (i) => <Money amount={i.total} currency={i.currency} />, align: 'end', card: 'aside' },
  ];

  return (
    <SubscriptionShell tab="invoices">
      <ListView
        query={invoices}
        columns={columns}
        rowKey={(i) => i.id}
        minWidth={640}
        testId="subscription-invoices"
        itemTestId={() => 'subscription-invoice-row'}
        itemLink={(i) => `/settings/subscriptions/invoices/${i.id}`}
        openLabel={t('invoices.open')}
        onPage={(p) => setParams(p > 1 ? { page: String(p) } : {}, { replace: true })}
        errorTitle={t('invoices.loadFailed')}
        empty={{ icon: IconFileInvoice, title: t('invoices.empty'), description: t('invoices.emptyHint') }}
      />
    </SubscriptionShell>
  );
}
