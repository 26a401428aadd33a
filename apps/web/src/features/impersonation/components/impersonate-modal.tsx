import { IMPERSONATION_REASON_MAX } from '@app/shared/constants';
import { impersonateBody } from '@app/shared/schemas/access';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useImpersonate } from '../api/impersonation';

/** "Sign in as an account" for support staff: the account's e-mail and the reason, both required. */
export function ImpersonateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const impersonate = useImpersonate();
  const form = useForm({ initialValues: { email: '', reason: '' }, validate: (v) => zodErrors(impersonateBody, v, locale) });
  const close = () => {
    if (impersonate.isPending) return;
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((v) => impersonate.mutate(impersonateBody.parse(v), { onError: (e) => applyServerErrors(form, e, ['email', 'reason']) }));

  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>{t('impersonation.title')}</Text>} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Alert variant="light" color="orange" icon={<IconShieldLock size={18} />} py="xs">
            <Text fz="sm">{t('impersonation.hint')}</Text>
          </Alert>
          <TextInput
            label={t('impersonation.email')}
            name="email"
            type="email"
            required
            data-autofocus
            styles={{ input: { direction: 'ltr' } }}
            data-testid="impersonate-email"
            {...clearOnBlur(form, 'email', form.getInputProps('email'))}
          />
          <Textarea
            label={t('impersonation.reason')}
            name="reason"
            required
            autosize
            minRows={3}
            maxRows={6}
            maxLength={IMPERSONATION_REASON_MAX}
            data-testid="impersonate-reason"
            {...clearOnBlur(form, 'reason', form.getInputProps('reason'))}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={impersonate.isPending}>
              {t('confirm.cancel')}
            </Button>
            <Button type="submit" color="orange" loading={impersonate.isPending || impersonate.isSuccess} data-testid="impersonate-submit">
              {t('impersonation.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
