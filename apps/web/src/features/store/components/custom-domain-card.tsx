import { customDomainBody, type StoreSettings } from '@app/shared/schemas/store';
import { Alert, Badge, Button, Card, Code, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '@/components/bidi';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { toastRejected } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { zodErrors } from '@/lib/zod-errors';
import { useSaveCustomDomain, useVerifyCustomDomain } from '../api/store-settings';

/** The custom domain (`store.website_management`): set or clear it, the TXT record that proves it, verify. */
export function CustomDomainCard({ settings }: { settings: StoreSettings }) {
  const { t } = useTranslation('store');
  const locale = useLocale();
  const save = useSaveCustomDomain();
  const verify = useVerifyCustomDomain();
  const form = useForm({
    initialValues: { custom_domain: settings.custom_domain ?? '' },
    validate: (v) => (v.custom_domain.trim() ? zodErrors(customDomainBody, { custom_domain: v.custom_domain }, locale) : {}),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved domain refills the field
  useEffect(() => {
    form.setValues({ custom_domain: settings.custom_domain ?? '' });
    form.resetDirty();
  }, [settings.custom_domain]);

  const submit = form.onSubmit((v) => {
    const domain = v.custom_domain.trim().toLowerCase();
    save.mutate(domain || null, { onError: (e) => applyServerErrors(form, e, ['custom_domain']) });
  });
  const clear = () => save.mutate(null, { onError: (e) => applyServerErrors(form, e, ['custom_domain']) });
  const domain = settings.custom_domain;

  return (
    <Card withBorder padding="lg" data-testid="custom-domain-card">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} fz="lg">
              {t('domain.title')}
            </Title>
            {domain &&
              (settings.custom_domain_verified ? (
                <Badge color="green" variant="light" leftSection={<IconCircleCheck size={12} />} data-testid="domain-verified">
                  {t('domain.verified')}
                </Badge>
              ) : (
                <Badge color="orange" variant="light" leftSection={<IconClockHour4 size={12} />} data-testid="domain-unverified">
                  {t('domain.unverified')}
                </Badge>
              ))}
          </Group>
          <Text fz="sm" c="dimmed">
            {t('domain.intro')}
          </Text>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              style={{ flex: '1 1 240px' }}
              label={t('domain.label')}
              placeholder="www.example.com"
              dir="ltr"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={190}
              data-testid="domain-input"
              {...clearOnBlur(form, 'custom_domain', form.getInputProps('custom_domain'))}
            />
          </Group>
          <Group gap="sm" wrap="wrap">
            <Button type="submit" loading={save.isPending} data-testid="domain-save">
              {t('domain.save')}
            </Button>
            {domain && (
              <Button variant="default" color="red" onClick={clear} disabled={save.isPending} data-testid="domain-clear">
                {t('domain.clear')}
              </Button>
            )}
          </Group>
          {domain && settings.custom_domain_token && !settings.custom_domain_verified && (
            <Alert color="blue" variant="light" title={t('domain.recordTitle')} data-testid="domain-record">
              <Stack gap="sm">
                <Text fz="sm">{t('domain.recordIntro')}</Text>
                <Table withTableBorder withColumnBorders fz="sm" style={{ background: 'var(--mantine-color-body)' }}>
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Th w={110}>{t('domain.recordType')}</Table.Th>
                      <Table.Td>
                        <Ltr>TXT</Ltr>
                      </Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th>{t('domain.recordName')}</Table.Th>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <Code data-testid="domain-record-name" dir="ltr">{`_khidma.${domain}`}</Code>
                      </Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th>{t('domain.recordValue')}</Table.Th>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <Code data-testid="domain-record-value" dir="ltr">
                          {settings.custom_domain_token}
                        </Code>
                      </Table.Td>
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
                <Group>
                  <Button variant="filled" onClick={() => verify.mutate(undefined, { onError: toastRejected })} loading={verify.isPending} data-testid="domain-verify">
                    {t('domain.verify')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
        </Stack>
      </form>
    </Card>
  );
}
