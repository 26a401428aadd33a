import { COPY_FEEDBACK_MS } from '@app/shared/schemas/store';
import { Button } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/api-client';

/**
 * Copies the store's link (spec §8: a success and a failure notification); the button says "Copied"
 * for COPY_FEEDBACK_MS (spec §9: 2 s) after a success.
 */
export function CopyLinkButton({ url }: { url: string }) {
  const { t } = useTranslation('store');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      toast(t('link.copied'));
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    } catch {
      toast(t('link.copyFailed'), 'red');
    }
  };

  return (
    <Button variant="light" color={copied ? 'green' : undefined} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={() => void copy()} data-testid="store-copy-link" data-copied={copied ? 'true' : 'false'}>
      {copied ? t('link.copiedButton') : t('link.copy')}
    </Button>
  );
}
