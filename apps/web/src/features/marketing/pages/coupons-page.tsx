import { Alert, Badge, Button, Stack, Text } from '@mantine/core';
import { IconEdit, IconPlayerPause, IconPlayerPlay, IconPlus, IconTicket, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Ltr } from '@/components/bidi';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListView, type ListViewColumn } from '@/components/list-view/list-view';
import { RowAction } from '@/components/list-table';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatDay, formatNumber, joinList } from '@/lib/format';
import { refusalMessage, toastRejected } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { type Coupon, useCoupons, useDeleteCoupon, useToggleCoupon } from '../api/coupons';
import { CouponFormModal } from '../components/coupon-form-modal';
import { MarketingTabs } from '../components/marketing-tabs';

const NOWRAP = { whiteSpace: 'nowrap', unicodeBidi: 'isolate' } as const;

/**
 * `/marketing/coupons` (`marketing.coupons`): the business's coupons — the code, the discount, how
 * many orders hold it of how many, the days it is valid, what it covers, on or off — added and
 * edited in a modal, switched on and off, and deleted after a confirmation (refused while orders use
 * it: the server's message says to switch it off instead, which the dialog then offers).
 */
export function CouponsPage() {
  const { t } = useTranslation('marketing');
  const locale = useLocale();
  const currency = useCurrentUser().tenant.currency;
  const coupons = useCoupons();
  const toggle = useToggleCoupon();
  const remove = useDeleteCoupon();
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [toggling, setToggling] = useState<string | null>(null);

  const closeDelete = () => {
    setDeleting(null);
    setRefusal(null);
  };
  const switchOne = (c: Coupon, after?: () => void) => {
    setToggling(c.id);
    toggle.mutate(c.id, { onSuccess: after, onError: toastRejected, onSettled: () => setToggling(null) });
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: closeDelete,
      onError: (e) => {
        // Refused (orders hold it): the server's message stays in the dialog, beside the way out.
        const message = refusalMessage(e);
        if (message) setRefusal(message);
        else closeDelete();
      },
    });
  };

  const columns: ListViewColumn<Coupon>[] = [
    {
      key: 'code',
      header: t('coupons.columns.code'),
      card: 'title',
      cell: (c) => (
        <Text fz="sm" fw={700} ff="monospace" style={{ overflowWrap: 'break-word' }}>
          <Ltr data-testid={`coupon-code-${c.id}`}>{c.code}</Ltr>
        </Text>
      ),
    },
    {
      key: 'name',
      header: t('coupons.columns.name'),
      cell: (c) => (
        <Text fz="sm" lineClamp={2}>
          {c.name}
        </Text>
      ),
    },
    {
      key: 'discount',
      header: t('coupons.columns.discount'),
      cell: (c) =>
        c.discount_type === 'percentage' ? (
          <span style={NOWRAP} data-testid={`coupon-discount-${c.id}`}>
            {t('coupons.percent', { value: formatNumber(c.discount_amount / 100, locale) })}
          </span>
        ) : (
          <Money amount={c.discount_amount} currency={currency} data-testid={`coupon-discount-${c.id}`} />
        ),
    },
    {
      key: 'uses',
      header: t('coupons.columns.uses'),
      cell: (c) => (
        // Used up: no order can take it any more.
        <Text fz="sm" c={c.usage_limit !== null && c.uses >= c.usage_limit ? 'red.7' : undefined} style={{ whiteSpace: 'nowrap' }}>
          <Ltr data-testid={`coupon-uses-${c.id}`}>{`${formatNumber(c.uses, locale)} / ${c.usage_limit === null ? '∞' : formatNumber(c.usage_limit, locale)}`}</Ltr>
        </Text>
      ),
    },
    { key: 'validity', header: t('coupons.columns.validity'), cell: (c) => <Text fz="sm">{validity(c)}</Text> },
    { key: 'appliesTo', header: t('coupons.columns.appliesTo'), cell: (c) => <Text fz="sm">{appliesTo(c)}</Text>, visibleFrom: 'lg' },
    {
      key: 'status',
      header: t('coupons.columns.status'),
      card: 'aside',
      cell: (c) => (
        <Badge color={c.status === 'active' ? 'green' : 'gray'} variant="light" style={{ minWidth: 'max-content' }} data-testid={`coupon-status-${c.id}`}>
          {t(`coupons.status.${c.status}`)}
        </Badge>
      ),
    },
  ];

  function validity(c: Coupon): string {
    const start = c.start_date ? formatDay(c.start_date, locale) : null;
    const end = c.end_date ? formatDay(c.end_date, locale) : null;
    if (start && end) return t('coupons.validity.range', { start, end });
    if (start) return t('coupons.validity.from', { start });
    if (end) return t('coupons.validity.until', { end });
    return t('coupons.validity.always');
  }

  function appliesTo(c: Coupon): string {
    if (c.service_ids.length === 0 && c.product_ids.length === 0) return t('coupons.scope.all');
    const parts = [
      c.service_ids.length ? t('coupons.scope.services', { count: c.service_ids.length }) : null,
      c.product_ids.length ? t('coupons.scope.products', { count: c.product_ids.length }) : null,
    ];
    return joinList(
      parts.filter((p): p is string => p !== null),
      locale,
    );
  }

  const add = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="coupons-add">
      {t('coupons.add')}
    </Button>
  );

  return (
    <Stack gap="lg" data-testid="coupons-page">
      <MarketingTabs />
      <PageHeader title={t('coupons.title')} subtitle={t('coupons.subtitle')}>
        {add}
      </PageHeader>
      <ListView
        query={coupons}
        columns={columns}
        rowKey={(c) => c.id}
        minWidth={760}
        testId="coupons-list"
        itemTestId={(c) => `coupon-row-${c.id}`}
        actionsWidth={132}
        actions={(c) => (
          <>
            <RowAction label={t('coupons.actions.edit')} icon={IconEdit} color="gray" onClick={() => setEditing(c)} data-testid={`coupon-edit-${c.id}`} />
            <RowAction
              label={t(c.status === 'active' ? 'coupons.actions.switchOff' : 'coupons.actions.switchOn')}
              icon={c.status === 'active' ? IconPlayerPause : IconPlayerPlay}
              color={c.status === 'active' ? 'orange' : 'green'}
              loading={toggling === c.id}
              disabled={toggling !== null && toggling !== c.id}
              onClick={() => switchOne(c)}
              data-testid={`coupon-toggle-${c.id}`}
            />
            <RowAction label={t('coupons.actions.delete')} icon={IconTrash} color="red" onClick={() => setDeleting(c)} data-testid={`coupon-delete-${c.id}`} />
          </>
        )}
        errorTitle={t('coupons.loadError')}
        empty={{
          icon: IconTicket,
          title: t('coupons.empty'),
          description: t('coupons.emptyHint'),
          action: (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="coupons-add-first">
              {t('coupons.addFirst')}
            </Button>
          ),
        }}
      />
      <CouponFormModal opened={editing !== null} coupon={editing === 'new' ? null : editing} currency={currency} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('coupons.deleteTitle')}
        message={deleting ? <Trans t={t} i18nKey="coupons.deleteBody" values={{ code: deleting.code }} components={{ code: <bdi dir="ltr" /> }} /> : ''}
        confirmLabel={t('coupons.actions.delete')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={closeDelete}
      >
        {refusal && deleting && (
          <Alert color="orange" variant="light" data-testid="coupon-delete-refused">
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{refusal}</Text>
              {deleting.status === 'active' && (
                <Button size="xs" variant="light" color="orange" loading={toggle.isPending} onClick={() => switchOne(deleting, closeDelete)} data-testid="coupon-switch-off-instead">
                  {t('coupons.switchOffInstead')}
                </Button>
              )}
            </Stack>
          </Alert>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
