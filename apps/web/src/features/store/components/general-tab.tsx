import { hasAnyPermission } from '@app/shared/permissions';
import { STORE_DESCRIPTION_MAX, STORE_STATUSES, type StoreSettings, type StoreStatus, storeGeneralBody } from '@app/shared/schemas/store';
import { Alert, Badge, Button, Card, Group, Input, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconExternalLink, IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '@/components/bidi';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { useLocale } from '@/lib/use-locale';
import { zodErrors } from '@/lib/zod-errors';
import { useSaveStoreSection } from '../api/store-settings';
import { CopyLinkButton } from './copy-link-button';
import { CustomDomainCard } from './custom-domain-card';
import { SubdomainChooser } from './subdomain-chooser';

const FIELDS = ['store_name', 'description', 'status', 'maintenance_title', 'maintenance_body'] as const;
const STATUS_COLORS: Record<StoreStatus, string> = { active: 'green', maintenance: 'orange', suspended: 'red' };

type Values = { store_name: string; description: string; status: StoreStatus; maintenance_title: string; maintenance_body: string };

const valuesOf = (s: StoreSettings): Values => ({
  store_name: s.store_name ?? '',
  description: s.description ?? '',
  status: s.status,
  maintenance_title: s.maintenance_title ?? '',
  maintenance_body: s.maintenance_body ?? '',
});

/** General (`store.settings`): name, description, status and maintenance page; the link and the subdomain; the custom domain (`store.website_management`). */
export function GeneralTab({ settings }: { settings: StoreSettings }) {
  const user = useCurrentUser();
  const canEdit = hasAnyPermission(user.permissions, ['store.settings']);
  const canDomain = hasAnyPermission(user.permissions, ['store.website_management']);
  return (
    <Stack gap="lg" data-testid="store-general-tab">
      <StoreLinkCard settings={settings} canChoose={canEdit} />
      {canEdit && <GeneralForm settings={settings} />}
      {canDomain && <CustomDomainCard settings={settings} />}
    </Stack>
  );
}

function StoreLinkCard({ settings, canChoose }: { settings: StoreSettings; canChoose: boolean }) {
  const { t } = useTranslation('store');
  return (
    <Card withBorder padding="lg" data-testid="store-link-card">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('link.title')}
        </Title>
        {settings.subdomain && settings.store_url ? (
          <>
            <Group gap="xs" wrap="wrap">
              <Text fz="sm" c="dimmed">
                {t('link.address')}
              </Text>
              <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                <Ltr data-testid="store-url">{settings.store_url}</Ltr>
              </Text>
            </Group>
            <Group gap="sm" wrap="wrap">
              <CopyLinkButton url={settings.store_url} />
              <Button component="a" href={settings.store_url} target="_blank" rel="noopener noreferrer" variant="default" leftSection={<IconExternalLink size={16} />} data-testid="store-open">
                {t('link.open')}
              </Button>
            </Group>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconLock size={16} style={{ flex: 'none', marginBlockStart: 2 }} color="var(--mantine-color-dimmed)" />
              <Text fz="sm" c="dimmed" data-testid="store-subdomain-fixed">
                {t('subdomain.fixed')}{' '}
                <Text span fw={600} c="var(--mantine-color-text)">
                  <Ltr>{settings.full_domain ?? settings.subdomain}</Ltr>
                </Text>
              </Text>
            </Group>
          </>
        ) : canChoose ? (
          <SubdomainChooser />
        ) : (
          <Text fz="sm" c="dimmed">
            {t('subdomain.none')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function GeneralForm({ settings }: { settings: StoreSettings }) {
  const { t } = useTranslation('store');
  const locale = useLocale();
  const save = useSaveStoreSection('general');
  const form = useForm<Values>({ initialValues: valuesOf(settings), validate: (v) => zodErrors(storeGeneralBody, v, locale) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved values refill the form when they change
  useEffect(() => {
    form.setValues(valuesOf(settings));
    form.resetDirty();
  }, [settings]);
  const input = (path: (typeof FIELDS)[number]) => clearOnBlur(form, path, form.getInputProps(path));
  const maintenance = form.values.status === 'maintenance';

  const submit = form.onSubmit((v) => {
    const body = {
      store_name: v.store_name.trim(),
      description: v.description.trim() || null,
      status: v.status,
      maintenance_title: v.maintenance_title.trim() || null,
      maintenance_body: v.maintenance_body.trim() || null,
    };
    save.mutate(body, { onError: (e) => applyServerErrors(form, e, FIELDS) });
  });

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('general.title')}
          </Title>
          <TextInput label={t('general.storeName')} required maxLength={120} data-testid="store-name" {...input('store_name')} />
          <Textarea
            label={t('general.description')}
            description={t('general.descriptionHint')}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={STORE_DESCRIPTION_MAX}
            data-testid="store-description"
            {...input('description')}
          />
          <Input.Wrapper label={t('general.status')} description={t(`general.statusHint.${form.values.status}`)} error={form.errors.status} inputWrapperOrder={['label', 'input', 'description', 'error']}>
            <SegmentedControl
              fullWidth
              mt={4}
              mb={4}
              value={form.values.status}
              onChange={(x) => form.setFieldValue('status', x as StoreStatus)}
              data={STORE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              color={STATUS_COLORS[form.values.status]}
              data-testid="store-status"
            />
          </Input.Wrapper>
          {maintenance && (
            <Alert color="orange" variant="light" data-testid="store-maintenance">
              <Stack gap="sm">
                <TextInput label={t('general.maintenanceTitle')} required maxLength={200} data-testid="store-maintenance-title" {...input('maintenance_title')} />
                <Textarea label={t('general.maintenanceBody')} autosize minRows={2} maxRows={6} maxLength={2000} data-testid="store-maintenance-body" {...input('maintenance_body')} />
              </Stack>
            </Alert>
          )}
          <Group justify="space-between" wrap="wrap">
            <Badge color={STATUS_COLORS[settings.status]} variant="light" data-testid="store-status-badge">
              {t('general.currentStatus', { status: t(`status.${settings.status}`) })}
            </Badge>
            <Button type="submit" loading={save.isPending} data-testid="store-general-save">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
