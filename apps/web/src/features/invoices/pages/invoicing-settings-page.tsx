import { invoicingSettingsBody, type InvoicingSettings, ZATCA_ENVIRONMENTS, ZATCA_INVOICE_TYPES, ZATCA_OTP_SECONDS } from '@app/shared/schemas/invoices';
import { Alert, Anchor, Badge, Button, Card, Group, Modal, PinInput, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlugConnected } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SettingsPageHeader } from '@/features/settings/components/settings-page-header';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { formatDateTime, formatNumber } from '@/lib/format';
import { toastRejected } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { zodErrors } from '@/lib/zod-errors';
import { BUSINESS_UNIT, type UnitEndpoints, useConnectUnit, useSaveUnit, useUnitSettings } from '../api/zatca';

const FIELDS = [
  'common_name',
  'commercial_registration_number',
  'organization_identifier',
  'organization_unit_name',
  'organization_name',
  'street',
  'street_address',
  'building_number',
  'subdivision',
  'city',
  'postal_code',
  'industry',
] as const;
const LTR = new Set(['commercial_registration_number', 'organization_identifier', 'building_number', 'postal_code']);
/** The fields with a format hint under them (the digits they take). */
const HINTED: ReadonlySet<string> = LTR;
type Values = Record<(typeof FIELDS)[number], string> & { invoice_type: string; environment: string };
const STATUS_COLORS = { 'not-connected': 'gray', connected: 'green', failed: 'red' } as const;

/** `/settings/invoicing`: the e-invoice configuration (spec §3) and the connection with the portal's OTP. */
export function InvoicingSettingsPage() {
  const { t } = useTranslation('invoices');
  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <SettingsPageHeader
        title={t('zatca.title')}
        subtitle={t('zatca.subtitle')}
        actions={
          <Anchor component={Link} to="/settings/syncedInvoices" fz="sm">
            {t('zatca.synced.link')}
          </Anchor>
        }
      />
      <ZatcaUnitSettings endpoints={BUSINESS_UNIT} />
    </Stack>
  );
}

