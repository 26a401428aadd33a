import type { PaymentLink } from '@app/shared/schemas/transactions';
import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { formatDateTimeIn, formatMoney } from '@/lib/format';
import { toastRejected } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { useCreatePaymentLink } from '../api/transactions';

export type PaymentLinkButtonProps = { orderId: string; disabled?: boolean };

/**
 * Creates a payment link for what is left to pay on the order (the customer gets it by SMS and
 * e-mail) and shows it to copy. The customer needs a phone and an e-mail: the server's refusal shows
 * as a toast.
 */
export function PaymentLinkButton({ orderId, disabled }: PaymentLinkButtonProps) {
  const { t } = useTranslation('sales');
  const locale = useLocale();
  const user = useCurrentUser();
  const create = useCreatePaymentLink(orderId);
  const [link, setLink] = useState<PaymentLink | null>(null);

  return (
    <>
      <Button
        variant="light"
        leftSection={<IconLink size={18} />}
        disabled={disabled}
        loading={create.isPending}
        onClick={() => create.mutate(undefined, { onSuccess: (res) => setLink(res.data), onError: toastRejected })}
        data-testid="payment-link-create"
      >
        {t('link.create')}
      </Button>
      <Modal opened={link !== null} onClose={() => setLink(null)} title={<Text fw={700}>{t('link.title')}</Text>} centered size="md" data-testid="payment-link-modal">
        {link && (
          <Stack gap="md">
            <Text fz="sm" c="dimmed">
              {t('link.sent')}
            </Text>
            <TextInput
              label={t('link.url')}
              value={link.url}
              readOnly
              styles={{ input: { direction: 'ltr' } }}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="payment-link-url"
            />
            <Group gap="xs" wrap="wrap">
              <CopyButton value={link.url} timeout={2000}>
                {({ copied, copy }) => (
                  <Button
                    variant="light"
                    color={copied ? 'green' : undefined}
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    onClick={copy}
                    data-testid="payment-link-copy"
                  >
                    {copied ? t('link.copied') : t('link.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button component="a" href={link.url} target="_blank" rel="noopener noreferrer" variant="default" leftSection={<IconExternalLink size={16} />}>
                {t('link.open')}
              </Button>
            </Group>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text fz="sm" data-testid="payment-link-amount">
                {t('link.amount', { amount: formatMoney(link.amount, locale, user.tenant.currency) })}
              </Text>
              <Text fz="sm" c="dimmed">
                {t('link.expires', { at: formatDateTimeIn(link.expires_at, locale, user.tenant.time_format, user.tenant.timezone) })}
              </Text>
            </Group>
            <Group justify="flex-end">
              <Button onClick={() => setLink(null)} data-testid="payment-link-close">
                {t('link.close')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
