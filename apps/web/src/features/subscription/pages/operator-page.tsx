import { type PlatformZatca, rejectTransferBody } from '@app/shared/schemas/subscription';
import { Alert, Badge, Button, Group, SegmentedControl, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import { IconBuildingBank, IconBuildingCommunity, IconCheck, IconDownload, IconEdit, IconListDetails, IconPlus, IconReceiptTax, IconTicket, IconUsers, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Ltr } from '@/components/bidi';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListView, type ListViewColumn } from '@/components/list-view/list-view';
import { useListParams } from '@/components/list-view/use-list-params';
import { RowAction } from '@/components/list-table';
import { Money } from '@/components/money';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { PLATFORM_UNIT, useUnitSettings } from '@/features/invoices/api/zatca';
import { ZatcaUnitSettings } from '@/features/invoices/pages/invoicing-settings-page';
import { downloadFile, isApiError } from '@/lib/api-client';
import { formatDate, formatDateTime, formatDay, formatNumber } from '@/lib/format';
import { closeAfterWrite, toastRejected } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { zodErrors } from '@/lib/zod-errors';
import {
  type OperatorBank,
  type OperatorCoupon,
  type OperatorPlan,
  type OperatorSubscription,
  type OperatorTransfer,
  receiptPath,
  TRANSFER_FILTERS,
  type TransferFilter,
  useApproveTransfer,
  useOperatorBanks,
  useOperatorCoupons,
  useOperatorPlans,
  useOperatorSubscriptions,
  useOperatorTransfers,
  useRejectTransfer,
} from '../api/operator';
import { BankFormModal, groupIban } from '../components/bank-form-modal';
import { CouponFormModal } from '../components/coupon-form-modal';
import { usePluginLabel } from '../components/plan-card';
import { PlanFormModal } from '../components/plan-form-modal';
import { ChargeStatusBadge, StatusBadge } from '../components/status-badge';
import { COUPON_CURRENCY } from '../lib/coupon-form';
import { priceOf } from '../lib/subscription';

const TABS = [
  { value: 'plans', icon: IconListDetails },
  { value: 'subscriptions', icon: IconUsers },
  { value: 'transfers', icon: IconBuildingBank },
  { value: 'coupons', icon: IconTicket },
  { value: 'banks', icon: IconBuildingCommunity },
  { value: 'zatca', icon: IconReceiptTax },
] as const;
type Tab = (typeof TABS)[number]['value'];

/**
 * `/operator`: the platform operator (the support account, not while impersonating): the plans
 * (create, edit), every business's subscription, and the bank transfers waiting for review (the
 * receipt, approve, reject with a reason), the coupons for plans and the bank accounts businesses
 * transfer to (create, edit, switch off), and the platform's own e-invoicing unit that signs the
 * subscription invoices. The route's guard checks the account; so does the API.
 */
