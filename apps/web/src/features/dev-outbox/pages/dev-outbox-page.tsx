import { Alert, Badge, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMail, IconMessage, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { useOutbox } from '../api/get-outbox';

/**
 * Outside production, while a channel has no real provider: the SMS and e-mails the server delivered
 * locally, newest first, refreshed every 3 s. Platform operators only (the server enforces it too).
 */
export function DevOutboxPage() {
  const { t } = useTranslation('outbox');
  const locale = useLocale();
  const user = useCurrentUser();
  const operator = user.can_imp && !user.is_imp;
  const [recipient, setRecipient] = useState('');
  const [debounced] = useDebouncedValue(recipient.trim(), 400);
  const outbox = useOutbox(debounced, operator);
  const messages = [...(outbox.data ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));

  return (
    <Stack gap="md" data-testid="dev-outbox">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {t('title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('subtitle')}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          {outbox.isFetching && <Loader size="xs" />}
          <TextInput
            placeholder={t('filter')}
            aria-label={t('filter')}
            leftSection={<IconSearch size={16} />}
            value={recipient}
            onChange={(e) => setRecipient(e.currentTarget.value)}
            dir="auto"
            w={{ base: '100%', xs: 260 }}
          />
        </Group>
      </Group>
      {!operator && (
        <Alert color="orange" data-testid="outbox-operator-only">
          {t('operatorOnly')}
        </Alert>
      )}
      {outbox.isError && <Alert color="red">{t('unavailable')}</Alert>}
      {outbox.isSuccess && messages.length === 0 && (
        <Card withBorder p="xl" ta="center" c="dimmed">
          {t('empty')}
        </Card>
      )}
      {messages.map((m) => (
        <Card key={m.id} withBorder padding="md" data-testid="outbox-message">
          <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Badge variant="light" color={m.channel === 'sms' ? 'teal' : 'brand'} leftSection={m.channel === 'sms' ? <IconMessage size={12} /> : <IconMail size={12} />}>
                {m.channel === 'sms' ? t('sms') : t('email')}
              </Badge>
              <Text fw={700} fz="sm" className="ltr-value" truncate data-testid="outbox-recipient">
                {m.recipient}
              </Text>
            </Group>
            <Group gap="xs">
              <Badge variant="outline" color="gray" size="sm">
                {m.status}
              </Badge>
              <Text fz="xs" c="dimmed">
                {formatDateTime(m.created_at, locale)}
              </Text>
            </Group>
          </Group>
          {m.subject && (
            <Text fw={600} fz="sm" mb={4}>
              {m.subject}
            </Text>
          )}
          <Text fz="sm" className="outbox-body" dir="auto" data-testid="outbox-body">
            {m.body}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
