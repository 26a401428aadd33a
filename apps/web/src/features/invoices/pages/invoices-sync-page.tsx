import { Badge, Button, Card, Group, PasswordInput, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SettingsPageHeader } from '@/features/settings/components/settings-page-header';
import { isApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { closeAfterWrite, toastRejected } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { useAccountingCounts, useConnectWafeq, useDisconnectWafeq, useWafeqStatus } from '../api/zatca';

/** `/settings/invoices-and-sync`: the accounting app (Wafeq): connect with its API key, what is synced, disconnect. */
export function InvoicesSyncPage() {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  const status = useWafeqStatus();
  const counts = useAccountingCounts();
  const connect = useConnectWafeq();
  const disconnect = useDisconnectWafeq();
  const [key, setKey] = useState('');
  const [environment, setEnvironment] = useState<'simulation' | 'production'>('simulation');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const s = status.data;
  const c = counts.data;
  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%">
      <SettingsPageHeader title={t('sync.title')} subtitle={t('sync.subtitle')} />
      <Card withBorder padding="lg" data-testid="wafeq-card">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Group gap="xs">
            <IconArrowsExchange size={20} />
            <Text fw={700}>{t('sync.wafeq')}</Text>
          </Group>
          {s && (
            <Badge color={s.installed ? 'green' : 'gray'} variant="light" data-testid="wafeq-status">
              {s.installed ? t('sync.connected', { organization: s.organization ?? '' }) : t('sync.notConnected')}
            </Badge>
          )}
        </Group>
        {!s ? (
          <Skeleton h={120} />
        ) : s.installed ? (
          <Stack gap="sm">
            {c && (
              <Text fz="sm" c="dimmed" data-testid="wafeq-counts">
                {t('sync.counts', { synced: formatNumber(c.synced, locale), unsynced: formatNumber(c.unsynced, locale), failed: formatNumber(c.failed, locale) })}
              </Text>
            )}
            <Group>
              <Button variant="light" color="red" onClick={() => setConfirming(true)} data-testid="wafeq-disconnect">
                {t('sync.disconnect')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text fz="sm" c="dimmed">
              {t('sync.wafeqHint')}
            </Text>
            <PasswordInput
              label={t('sync.apiKey')}
              value={key}
              onChange={(e) => {
                setKey(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              styles={{ input: { direction: 'ltr' } }}
              data-testid="wafeq-api-key"
            />
            <Select
              label={t('sync.environment')}
              value={environment}
              onChange={(v) => setEnvironment(v === 'production' ? 'production' : 'simulation')}
              allowDeselect={false}
              data={(['simulation', 'production'] as const).map((v) => ({ value: v, label: t(`sync.environments.${v}`) }))}
              data-testid="wafeq-environment"
            />
            <Group>
              <Button
                loading={connect.isPending}
                disabled={!key.trim()}
                onClick={() =>
                  connect.mutate(
                    { api_key: key.trim(), environment },
                    {
                      onSuccess: () => setKey(''),
                      onError: (e) => {
                        if (isApiError(e) && e.status === 422) setError(Object.values(e.fieldErrors)[0] ?? e.message);
                        else toastRejected(e);
                      },
                    },
                  )
                }
                data-testid="wafeq-connect"
              >
                {t('sync.connect')}
              </Button>
            </Group>
          </Stack>
        )}
      </Card>
      <ConfirmDialog
        opened={confirming}
        title={t('sync.disconnectTitle')}
        message={t('sync.disconnectBody')}
        confirmLabel={t('sync.disconnect')}
        loading={disconnect.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => disconnect.mutate(undefined, closeAfterWrite(() => setConfirming(false)))}
      />
    </Stack>
  );
}
