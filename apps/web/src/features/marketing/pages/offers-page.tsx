import { Badge, Button, Stack, Switch, Text } from '@mantine/core';
import { IconDiscount, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Ltr } from '@/components/bidi';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListView, type ListViewColumn } from '@/components/list-view/list-view';
import { RowAction } from '@/components/list-table';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatDateTimeIn, formatNumber, joinList } from '@/lib/format';
import { toastRejected } from '@/lib/refusal';
import { useTenantFormat } from '@/lib/tenant-format';
import { useLocale } from '@/lib/use-locale';
import { type Offer, useDeleteOffer, useOffers, useToggleOffer } from '../api/offers';
import { MarketingTabs } from '../components/marketing-tabs';
import { OfferFormModal } from '../components/offer-form-modal';

const NOWRAP = { whiteSpace: 'nowrap', unicodeBidi: 'isolate' } as const;

/** Where an offer stands now: running, waiting for its start, past its end, or switched off. */
function phaseOf(o: Offer, now: number): 'running' | 'scheduled' | 'ended' | 'off' {
  if (o.status !== 'active') return 'off';
  if (o.running) return 'running';
  return Date.parse(o.start_at) > now ? 'scheduled' : 'ended';
}
const PHASE_COLOR = { running: 'green', scheduled: 'blue', ended: 'gray', off: 'gray' } as const;

/**
 * `/marketing/offers` (`marketing.offers`): the business's offers — name and code, the cut, when it
 * runs (in the business's time zone), the channels it prices, how many services, and a switch — added
 * and edited in a modal, deleted after a confirmation. While an offer runs, the services it covers are
 * sold at the offered price on its channels (docs/marketing.md "Offers").
 */
export function OffersPage() {
  const { t } = useTranslation('offers');
  const locale = useLocale();
  const user = useCurrentUser();
  const currency = user.tenant.currency;
  const zone = user.tenant.timezone;
  const { timeFormat } = useTenantFormat();
  const offers = useOffers();
  const toggle = useToggleOffer();
  const remove = useDeleteOffer();
  const [editing, setEditing] = useState<Offer | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Offer | null>(null);
  const [toggling, setToggling] = useState<string | null>(null);
  const now = Date.now();

  const switchOne = (o: Offer, on: boolean) => {
    setToggling(o.id);
    toggle.mutate({ id: o.id, status: on ? 'active' : 'inactive' }, { onError: toastRejected, onSettled: () => setToggling(null) });
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
  };
  const when = (iso: string) => formatDateTimeIn(iso, locale, timeFormat, zone);

  const columns: ListViewColumn<Offer>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      card: 'title',
      cell: (o) => (
        <Stack gap={2}>
          <Text fz="sm" fw={600} lineClamp={2}>
            {o.name}
          </Text>
          {o.code && (
            <Text fz="xs" c="dimmed" ff="monospace">
              <Ltr data-testid={`offer-code-${o.id}`}>{o.code}</Ltr>
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'amount',
      header: t('columns.amount'),
      cell: (o) =>
        o.type === 'percentage' ? (
          <span style={NOWRAP} data-testid={`offer-amount-${o.id}`}>
            {t('percent', { value: formatNumber(o.amount / 100, locale) })}
          </span>
        ) : (
          <Money amount={o.amount} currency={currency} data-testid={`offer-amount-${o.id}`} />
        ),
    },
    {
      key: 'window',
      header: t('columns.window'),
      cell: (o) => {
        const phase = phaseOf(o, now);
        return (
          <Stack gap={4} align="flex-start">
            <Text fz="sm" data-testid={`offer-window-${o.id}`}>
              {t('window', { start: when(o.start_at), end: when(o.end_at) })}
            </Text>
            <Badge size="sm" variant="light" color={PHASE_COLOR[phase]} data-testid={`offer-phase-${o.id}`}>
              {t(`phase.${phase}`)}
            </Badge>
          </Stack>
        );
      },
    },
    {
      key: 'channels',
      header: t('columns.channels'),
      cell: (o) => (
        <Text fz="sm" data-testid={`offer-channels-${o.id}`}>
          {joinList(
            o.channels.map((c) => t(`channels.${c}`)),
            locale,
          )}
        </Text>
      ),
      visibleFrom: 'md',
    },
    {
      key: 'services',
      header: t('columns.services'),
      cell: (o) => (
        <Text fz="sm" style={NOWRAP} data-testid={`offer-services-${o.id}`}>
          {t('servicesCount', { count: o.service_ids.length })}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('columns.status'),
      card: 'aside',
      cell: (o) => (
        <Switch
          checked={o.status === 'active'}
          disabled={toggling !== null}
          onChange={(e) => switchOne(o, e.currentTarget.checked)}
          aria-label={t(o.status === 'active' ? 'actions.switchOff' : 'actions.switchOn')}
          data-testid={`offer-toggle-${o.id}`}
        />
      ),
    },
  ];

  const add = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="offers-add">
      {t('add')}
    </Button>
  );

  return (
    <Stack gap="lg" data-testid="offers-page">
      <MarketingTabs />
      <PageHeader title={t('title')} subtitle={t('subtitle')}>
        {add}
      </PageHeader>
      <ListView
        query={offers}
        columns={columns}
        rowKey={(o) => o.id}
        minWidth={820}
        testId="offers-list"
        itemTestId={(o) => `offer-row-${o.id}`}
        actionsWidth={96}
        actions={(o) => (
          <>
            <RowAction label={t('actions.edit')} icon={IconEdit} color="gray" onClick={() => setEditing(o)} data-testid={`offer-edit-${o.id}`} />
            <RowAction label={t('actions.delete')} icon={IconTrash} color="red" onClick={() => setDeleting(o)} data-testid={`offer-delete-${o.id}`} />
          </>
        )}
        errorTitle={t('loadError')}
        empty={{
          icon: IconDiscount,
          title: t('empty'),
          description: t('emptyHint'),
          action: (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="offers-add-first">
              {t('addFirst')}
            </Button>
          ),
        }}
      />
      <OfferFormModal opened={editing !== null} offer={editing === 'new' ? null : editing} currency={currency} zone={zone} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('deleteTitle')}
        message={deleting ? <Trans t={t} i18nKey="deleteBody" values={{ name: deleting.name }} components={{ name: <bdi /> }} /> : ''}
        confirmLabel={t('actions.delete')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
