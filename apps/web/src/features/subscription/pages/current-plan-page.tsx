import { BANK_TRANSFER_REVIEW_HOURS, type FullSubscription, PLAN_LIMITS } from '@app/shared/schemas/subscription';
import { Alert, Button, Card, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowDownRight,
  IconClockHour4,
  IconCrown,
  IconPlayerPlay,
  IconPlayerStop,
  IconRefresh,
  IconReceipt,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Money } from '@/components/money';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { PLANS_PATH } from '@/lib/api-client';
import { formatDate, formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { type PlanTarget, useAutoRenew, useCharges, useDropPendingChange, useSubscription } from '../api/subscription';
import { type PaymentTarget, PaymentModal } from '../components/payment-modal';
import { ChargeStatusBadge, StatusBadge } from '../components/status-badge';
import { SubscriptionShell } from '../components/subscription-shell';
import { TrialEnded, TrialRunning } from '../components/trial-status';
import { canSwitchAutoRenew, isRenewable, usagePercent } from '../lib/subscription';

/** The renewal of the plan the business has (or had): null without one (the trial). */
const renewalOf = (sub: FullSubscription): PlanTarget | null =>
  sub.plan_details ? { mode: 'renew', plan: sub.plan_details.id, planName: sub.plan_details.name, cycle: sub.cycle ?? 'monthly' } : null;

/**
 * `/settings/subscriptions` and `/settings/subscriptions/current-plan`: where the business stands
 * (one of the nine statuses), the plan's period and what is left of it, the usage against the plan's
 * limits, auto-renewal, the renewal when due (`?renewNow=true` opens it at once), a transfer under
 * review, a scheduled downgrade, and the recent payments. The trial's days, or its end with the
 * extension, show here too. It works while the trial or the plan has ended.
 */
export function CurrentPlanPage() {
  const { t } = useTranslation('subscription');
  const query = useSubscription();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [target, setTarget] = useState<PaymentTarget | null>(null);
  const renewNow = params.get('renewNow') === 'true';
  const sub = query.data;

  // `?renewNow=true` (the renewal banner, a 402 while past due): the renewal dialog opens by itself,
  // once; without a plan to renew, the plans instead.
  useEffect(() => {
    if (!renewNow || !sub) return;
    const renewal = renewalOf(sub);
    if (renewal) {
      setTarget(renewal);
      const next = new URLSearchParams(params);
      next.delete('renewNow');
      setParams(next, { replace: true });
    } else void navigate(PLANS_PATH, { replace: true });
  }, [renewNow, sub, params, setParams, navigate]);

  return (
    <SubscriptionShell tab="current-plan">
      {query.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : query.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} data-testid="subscription-error">
          {t('loadFailed')}
        </Alert>
      ) : (
        <>
          <CurrentPlan sub={query.data} onRenew={() => setTarget(renewalOf(query.data))} />
          <Notices sub={query.data} />
          <Usage sub={query.data} />
          <RecentCharges />
        </>
      )}
      <PaymentModal target={target} onClose={() => setTarget(null)} />
    </SubscriptionShell>
  );
}

