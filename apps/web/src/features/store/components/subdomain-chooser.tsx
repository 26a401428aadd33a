import { Badge, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { messageFor } from '@app/shared/validation';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';
import { useCheckStoreSubdomain, useChooseSubdomain } from '../api/store-settings';

/** Spec §5: 3 to 20 English letters. */
const SHAPE = /^[a-z]{3,20}$/;
const STORE_DOMAIN = import.meta.env.VITE_STORE_DOMAIN ?? 'khidma.localhost';

/**
 * No subdomain yet: type one, see live (debounced 500 ms) whether it is free with suggestions, and
 * choose it after a confirmation that it cannot change later (spec §3, §5).
 */
export function SubdomainChooser() {
  const { t } = useTranslation('store');
  const locale = useLocale();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const value = typed.trim();
  const [debounced] = useDebouncedValue(value, 500);
  const validShape = SHAPE.test(value);
  const check = useCheckStoreSubdomain(debounced, SHAPE.test(debounced));
  const choose = useChooseSubdomain();
  const settled = value === debounced && !check.isFetching && check.data?.subdomain === debounced;
  const available = settled && check.data?.available === true;
  const suggestions = (check.data?.suggestions ?? []).filter((s) => s !== value).slice(0, 5);

  let badge = null;
  if (value && validShape) {
    if (!settled) badge = <Loader size={14} data-testid="subdomain-checking" />;
    else if (available)
      badge = (
        <Badge color="green" variant="light" leftSection={<IconCheck size={12} />} data-testid="subdomain-available">
          {t('subdomain.available')}
        </Badge>
      );
    else
      badge = (
        <Badge color="red" variant="light" leftSection={<IconX size={12} />} data-testid="subdomain-taken">
          {t('subdomain.taken')}
        </Badge>
      );
  }

  const confirm = () =>
    choose.mutate(value, {
      onSuccess: () => setConfirming(false),
      onError: (e) => {
        setConfirming(false);
        setError(isApiError(e) ? (e.fieldErrors.subdomain ?? e.message) : null);
      },
    });

  return (
    <Stack gap="sm" data-testid="subdomain-chooser">
      <Text fz="sm" c="dimmed">
        {t('subdomain.intro')}
      </Text>
      <TextInput
        label={t('subdomain.label')}
        description={t('subdomain.hint')}
        dir="ltr"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        placeholder="mystore"
        maxLength={20}
        value={typed}
        error={error ?? (value && !validShape ? messageFor('subdomain', locale) : null)}
        onChange={(e) => {
          setTyped(e.currentTarget.value.toLowerCase().replace(/\s+/g, ''));
          setError(null);
        }}
        data-testid="subdomain-input"
      />
      {validShape && (
        <Group gap="xs" wrap="wrap">
          <Text fz="sm" fw={600} className="ltr-value" dir="ltr" data-testid="subdomain-preview">
            {value}.{STORE_DOMAIN}
          </Text>
          {badge}
        </Group>
      )}
      {suggestions.length > 0 && (
        <Group gap={6} wrap="wrap">
          <Text fz="sm" c="dimmed">
            {t('subdomain.suggestions')}
          </Text>
          {suggestions.map((s) => (
            <Button key={s} size="compact-sm" variant="light" radius="xl" onClick={() => setTyped(s)} data-testid={`subdomain-suggestion-${s}`}>
              <span dir="ltr">{s}</span>
            </Button>
          ))}
        </Group>
      )}
      <Group>
        <Button disabled={!available} onClick={() => setConfirming(true)} data-testid="subdomain-choose">
          {t('subdomain.choose')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t('subdomain.confirmTitle')}
        message={t('subdomain.confirmBody', { domain: `${value}.${STORE_DOMAIN}` })}
        confirmLabel={t('subdomain.confirmOk')}
        color="brand"
        loading={choose.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
