import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { messageFor } from '@app/shared/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';
import { useCheckStoreSubdomain, useChooseSubdomain } from '../api/store-settings';
import { STORE_DOMAIN, SUBDOMAIN_SHAPE, SubdomainStatus } from './subdomain-status';

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
  const validShape = SUBDOMAIN_SHAPE.test(value);
  const check = useCheckStoreSubdomain(debounced, SUBDOMAIN_SHAPE.test(debounced));
  const choose = useChooseSubdomain();
  const settled = value === debounced && !check.isFetching && check.data?.subdomain === debounced;
  const available = settled && check.data?.available === true;

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
      <SubdomainStatus
        value={value}
        settled={settled}
        available={available}
        suggestions={check.data?.suggestions}
        onPick={setTyped}
        labels={{ available: t('subdomain.available'), taken: t('subdomain.taken'), suggestions: t('subdomain.suggestions') }}
        previewTestId="subdomain-preview"
      />
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
