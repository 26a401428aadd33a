import { hasAnyPermission } from '@app/shared/permissions';
import { Alert, Badge, Box, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBrandWhatsapp, IconQrcode, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '@/components/bidi';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatDateTimeIn } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { type WhatsappSession, useConnectWhatsapp, useDisconnectWhatsapp, useSimulateScan, useWhatsappSession } from '../api/whatsapp';
import { NotificationsTabs } from '../components/notifications-tabs';
import { WhatsappQr } from '../components/whatsapp-qr';

const STATUS_COLOR: Record<WhatsappSession['status'], string> = { disconnected: 'gray', generating: 'yellow', scan: 'blue', connected: 'green' };

/**
 * `/notifications/whatsapp` (spec §2, where /notifications opens): the business's WhatsApp link by QR
 * (spec §4: disconnected → generating → scan → connected). The page asks again every 2 s while a QR
 * is made or waits for the phone; a QR that expires comes back as disconnected with a notice; the
 * QR load failure and the mass-sending warning are spec §8's. Linking needs `settings.notifications`;
 * a holder of `notifications` only sees the state.
 */
export function WhatsappPage() {
  const { t } = useTranslation('channels');
  const locale = useLocale();
  const user = useCurrentUser();
  const canManage = hasAnyPermission(user.permissions, ['settings.notifications']);
  const session = useWhatsappSession();
  const connect = useConnectWhatsapp();
  const disconnect = useDisconnectWhatsapp();
  const simulate = useSimulateScan();
  const [confirming, setConfirming] = useState(false);
  const [expired, setExpired] = useState(false);
  const s = session.data;

  // A QR that was waiting and is now gone without the user's doing: it expired.
  const previous = useRef<WhatsappSession['status'] | undefined>(undefined);
  useEffect(() => {
    if (previous.current === 'scan' && s?.status === 'disconnected' && !disconnect.isPending) setExpired(true);
    if (s?.status === 'scan' || s?.status === 'connected') setExpired(false);
    previous.current = s?.status;
  }, [s?.status, disconnect.isPending]);

  const start = () => {
    setExpired(false);
    connect.mutate(undefined);
  };
  const when = (iso: string) => formatDateTimeIn(iso, locale, user.tenant.time_format, user.tenant.timezone);

  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <NotificationsTabs />
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="whatsapp-warning">
        {t('massWarning')}
      </Alert>
      <Card withBorder radius="md" padding="lg" maw={560}>
        {session.isPending ? (
          <Group justify="center" p="xl">
            <Loader />
          </Group>
        ) : session.isError || !s ? (
          <Alert color="red" data-testid="whatsapp-load-failed">
            <Group justify="space-between" wrap="wrap">
              <Text fz="sm">{t('loadFailed')}</Text>
              <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={() => void session.refetch()}>
                {t('retry')}
              </Button>
            </Group>
          </Alert>
        ) : (
          <Stack gap="md">
            <Group gap="sm">
              <IconBrandWhatsapp size={28} color="var(--mantine-color-green-7)" />
              <Text fw={700}>{t('linkTitle')}</Text>
              <Badge color={STATUS_COLOR[s.status]} variant="light" data-testid="whatsapp-status" data-status={s.status}>
                {t(`status.${s.status}`)}
              </Badge>
            </Group>
            {s.cloud_api && (
              <Text fz="sm" c="dimmed" data-testid="whatsapp-cloud-api">
                {t('cloudApi')}
              </Text>
            )}

            {s.status === 'disconnected' && (
              <Stack gap="sm">
                {expired && (
                  <Alert color="orange" data-testid="whatsapp-qr-expired">
                    {t('qrExpired')}
                  </Alert>
                )}
                {connect.isError && (
                  <Alert color="red" data-testid="whatsapp-qr-failed">
                    {t('qrFailed')}
                  </Alert>
                )}
                <Text fz="sm" c="dimmed">
                  {t('disconnectedHint')}
                </Text>
                {canManage && (
                  <Box>
                    <Button leftSection={<IconQrcode size={18} />} onClick={start} loading={connect.isPending} data-testid="whatsapp-connect">
                      {connect.isError || expired ? t('newQr') : t('connect')}
                    </Button>
                  </Box>
                )}
              </Stack>
            )}

            {s.status === 'generating' && (
              <Group gap="sm">
                <Loader size="sm" />
                <Text fz="sm">{t('generating')}</Text>
              </Group>
            )}

            {s.status === 'scan' && s.qr && (
              <Stack gap="sm" align="flex-start">
                <Text fz="sm">{t('scanHint')}</Text>
                <WhatsappQr payload={s.qr} />
                {s.qr_expires_at && (
                  <Text fz="xs" c="dimmed">
                    {t('qrValidUntil', { time: when(s.qr_expires_at) })}
                  </Text>
                )}
                {canManage && s.simulator && (
                  <Stack gap={4}>
                    <Text fz="xs" c="dimmed">
                      {t('simulatorHint')}
                    </Text>
                    <Box>
                      <Button variant="light" color="green" onClick={() => simulate.mutate(undefined)} loading={simulate.isPending} data-testid="whatsapp-simulate-scan">
                        {t('simulateScan')}
                      </Button>
                    </Box>
                  </Stack>
                )}
              </Stack>
            )}

            {s.status === 'connected' && (
              <Stack gap="sm">
                <Text fz="sm">
                  {t('connectedAs')}{' '}
                  <Text span fw={700}>
                    <Ltr data-testid="whatsapp-phone">{s.phone ?? ''}</Ltr>
                  </Text>
                </Text>
                {s.connected_at && (
                  <Text fz="xs" c="dimmed">
                    {t('connectedSince', { time: when(s.connected_at) })}
                  </Text>
                )}
                {canManage && (
                  <Box>
                    <Button color="red" variant="light" onClick={() => setConfirming(true)} data-testid="whatsapp-disconnect">
                      {t('disconnect')}
                    </Button>
                  </Box>
                )}
              </Stack>
            )}
          </Stack>
        )}
      </Card>
      <ConfirmDialog
        opened={confirming}
        title={t('disconnectTitle')}
        message={t('disconnectMessage')}
        confirmLabel={t('disconnect')}
        loading={disconnect.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => disconnect.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </Stack>
  );
}
