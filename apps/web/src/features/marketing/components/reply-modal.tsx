import { REVIEW_BODY_MAX } from '@app/shared/schemas/reviews';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';

/**
 * The business's reply to a review or a comment: what the customer wrote above the box, the reply
 * (at most 1000 characters), saved with Save; an existing reply can be removed after a confirmation
 * in the same window.
 */
export function ReplyModal({
  opened,
  onClose,
  context,
  initial,
  saving,
  onSave,
}: {
  opened: boolean;
  onClose: () => void;
  /** What is being answered (the stars and words, or the comment). */
  context: ReactNode;
  initial: string | null;
  saving: boolean;
  onSave: (reply: string) => void;
}) {
  const { t } = useTranslation('reviews');
  const locale = useLocale();
  const [text, setText] = useState(initial ?? '');
  const [confirmRemove, setConfirmRemove] = useState(false);
  useEffect(() => {
    if (opened) {
      setText(initial ?? '');
      setConfirmRemove(false);
    }
  }, [opened, initial]);
  const tooLong = text.length > REVIEW_BODY_MAX;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!tooLong && text.trim()) onSave(text.trim());
  };

  return (
    <Modal opened={opened} onClose={saving ? () => {} : onClose} title={<Text fw={700}>{initial ? t('reply.editTitle') : t('reply.title')}</Text>} centered size="lg" data-testid="reply-modal">
      {confirmRemove ? (
        <Stack gap="lg">
          <Text fz="sm">{t('reply.removeConfirm')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmRemove(false)} disabled={saving}>
              {t('reply.keep')}
            </Button>
            <Button color="red" loading={saving} onClick={() => onSave('')} data-testid="reply-remove-ok">
              {t('reply.remove')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Alert variant="light" color="gray" p="sm">
              {context}
            </Alert>
            <Textarea
              label={t('reply.label')}
              placeholder={t('reply.placeholder')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              autosize
              minRows={3}
              maxRows={10}
              data-autofocus
              error={tooLong ? t('reply.tooLong', { max: formatNumber(REVIEW_BODY_MAX, locale) }) : undefined}
              description={t('reply.count', { max: formatNumber(REVIEW_BODY_MAX, locale), value: formatNumber(text.length, locale) })}
              data-testid="reply-text"
            />
            <Group justify="space-between" gap="sm">
              {initial ? (
                <Button variant="subtle" color="red" onClick={() => setConfirmRemove(true)} disabled={saving} data-testid="reply-remove">
                  {t('reply.remove')}
                </Button>
              ) : (
                <span />
              )}
              <Group gap="sm">
                <Button variant="default" onClick={onClose} disabled={saving}>
                  {t('reply.cancel')}
                </Button>
                <Button type="submit" loading={saving} disabled={!text.trim() || tooLong} data-testid="reply-save">
                  {t('reply.save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