export function OperatorPage() {
  const { t } = useTranslation('subscription');
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.some((x) => x.value === requested) ? (requested as Tab) : 'plans';
  if (!user.can_imp || user.is_imp) {
    return (
      <Alert color="orange" data-testid="operator-only">
        {t('operator.only')}
      </Alert>
    );
  }
  return (
    <Stack gap="lg" data-testid="operator-page">
      <div>
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          {t('operator.title')}
        </Title>
        <Text c="dimmed">{t('operator.subtitle')}</Text>
      </div>
      <Tabs value={tab} onChange={(v) => v && setParams({ tab: v }, { replace: true })} keepMounted={false}>
        <Tabs.List mb="md">
          {TABS.map(({ value, icon: IconComp }) => (
            <Tabs.Tab key={value} value={value} leftSection={<IconComp size={16} />} px={{ base: 'xs', sm: 'md' }} data-testid={`operator-tab-${value}`}>
              {t(`operator.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="plans">
          <PlansPanel />
        </Tabs.Panel>
        <Tabs.Panel value="subscriptions">
          <SubscriptionsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="transfers">
          <TransfersPanel />
        </Tabs.Panel>
        <Tabs.Panel value="coupons">
          <CouponsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="banks">
          <BanksPanel />
        </Tabs.Panel>
        <Tabs.Panel value="zatca">
          <PlatformZatcaPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function PlansPanel() {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const plans = useOperatorPlans();
  const plugin = usePluginLabel();
  const [editing, setEditing] = useState<OperatorPlan | 'new' | null>(null);
  const limit = (v: number | null) => (v === null ? '∞' : formatNumber(v, locale));
  const columns: ListViewColumn<OperatorPlan>[] = [
    {
      key: 'name',
      header: t('operator.plans.name'),
      card: 'title',
      cell: (p) => (
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <Text fz="sm" fw={600}>
              {p.name}
            </Text>
            {p.recommended && (
              <Badge size="xs" color="brand" variant="light" style={{ minWidth: 'max-content' }}>
                {t('plans.recommended')}
              </Badge>
            )}
          </Group>
          <Text fz="xs" c="dimmed">
            <Ltr>{p.id}</Ltr>
          </Text>
        </Stack>
      ),
    },
    { key: 'monthly', header: t('cycle.monthly'), cell: (p) => <Money amount={priceOf(p, 'monthly')} currency={p.currency} /> },
    { key: 'yearly', header: t('cycle.yearly'), cell: (p) => <Money amount={priceOf(p, 'yearly')} currency={p.currency} />, visibleFrom: 'md' },
    {
      key: 'limits',
      header: t('operator.plans.limits'),
      cell: (p) => (
        <Text fz="xs">
          {t('operator.plans.limitsSummary', {
            providers: limit(p.limits.providers),
            branches: limit(p.limits.branches),
            users: limit(p.limits.users),
            bookings: limit(p.limits.bookings_per_month),
          })}
        </Text>
      ),
      visibleFrom: 'lg',
    },
    { key: 'plugins', header: t('operator.plans.plugins'), cell: (p) => (p.plugins.length ? p.plugins.map(plugin).join(locale === 'ar' ? '، ' : ', ') : '—'), visibleFrom: 'lg' },
    { key: 'subscribers', header: t('operator.plans.subscribers'), cell: (p) => formatNumber(p.subscribers, locale), align: 'end' },
    {
      key: 'active',
      header: t('operator.plans.active'),
      card: 'aside',
      cell: (p) => (
        <Badge color={p.active ? 'green' : 'gray'} variant="light" style={{ minWidth: 'max-content' }}>
          {t(p.active ? 'operator.plans.isActive' : 'operator.plans.isInactive')}
        </Badge>
      ),
    },
  ];
  return (
    <Stack gap="md" data-testid="operator-plans">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="operator-plan-add">
          {t('operator.plans.add')}
        </Button>
      </Group>
      <ListView
        query={plans}
        columns={columns}
        rowKey={(p) => p.uuid}
        minWidth={720}
        testId="operator-plans-list"
        itemTestId={(p) => `operator-plan-${p.id}`}
        actions={(p) => <RowAction label={t('operator.plans.edit')} icon={IconEdit} color="gray" onClick={() => setEditing(p)} data-testid={`operator-plan-edit-${p.id}`} />}
        errorTitle={t('operator.loadFailed')}
        empty={{ icon: IconListDetails, title: t('operator.plans.empty') }}
      />
      <PlanFormModal opened={editing !== null} plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

function SubscriptionsPanel() {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const list = useListParams([]);
  const subs = useOperatorSubscriptions({ page: list.page, ...(list.query.search ? { search: list.query.search } : {}) });
  const columns: ListViewColumn<OperatorSubscription>[] = [
    {
      key: 'business',
      header: t('operator.subscriptions.business'),
      card: 'title',
      cell: (s) => (
        <Stack gap={0}>
          <Text fz="sm" fw={600}>
            {s.business}
          </Text>
          {s.owner_email && (
            <Text fz="xs" c="dimmed">
              <Ltr>{s.owner_email}</Ltr>
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'status', header: t('operator.subscriptions.status'), card: 'aside', cell: (s) => <StatusBadge label={s.status_label} size="sm" /> },
    { key: 'plan', header: t('plan.name'), cell: (s) => s.plan ?? '—' },
    { key: 'cycle', header: t('plan.cycle'), cell: (s) => (s.cycle ? t(`cycle.${s.cycle}`) : '—'), visibleFrom: 'md' },
    { key: 'ends', header: t('plan.endsOn'), cell: (s) => (s.ends_at ? formatDate(s.ends_at, locale) : '—') },
    { key: 'renew', header: t('operator.subscriptions.autoRenew'), cell: (s) => t(s.auto_renew ? 'operator.yes' : 'operator.no'), visibleFrom: 'md' },
  ];
  return (
    <ListView
      query={subs}
      columns={columns}
      rowKey={(s) => s.tenant_id}
      minWidth={720}
      testId="operator-subscriptions"
      search={{ label: t('operator.subscriptions.search'), value: list.searchText, onChange: list.setSearchText, testId: 'operator-subscriptions-search' }}
      filtered={list.filtered}
      onClear={list.clear}
      onPage={list.setPage}
      errorTitle={t('operator.loadFailed')}
      empty={{ icon: IconUsers, title: t('operator.subscriptions.empty') }}
    />
  );
}

function TransfersPanel() {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const [status, setStatus] = useState<TransferFilter>('awaiting_review');
  const transfers = useOperatorTransfers(status);
  const approve = useApproveTransfer();
  const reject = useRejectTransfer();
  const [approving, setApproving] = useState<OperatorTransfer | null>(null);
  const [rejecting, setRejecting] = useState<OperatorTransfer | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const now = Date.now();

  const columns: ListViewColumn<OperatorTransfer>[] = [
    {
      key: 'business',
      header: t('operator.subscriptions.business'),
      card: 'title',
      cell: (x) => (
        <Stack gap={0}>
          <Text fz="sm" fw={600}>
            {x.business}
          </Text>
          <Text fz="xs" c="dimmed">
            {[x.plan_name, x.cycle ? t(`cycle.${x.cycle}`) : null].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      ),
    },
    { key: 'amount', header: t('summary.total'), cell: (x) => <Money amount={x.total_amount} currency={x.currency} /> },
    {
      key: 'bank',
      header: t('transfer.bank'),
      cell: (x) => (
        <Stack gap={0}>
          <Text fz="sm">{x.bank ?? '—'}</Text>
          {x.beneficiary_name && (
            <Text fz="xs" c="dimmed">
              {x.beneficiary_name}
            </Text>
          )}
        </Stack>
      ),
      visibleFrom: 'md',
    },
    { key: 'sent', header: t('operator.transfers.sent'), cell: (x) => formatDateTime(x.created_at, locale), visibleFrom: 'md' },
    {
      key: 'due',
      header: t('operator.transfers.reviewDue'),
      cell: (x) =>
        x.status === 'awaiting_review' ? (
          <Text fz="sm" c={Date.parse(x.review_due_at) < now ? 'red' : undefined} fw={Date.parse(x.review_due_at) < now ? 700 : undefined}>
            {formatDateTime(x.review_due_at, locale)}
          </Text>
        ) : (
          '—'
        ),
    },
    { key: 'status', header: t('operator.subscriptions.status'), card: 'aside', cell: (x) => <ChargeStatusBadge status={x.status} /> },
  ];

  const closeReject = () => {
    setRejecting(null);
    setReason('');
    setReasonError(null);
  };

  return (
    <Stack gap="md" data-testid="operator-transfers">
      <SegmentedControl
        value={status}
        onChange={(v) => setStatus(v as TransferFilter)}
        data={TRANSFER_FILTERS.map((s) => ({ value: s, label: t(`operator.transfers.filter.${s}`) }))}
        style={{ alignSelf: 'flex-start' }}
        data-testid="operator-transfers-filter"
      />
      <ListView
        query={transfers}
        columns={columns}
        rowKey={(x) => x.id}
        minWidth={820}
        testId="operator-transfers-list"
        itemTestId={(x) => `operator-transfer-${x.id}`}
        actionsWidth={132}
        actions={(x) => (
          <>
            {x.receipt_name && (
              <RowAction
                label={t('operator.transfers.receipt')}
                icon={IconDownload}
                color="gray"
                onClick={() => void downloadFile(receiptPath(x.id), x.receipt_name ?? 'receipt').catch(() => undefined)}
                data-testid={`operator-transfer-receipt-${x.id}`}
              />
            )}
            {x.status === 'awaiting_review' && (
              <>
                <RowAction label={t('operator.transfers.approve')} icon={IconCheck} color="green" onClick={() => setApproving(x)} data-testid={`operator-transfer-approve-${x.id}`} />
                <RowAction label={t('operator.transfers.reject')} icon={IconX} color="red" onClick={() => setRejecting(x)} data-testid={`operator-transfer-reject-${x.id}`} />
              </>
            )}
          </>
        )}
        errorTitle={t('operator.loadFailed')}
        empty={{ icon: IconBuildingBank, title: t('operator.transfers.empty') }}
      />
      <ConfirmDialog
        opened={approving !== null}
        title={t('operator.transfers.approveTitle')}
        message={approving ? t('operator.transfers.approveBody', { business: approving.business }) : ''}
        confirmLabel={t('operator.transfers.approve')}
        color="green"
        loading={approve.isPending}
        onConfirm={() => approving && approve.mutate(approving.id, closeAfterWrite(() => setApproving(null)))}
        onClose={() => setApproving(null)}
      />
      <ConfirmDialog
        opened={rejecting !== null}
        title={t('operator.transfers.rejectTitle')}
        message={rejecting ? t('operator.transfers.rejectBody', { business: rejecting.business }) : ''}
        confirmLabel={t('operator.transfers.reject')}
        loading={reject.isPending}
        onConfirm={() => {
          if (!rejecting) return;
          const error = zodErrors(rejectTransferBody, { reason }, locale)['reason'];
          setReasonError(error ?? null);
          if (error) return;
          reject.mutate(
            { id: rejecting.id, reason: reason.trim() },
            {
              onSuccess: closeReject,
              onError: (e) => {
                if (isApiError(e) && e.status === 422 && e.fieldErrors['reason']) setReasonError(e.fieldErrors['reason']);
                else {
                  toastRejected(e);
                  closeReject();
                }
              },
            },
          );
        }}
        onClose={closeReject}
      >
        <Textarea
          label={t('operator.transfers.reason')}
          required
          autosize
          minRows={2}
          maxLength={300}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setReasonError(null);
          }}
          error={reasonError}
          data-testid="operator-transfer-reason"
        />
      </ConfirmDialog>
    </Stack>
  );
}

/** On or off, as the coupons and banks lists show it. */
function ActiveBadge({ active, list }: { active: boolean; list: 'coupons' | 'banks' }) {
  const { t } = useTranslation('subscription');
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light" style={{ minWidth: 'max-content' }}>
      {t(active ? `operator.${list}.isActive` : `operator.${list}.isInactive`)}
    </Badge>
  );
}

/** The platform's coupons for plans: the code, the discount, how often it was used of how many, the last day, on or off. */
function CouponsPanel() {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const coupons = useOperatorCoupons();
  const [editing, setEditing] = useState<OperatorCoupon | 'new' | null>(null);
  const columns: ListViewColumn<OperatorCoupon>[] = [
    {
      key: 'code',
      header: t('operator.coupons.code'),
      card: 'title',
      cell: (c) => (
        <Text fz="sm" fw={600}>
          <Ltr>{c.code}</Ltr>
        </Text>
      ),
    },
    {
      key: 'discount',
      header: t('operator.coupons.discount'),
      cell: (c) =>
        c.type === 'percentage' ? (
          <span style={{ whiteSpace: 'nowrap', unicodeBidi: 'isolate' }}>{t('operator.coupons.percentValue', { value: formatNumber(c.value / 100, locale) })}</span>
        ) : (
          <Money amount={c.value} currency={COUPON_CURRENCY} />
        ),
    },
    {
      key: 'uses',
      header: t('operator.coupons.uses'),
      cell: (c) => (
        <Ltr>
          {formatNumber(c.redemptions, locale)} / {c.max_redemptions === null ? '∞' : formatNumber(c.max_redemptions, locale)}
        </Ltr>
      ),
    },
    { key: 'lastDay', header: t('operator.coupons.lastDay'), cell: (c) => (c.expires_on ? formatDay(c.expires_on, locale) : '—') },
    { key: 'active', header: t('operator.coupons.status'), card: 'aside', cell: (c) => <ActiveBadge active={c.active} list="coupons" /> },
  ];
  return (
    <Stack gap="md" data-testid="operator-coupons">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="operator-coupon-add">
          {t('operator.coupons.add')}
        </Button>
      </Group>
      <ListView
        query={coupons}
        columns={columns}
        rowKey={(c) => c.id}
        minWidth={640}
        testId="operator-coupons-list"
        itemTestId={(c) => `operator-coupon-${c.code}`}
        actions={(c) => <RowAction label={t('operator.coupons.edit')} icon={IconEdit} color="gray" onClick={() => setEditing(c)} data-testid={`operator-coupon-edit-${c.code}`} />}
        errorTitle={t('operator.loadFailed')}
        empty={{ icon: IconTicket, title: t('operator.coupons.empty'), description: t('operator.coupons.emptyHint') }}
      />
      <CouponFormModal opened={editing !== null} coupon={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

/** The bank accounts businesses transfer to: the bank (in the UI language, the other beneath), beneficiary, IBAN, account number, on or off. */
function BanksPanel() {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const banks = useOperatorBanks();
  const [editing, setEditing] = useState<OperatorBank | 'new' | null>(null);
  const columns: ListViewColumn<OperatorBank>[] = [
    {
      key: 'name',
      header: t('operator.banks.name'),
      card: 'title',
      cell: (b) => (
        <Stack gap={0}>
          <Text fz="sm" fw={600} lang={locale}>
            {locale === 'ar' ? b.name_ar : b.name_en}
          </Text>
          <Text fz="xs" c="dimmed" lang={locale === 'ar' ? 'en' : 'ar'}>
            <bdi>{locale === 'ar' ? b.name_en : b.name_ar}</bdi>
          </Text>
        </Stack>
      ),
    },
    { key: 'beneficiary', header: t('operator.banks.beneficiary'), cell: (b) => <bdi>{b.beneficiary_name}</bdi> },
    {
      key: 'iban',
      header: t('operator.banks.iban'),
      cell: (b) => (
        <Ltr>
          <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{groupIban(b.iban)}</span>
        </Ltr>
      ),
    },
    { key: 'account', header: t('operator.banks.accountNumber'), cell: (b) => <Ltr>{b.account_number}</Ltr>, visibleFrom: 'md' },
    { key: 'active', header: t('operator.banks.status'), card: 'aside', cell: (b) => <ActiveBadge active={b.active} list="banks" /> },
  ];
  return (
    <Stack gap="md" data-testid="operator-banks">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="operator-bank-add">
          {t('operator.banks.add')}
        </Button>
      </Group>
      <ListView
        query={banks}
        columns={columns}
        rowKey={(b) => b.id}
        minWidth={760}
        testId="operator-banks-list"
        itemTestId={(b) => `operator-bank-${b.id}`}
        actions={(b) => <RowAction label={t('operator.banks.edit')} icon={IconEdit} color="gray" onClick={() => setEditing(b)} data-testid={`operator-bank-edit-${b.id}`} />}
        errorTitle={t('operator.loadFailed')}
        empty={{ icon: IconBuildingCommunity, title: t('operator.banks.empty'), description: t('operator.banks.emptyHint') }}
      />
      <BankFormModal opened={editing !== null} bank={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

const ZATCA_STATUSES = ['pending', 'reported', 'cleared', 'rejected', 'not-submitted'] as const;

/** The platform's e-invoicing unit: what signs every subscription invoice, and its invoices by ZATCA status. */
function PlatformZatcaPanel() {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const unit = useUnitSettings<PlatformZatca>(PLATFORM_UNIT);
  const counts = unit.data?.invoices ?? {};
  return (
    <Stack gap="md" maw={960}>
      <Text c="dimmed" fz="sm">
        {t('operator.zatca.intro')}
      </Text>
      <Group gap="xs" data-testid="operator-zatca-counts">
        {ZATCA_STATUSES.map((s) => (
          <Badge key={s} variant="light" color={s === 'rejected' ? 'red' : s === 'pending' ? 'yellow' : s === 'not-submitted' ? 'gray' : 'green'}>
            {t(`invoices.zatca.${s}`)}: {formatNumber(counts[s] ?? 0, locale)}
          </Badge>
        ))}
      </Group>
      <ZatcaUnitSettings endpoints={PLATFORM_UNIT} />
    </Stack>
  );
}
