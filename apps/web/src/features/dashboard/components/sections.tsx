import { Badge, Card, Group, Progress, Stack, Text, ThemeIcon, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PersonName } from '@/components/bidi';
import { Money } from '@/components/money';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { BOOKING_STATUS_COLORS, colorOf, ORDER_STATUS_COLORS } from '@/features/orders/lib/status';
import { formatDate, formatNumber, formatTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import type { Dashboard, DashboardBooking, DashboardOrder } from '../api/get-dashboard';
import { barPercents, sharePercents } from '../lib/chart';
import classes from './sales-chart.module.css';

/** A dashboard section: a titled card with its content, or its empty message. */
export function Section({ title, icon: IconComp, action, testId, children }: { title: string; icon: Icon; action?: ReactNode; testId: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" h="100%" data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" size={30} radius="md">
            <IconComp size={18} />
          </ThemeIcon>
          <Text fw={700}>{title}</Text>
        </Group>
        {action}
      </Group>
      {children}
    </Card>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" fz="sm" ta="center" py="lg" data-testid="section-empty">
      {children}
    </Text>
  );
}

const useCanOpenOrders = () => useCurrentUser().permissions.includes('orders');

/** Appointments: time (and day), customer, service and provider, status. */
export function BookingList({ bookings, timeZone, withDate, empty }: { bookings: DashboardBooking[]; timeZone: string; withDate: boolean; empty: string }) {
  const { t } = useTranslation(['dashboard', 'orders']);
  const locale = useLocale();
  const user = useCurrentUser();
  const canOpen = useCanOpenOrders();
  if (bookings.length === 0) return <Empty>{empty}</Empty>;
  return (
    <Stack gap={0}>
      {bookings.map((b, i) => {
        const body = (
          <Group key={b.id} justify="space-between" wrap="nowrap" gap="sm" py={8} style={i > 0 ? { borderBlockStart: '1px solid var(--mantine-color-gray-2)' } : undefined}>
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Stack gap={0} align="center" miw={64}>
                <Text fz="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {formatTime(b.start_time, locale, user.tenant.time_format, timeZone)}
                </Text>
                {withDate && (
                  <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(b.start_time, locale, { day: 'numeric', month: 'short', timeZone })}
                  </Text>
                )}
              </Stack>
              <div style={{ minWidth: 0 }}>
                <Text fz="sm" fw={600} truncate>
                  {b.customer ? <PersonName name={b.customer.name} /> : t('orders:customer.guest')}
                </Text>
                <Text fz="xs" c="dimmed" truncate>
                  {[b.service?.name, b.staff?.name].filter(Boolean).join(' · ') || '—'}
                </Text>
              </div>
            </Group>
            <Badge variant="light" color={colorOf(BOOKING_STATUS_COLORS, b.status)} tt="none" style={{ flexShrink: 0 }}>
              {t(`orders:bookingStatus.${b.status}`, { defaultValue: b.status })}
            </Badge>
          </Group>
        );
        return canOpen ? (
          <UnstyledButton key={b.id} component={Link} to={`/orders/${b.order_id}`} display="block">
            {body}
          </UnstyledButton>
        ) : (
          <div key={b.id}>{body}</div>
        );
      })}
    </Stack>
  );
}

export function LatestOrders({ orders, timeZone }: { orders: DashboardOrder[]; timeZone: string }) {
  const { t } = useTranslation(['dashboard', 'orders']);
  const locale = useLocale();
  const user = useCurrentUser();
  const canOpen = useCanOpenOrders();
  if (orders.length === 0) return <Empty>{t('dashboard:empty.orders')}</Empty>;
  return (
    <Stack gap={0}>
      {orders.map((o, i) => {
        const body = (
          <Group key={o.id} justify="space-between" wrap="nowrap" gap="sm" py={8} style={i > 0 ? { borderBlockStart: '1px solid var(--mantine-color-gray-2)' } : undefined}>
            <div style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Text fz="sm" fw={700} c={canOpen ? 'brand.7' : undefined} className="ltr-value">
                  #{o.number}
                </Text>
                <Text fz="sm" fw={500} truncate>
                  {o.customer ? <PersonName name={o.customer.name} /> : t('orders:customer.guest')}
                </Text>
              </Group>
              <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatDate(o.date, locale, { day: 'numeric', month: 'short', timeZone })} {formatTime(o.date, locale, user.tenant.time_format, timeZone)}
              </Text>
            </div>
            <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
              <Text fz="sm" fw={700}>
                <Money amount={o.total} currency={o.currency} />
              </Text>
              <Badge variant="light" size="sm" color={colorOf(ORDER_STATUS_COLORS, o.status)} tt="none">
                {t(`orders:status.${o.status}`)}
              </Badge>
            </Stack>
          </Group>
        );
        return canOpen ? (
          <UnstyledButton key={o.id} component={Link} to={`/orders/${o.id}`} display="block">
            {body}
          </UnstyledButton>
        ) : (
          <div key={o.id}>{body}</div>
        );
      })}
    </Stack>
  );
}

