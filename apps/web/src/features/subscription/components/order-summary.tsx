import type { CheckoutResult } from '@app/shared/schemas/subscription';
import { Divider, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/money';
import { formatDate, formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';

/** One line of a summary: the label at the start, the value at the end. */
export function SummaryLine({ label, children, strong, testId }: { label: ReactNode; children: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
      <Text fz={strong ? 'md' : 'sm'} fw={strong ? 700 : 400} c={strong ? undefined : 'dimmed'} style={{ minWidth: 0 }}>
        {label}
      </Text>
      <Text fz={strong ? 'md' : 'sm'} fw={strong ? 700 : 600} data-testid={testId} style={{ flexShrink: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * What a checkout charges (docs/subscription.md): the plan's price and quantity, the coupon's
 * discount, an upgrade's credit for the unused days, the subtotal before VAT, the VAT and the total.
 */
export function OrderSummary({ result }: { result: CheckoutResult }) {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const money = (minor: number, negative = false) => <Money amount={minor} currency={result.currency} negative={negative} />;
  const day = (iso: string) => formatDate(iso, locale);
  return (
    <Stack gap={6} data-testid="checkout-summary" data-kind={result.kind}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={700}>{result.plan.name}</Text>
        <Text fz="sm" c="dimmed">
          {t(`cycle.${result.cycle}`)}
        </Text>
      </Group>
      {result.period_start && result.period_end && (
        <Text fz="xs" c="dimmed" data-testid="checkout-period">
          {t('summary.period', { from: day(result.period_start), to: day(result.period_end) })}
        </Text>
      )}
      <Divider my={4} />
      <SummaryLine label={t('summary.unitAmount')} testId="checkout-unit">
        {money(result.unit_amount)}
      </SummaryLine>
      <SummaryLine label={t('summary.quantity')} testId="checkout-quantity">
        {formatNumber(result.quantity, locale)}
      </SummaryLine>
      {result.discount > 0 && (
        <SummaryLine label={result.coupon ? t('summary.discountCoupon', { code: result.coupon.code }) : t('summary.discount')} testId="checkout-discount">
          {money(result.discount, true)}
        </SummaryLine>
      )}
      {result.credit > 0 && (
        <SummaryLine label={t('summary.credit')} testId="checkout-credit">
          {money(result.credit, true)}
        </SummaryLine>
      )}
      <SummaryLine label={t('summary.subtotal')} testId="checkout-subtotal">
        {money(result.subtotal)}
      </SummaryLine>
      <SummaryLine label={t('summary.vat', { rate: formatNumber(result.vat_rate_bps / 100, locale) })} testId="checkout-vat">
        {money(result.vat_amount)}
      </SummaryLine>
      <Divider my={4} />
      <SummaryLine label={t('summary.total')} strong testId="checkout-total">
        {money(result.total_amount)}
      </SummaryLine>
    </Stack>
  );
}