function CurrentPlan({ sub, onRenew }: { sub: FullSubscription; onRenew: () => void }) {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const { tenant } = useCurrentUser();
  const date = (iso: string) => formatDate(iso, locale, { dateStyle: 'long', timeZone: tenant.timezone });
  const planName = sub.plan === 'demo' ? t('plan.names.demo') : (sub.plan_details?.name ?? sub.plan);
  const onTrial = sub.state === 'on_trial';
  // A plan (running, due or over), as opposed to the trial.
  const hasPlan = Boolean(sub.status || sub.plan_details);

  return (
    <Card withBorder radius="md" padding="lg" data-testid={`subscription-${sub.state}`}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} fz="lg">
            {t('current')}
          </Title>
          <StatusBadge label={sub.status_label} />
        </Group>

        {onTrial && <TrialRunning sub={sub} />}
        {sub.state === 'trial_ended' && (
          <>
            <TrialEnded sub={sub} />
            <Button component={Link} to={PLANS_PATH} leftSection={<IconCrown size={18} />} style={{ alignSelf: 'flex-start' }} data-testid="choose-plan">
              {t('choosePlan')}
            </Button>
          </>
        )}

        {hasPlan && (
          <>
            <StatusMessage sub={sub} date={date} />
            <Stack gap={6}>
              <Detail label={t('plan.name')} value={planName ?? '—'} testId="subscription-plan" />
              {sub.cycle && <Detail label={t('plan.cycle')} value={t(`cycle.${sub.cycle}`)} testId="subscription-cycle" />}
              {sub.start_at && <Detail label={t('plan.startedOn')} value={date(sub.start_at)} testId="subscription-starts" />}
              <Detail label={t('plan.endsOn')} value={sub.ends_at ? date(sub.ends_at) : t('plan.noEnd')} testId="subscription-ends" />
            </Stack>
          </>
        )}

        {(onTrial || (hasPlan && sub.ends_at)) && (
          <Stack gap={4}>
            <Progress
              value={Math.max(0, Math.min(100, sub.progress_percent))}
              color={sub.progress_percent >= 90 ? 'orange' : 'brand'}
              size="lg"
              radius="xl"
              aria-label={t('plan.progress')}
              data-testid="subscription-progress"
            />
            <Group justify="space-between" gap="xs">
              <Text fz="xs" c="dimmed">
                {t('plan.progressUsed', { percent: formatNumber(Math.round(sub.progress_percent), locale) })}
              </Text>
              <Text fz="xs" fw={600} data-testid="subscription-days-left">
                {t('plan.daysLeft', { count: onTrial ? sub.trial_days_left : sub.days_left })}
              </Text>
            </Group>
          </Stack>
        )}

        {hasPlan && sub.ends_at && canSwitchAutoRenew(sub) && <AutoRenew sub={sub} endsOn={sub.ends_at ? date(sub.ends_at) : null} />}

        {isRenewable(sub) && (
          <Group gap="sm">
            {sub.plan_details ? (
              <>
                <Button color={sub.status_label === 'ending_soon' ? 'brand' : 'orange'} leftSection={<IconRefresh size={18} />} onClick={onRenew} data-testid="renew-now">
                  {t('renew.now')}
                </Button>
                <Button component={Link} to={PLANS_PATH} variant="default">
                  {t('changePlan')}
                </Button>
              </>
            ) : (
              <Button component={Link} to={PLANS_PATH} leftSection={<IconCrown size={18} />} data-testid="choose-plan">
                {t('choosePlan')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** What the status means for the business, in a sentence (past due: when the card is tried again). */
function StatusMessage({ sub, date }: { sub: FullSubscription; date: (iso: string) => string }) {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  switch (sub.status_label) {
    case 'active':
    case 'renewed':
      return <Text fw={600}>{t(`messages.${sub.status_label}`)}</Text>;
    case 'ending_soon':
      return (
        <Alert color="yellow" variant="light" icon={<IconClockHour4 size={20} />} data-testid="ending-soon">
          {sub.ends_at ? t('messages.endingSoon', { date: date(sub.ends_at) }) : t('messages.endingSoonNoDate')}
        </Alert>
      );
    case 'past_due':
      return (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} title={t('messages.pastDueTitle')} data-testid="past-due">
          <Stack gap={4}>
            <Text fz="sm">{t('messages.pastDue')}</Text>
            {sub.next_retry_at ? (
              <Text fz="sm" fw={600} data-testid="past-due-retry">
                {t('messages.nextRetry', { date: date(sub.next_retry_at), attempts: formatNumber(sub.retry_count, locale) })}
              </Text>
            ) : (
              <Text fz="sm" fw={600} data-testid="past-due-retry">
                {t('messages.noRetryLeft')}
              </Text>
            )}
          </Stack>
        </Alert>
      );
    case 'expired':
    case 'no_active_plan':
      return (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} data-testid={`status-${sub.status_label}`}>
          {t(sub.status_label === 'expired' ? 'messages.expired' : 'messages.noActivePlan')}
        </Alert>
      );
    default:
      return null;
  }
}

/** Auto-renewal on (cancel, after a word that the plan runs to its end) or off (resume). */
function AutoRenew({ sub, endsOn }: { sub: FullSubscription; endsOn: string | null }) {
  const { t } = useTranslation('subscription');
  const toggle = useAutoRenew();
  const [confirming, setConfirming] = useState(false);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" data-testid="auto-renew">
      <div>
        <Text fz="sm" fw={600}>
          {t(sub.auto_renew ? 'autoRenew.on' : 'autoRenew.off')}
        </Text>
        <Text fz="xs" c="dimmed">
          {sub.auto_renew ? t('autoRenew.onHint') : endsOn ? t('autoRenew.offHint', { date: endsOn }) : t('autoRenew.offHintNoDate')}
        </Text>
      </div>
      {sub.auto_renew ? (
        <Button variant="default" color="red" leftSection={<IconPlayerStop size={16} />} onClick={() => setConfirming(true)} data-testid="auto-renew-cancel">
          {t('autoRenew.cancel')}
        </Button>
      ) : (
        <Button variant="light" leftSection={<IconPlayerPlay size={16} />} loading={toggle.isPending} onClick={() => toggle.mutate('resume')} data-testid="auto-renew-resume">
          {t('autoRenew.resume')}
        </Button>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('autoRenew.confirmTitle')}
        message={endsOn ? t('autoRenew.confirmBody', { date: endsOn }) : t('autoRenew.confirmBodyNoDate')}
        confirmLabel={t('autoRenew.confirm')}
        cancelLabel={t('autoRenew.keep')}
        loading={toggle.isPending}
        onConfirm={() => toggle.mutate('cancel', { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Group>
  );
}

/** A transfer under review, a downgrade waiting for the period's end. */
function Notices({ sub }: { sub: FullSubscription }) {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const drop = useDropPendingChange();
  const { tenant } = useCurrentUser();
  const date = (iso: string) => formatDate(iso, locale, { dateStyle: 'long', timeZone: tenant.timezone });
  if (!sub.pending_transfer && !sub.pending_change) return null;
  return (
    <Stack gap="sm">
      {sub.pending_transfer && (
        <Alert color="blue" variant="light" icon={<IconClockHour4 size={20} />} title={t('pendingTransfer.title')} data-testid="pending-transfer">
          <Stack gap={4}>
            <Text fz="sm">{t('pendingTransfer.body', { hours: BANK_TRANSFER_REVIEW_HOURS, date: date(sub.pending_transfer.created_at) })}</Text>
            <Text fz="sm" fw={600}>
              {t('pendingTransfer.amount')} <Money amount={sub.pending_transfer.total_amount} currency={sub.pending_transfer.currency} />
            </Text>
          </Stack>
        </Alert>
      )}
      {sub.pending_change && (
        <Alert color="grape" variant="light" icon={<IconArrowDownRight size={20} />} title={t('pendingChange.title')} data-testid="pending-change">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{t('pendingChange.body', { plan: sub.pending_change.plan, cycle: t(`cycle.${sub.pending_change.cycle}`), date: date(sub.pending_change.at) })}</Text>
            <Button size="xs" variant="light" color="grape" loading={drop.isPending} onClick={() => drop.mutate()} data-testid="pending-change-drop">
              {t('pendingChange.drop')}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

/** Providers, branches, users and this month's bookings against the plan's limits. */
function Usage({ sub }: { sub: FullSubscription }) {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="subscription-usage">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('usage.title')}
        </Title>
        {PLAN_LIMITS.map((key) => {
          const used = sub.usage[key];
          const limit = sub.limits[key];
          const percent = usagePercent(used, limit);
          return (
            <Stack key={key} gap={4} data-testid={`usage-${key}`}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fz="sm">{t(`limits.${key}`)}</Text>
                <Text fz="sm" fw={600} data-testid={`usage-${key}-value`}>
                  {limit === null
                    ? t('usage.ofUnlimited', { used: formatNumber(used, locale) })
                    : t('usage.of', { used: formatNumber(used, locale), limit: formatNumber(limit, locale) })}
                </Text>
              </Group>
              {percent !== null && <Progress value={percent} size="sm" radius="xl" color={percent >= 100 ? 'red' : percent >= 80 ? 'orange' : 'brand'} aria-label={t(`limits.${key}`)} />}
            </Stack>
          );
        })}
      </Stack>
    </Card>
  );
}

const RECENT_CHARGES = 5;

/** The last payments for the subscription, with their status. */
function RecentCharges() {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const charges = useCharges();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="recent-charges">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <IconReceipt size={20} />
            <Title order={2} fz="lg">
              {t('charges.title')}
            </Title>
          </Group>
          <Button component={Link} to="/settings/subscriptions/invoices" variant="subtle" size="xs">
            {t('charges.invoices')}
          </Button>
        </Group>
        {charges.isPending ? (
          <Loader size="sm" />
        ) : charges.isError ? (
          <Text fz="sm" c="red">
            {t('charges.loadFailed')}
          </Text>
        ) : charges.data.length === 0 ? (
          <Text fz="sm" c="dimmed" data-testid="charges-empty">
            {t('charges.empty')}
          </Text>
        ) : (
          charges.data.slice(0, RECENT_CHARGES).map((c) => (
            <Group key={c.id} justify="space-between" gap="xs" wrap="wrap" py={6} style={{ borderBlockEnd: '1px solid var(--mantine-color-default-border)' }} data-testid="charge-row">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fz="sm" fw={600}>
                  {c.plan_name ? `${t(`charges.kind.${c.kind}`)} · ${c.plan_name}` : t(`charges.kind.${c.kind}`)}
                </Text>
                <Text fz="xs" c="dimmed">
                  {formatDate(c.created_at, locale)} · {t(`method.${c.payment_method}`)}
                </Text>
                {c.failure_message && (c.status === 'failed' || c.status === 'rejected') && (
                  <Text fz="xs" c="red">
                    {c.failure_message}
                  </Text>
                )}
              </Stack>
              <Group gap="sm" wrap="nowrap">
                <Text fz="sm" fw={600}>
                  <Money amount={c.total_amount} currency={c.currency} />
                </Text>
                <ChargeStatusBadge status={c.status} />
              </Group>
            </Group>
          ))
        )}
      </Stack>
    </Card>
  );
}

function Detail({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text c="dimmed" fz="sm" miw={90}>
        {label}
      </Text>
      <Text fw={600} fz="sm" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}