export function TopServices({ services, currency }: { services: Dashboard['top_services']; currency: string }) {
  const { t } = useTranslation('dashboard');
  if (services.length === 0) return <Empty>{t('empty.services')}</Empty>;
  const widths = barPercents(services.map((s) => s.count));
  return (
    <Stack gap="sm">
      {services.map((s, i) => (
        <div key={s.service_id}>
          <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
            <Text fz="sm" fw={600} truncate>
              {s.name}
            </Text>
            <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              <Trans t={t} i18nKey="topServices.line" count={s.count} components={{ money: <Money amount={s.revenue} currency={currency} /> }} />
            </Text>
          </Group>
          <Progress value={widths[i] ?? 0} size="sm" radius="xl" aria-label={s.name} />
        </div>
      ))}
    </Stack>
  );
}

const SOURCE_COLORS: Record<string, string> = { calendar: 'brand', 'booking-page': 'teal', pos: 'grape' };

export function OrderSources({ sources }: { sources: Dashboard['order_sources'] }) {
  const { t } = useTranslation(['dashboard', 'orders']);
  const locale = useLocale();
  const shown = sources.filter((s) => s.count > 0);
  if (shown.length === 0) return <Empty>{t('dashboard:empty.sources')}</Empty>;
  const shares = sharePercents(shown.map((s) => s.count));
  return (
    <Stack gap="sm">
      <Progress.Root size={14} radius="xl" aria-hidden>
        {shown.map((s, i) => (
          <Progress.Section key={s.source} value={shares[i] ?? 0} color={SOURCE_COLORS[s.source] ?? 'gray'} />
        ))}
      </Progress.Root>
      {shown.map((s, i) => (
        <Group key={s.source} justify="space-between" wrap="nowrap">
          <Group gap={8} wrap="nowrap">
            <span style={{ inlineSize: 10, blockSize: 10, borderRadius: 999, background: `var(--mantine-color-${SOURCE_COLORS[s.source] ?? 'gray'}-filled)` }} />
            <Text fz="sm">{t(`orders:source.${s.source}`, { defaultValue: s.source })}</Text>
          </Group>
          <Text fz="sm" fw={600}>
            {t('dashboard:sources.line', { count: formatNumber(s.count, locale), share: formatNumber(shares[i] ?? 0, locale) })}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The last 30 days of sales as CSS bars (no chart library): each bar has its day and amount as a
 * tooltip; screen readers get the same figures as a table.
 */
export function SalesChart({ series, currency }: { series: Dashboard['sales']['series']; currency: string }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const heights = barPercents(series.map((p) => p.amount));
  const dayLabel = (date: string) => formatDate(`${date}T12:00:00Z`, locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const total = series.reduce((s, p) => s + p.amount, 0);
  return (
    <figure style={{ margin: 0 }} data-testid="sales-chart">
      <div className={classes.chart} aria-hidden>
        {series.map((p, i) => (
          <Tooltip key={p.date} label={
              <>
                {dayLabel(p.date)}: <Money amount={p.amount} currency={currency} />
              </>
            } withinPortal>
            <div className={classes.col}>
              <div className={classes.bar} style={{ blockSize: `${heights[i] ?? 0}%` }} data-empty={p.amount <= 0 || undefined} />
            </div>
          </Tooltip>
        ))}
      </div>
      {series.length > 0 && (
        <Group justify="space-between" mt={4}>
          <Text fz="xs" c="dimmed">
            {dayLabel(series[0]!.date)}
          </Text>
          <Text fz="xs" c="dimmed">
            {dayLabel(series[series.length - 1]!.date)}
          </Text>
        </Group>
      )}
      <figcaption>
        <Text fz="xs" c="dimmed" ta="center" mt={2}>
          <Trans t={t} i18nKey="sales.seriesCaption" components={{ money: <Money amount={total} currency={currency} /> }} />
        </Text>
      </figcaption>
      <VisuallyHidden>
        <table>
          <caption>{t('sales.seriesTitle')}</caption>
          <thead>
            <tr>
              <th>{t('sales.day')}</th>
              <th>{t('sales.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((p) => (
              <tr key={p.date}>
                <td>{dayLabel(p.date)}</td>
                <td>
                  <Money amount={p.amount} currency={currency} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}