/** A signing unit's status, configuration form and OTP connection: the business's (`BUSINESS_UNIT`) or the platform's (`PLATFORM_UNIT`). */
export function ZatcaUnitSettings({ endpoints }: { endpoints: UnitEndpoints }) {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  const settings = useUnitSettings(endpoints);
  const save = useSaveUnit(endpoints);
  const [connecting, setConnecting] = useState(false);
  const form = useForm<Values>({
    initialValues: { ...(Object.fromEntries(FIELDS.map((f) => [f, ''])) as Record<(typeof FIELDS)[number], string>), industry: 'Services', invoice_type: '1100', environment: 'simulation' },
    validate: (v) => zodErrors(invoicingSettingsBody, v, locale),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once the settings arrive
  useEffect(() => {
    const d = settings.data;
    if (!d) return;
    form.setValues({ ...(Object.fromEntries(FIELDS.map((f) => [f, (d[f] as string | null) ?? ''])) as Record<(typeof FIELDS)[number], string>), invoice_type: d.invoice_type, environment: d.environment });
    form.resetDirty();
  }, [settings.data]);
  const submit = form.onSubmit((v) => save.mutate(invoicingSettingsBody.parse(v), { onError: (e) => applyServerErrors(form, e, [...FIELDS, 'invoice_type', 'environment']) }));
  const d = settings.data;

  return (
    <Stack gap="lg">
      {settings.isPending || !d ? (
        <Skeleton h={320} />
      ) : (
        <>
          <Card withBorder padding="lg" data-testid="zatca-status">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={4}>
                <Group gap="xs">
                  <Badge color={STATUS_COLORS[d.status]} variant="light" size="lg" data-testid="zatca-status-badge">
                    {t(`zatca.status.${d.status}`)}
                  </Badge>
                  <Text fz="sm" c="dimmed">
                    {t(`zatca.environments.${d.environment}`)}
                  </Text>
                </Group>
                {d.connected_at && d.status === 'connected' && (
                  <Text fz="sm" c="dimmed">
                    {t('zatca.connectedAt', { date: formatDateTime(d.connected_at, locale) })} · {t('zatca.chain', { n: formatNumber(d.icv, locale) })}
                  </Text>
                )}
                {d.status === 'failed' && d.last_error && (
                  <Text fz="sm" c="red" data-testid="zatca-last-error">
                    {t('zatca.lastError', { error: d.last_error })}
                  </Text>
                )}
              </Stack>
              <Button leftSection={<IconPlugConnected size={16} />} onClick={() => setConnecting(true)} disabled={!d.common_name || form.isDirty()} data-testid="zatca-connect">
                {d.status === 'connected' ? t('zatca.reconnect') : t('zatca.connect')}
              </Button>
            </Group>
            {!d.common_name && (
              <Text fz="sm" c="dimmed" mt="xs">
                {t('zatca.saveFirst')}
              </Text>
            )}
          </Card>
          <Card withBorder padding="lg">
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  {FIELDS.map((f) => (
                    <TextInput
                      key={f}
                      label={t(`zatca.fields.${f}`)}
                      description={HINTED.has(f) ? t(`zatca.hints.${f}`) : undefined}
                      required={f !== 'street_address'}
                      inputMode={LTR.has(f) ? 'numeric' : undefined}
                      styles={LTR.has(f) ? { input: { direction: 'ltr' } } : undefined}
                      data-testid={`zatca-${f}`}
                      {...clearOnBlur(form, f, form.getInputProps(f))}
                    />
                  ))}
                  <Select
                    label={t('zatca.fields.invoice_type')}
                    data={ZATCA_INVOICE_TYPES.map((v) => ({ value: v, label: t(`zatca.invoiceTypes.${v}`) }))}
                    allowDeselect={false}
                    data-testid="zatca-invoice_type"
                    {...form.getInputProps('invoice_type')}
                  />
                  <Select
                    label={t('zatca.fields.environment')}
                    data={ZATCA_ENVIRONMENTS.map((v) => ({ value: v, label: t(`zatca.environments.${v}`) }))}
                    allowDeselect={false}
                    data-testid="zatca-environment"
                    {...form.getInputProps('environment')}
                  />
                </SimpleGrid>
                {d.status === 'connected' && (
                  <Alert color="yellow" variant="light">
                    {t('zatca.changeWarning')}
                  </Alert>
                )}
                <Group>
                  <Button type="submit" loading={save.isPending} data-testid="zatca-save">
                    {t('zatca.save')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
        </>
      )}
      {connecting && d && <ConnectModal settings={d} endpoints={endpoints} onClose={() => setConnecting(false)} />}
    </Stack>
  );
}

/** The OTP from the portal, valid one minute (spec §5): a countdown from the first digit typed, then it asks for a new one. */
export function ConnectModal({ settings, onClose, endpoints = BUSINESS_UNIT }: { settings: InvoicingSettings; onClose: () => void; endpoints?: UnitEndpoints }) {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  const connect = useConnectUnit(endpoints);
  const [otp, setOtp] = useState('');
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(Date.now());
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (startedAt === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [startedAt]);
  const left = startedAt === null ? ZATCA_OTP_SECONDS : Math.max(0, ZATCA_OTP_SECONDS - Math.floor((now - startedAt) / 1000));
  const expired = startedAt !== null && left === 0;
  return (
    <Modal opened onClose={onClose} title={<Text fw={700}>{t('zatca.connectTitle')}</Text>} centered data-testid="zatca-connect-modal">
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('zatca.connectBody')}
        </Text>
        <Text fz="sm">{t(`zatca.environments.${settings.environment}`)}</Text>
        <div dir="ltr">
          <PinInput
            length={6}
            type="number"
            oneTimeCode
            value={otp}
            onChange={(v) => {
              if (startedAt === null && v) setStartedAt(Date.now());
              setOtp(v);
              setError(null);
            }}
            aria-label={t('zatca.otp')}
            data-testid="zatca-otp"
          />
        </div>
        {startedAt !== null && (
          <Text fz="sm" c={expired ? 'red' : 'dimmed'} data-testid="zatca-otp-timer">
            {expired ? t('zatca.otpExpired') : t('zatca.otpExpires', { seconds: formatNumber(left, locale) })}
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light" data-testid="zatca-connect-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            onClick={() =>
              connect.mutate(otp, {
                onSuccess: onClose,
                onError: (e) => {
                  if (isApiError(e) && e.status === 422) setError(Object.values(e.fieldErrors)[0] ?? e.message);
                  else toastRejected(e);
                },
              })
            }
            disabled={otp.length !== 6 || expired}
            loading={connect.isPending}
            data-testid="zatca-connect-confirm"
          >
            {t('zatca.connectConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
